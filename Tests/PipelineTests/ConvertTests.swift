// ConvertTests: pgn2fen and fen2pgn through files: the round trip, exit summaries, atomic output, unreadable inputs.
import ChessPGN
import Diagnostics
import Foundation
import Testing

@testable import Pipeline

@Suite struct ConvertTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/convert")

    func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("convert-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func roundTripGivesBackTheMainLine() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fen = dir.appendingPathComponent("v.fen").path
        let pgn = dir.appendingPathComponent("v.pgn").path
        var diags: [Diagnostic] = []
        let s1 = Convert.pgnToFEN(
            PGNToFENConfiguration(inputs: [Self.fixtures.appendingPathComponent("variations.pgn").path], outputPath: fen)) { diags.append($0) }
        #expect(!s1.failed && s1.games == 1 && s1.moves == 4)
        let s2 = Convert.fenToPGN(FENToPGNConfiguration(inputs: [fen], tags: [PGNTag(name: "Event", value: "Back")], outputPath: pgn)) {
            diags.append($0)
        }
        #expect(!s2.failed && s2.games == 1)
        #expect(diags.isEmpty)
        let text = try String(contentsOfFile: pgn, encoding: .utf8)
        #expect(text.contains("[Event \"Back\"]"))
        #expect(text.hasSuffix("\n\n1. e4 e5 2. Nf3 Nc6 *\n"))
        // No temporary file is left beside the outputs.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["v.fen", "v.pgn"])
    }

    @Test func errorsAreReportedAndCounted() throws {
        var diags: [Diagnostic] = []
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("e.fen").path
        let s = Convert.pgnToFEN(
            PGNToFENConfiguration(inputs: [Self.fixtures.appendingPathComponent("errors_moves.pgn").path, dir.appendingPathComponent("missing.pgn").path], outputPath: out)) {
            diags.append($0)
        }
        // Without --variations, the variations (and the errors inside them) are passed over; a variation before any
        // move is still reported (PGN111): it is wrong whether or not variations are read (issue 30).
        #expect(s.failed && s.games == 5 && s.gamesWithErrors == 4 && s.unreadableInputs == 1)
        #expect(diags.map(\.code.string) == ["PGN102", "PGN103", "PGN101", "PGN111", "PGN130"])
        // The report holds what was streamed, and the missing input decides the outcome (66 over 1).
        #expect(s.diagnostics.map(\.code.string) == diags.map(\.code.string))
        #expect(s.outcome == .noInput && s.typedSummary.missingInputs == 1)
        #expect(diags[0].location?.line == 4 && diags[0].location?.column == 70)
        // The first game prints its 12 positions up to the illegal move.
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.split(separator: "\n\n").first?.split(separator: "\n").count == 12)
    }

    @Test func gameOptionPicksOneGame() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("g.jsonl").path
        let s = Convert.pgnToFEN(
            PGNToFENConfiguration(
                inputs: [Self.fixtures.appendingPathComponent("errors_moves.pgn").path],
                options: FENExportOptions(format: .jsonl, includeStart: true, game: 2), outputPath: out)) { _ in }
        // Game 2 stops at its ambiguous fifth move: the start and 8 plies.
        #expect(s.failed && s.games == 1 && s.gamesWithErrors == 1)
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 9)
        #expect(lines[1] == #"{"game":2,"ply":1,"san":"a4","uci":"a2a4","fen":"rnbqkbnr/pppppppp/8/8/P7/8/1PPPPPPP/RNBQKBNR b KQkq a3 0 1"}"#)
    }
}
