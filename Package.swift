// swift-tools-version: 6.1
// ContentForge: validated, engine-checked, bundled chess-opening and word-game content.
import PackageDescription

// No unsafe build flags on any target: SwiftPM refuses a product with unsafe flags to a package that depends on
// ContentForge by version (`from: "1.0.0"`), and the library products are meant to be linked into apps that way.

let package = Package(
    name: "ContentForge",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "forge", targets: ["forge"]),
        .library(name: "ChessCore", targets: ["ChessCore"]),
        .library(name: "ChessPGN", targets: ["ChessPGN"]),
        .library(name: "Words", targets: ["Words"]),
        .library(name: "BundleStore", targets: ["BundleStore"]),
        // Diagnostic appears in the public API of ChessPGN, Words and BundleStore, so an app can name it too.
        .library(name: "Diagnostics", targets: ["Diagnostics"]),
        // The coach app's read API: answers for any FEN, Position or Polyglot key.
        .library(name: "CoachBundle", targets: ["CoachBundle"]),
        // The explainer (Explainer, Annotator, motifs, the writer, the verdict table) and its engine protocol,
        // EngineOracle: an app grades and explains moves beyond the bundle with its own engine, with the code the build
        // uses. Foundation-free.
        .library(name: "Explainer", targets: ["Explainer"]),
        // Opening sources: the model, the checks, the tree and the names (the validator an authoring app may link).
        .library(name: "Openings", targets: ["Openings"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `swift package generate-documentation` (scripts/ci/docc.sh): a command plugin only, no target depends on
        // it, so a package that depends on ContentForge by version does not even resolve it (Examples/CoachClient's
        // Package.resolved holds ContentForge, GRDB.swift and swift-argument-parser only).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(name: "ChessCore"),
        .target(name: "Diagnostics"),
        .target(name: "ChessPGN", dependencies: ["ChessCore", "Diagnostics"]),
        // UCI as values (commands, replies, info lines, scores) and their pure parsing: no process, no Foundation, so
        // CoachBundle's byte-stream engine adapter and UCIEngine's process-driven session read UCI with one parser.
        .target(name: "UCIProtocol", dependencies: ["ChessCore"]),
        // BundleStore for its SHA-256: the engine store's files carry the digest of their lines.
        .target(name: "UCIEngine", dependencies: ["ChessCore", "Diagnostics", "UCIProtocol", "BundleStore", .product(name: "GRDB", package: "GRDB.swift")]),
        .target(name: "Explainer", dependencies: ["ChessCore", "ChessPGN", "Diagnostics"]),
        .target(name: "Openings", dependencies: ["ChessCore", "ChessPGN", "Diagnostics", "Explainer"]),
        .target(name: "Words", dependencies: ["Diagnostics"]),
        .target(name: "BundleStore", dependencies: ["Diagnostics", .product(name: "GRDB", package: "GRDB.swift")]),
        .target(name: "CoachBundle", dependencies: ["ChessCore", "ChessPGN", "BundleStore", "Diagnostics", "Explainer", "Openings", "UCIProtocol"]),
        .target(
            name: "Pipeline",
            dependencies: ["ChessCore", "ChessPGN", "UCIEngine", "Explainer", "Openings", "Words", "BundleStore", "CoachBundle", "Diagnostics"]
        ),
        .executableTarget(
            name: "forge",
            // Every module it imports, declared: Pipeline runs the commands; the others give option and report types.
            dependencies: ["Pipeline", "ChessCore", "ChessPGN", "Diagnostics", "Explainer", "Openings", "UCIEngine", "Words",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The timing modes of `make bench` (scripts/bench/*.sh): not a product, never linked into forge or an app.
        .executableTarget(
            name: "forge-bench",
            dependencies: ["BundleStore", "Words", "Diagnostics", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics"]),
        .testTarget(name: "ChessCoreTests", dependencies: ["ChessCore", "Diagnostics"], resources: [.copy("Fixtures")]),
        .testTarget(name: "ChessPGNTests", dependencies: ["ChessPGN", "ChessCore"], resources: [.copy("Fixtures")]),
        .testTarget(name: "UCIEngineTests", dependencies: ["UCIEngine", "ChessCore", "Diagnostics", .product(name: "GRDB", package: "GRDB.swift")], resources: [.copy("Fixtures")]),
        .testTarget(name: "OpeningsTests", dependencies: ["Openings", "Explainer", "ChessCore", "ChessPGN", "Diagnostics"], resources: [.copy("Fixtures")]),
        .testTarget(name: "WordsTests", dependencies: ["Words", "Diagnostics"], resources: [.copy("Fixtures")]),
        .testTarget(name: "BundleStoreTests", dependencies: ["BundleStore", "Diagnostics", .product(name: "GRDB", package: "GRDB.swift")], resources: [.copy("Fixtures")]),
        .testTarget(name: "CoachBundleTests", dependencies: ["CoachBundle", "Pipeline", "BundleStore", "ChessCore", "ChessPGN", "Explainer", "Openings", "Diagnostics", .product(name: "GRDB", package: "GRDB.swift")], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "PipelineTests",
            dependencies: ["Pipeline", "BundleStore", "ChessCore", "ChessPGN", "Diagnostics", "Explainer", "Openings", "UCIEngine", "Words",
                           .product(name: "GRDB", package: "GRDB.swift")], resources: [.copy("Fixtures")]),
        .testTarget(name: "ForgeBenchTests", dependencies: ["forge-bench", "BundleStore"]),
    ]
)
