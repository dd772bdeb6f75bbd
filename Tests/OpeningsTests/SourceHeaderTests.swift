// SourceHeaderTests: the tags read once into typed values, and every unreadable value reported at its tag.
import ChessCore
import ChessPGN
import Diagnostics
import Foundation
import Testing

@testable import Openings

@Suite struct SourceHeaderTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/header")

    func read(_ name: String, as path: String) throws -> (OpeningSource?, [Diagnostic]) {
        let text = String(decoding: try Data(contentsOf: Self.directory.appendingPathComponent(name)), as: UTF8.self)
        var builder = GameTreeBuilder(fileName: path)
        #expect(try PGNReader(fileName: path, text: text).readGame(&builder))
        var diagnostics: [Diagnostic] = []
        let source = SourceReader.source(from: builder.game, file: path, diagnostics: &diagnostics)
        return (source, diagnostics)
    }

    @Test func aGoodTacticHasEveryValueTyped() throws {
        let (source, diagnostics) = try read("good-tactic.pgn", as: "openings/library/tactics/scholars-mate.pgn")
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.text))")
        let h = try #require(source).header
        #expect(h.opening == "Scholar's Mate")
        #expect(h.variation == nil)  // an empty Variation is none
        #expect(h.eco == "C20")
        #expect(h.learner == nil && h.difficulty == nil)  // a tactic has no learner
        #expect(h.claim == TacticClaimTags(claim: .mate(1), ply: 6, text: "White mates at once."))
        #expect(h.descriptionLocation?.line == 5)
        #expect(source?.mainLine.name == "Scholar's Mate")
    }

    @Test func unreadableValuesAreNilAndReportedAtTheirTag() throws {
        let (source, diagnostics) = try read("bad-coach.pgn", as: "openings/coach/italian.pgn")
        let h = try #require(source).header
        #expect(h.eco == nil && h.learner == nil && h.difficulty == nil)
        #expect(h.variation == "Giuoco Piano")
        #expect(source?.mainLine.name == "Italian Game: Giuoco Piano")
        #expect(diagnostics.map(\.code.string) == ["VAL203", "VAL203", "VAL203"])
        #expect(diagnostics.map { $0.location?.line ?? 0 } == [4, 5, 6])
        #expect(diagnostics.map(\.message) == [
            "tag ECO: expected a code A00–E99, found \"Z99\"",
            "tag LearnerSide: expected White or Black, found \"black\"",
            "tag Difficulty: expected 1 to 5, found \"6\"",
        ])
    }

    @Test func aClaimPlyOutsideTheMainLineIsNoClaim() throws {
        let text = String(decoding: try Data(contentsOf: Self.directory.appendingPathComponent("good-tactic.pgn")), as: UTF8.self)
            .replacingOccurrences(of: "[ClaimPly \"6\"]", with: "[ClaimPly \"7\"]")
        var builder = GameTreeBuilder(fileName: "t.pgn")
        #expect(try PGNReader(fileName: "t.pgn", text: text).readGame(&builder))
        var diagnostics: [Diagnostic] = []
        let source = SourceReader.source(from: builder.game, file: "openings/library/tactics/t.pgn", diagnostics: &diagnostics)
        #expect(source?.header.claim == nil)
        #expect(diagnostics.map(\.message) == ["tag ClaimPly: expected a ply from 0 to 6 of the main line, found \"7\""])
    }
}
