import Kiln

// Kiln's own app: its scenes, under its own name and version, with the commands that make
// and run prototype folders (`dev` loads code into this executable, which is linked for it).
KilnApp.main(name: "kiln", version: KilnVersion.number, commands: KilnApp.prototypeCommands)
