// Support: bundles built from the repository's coach sources (no engine) for the read-API tests.
@testable import Pipeline
import BundleStore
import ChessCore
import Explainer
import Foundation
import Openings

/// The repository root, from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// A fixture's path.
func fixturePath(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
}

/// A deterministic generator for the random counters.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

struct BuiltBundle {
    var path: String
    var directory: String
    var tree: OpeningTree
    var sources: [OpeningSource]
    var content: BundleContent
}

/// Writes `openings.sqlite` from the coach sources under `paths` and the library under `library`, with
/// engine verdicts only where `verdicts` gives them (by node index).
func buildBundle(paths: [String], library: [String] = [], verdicts: (OpeningTree) -> [EngineVerdict?] = { $0.nodes.map { _ in nil } })
    throws -> BuiltBundle
{
    let lib = LibraryFiles.load(paths + library)
    let coach = lib.sources.filter { $0.kind == .coach }.sorted { $0.file < $1.file }
    let tree = OpeningTree.build(coach)
    let info = BundleInfo(engine: "Stockfish 15.1", engineVersion: "15.1", profile: "test", sourceHash: String(repeating: "0", count: 64))
    let content = BundleContentBuilder.content(
        tree: tree, table: NameTable(tree: tree, list: NameList()), sources: coach, verdicts: verdicts(tree), annotations: [], info: info,
        library: lib.sources.filter { $0.kind != .coach }, paths: SourcePaths(openings: repositoryRoot + "/openings", nameList: nil))
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("coachbundle-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let path = dir + "/openings.sqlite"
    try BundleWriter().write(content, to: path)
    return BuiltBundle(path: path, directory: dir, tree: tree, sources: coach, content: content)
}
