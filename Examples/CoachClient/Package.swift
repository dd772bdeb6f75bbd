// swift-tools-version: 6.1
// CoachClient: a small app-like package that depends on ContentForge BY VERSION and reads a built bundle.
import Foundation
import PackageDescription

// Where ContentForge comes from and which version: CI points these at a local clone it tagged
// (scripts/check-example-client.sh); an app would name the real repository and a release.
let environment = ProcessInfo.processInfo.environment
let contentForgeURL = environment["CONTENTFORGE_URL"] ?? "https://github.com/contentforge/ContentForge.git"
let contentForgeVersion = Version(environment["CONTENTFORGE_VERSION"] ?? "0.0.0-ci") ?? "0.0.0-ci"

let package = Package(
    name: "CoachClient",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(url: contentForgeURL, from: contentForgeVersion)
    ],
    targets: [
        .executableTarget(
            name: "CoachClient",
            dependencies: [
                // Every library product, so that resolving and building this package proves each can be used by version.
                .product(name: "ChessCore", package: "ContentForge"),
                .product(name: "ChessPGN", package: "ContentForge"),
                .product(name: "Words", package: "ContentForge"),
                .product(name: "BundleStore", package: "ContentForge"),
                .product(name: "Diagnostics", package: "ContentForge"),
                .product(name: "CoachBundle", package: "ContentForge"),
                .product(name: "Explainer", package: "ContentForge"),
                .product(name: "Openings", package: "ContentForge"),
            ])
    ]
)
