// MaterialClaimTests: what a note says is lost, won or traded, on notes a strong player's read found false or misleading,
// each at its real position with the engine's own lines from the committed store (Fixtures/notes/material-claim.txt,
// line-outcome.txt, trade.txt): the loss against the best move, a finished exchange kept, the better move's gain, the
// line's own recapture, a promoted unit, the unit named first.
@testable import Explainer
import ChessCore
import Foundation
import Testing

@Suite struct LossAgainstTheBestMoveTests {
    /// Kh1 leaves Black's queen on d1, where Rxd1 takes it back. The verdict said "it loses a pawn" (the line
    /// after Kh1); the loss is measured against the best move, which takes back a queen.
    @Test func theLossIsMeasuredAgainstTheBestMove() throws {
        let note = try StoreCase.named("kh1-queen-taken-back").note()
        #expect(note.verdict == .blunder)
        #expect(leadSays(note.text, "blunder", "Rxd1, which wins back a queen", "7.1 pawns"), "\(note.text)")
        #expect(!note.text.contains("loses"), "\(note.text)")
    }

    /// c5 "leaves the pawn on c5 to be won", but the line dxc5 Qa5+ c3 Qxc5 wins it back: no pawn is left
    /// to be won where the line's end shows none lost.
    @Test func aPawnTheLineWinsBackIsNotLeftToBeWon() throws {
        let note = try StoreCase.named("c5-pawn-won-back-graded").note()
        #expect(note.verdict == .mistake)
        #expect(!note.text.contains("to be won"), "\(note.text)")
        #expect(leadSays(note.text, "mistake", "Bg4", "1.2 pawns"), "\(note.text)")
        #expect(note.refutation?.san == ["dxc5", "Qa5+", "c3", "Qxc5"])
        #expect(note.refutation?.text.contains("has won") == false, "\(note.refutation?.text ?? "")")
    }
}

@Suite struct FinishedExchangeTests {
    /// the line after Qc7 is Bxf6 gxf6 Nxd5 (cxd5 to come). Cut back from the unfinished Nxd5, it was cut
    /// back through the finished Bxf6 gxf6 too, and "White has won a knight" counted Bxf6 alone. It ends after gxf6.
    @Test func aFinishedExchangeIsKeptWhenTheNextOneIsCut() throws {
        let c = try StoreCase.named("qc7-exchange-finished-then-cut")
        let line = LineMaterial(["g5f6", "g7f6", "c3d5"], from: c.position.playingUnchecked(c.move))
        #expect(line.isQuiet(2))
        #expect(!line.isQuiet(3))
        #expect(line.toQuietPoint(plies: 4, atMost: 8).moves.map(\.uci) == ["g5f6", "g7f6"])
        let note = c.note()
        #expect(note.refutation?.san == ["Bxf6", "gxf6"], "\(String(describing: note.refutation?.san))")
        #expect(note.refutation?.text.contains("has won") == false, "\(note.refutation?.text ?? "")")
    }

    /// A line that runs out on a capture the other side takes back with profit (the PV stopping at Bxf6) wins nothing yet.
    @Test func aLineEndingOnACaptureTakenBackWinsNothing() throws {
        let c = try StoreCase.named("qc7-exchange-finished-then-cut")
        let after = c.position.playingUnchecked(c.move)
        let bxf6 = try after.move(uci: "g5f6")
        let short = LineMaterial.refutation(of: c.move, in: c.position, pv: ["g5f6"])
        #expect(short.moves == [bxf6])
        #expect(!LineMaterial.settled(short.positions[1], after: bxf6))
        #expect(MaterialWon(move: c.move, in: c.position, line: short).swing(for: .white) == nil)
        let taken = LineMaterial.refutation(of: c.move, in: c.position, pv: ["g5f6", "g7f6"])
        #expect(MaterialWon(move: c.move, in: c.position, line: taken).swing(for: .white) == nil)   // a trade: nothing won
    }
}

@Suite struct BetterMoveGainTests {
    /// "misses Nge7, which wins a pawn" stood on the line Nge7 f5 exf5, in which White gives the pawn itself.
    /// The better move's gain is named only when it is won by force early: not here.
    @Test func aPawnTheOpponentGivesInsideTheLineIsNotWon() throws {
        let note = try StoreCase.named("nge7-pawn-given-inside-the-line").note()
        #expect(note.verdict == .mistake)
        #expect(leadSays(note.text, "mistake", "Nge7", "1.2 pawns"), "\(note.text)")
        #expect(!note.text.contains("wins"), "\(note.text)")
    }

    /// The better move's gain is not named from a line cut before a lapse of the other side: Qxe4 wins the knight on e4
    /// by exchange, but the line Qxe4 d5 Bxd5 Qxd5 gives the bishop back (…d5 forks the queen and the bishop) and, cut
    /// before Bxd5, counted "wins a knight".
    @Test func aGainFromALineCutBeforeALapseIsNotNamed() throws {
        let c = try StoreCase.named("qxe4-bishop-given-back")
        let qxe4 = try c.position.move(uci: "e2e4")
        #expect(LineMaterial.refutation(of: qxe4, in: c.position, pv: ["d7d5", "c4d5", "d8d5"]).moves.count == 1)
        let note = c.note()
        #expect(note.verdict == .mistake)
        #expect(leadSays(note.text, "mistake", "Qxe4", "1.6 pawns"), "\(note.text)")
    }

    /// "misses Nxf7, which wins a bishop for a pawn" was the count after Nxf7 Bxf2+ Kxf2, Black's own
    /// desperado inside the line; Nxf7 itself wins nothing by exchange (the king takes it), so no gain is named.
    @Test func aGainFromTheOpponentsDesperadoIsNotTheBetterMovesGain() throws {
        let note = try StoreCase.named("bd3-desperado-in-the-better-line").note()
        #expect(note.verdict == .blunder)
        #expect(!note.text.contains("bishop for a pawn"), "\(note.text)")
        #expect(leadSays(note.text, "blunder", "Nxf7", "3.6 pawns"), "\(note.text)")
    }
}

@Suite struct TradeTakenBackByTheLineTests {
    /// the refutation's Nxf5 was "gives the knight for the bishop on f5, a trade" from the board's static
    /// exchange (…exf5), though the line goes on Nxe5 and the knight is never taken back (exf5 would lose the knight on
    /// f6 to exf6). A capture is a trade only when the line takes it back: the words stand on the line's next move.
    @Test func aCaptureTheLineDoesNotTakeBackIsNoTrade() throws {
        let note = try StoreCase.named("nxf5-not-taken-back").note()
        #expect(note.refutation?.san.prefix(2) == ["Nxf5", "Nxe5"])
        #expect(note.refutation?.text.contains("Nxf5 captures the bishop on f5") == true, "\(note.refutation?.text ?? "")")
        #expect(note.refutation?.text.contains("trade") == false, "\(note.refutation?.text ?? "")")
    }

    /// "dxe5 trades pawns on e5", but Black does not take back (b5 follows; Kxe5 walks into the attack).
    @Test func aPawnCaptureNotTakenBackIsNoPawnTrade() throws {
        let note = try StoreCase.named("dxe5-not-taken-back").note()
        #expect(note.refutation?.text.contains("dxe5 captures the pawn on e5") == true, "\(note.refutation?.text ?? "")")
        #expect(note.refutation?.text.contains("trades") == false, "\(note.refutation?.text ?? "")")
    }

    /// The better move's words stand on its own line too: Bxf3 Qxf3 (after Na6) is a trade, and so is dxe5 dxe5 (after f4).
    @Test func aCaptureTheLineTakesBackIsATrade() throws {
        let bxf3 = try StoreCase.named("na6-bishop-left-on-g4").note()
        #expect(bxf3.better?.text.hasPrefix("Bxf3 gives the bishop for the knight on f3, a trade") == true, "\(bxf3.better?.text ?? "")")
        let dxe5 = try StoreCase.named("f4-pawn-trade-on-e5").note()
        #expect(dxe5.better?.text.hasPrefix("dxe5 trades pawns on e5") == true, "\(dxe5.better?.text ?? "")")
    }
}

@Suite struct PromotedUnitTests {
    /// after Rb8, fxg7 hits the rook on h8 and gxh8 takes it. The stored line's count stopped at a pawn; the
    /// engine's own line at more nodes, fxg7 Qf6 gxh8=R Qxh8, loses the rook: a promoted unit taken back counts as the
    /// pawn it was, so the count is said ("a rook") instead of dropped for the promotion.
    @Test func aPromotedUnitTakenBackCountsAsThePawnItWas() throws {
        let c = try StoreCase.named("rb8-promoted-unit-taken-back")
        let line = LineMaterial.refutation(of: c.move, in: c.position, pv: ["f6g7", "d8f6", "g7h8r", "f6h8"])
        #expect(line.moves.count == 4)
        #expect(MaterialWon(move: c.move, in: c.position, line: line).words(for: .white) == "a rook")
        // Promoted and still on the board at the line's end: the count is not said.
        let kept = LineMaterial(["f6g7", "d8f6", "g7h8q"], from: c.position.playingUnchecked(c.move))
        #expect(MaterialWon(move: c.move, in: c.position, line: kept).words(for: .white) == nil)
    }
}

@Suite struct UnitNamedFirstTests {
    /// Na6 leaves the bishop on g4 to hxg4; the line goes on Nxg4 Bxa6 bxa6, a knight-for-bishop trade.
    /// "loses a knight for a pawn" named the unit of that trade; units of one value cancel, the later ones first.
    @Test func theUnitTheLineWinsFirstIsNamed() throws {
        let c = try StoreCase.named("na6-bishop-left-on-g4")
        let note = c.note()
        let shown = LineMaterial(try #require(note.refutation?.uci), from: c.position.playingUnchecked(c.move))
        #expect(MaterialWon(move: c.move, in: c.position, line: shown).words(for: .white) == "a bishop for a pawn")
        // The engine's loss (5.3 pawns) is far more than a bishop for a pawn: the swing is not named as the move's cost
        // (`MaterialSwing.agrees(withLoss:)`), neither in the verdict nor in the refutation's words.
        #expect(leadSays(note.text, "blunder", "Bxf3", "5.3 pawns"), "\(note.text)")
        #expect(note.refutation?.text.contains("has won") == false, "\(note.refutation?.text ?? "")")
        // hxg4 wins the bishop by exchange: its line's Nxg4 taking back makes it no trade ("gives only the pawn for …").
        let won = note.refutation?.text ?? ""
        #expect(won.hasPrefix("hxg4 wins a bishop: the one on g4.") || won.hasPrefix("hxg4 wins the bishop on g4"), "\(won)")
        #expect(note.refutation?.text.contains("gives only") == false, "\(note.refutation?.text ?? "")")
    }
}
