// FENRoundTripTests: fen2pgn reads back every pgn2fen format (fen, epd, jsonl) of games with repeated positions, and rejects non-canonical FEN.
import ChessPGN
import Diagnostics
import Foundation
import Testing

@testable import Pipeline

@Suite struct FENRoundTripTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/iosafety")

    /// Main lines of every game in a PGN file.
    func mainlines(_ path: String) throws -> [[String]] {
        let reader = PGNReader(fileName: path, text: try String(contentsOfFile: path, encoding: .utf8))
        var builder = GameTreeBuilder(replaying: true)
        var lines: [[String]] = []
        while try reader.readGame(&builder) {
            #expect(!builder.game.hasErrors, "\(builder.game.diagnostics.map(\.text))")
            lines.append(builder.game.mainlineSAN)
        }
        return lines
    }

    @Test(arguments: FENExportOptions.Format.allCases)
    func gamesWithRepetitionsComeBackWithTheSameMoves(_ format: FENExportOptions.Format) throws {
        let dir = try ForgeRunner.scratch("fen-round")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let source = Self.fixtures.appendingPathComponent("repetitions.pgn").path
        var diags: [Diagnostic] = []
        let s1 = Convert.pgnToFEN(PGNToFENConfiguration(inputs: [source], options: FENExportOptions(format: format),
                                                            outputPath: dir + "/games.\(format)")) { diags.append($0) }
        #expect(s1.outcome == .ok && s1.games == 197)
        let s2 = Convert.fenToPGN(FENToPGNConfiguration(inputs: [dir + "/games.\(format)"], outputPath: dir + "/back.pgn")) { diags.append($0) }
        #expect(s2.outcome == .ok && s2.games == 197)
        #expect(diags.map(\.text) == [])
        let original = try mainlines(source)
        let back = try mainlines(dir + "/back.pgn")
        #expect(original.count == 197)
        #expect(back == original)
        // The fixture really repeats positions: some game plays the same shuffle back and forth.
        #expect(original.contains { $0.count >= 8 })
    }

    @Test func nonCanonicalFENIsRejectedNotNormalised() throws {
        let path = Self.fixtures.appendingPathComponent("noncanonical.fen").path
        var diags: [Diagnostic] = []
        let s = Convert.fenToPGN(FENToPGNConfiguration(inputs: [path], outputPath: "/dev/null")) { diags.append($0) }
        #expect(s.outcome == .inputErrors)
        let name = path
        #expect(diags.map(\.text) == [
            "\(name):1:19: error[PGN155]: FEN011: field 1 (placement): \"44\" is two digits in a row: a run of empty squares is one digit (write 8)",
            "\(name):3:1: error[FEN901]: spaces around the FEN: write the FEN alone on its line",
            "\(name):5:47: error[FEN903]: castling rights \"QKqk\" are not in the order KQkq: write \"KQkq\"",
            "\(name):7:1: error[PGN155]: a byte order mark (U+FEFF, invisible) inside the file: it may only start the file",
            "\(name):9:1: error[PGN155]: a JSON line without a \"fen\" string member (as pgn2fen --output-format jsonl writes)",
        ])
        #expect(s.gamesWithErrors == 5)
    }

    @Test func aByteOrderMarkAtTheStartIsSkipped() throws {
        var conv = FENSequenceConverter(fileName: "bom.fen")
        _ = conv.line("\u{FEFF}rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", number: 1)
        let game = conv.finish()
        #expect(conv.takeDiagnostics().isEmpty)
        #expect(game?.hasSuffix("\n1. e4 *\n") == true)
    }
}

/// perft holds a FEN to the rule fen2pgn holds it to: castling rights out of the KQkq order are refused (FEN903, a usage
/// error), not counted (before, `perft --fen '… QKqk …'` counted while fen2pgn refused the same FEN).
@Test func perftRefusesTheFENsFEN2PGNRefuses() {
    let r = runPerft(PerftConfiguration(fen: "r3k2r/8/8/8/8/8/8/R3K2R w QKqk - 0 1", depth: 1))
    #expect(r.outcome == .usage)
    #expect(r.diagnostics.map(\.code.string) == ["FEN903"])
    let ok = runPerft(PerftConfiguration(fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", depth: 1))
    #expect(ok.outcome == .ok)
}
