import Kiln

// Kiln's own app: its scenes alone, under its own name and version.
KilnApp.main(name: "kiln", version: KilnVersion.number)
