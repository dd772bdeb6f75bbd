// ManifestTests: manifest.json bytes (against python's json.dumps), round trip, mismatches, source hash.
import Foundation
import Testing

@testable import BundleStore

@Suite struct ManifestTests {
    static let manifest = Manifest(
        info: FixtureContent.info,
        rowCounts: [
            "opening": 2, "position": 43, "move": 42, "line": 5, "line_move": 46, "analysis": 6,
            "analysis_line": 18, "meta": 6,
        ],
        artifacts: [
            "openings.sqlite": ManifestArtifact(bytes: 139_264, sha256: String(repeating: "00", count: 32)),
            "openings.bin": ManifestArtifact(bytes: 288, sha256: String(repeating: "11", count: 32)),
            "fen/classical/italian-game.fen": ManifestArtifact(bytes: 1234, sha256: String(repeating: "22", count: 32)),
            "fen/Zé \"quoted\"\\tab\t.fen": ManifestArtifact(contents: Data()),
        ])

    /// manifest-golden.json was written by python3 `json.dumps(m, indent=2, sort_keys=True, ensure_ascii=False)`.
    @Test func theTextIsSortedIndentedAndMatchesPythonsJSON() throws {
        let golden = String(decoding: try fixtureData("manifest-golden.json"), as: UTF8.self)
        #expect(Self.manifest.json == golden)
    }

    @Test func readsBackWhatItWrites() throws {
        #expect(try Manifest(json: Data(Self.manifest.json.utf8)) == Self.manifest)
        var noDate = Self.manifest
        noDate.buildDate = nil
        #expect(!noDate.json.contains("build_date"))
        #expect(try Manifest(json: Data(noDate.json.utf8)) == noDate)
        #expect(throws: (any Error).self) { try Manifest(json: Data("{}".utf8)) }
    }

    @Test func reportsMissingExtraAndChangedArtifacts() {
        var actual = Self.manifest.artifacts
        #expect(Self.manifest.mismatches(against: actual).isEmpty)
        actual["openings.bin"] = ManifestArtifact(bytes: 304, sha256: String(repeating: "33", count: 32))
        actual["fen/classical/italian-game.fen"] = nil
        actual["stray.txt"] = ManifestArtifact(contents: Data("x".utf8))
        #expect(
            Self.manifest.mismatches(against: actual) == [
                "fen/classical/italian-game.fen: in the manifest but missing",
                "openings.bin: manifest says 288 bytes sha256 \(String(repeating: "11", count: 32)), "
                    + "found 304 bytes sha256 \(String(repeating: "33", count: 32))",
                "stray.txt: present but not in the manifest",
            ])
    }

    @Test func theSourceHashIgnoresListingOrderButNotContent() {
        let a = ("openings/coach/a.pgn", Data())
        let b = ("openings/coach/b.pgn", Data("1. e4 *\n".utf8))
        // Computed by the same rule with python3 hashlib and struct.pack(">Q", len).
        let expected = "587292626c0b18a6e9d86dc361410c1339bd91f38f8fec8e6684007fa62b7181"
        #expect(SourceHash.of(files: [a, b]) == expected)
        #expect(SourceHash.of(files: [b, a]) == expected)
        #expect(SourceHash.of(files: [a, ("openings/coach/b.pgn", Data("1. d4 *\n".utf8))]) != expected)
        // Moving bytes between the path and the contents changes the hash.
        #expect(SourceHash.of(files: [("ab", Data("c".utf8))]) != SourceHash.of(files: [("a", Data("bc".utf8))]))
    }

    @Test func aManifestOfARealBundleRecordsItsDigest() throws {
        let dir = try makeScratchDirectory()
        defer { removeScratchDirectory(dir) }
        let content = try FixtureContent.content()
        let counts = try BundleWriter().write(content, to: "\(dir)/openings.sqlite")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/openings.sqlite"))
        let manifest = Manifest(
            info: content.info, rowCounts: counts, artifacts: ["openings.sqlite": ManifestArtifact(contents: bytes)])
        #expect(manifest.rowCounts == content.rowCounts)
        #expect(manifest.artifacts["openings.sqlite"]?.bytes == bytes.count)
        #expect(manifest.json.contains("\"position\": 43"))
    }
}
