// StoreLineNotesTests: notes a strong player's read found false or misleading, each at its real position with the engine's
// own lines from the committed store (Fixtures/notes/, one file per rule), and the rule each one pins: where the
// refutation's line ends, when a capture is a trade, what a quiet move or a castling loss says, one clause per square.
@testable import Explainer
import ChessCore
import Foundation
import Testing

/// A case of `Fixtures/notes/` (line-outcome, material-claim, trade, note-words): a position, the move its note is about,
/// the store's lines of its search. Case names are unique across the folder's files.
struct StoreCase {
    var name: String
    var position: Position
    var move: Move
    var verdict: EngineVerdict

    /// Every fixture file of `Fixtures/notes/`, one per rule.
    static let files = ["line-outcome.txt", "material-claim.txt", "trade.txt", "note-words.txt"].map(fixture)

    /// A file of `Fixtures/notes/`.
    static func fixture(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/notes/\(name)")
    }

    static func load(_ file: URL) throws -> [String: StoreCase] {
        var out: [String: StoreCase] = [:]
        var name = "", fen = "", uci = ""
        var lines: [String] = []
        func flush() throws {
            guard !name.isEmpty else { return }
            let p = try Position(fen: fen)
            let parsed = try lines.map { try Self.line($0, from: p) }
            let v = EngineVerdict(score: parsed.first?.score ?? .centipawns(0), wdl: nil, lines: parsed, depth: parsed.first?.depth ?? 0,
                                  nodes: 100_000, engine: "Stockfish 15.1", profile: "store")
            out[name] = StoreCase(name: name, position: p, move: try p.move(uci: uci), verdict: v)
            (name, fen, uci, lines) = ("", "", "", [])
        }
        for row in String(decoding: try Data(contentsOf: file), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            if row.hasPrefix("case ") {
                try flush()
                name = String(row.dropFirst(5).prefix { $0 != ":" })
            } else if row.hasPrefix("fen ") { fen = String(row.dropFirst(4)) }
            else if row.hasPrefix("move ") { uci = String(row.dropFirst(5)) }
            else if row.hasPrefix("line ") { lines.append(String(row.dropFirst(5))) }
        }
        try flush()
        return out
    }

    /// A store line: `SCORE dDEPTH WDL PV…` (SCORE centipawns or `#N`).
    static func line(_ text: String, from p: Position) throws -> EngineLine {
        let w = text.split(separator: " ").map(String.init)
        guard w.count >= 4, let depth = Int(w[1].dropFirst()) else { throw AnnotatorFixture.Failure(description: "bad store line \(text)") }
        let score: Score = w[0].hasPrefix("#") ? .mate(Int(w[0].dropFirst()) ?? 0) : .centipawns(Int(w[0]) ?? 0)
        let m = try p.move(uci: w[3])
        return EngineLine(uci: m.uci, san: p.san(m), score: score, pv: Array(w[3...]), depth: depth)
    }

    static func named(_ name: String) throws -> StoreCase {
        for file in files { if let c = try load(file)[name] { return c } }
        throw AnnotatorFixture.Failure(description: "no case \(name) in \(files.map(\.lastPathComponent))")
    }

    /// The note the build writes for the case's move: the explainer over the parent's search alone (no search added).
    func note() -> Note {
        Explainer(engine: ParentLinesOracle(parent: position, verdict: verdict)).explain(move, in: position, learner: position.turn).note
    }
}

/// The verdict's sentence, whichever of its wordings the writer chose: the first sentence of the note.
private func firstSentence(_ text: String) -> Substring { text.range(of: ". ").map { text[..<$0.lowerBound] } ?? text[...] }

@Suite struct RefutationLineTests {
    /// 13...Rd8+? (Bxe5 takes back the knight) was "a blunder: it loses a rook for a knight", from the
    /// stored line Nd3 Na6 Bg5 Rxd3+ Bxd3 in which Black gives the exchange itself. The line stops before that capture,
    /// and the verdict says what the better move wins back.
    @Test func aLosingCaptureByTheMoverInsideTheLineIsNotPartOfIt() throws {
        let c = try StoreCase.named("rd8-exchange-given-inside-the-line")
        let note = c.note()
        #expect(note.verdict == .blunder)
        #expect(note.refutation?.san == ["Nd3", "Na6", "Bg5"], "\(String(describing: note.refutation?.san))")
        #expect(note.refutation?.text.contains("has won") == false, "\(note.refutation?.text ?? "")")
        #expect(firstSentence(note.text).contains("blunder") && firstSentence(note.text).contains("Bxe5, which wins back a knight and was better by about 3.6 pawns"), "\(note.text)")
        #expect(!note.text.contains("rook for a knight"), "\(note.text)")
        #expect(note.problems().isEmpty, "\(note.problems())")
    }

    /// Nb1's stored line Nxe4 O-O Nxg3 fxg3 has White castle with the queen attacked (Qf3 kept it): "Black
    /// has won a queen and a pawn for a knight" was false of Nb1. The line ends before White's lapse: Nxe4 wins the pawn.
    @Test func aMoveThatLetsMaterialGoInsideTheLineEndsIt() throws {
        let c = try StoreCase.named("nb1-castling-leaves-the-queen")
        let note = c.note()
        #expect(note.refutation?.san == ["Nxe4"], "\(String(describing: note.refutation?.san))")
        let text = try #require(note.refutation?.text)
        // The pawn Nxe4 wins is not the move's cost (the engine's loss is far larger): no "has won" sentence at all.
        #expect(!text.contains("has won"), "\(text)")
        #expect(!text.contains("queen and a pawn"), "\(text)")
        #expect(!note.text.contains("queen"), "\(note.text)")
        #expect(note.problems().isEmpty, "\(note.problems())")
    }

    /// Ke7?? Bg5 pins the queen; the line Bg5 Ke8 Bxf6 gxf6 is whole: no move that takes nothing saves the
    /// queen (…dxc3, a counter-grab, is no saving move), so the verdict still says what is lost.
    @Test func aLineWhoseMaterialCannotBeKeptStaysWhole() throws {
        let note = try StoreCase.named("ke7-queen-pinned").note()
        #expect(note.refutation?.san == ["Bg5", "Ke8", "Bxf6", "gxf6"], "\(String(describing: note.refutation?.san))")
        #expect(firstSentence(note.text).contains("blunder") && firstSentence(note.text).contains("loses a queen for a bishop"), "\(note.text)")
        #expect(note.text.contains("Ke7 gives up "), "\(note.text)")
    }

    /// A move made in check has few choices, and the static count cannot weigh them: h4?? Qxc3+ Qd2 (Bd2 looked
    /// safer to a count) Qxa1+ Qd1 Qxa2 stays whole, and so does what it loses.
    @Test func aMoveMadeInCheckIsNoLapse() throws {
        let note = try StoreCase.named("h4-moves-made-in-check").note()
        #expect(note.refutation?.san == ["Qxc3+", "Qd2", "Qxa1+", "Qd1", "Qxa2"], "\(String(describing: note.refutation?.san))")
        #expect(firstSentence(note.text).contains("blunder") && firstSentence(note.text).contains("loses a rook, a knight and a pawn"), "\(note.text)")
    }

    /// Material the refuted side gives inside the line and takes back there is an exchange: Nf5 d5 exd5 Bxf5 dxc6 bxc6
    /// ends level, so no move of it is a lapse.
    @Test func materialGivenAndWonBackInsideTheLineIsNoLapse() throws {
        let c = try StoreCase.named("nf5-given-and-won-back")
        let line = LineMaterial.refutation(of: c.move, in: c.position, pv: Array(c.verdict.lines[1].pv.dropFirst()))
        #expect(line.moves.map(\.uci) == ["d7d5", "e4d5", "c8f5", "d5c6", "b7c6"])
    }

    /// The rule on the line itself: a line with no lapse is kept whole; the lapse is found by the board alone.
    @Test func theLapseRuleOnTheBoard() throws {
        let c = try StoreCase.named("nb1-castling-leaves-the-queen")
        let pv = Array(c.verdict.lines[1].pv.dropFirst())
        let full = LineMaterial(pv, from: c.position.playingUnchecked(c.move)).toQuietPoint(plies: 4, atMost: 8)
        #expect(full.moves.count == 4)
        #expect(full.withoutLapses(of: .white).moves.map(\.uci) == ["f6e4"])
        // The same line seen as Black's lapses: Black's moves are the engine's captures, none lets material go.
        #expect(full.withoutLapses(of: .black).moves.count == 4)
        let best = try StoreCase.named("rd8-exchange-given-inside-the-line")
        let bxe5 = LineMaterial(Array(best.verdict.lines[0].pv.dropFirst()), from: best.position.playingUnchecked(try best.position.move(uci: "g7e5")))
        #expect(bxe5.toQuietPoint(plies: 4, atMost: 8).withoutLapses(of: .black).moves.count == 4)
    }
}

@Suite struct TradeWordsTests {
    /// "Qxd6 gives up the queen for only the pawn on d6, as the queen is taken there next": after Qxd6
    /// cxd6 the pawn takes the queen back; the static exchange on d6 loses nothing.
    @Test func aCaptureTakenBackWhereTheExchangeLosesNothingGivesNothingUp() throws {
        let c = try StoreCase.named("qxd6-queen-trade")
        let note = c.note()
        #expect(!note.text.contains("gives up"), "\(note.text)")
        #expect(note.text.hasPrefix("Qxd6 takes the pawn on d6") || note.text.hasPrefix("Qxd6 captures the pawn on d6"), "\(note.text)")
        #expect(note.motifs.contains(.captures(piece: .queen, target: PlacedPiece(.pawn, .d6), outcome: .takes, evidence: nil)), "\(note.motifs)")
    }

    /// the better move "cxd4 takes the pawn on d4 and hits the knight on c3" / "exd4 … hits your
    /// knight on c3": the pawn is taken back at once, so it hits nothing; shown alone, it is a pawn trade.
    @Test func aUnitTakenBackAtOnceHitsNothingAndAnEvenCaptureIsATrade() throws {
        let note = try StoreCase.named("cxd4-taken-back-at-once").note()
        let better = try #require(note.better)
        #expect(better.san == ["cxd4"])
        #expect(!better.text.contains("hits") && !better.text.contains("attacks"), "\(better.text)")
        #expect(better.text.hasPrefix("cxd4 trades pawns on d4"), "\(better.text)")
        // The pinned-queen case's exd4 stays: the static exchange on d4 keeps the pawn (Nxd4 Nxd4 Qxd4?? Qxd4), and the
        // engine's line answers 2.Nd5, the knight moving away: the hit on c3 is real.
        let exd4 = try #require(try StoreCase.named("ke7-queen-pinned").note().better)
        #expect(exd4.text.hasPrefix("exd4 ") && exd4.text.contains("the pawn on d4")
                && (exd4.text.contains("hits the knight on c3") || exd4.text.contains("attacks the knight on c3")), "\(exd4.text)")
    }

    /// the refutation "dxe5 … attacks your knight on f6" and the better "exd4 … hits the knight on c3":
    /// each pawn is taken straight back (dxe5, Nxd4) and the exchange loses the taker nothing, so neither hits anything.
    @Test func aUnitTakenStraightBackEvenlyHitsNothing() throws {
        let note = try StoreCase.named("bh8-pawns-taken-straight-back").note()
        let refutation = try #require(note.refutation?.text)
        #expect(refutation.hasPrefix("dxe5 ") && !refutation.contains("knight on f6"), "\(refutation)")
        let better = try #require(note.better?.text)
        #expect(better.hasPrefix("exd4 trades pawns on d4") && !better.contains("c3"), "\(better)")
    }

    /// the better Qxd1 "removes the queen that was the only guard of the bishop on c1 … It also attacks your
    /// bishop on c1": Rxd1 takes back and guards c1 again. It trades queens.
    @Test func aQueenTradeIsATradeAndRemovesNoGuard() throws {
        let note = try StoreCase.named("ke7-queen-trade-and-castling").note()
        let better = try #require(note.better)
        #expect(better.san == ["Qxd1"])
        #expect(better.text.hasPrefix("Qxd1 trades queens on d1"), "\(better.text)")
        #expect(!better.text.contains("only guard") && !better.text.contains("bishop on c1"), "\(better.text)")
    }
}

@Suite struct CastlingAndQuietWordsTests {
    /// a king walk or a rook leaving its corner while castling was still possible says so first,
    /// never "keeps everything protected" or the squares the king covers.
    @Test func aMoveThatGivesUpCastlingSaysSoFirst() throws {
        let cases: [(String, String, String)] = [("ke7-queen-trade-and-castling", "Ke7 gives up ", "castl"), ("kd1-gives-up-castling", "Kd1 gives up ", "castl"), ("rg1-gives-up-castling", "Rg1 gives up ", "castl")]
        for (name, words, right) in cases {
            let note = try StoreCase.named(name).note()
            #expect(note.text.contains(words) && note.text.contains(right), "case \(name): \(note.text)")
            #expect(!note.text.contains("keeps everything protected") && !note.text.contains("covers"), "case \(name): \(note.text)")
            #expect(note.motifs.contains { $0.kind == .givesUpCastling })
        }
        // Castling itself, and a rook that leaves no corner, give nothing up.
        let c = try StoreCase.named("rg1-gives-up-castling")
        let oo = try c.position.move(uci: "e1g1")
        #expect(!Annotator.ruleMotifs(before: c.position, move: oo).contains { $0.kind == .givesUpCastling })
        let queenside = try Position(fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
        let ra1b1 = try queenside.move(uci: "a1b1")
        #expect(Annotator.ruleMotifs(before: queenside, move: ra1b1).contains(.givesUpCastling(kingside: false, queenside: true)))
        let ke2 = try queenside.move(uci: "e1e2")
        #expect(Annotator.ruleMotifs(before: queenside, move: ke2).contains(.givesUpCastling(kingside: true, queenside: true)))
    }

    /// A king step with nothing else to say was told by the squares it covers, and a mistake's note may not say
    /// "keeps everything protected": the note had no text and was left out of the bundle (ANN506). It says which pieces
    /// the king now stands next to.
    @Test func aKingStepIsToldByThePiecesItStandsNextTo() throws {
        let note = try StoreCase.named("kg7-king-step").note()
        #expect(note.text.contains("Kg7 steps the king to g7, next to the pawn on h7"), "\(note.text)")
        #expect(!note.text.contains("covers"), "\(note.text)")
        #expect(note.problems().isEmpty, "\(note.problems())")
    }

    /// "a3 keeps everything protected: no white piece or pawn can be won by a capture" was the whole
    /// note. The move's own squares come first.
    @Test func aMoveWithNothingElseToSaySaysWhatItCovers() throws {
        let a3 = try StoreCase.named("a3-its-own-squares").note()
        // a3 is good but lets go enough to be a lesson (VerdictThresholds.namesBetter): the better move follows.
        // Its first sentence is the squares it newly covers (in whichever form the move's variety chose), then the better move.
        let a3First = SentenceWriter.sentences(a3.text).first ?? ""
        #expect(a3First.hasPrefix("a3 ") && a3First.contains("cover") && a3First.contains("b4") && !a3.text.contains("protected"), "\(a3.text)")
        #expect(SentenceWriter.sentences(a3.text).count == 2 && SentenceWriter.sentences(a3.text)[1].contains("g4"), "\(a3.text)")
        let be2 = try StoreCase.named("be2-its-own-squares").note()
        #expect(SentenceWriter.sentences(be2.text).count == 1 && be2.text.hasPrefix("Be2 ") && be2.text.contains("cover")
                && be2.text.contains("d1 and f3"), "\(be2.text)")
    }
}

@Suite struct OneClausePerSquareTests {
    /// "c5 strikes at the pawn on d4 and adds control of d4 in the centre": the square is said once.
    @Test func controlOfASquareAnotherClauseNamesIsNotSaidAgain() throws {
        for (name, san, square) in [("c5-one-clause-for-d4", "c5", "d4"), ("e6-one-clause-for-d5", "e6", "d5")] {
            let note = try StoreCase.named(name).note()
            #expect(note.text.hasPrefix("\(san) strikes at the pawn on \(square)") || note.text.hasPrefix("\(san) challenges the pawn on \(square)"),
                    "case \(name): \(note.text)")
            #expect(!note.text.contains("control of \(square)") && !note.text.contains("central square \(square)"), "case \(name): \(note.text)")
        }
    }

    /// A trade offer does not name the moved piece's own square again ("Bd2 blocks the check with the bishop on d2 and
    /// offers a trade of bishops: the bishop on d2 faces the one on b4").
    @Test func aTradeOfferNamesOnlyTheOtherPiece() throws {
        let notes = Annotator().annotate(line: try AnnotatorFixture.line("d4 e5 dxe5 Bb4+ Bd2"), learner: .white)
        let bd2 = try #require(notes.last)
        #expect(bd2.motifs.contains(.offersTrade(piece: PlacedPiece(.bishop, .d2), target: PlacedPiece(.bishop, .b4))), "\(bd2.motifs)")
        #expect(!bd2.explanation.contains("the bishop on d2 faces"), "\(bd2.explanation)")
        #expect(bd2.explanation.contains("trade bishops with the one on b4") || bd2.explanation.contains("challenges the bishop on b4"),
                "\(bd2.explanation)")
    }

    /// the refutation "Nxa6 wins the bishop on a6 and develops the knight to a6": a capture's square is
    /// said once, by the capture.
    @Test func aCaptureSquareIsNotSaidAgainAsADevelopment() throws {
        let note = try StoreCase.named("nxa6-capture-square-once").note()
        let text = try #require(note.refutation?.text)
        #expect(text.contains("Nxa6 "), "\(text)")
        #expect(!text.contains("to a6"), "\(text)")
    }
}
