// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for every reader of outside input, kept out of the main package so that
// `swift build` and `swift test` never build them. `make fuzz` builds this package with
// libFuzzer and AddressSanitizer (which instrument Kiln's own modules too) in its own scratch
// folder, .build-fuzz.
let package = Package(
    name: "KilnFuzz",
    dependencies: [.package(name: "Kiln", path: "..")],
    targets: [
        // What every target checks beside "no crash": one-line refusals, round trips.
        .target(name: "FuzzSupport"),
        .executableTarget(name: "fuzz-input-script", dependencies: ["FuzzSupport", kiln]),
        // Applied to each demo's tuning type.
        .executableTarget(name: "fuzz-tuning", dependencies: ["FuzzSupport", kiln, demos]),
        .executableTarget(name: "fuzz-evemu", dependencies: ["FuzzSupport", kiln]),
        .executableTarget(name: "fuzz-evdev", dependencies: ["FuzzSupport", kiln]),
        // What `kiln dev FOLDER` reads beside the folder's tuning file and scripts: the
        // compiler's output on its code, for the banner's first error.
        .executableTarget(name: "fuzz-compiler-output", dependencies: ["FuzzSupport", kiln]),
        // Not a reader: any layer tree, from the bytes, composited offline.
        .executableTarget(name: "fuzz-layer-tree", dependencies: ["FuzzSupport", kiln]),
        // Asset files, each through the library that reads it: gdk-pixbuf, librsvg into a
        // tree of layers, rlottie; then drawn offscreen.
        .executableTarget(name: "fuzz-image", dependencies: ["FuzzSupport", kiln]),
        .executableTarget(name: "fuzz-svg", dependencies: ["FuzzSupport", kiln]),
        .executableTarget(name: "fuzz-lottie", dependencies: ["FuzzSupport", kiln]),
    ],
    swiftLanguageModes: [.v6]
)

/// The library that brings Kiln's modules (KilnCore, KilnRuntime, KilnPlatform).
var kiln: Target.Dependency { .product(name: "Kiln", package: "Kiln") }

/// Kiln's demos (LaserDemo, MailboxDemo, PressureDemo, GalleryDemo).
var demos: Target.Dependency { .product(name: "KilnDemos", package: "Kiln") }
