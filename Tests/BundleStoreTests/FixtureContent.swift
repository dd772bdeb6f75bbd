// FixtureContent: loads the fixture bundle content (made by Fixtures/make-fixtures.py) and scratch directories.
import Foundation
import Testing

@testable import BundleStore

/// The records of `Fixtures/bundle-content.json`, as the tree builder will hand them over.
struct FixtureContent: Decodable {
    var openings: [OpeningRecord]
    var positions: [PositionRecord]
    var moves: [MoveRecord]
    var lines: [LineRecord]
    var lineMoves: [LineMoveRecord]
    var analyses: [AnalysisRecord]
    var analysisLines: [AnalysisLineRecord]

    enum CodingKeys: String, CodingKey {
        case openings, positions, moves, lines
        case lineMoves = "line_moves"
        case analyses
        case analysisLines = "analysis_lines"
    }

    static let info = BundleInfo(
        engine: "Stockfish 15.1", engineVersion: "15.1", profile: "nodes=20000 threads=1 hash=16 multipv=3",
        sourceHash: String(repeating: "ab", count: 32), buildDate: "2023-11-14T22:13:20Z")

    /// The fixture as writer input.
    static func content() throws -> BundleContent {
        let data = try fixtureData("bundle-content.json")
        let f = try JSONDecoder().decode(FixtureContent.self, from: data)
        return BundleContent(
            info: info, openings: f.openings, positions: f.positions, moves: f.moves, lines: f.lines,
            lineMoves: f.lineMoves, analyses: f.analyses, analysisLines: f.analysisLines)
    }
}

/// The bytes of a file in `Fixtures/`.
func fixtureData(_ name: String) throws -> Data {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
    return try Data(contentsOf: url)
}

/// The source path of a fixture, for regenerating golden files (`BUNDLESTORE_UPDATE_GOLDEN=1`).
func fixtureSourcePath(_ name: String, file: String = #filePath) -> String {
    URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
}

/// A fresh empty directory, removed by the caller with `removeScratchDirectory`.
func makeScratchDirectory() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bundlestore-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
}

func removeScratchDirectory(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
}
