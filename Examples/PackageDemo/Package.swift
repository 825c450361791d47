// swift-tools-version:6.0
// A prototype app of its own: one scene, built against Kiln as any package would, and run
// by Kiln's app with one call.
import PackageDescription

let package = Package(
    name: "PackageDemo",
    dependencies: [
        // Kiln's checkout; elsewhere, `.package(url: "…/kiln.git", from: "0.9.0")`.
        .package(name: "Kiln", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "PackageDemo",
            dependencies: [.product(name: "Kiln", package: "Kiln")]),
    ],
    swiftLanguageModes: [.v6]
)
