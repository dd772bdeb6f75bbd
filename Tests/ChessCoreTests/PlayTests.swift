// PlayTests: a validated Position cannot be corrupted through public API; the unchecked play says so in its name.
import Diagnostics
import Testing

@testable import ChessCore

@Suite struct PlayTests {
    @Test func playChecksTheMoveAndLeavesThePositionAsItWasWhenIllegal() throws {
        var p = Position.standard
        try p.play(Move(from: .e2, to: .e4, role: .pawn))
        #expect(p.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
        let before = p
        // A move that is not legal here: a white pawn move with Black to move, and a knight jump to nowhere.
        #expect(throws: IllegalMoveError.self) { try p.play(Move(from: .d2, to: .d4, role: .pawn)) }
        #expect(throws: IllegalMoveError.self) { try p.play(Move(from: .g8, to: .g5, role: .knight)) }
        #expect(p == before)
        do {
            _ = try p.playing(Move(from: .e7, to: .e4, role: .pawn))
            Issue.record("an illegal move was played")
        } catch {
            #expect(error.code == "MOV002")
            #expect(error.description == "illegal move e7e4 in rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
        }
        #expect(try p.playing(Move(from: .e7, to: .e5, role: .pawn)).fen()
            == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2")
    }

    @Test func theUncheckedPlayGivesTheSameResultForLegalMoves() throws {
        let p = Position.standard
        for m in p.legalMoves {
            #expect(try p.playing(m) == p.playingUnchecked(m))
        }
    }
}
