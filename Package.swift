// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kiln",
    products: [
        .executable(name: "kiln", targets: ["kiln"]),
        .library(name: "Kiln", targets: ["Kiln"]),
        // Kiln's own demos, each a module that imports only Kiln: the kiln executable lists
        // them in its launcher, and the fuzz package reads their tuning types.
        .library(name: "KilnDemos", targets: ["LaserDemo", "MailboxDemo", "PressureDemo", "GalleryDemo"]),
        .library(name: "KilnTesting", targets: ["KilnTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        // C shims: a module map and one header each.
        .systemLibrary(
            name: "CSDL2", path: "Sources/CSDL2", pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(
            name: "CSDL2Mixer", path: "Sources/CSDL2Mixer", pkgConfig: "SDL2_mixer",
            providers: [.apt(["libsdl2-mixer-dev"])]),
        .systemLibrary(
            name: "CCairo", path: "Sources/CCairo", pkgConfig: "pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
        .systemLibrary(
            name: "CXInput2", path: "Sources/CXInput2", pkgConfig: "xi",
            providers: [.apt(["libx11-dev", "libxi-dev"])]),
        // The asset readers: gdk-pixbuf decodes images, librsvg draws SVG, rlottie plays Lottie.
        .systemLibrary(
            name: "CGdkPixbuf", path: "Sources/CGdkPixbuf", pkgConfig: "gdk-pixbuf-2.0",
            providers: [.apt(["libgdk-pixbuf-2.0-dev"])]),
        .systemLibrary(
            name: "CRsvg", path: "Sources/CRsvg", pkgConfig: "librsvg-2.0",
            providers: [.apt(["librsvg2-dev"])]),
        // libxml2 reads an SVG's XML before librsvg draws it: its limits, its references.
        .systemLibrary(
            name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(
            name: "CRlottie", path: "Sources/CRlottie", pkgConfig: "rlottie",
            providers: [.apt(["librlottie-dev"])]),
        // libyuv converts frames to a video's 4:2:0 YUV with SIMD; it has no pkg-config file.
        .systemLibrary(
            name: "CYUV", path: "Sources/CYUV",
            providers: [.apt(["libyuv-dev"])]),
        // libspng writes PNG frames at a low compression level, faster than Cairo's libpng.
        .systemLibrary(
            name: "CSpng", path: "Sources/CSpng", pkgConfig: "spng",
            providers: [.apt(["libspng-dev"])]),
        // The kernel's own headers: no library to link and no pkg-config file.
        .systemLibrary(
            name: "CEvdev", path: "Sources/CEvdev",
            providers: [.apt(["linux-libc-dev"])]),
        // fork and exec for a child that dies with Kiln: the C library only.
        .systemLibrary(name: "CProcess", path: "Sources/CProcess"),

        // Pure Swift: no C module, testable without a display. KilnCore is the toolkit a
        // prototype is written with: layers, animation, gestures, emitters, scrolling, sound
        // as data, scenes and their tuning.
        .target(name: "KilnCore"),
        // The scene runtime, pure Swift too, all of it `package`: a scene's session (its
        // clock, delivery, the script it plays), the HUD and overlays drawn over it, the tweak
        // panel, input scripts, tuning files and the offline mixer.
        .target(name: "KilnRuntime", dependencies: ["KilnCore"]),

        // Everything SDL, Cairo, X11 and evdev.
        .target(
            name: "KilnPlatform",
            dependencies: [
                "KilnCore", "KilnRuntime", "CSDL2", "CSDL2Mixer", "CCairo", "CXInput2", "CEvdev", "CProcess",
                "CGdkPixbuf", "CRsvg", "CLibXML2", "CRlottie", "CYUV", "CSpng",
            ]),

        // The app around the scenes: sessions as the window and offline renders host them
        // (tuning reload, captures, the HUD over offline frames), recordings made with R, and
        // the whole command line, which `KilnApp.main` runs for Kiln and for a package's own
        // prototypes alike; the launcher and the app's icon.
        .target(
            name: "Kiln",
            dependencies: [
                "KilnCore", "KilnRuntime", "KilnPlatform",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // A prototype written as a user writes one, against `import Kiln` alone; `swift test`
        // runs its tests. `kiln dev Examples/BottomSheet` compiles the same top-level files.
        .target(
            name: "BottomSheet", dependencies: ["Kiln"], path: "Examples/BottomSheet",
            exclude: ["Tests", "Scripts", "tuning.toml", "README.md"]),
        .testTarget(
            name: "BottomSheetTests", dependencies: ["BottomSheet", "Kiln", "KilnTesting"],
            path: "Examples/BottomSheet/Tests", exclude: ["__Snapshots__"]),
        // A dating-app card stack with the designer's own files: photos, SVG stamps, a Lottie
        // burst, all read from its Assets/ folder. `kiln dev Examples/CardStack` loads it.
        .target(
            name: "CardStack", dependencies: ["Kiln"], path: "Examples/CardStack",
            exclude: ["Tests", "Scripts", "Assets", "tuning.toml", "README.md"]),
        .testTarget(
            name: "CardStackTests", dependencies: ["CardStack", "Kiln", "KilnTesting"],
            path: "Examples/CardStack/Tests", exclude: ["__Snapshots__"]),
        // A photo viewer: a grid whose photos fly into a viewer that pinches, rotates, double-taps,
        // pages and swipes down to close. `kiln dev Examples/Photos` loads it.
        .target(
            name: "Photos", dependencies: ["Kiln"], path: "Examples/Photos",
            exclude: ["Tests", "Scripts", "Assets", "tuning.toml", "README.md"]),
        .testTarget(
            name: "PhotosTests", dependencies: ["Photos", "Kiln", "KilnTesting"],
            path: "Examples/Photos/Tests", exclude: ["__Snapshots__"]),

        // For a prototype's tests, beside `Kiln`: a scene harness on a manual clock with
        // recording sound and haptics and a pointer and script driver, and golden images. It
        // draws offscreen with KilnPlatform, which it does not export.
        .target(name: "KilnTesting", dependencies: ["Kiln", "KilnRuntime", "KilnPlatform"]),

        // Kiln's own demos, written as a package's prototypes are, against `import Kiln` alone.
        .target(name: "LaserDemo", dependencies: ["Kiln"], path: "Demos/Laser"),
        .target(name: "MailboxDemo", dependencies: ["Kiln"], path: "Demos/Mailbox"),
        .target(name: "PressureDemo", dependencies: ["Kiln"], path: "Demos/Pressure"),
        .target(name: "GalleryDemo", dependencies: ["Kiln"], path: "Demos/Gallery"),

        // The kiln executable: one call into the library with the demos, and its version.
        .executableTarget(
            name: "kiln",
            dependencies: [
                "Kiln", "KilnCore", "KilnRuntime", "KilnPlatform", "LaserDemo", "MailboxDemo", "PressureDemo", "GalleryDemo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Prototypes compiled by `kiln dev` are loaded into the process and use Kiln's
            // symbols from it rather than a second copy of the modules.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])]),

        // Test helpers with nothing but the toolkit and Foundation beneath them: one `isClose`,
        // generated layer trees and pointer fuzzing for property tests, the checkout's own
        // files, and external commands run with time limits.
        .target(
            name: "KilnTestSupport",
            dependencies: ["KilnCore", .product(name: "PropertyBased", package: "swift-property-based")],
            path: "Tests/KilnTestSupport"),
        // Helpers for tests of the whole app: KilnTesting's harness and golden images, Kiln's
        // demos registered as the kiln executable registers them, the kiln binary and its
        // window driven by xdotool on a private Xvfb server, and pictures compared through
        // ImageMagick.
        .target(
            name: "KilnEndToEndSupport",
            dependencies: [
                "Kiln", "KilnCore", "KilnRuntime", "KilnPlatform", "KilnTesting", "KilnTestSupport",
                "LaserDemo", "MailboxDemo", "PressureDemo", "GalleryDemo",
            ],
            path: "Tests/KilnEndToEndSupport"),

        // One test target per module, named after it; the demos' tests are KilnDemosTests.
        .testTarget(
            name: "KilnCoreTests",
            dependencies: [
                "KilnCore", "KilnTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(
            name: "KilnRuntimeTests",
            dependencies: [
                "KilnCore", "KilnRuntime", "KilnTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(
            name: "KilnPlatformTests",
            dependencies: [
                "Kiln", "KilnCore", "KilnRuntime", "KilnPlatform", "KilnTestSupport", "KilnEndToEndSupport",
                "BottomSheet", "LaserDemo", "MailboxDemo", "PressureDemo", "GalleryDemo",
            ],
            exclude: ["__Snapshots__"]),
        .testTarget(
            name: "KilnTests",
            dependencies: [
                "Kiln", "KilnCore", "KilnRuntime", "KilnPlatform", "KilnTestSupport", "KilnEndToEndSupport",
                "BottomSheet", "LaserDemo", "MailboxDemo", "PressureDemo", "GalleryDemo",
            ]),
        .testTarget(
            name: "KilnDemosTests",
            dependencies: [
                "Kiln", "KilnCore", "KilnRuntime", "LaserDemo", "MailboxDemo", "PressureDemo", "GalleryDemo",
                "KilnTestSupport", "KilnEndToEndSupport", "BottomSheet", "CardStack", "Photos",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        // Tests that run the kiln binary or an X server (Xvfb): `make test` runs them after the
        // others, one at a time.
        .testTarget(
            name: "KilnEndToEndTests",
            dependencies: [
                "Kiln", "KilnCore", "KilnRuntime", "KilnPlatform", "CXInput2", "KilnTestSupport",
                "KilnEndToEndSupport", "LaserDemo", "MailboxDemo", "PressureDemo", "GalleryDemo",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
