// PositionSourceTests: positions from FEN files and PGN mainlines, with their locations; bad input located.
import Diagnostics
import Foundation
import Testing
@testable import Pipeline

private func fixture(_ name: String) -> String { (Bundle.module.resourcePath ?? ".") + "/Fixtures/analyze/" + name }

@Suite struct PositionSourceTests {
    @Test func pgnMainlinePositionsSkipVariations() {
        let (positions, diagnostics) = PositionSource.read(files: [fixture("game.pgn")])
        #expect(diagnostics.isEmpty)
        #expect(positions.count == 10)  // game 1: start + 7 plies; game 2: its FEN + 1 ply
        #expect(positions[0].fen == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        #expect(positions[0].location.line == 1)
        #expect(positions[1].fen == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
        #expect(positions[1].location.line == 9)
        #expect(positions[1].location.column == 4)
        #expect(positions[7].fen == "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4")
        #expect(positions[8].fen == "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
        #expect(positions[9].fen == "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1")
        #expect(!positions.contains { $0.fen.contains("5N2") })  // 2. Nf3 is a variation
    }

    @Test func illegalPGNMoveIsLocated() {
        let (positions, diagnostics) = PositionSource.read(files: [fixture("bad.pgn")])
        #expect(positions.count == 3)  // start, e4, e5: the line stops at the error
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.severity == .error)
        #expect(diagnostics.first?.location == .init(file: fixture("bad.pgn"), line: 9, column: 13))
        #expect(diagnostics.first?.message.contains("Ke3") == true)
    }

    @Test func fenFileLinesAndColumns() {
        let (positions, diagnostics) = PositionSource.readFEN("  8/8/8/8/8/8/8/K1k5 w - - 0 1\r\n\n8/8/8/8/8/8/8/K1k5 x - - 0 1\n", file: "t.fen")
        #expect(positions == [SourcedPosition(fen: "8/8/8/8/8/8/8/K1k5 w - - 0 1", location: .init(file: "t.fen", line: 1, column: 3))])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.location?.line == 3)
        #expect(diagnostics.first?.code.family == "FEN")
    }
}
