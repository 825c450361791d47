import GalleryDemo
import Kiln
import LaserDemo
import MailboxDemo
import PressureDemo

// Kiln's own app: its demos, registered as any package registers its prototypes, under its
// own name and version, with the commands that make and run prototype folders (`dev` loads
// code into this executable, which is linked for it).
KilnApp.main(prototypes: [laserPrototype, mailboxPrototype, pressurePrototype, galleryPrototype],
             name: "kiln", version: KilnVersion.number, commands: KilnApp.prototypeCommands)
