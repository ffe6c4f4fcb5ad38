// swift-tools-version: 6.0
// The target list is the architecture: data flows one way, from files to YAML
// nodes (InvoicYAML) to a checked book (InvoicBook, priced by InvoicMoney), and
// the thin `invoic` executable drives it through InvoicCLI.
import PackageDescription

let package = Package(
    name: "invoic",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "invoic", targets: ["invoic"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        .target(name: "InvoicDiagnostics"),
        .target(name: "InvoicYAML", dependencies: ["CLibYAML", "InvoicDiagnostics"]),
        .target(name: "InvoicMoney"),
        .target(name: "InvoicBook", dependencies: ["InvoicYAML", "InvoicMoney", "InvoicDiagnostics"]),
        .target(name: "InvoicCLI", dependencies: [
            "InvoicBook",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "invoic", dependencies: ["InvoicCLI"]),

        .testTarget(name: "InvoicYAMLTests", dependencies: ["InvoicYAML"]),
        .testTarget(name: "InvoicMoneyTests", dependencies: ["InvoicMoney"]),
        .testTarget(name: "InvoicBookTests", dependencies: ["InvoicBook"]),
        .testTarget(name: "InvoicCLITests", dependencies: ["InvoicCLI", "invoic"]),
    ],
    swiftLanguageModes: [.v6]
)
