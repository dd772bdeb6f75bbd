// NoteClassesTests: the classes of false notes a strong player's read found (docs/coach-notes.md), each on a real position
// from that read, with the engine scripted from Stockfish 15.1's own figures at those positions.
@testable import Explainer
import ChessCore
import Testing

/// An engine line with its PV and depth (the stub's own lines are one move deep).
private func line(_ position: Position, _ pv: [String], _ cp: Int, depth: Int) throws -> EngineLine {
    let m = try position.move(uci: pv[0])
    return EngineLine(uci: m.uci, san: position.san(m), score: .centipawns(cp), pv: pv, depth: depth)
}

private func verdict(_ lines: [EngineLine], depth: Int, score: Score? = nil) -> EngineVerdict {
    EngineVerdict(score: score ?? lines.first?.score ?? .centipawns(0), wdl: nil, lines: lines, depth: depth, nodes: 100_000,
                  engine: "stub", profile: "stub")
}

/// The explainer's note on `uci` at `fen`, the engine scripted: its best line before the move (`best`, `bestCP`) and
/// its line after it (`reply`, `replyCP`), both at depth 12.
private func explained(_ fen: String, _ uci: String, best: [String], _ bestCP: Int, reply: [String], _ replyCP: Int,
                       learner: PieceColor) throws -> (Position, Move, Note) {
    let p = try Position(fen: fen)
    let move = try p.move(uci: uci)
    let after = p.playingUnchecked(move)
    let oracle = StubOracle(verdicts: [p.fen(): verdict([try line(p, best, bestCP, depth: 12)], depth: 12),
                                       after.fen(): verdict([try line(after, reply, replyCP, depth: 12)], depth: 12)])
    return (p, move, Explainer(engine: oracle).explain(move, in: p, learner: learner).note)
}

@Suite struct ConfirmationPolicyTests {
    /// After 1.d4 … 12.h3, 12.Rc1 scored -0.49 against 12.h4's +0.99 in the every-move search (depth 8):
    /// "a mistake". Searched on their own (120,000 nodes, depth 13–14) Rc1 is -0.06 and h4 +0.14: a good move.
    static let fen = "rnbq1rk1/ppp2pb1/3p3p/4n1p1/2PNP3/2N3BP/PP3PP1/R2QKB1R w KQ - 0 1"

    func parent() throws -> (Position, EngineVerdict) {
        let p = try Position(fen: Self.fen)
        let lines = [try line(p, ["h3h4", "b8c6", "d4c2", "f7f5"], 99, depth: 8),
                     try line(p, ["a1c1", "b8c6", "d4c2", "f7f5", "e4f5"], -49, depth: 8)]
        return (p, verdict(lines, depth: 8))
    }

    @Test func aQuietMistakeIsConfirmedByDeeperSearchesBeforeTheNoteSaysSo() throws {
        let (p, v) = try parent()
        let rc1 = try p.move(uci: "a1c1")
        let h4 = try p.move(uci: "h3h4")
        let afterRc1 = p.playingUnchecked(rc1), afterH4 = p.playingUnchecked(h4)
        let deepRc1 = verdict([try line(afterRc1, ["b8c6", "d4c6"], 6, depth: 13)], depth: 13)
        let deepH4 = verdict([try line(afterH4, ["b8c6", "d4c2", "f7f5"], -14, depth: 14)], depth: 14)
        // The rule asks for the search after the best move, and only for this kind of verdict.
        let shallow = try #require(VerdictThresholds.standard.grade(move: "a1c1", before: v, after: nil))
        #expect(shallow.verdict == .mistake)
        #expect(ConfirmationPolicy.standard.needed(shallow, line: v.lines[1], in: p))
        #expect(ConfirmationPolicy.standard.bestChild(of: rc1, in: p, before: v, after: nil) == afterH4)

        let oracle = ParentLinesOracle(parent: p, verdict: v, searched: [afterRc1: deepRc1, afterH4: deepH4])
        let (note, problems) = Explainer(engine: oracle).explain(rc1, in: p, learner: .white)
        #expect(problems.isEmpty)
        #expect(note.verdict == .good, "\(String(describing: note.grade))")
        #expect(note.grade?.played == .centipawns(-6) && note.grade?.best == .centipawns(14) && note.grade?.rank == nil)
        #expect(note.refutation == nil && note.better == nil)
        #expect(!note.text.contains("mistake"), "\(note.text)")
        #expect(note.depth == 13)
        #expect(note.problems().isEmpty, "\(note.problems())")
    }

    @Test func withoutTheDeeperSearchesTheLineStands() throws {
        let (p, v) = try parent()
        let rc1 = try p.move(uci: "a1c1")
        let (note, _) = Explainer(engine: ParentLinesOracle(parent: p, verdict: v)).explain(rc1, in: p, learner: .white)
        #expect(note.verdict == .mistake)
        #expect(note.text.contains("A mistake") || note.text.contains("a mistake"), "\(note.text)")
    }

    @Test func aLineThatLosesMaterialNeedsNoConfirming() throws {
        let (p, _) = try parent()
        // 12.Nc6?? bxc6 13.Be2: a knight for nothing, on the board within the line.
        let lines = [try line(p, ["h3h4", "b8c6"], 99, depth: 8), try line(p, ["d4c6", "b7c6", "f1e2", "c8d7"], -150, depth: 8)]
        let v = verdict(lines, depth: 8)
        let g = try #require(VerdictThresholds.standard.grade(move: "d4c6", before: v, after: nil))
        #expect(g.verdict >= .mistake)
        #expect(!ConfirmationPolicy.standard.needed(g, line: v.lines[1], in: p))
        #expect(ConfirmationPolicy.standard.bestChild(of: try p.move(uci: "d4c6"), in: p, before: v, after: nil) == nil)
        // 12.Nf5 Bxf5 13.exf5 is a knight for a bishop, nothing lost on the board: a blunder read from it is confirmed
        // like a mistake (every quiet verdict of inaccuracy or worse).
        let even = verdict([try line(p, ["h3h4", "b8c6"], 99, depth: 8), try line(p, ["d4f5", "c8f5", "e4f5", "b8c6"], -150, depth: 8)], depth: 8)
        let gf5 = try #require(VerdictThresholds.standard.grade(move: "d4f5", before: even, after: nil))
        #expect(gf5.verdict == .blunder)
        #expect(ConfirmationPolicy.standard.needed(gf5, line: even.lines[1], in: p))
    }
}

@Suite struct RefutationWordsTests {
    /// 1.g3?? lets 1...dxe3; the old line stopped at 2.Qxd5 exf2+ 3.Rxf2, White a queen up on the board,
    /// before 3...exd5. Shown to its quiet point, the line says what Black has won, counted on the board.
    @Test func theLineRunsToTheEndOfTheExchangeAndSaysWhatItWins() throws {
        let p = try Position(fen: "r3kb1r/pp3ppp/2n1pn2/3q3b/3p4/2P1BN1P/PP2BPP1/RN1Q1RK1 w kq - 0 1")
        let g3 = try p.move(uci: "g2g3")
        let before = verdict([try line(p, ["f3d4", "c6d4"], 14, depth: 8),
                              try line(p, ["g2g3", "d4e3", "d1d5", "e3f2", "f1f2", "e6d5", "b1d2", "f8d6"], -653, depth: 8)], depth: 8)
        let (note, _) = Explainer(engine: ParentLinesOracle(parent: p, verdict: before)).explain(g3, in: p, learner: .white)
        #expect(note.verdict == .blunder)
        #expect(note.refutation?.san == ["dxe3", "Qxd5", "exf2+", "Rxf2", "exd5"], "\(String(describing: note.refutation?.san))")
        // The line wins a bishop on the board, but the engine's loss is 6.7 pawns: a bishop is not what the move costs, so
        // the words name no material (`MaterialSwing.agrees(withLoss:)`); the count itself is still the bishop.
        let shown = LineMaterial(try #require(note.refutation?.uci), from: p.playingUnchecked(g3))
        #expect(MaterialWon(move: g3, in: p, line: shown).words(for: .black) == "a bishop")
        let text = try #require(note.refutation?.text)
        #expect(!text.contains("has won"), "\(text)")
        #expect(note.problems().isEmpty, "\(note.problems())")
    }

    /// 1...Bf3?? 2.Bxf7+ Ke7 3.Nd5#: the refutation said only that Bxf7+ wins the pawn on f7.
    @Test func aLineThatMatesSaysSo() throws {
        let p = try Position(fen: "r2qkbnr/ppp2ppp/2np4/4N2b/2B1P3/2N4P/PPPP1PP1/R1BQK2R b KQkq - 0 1")
        let bf3 = try p.move(uci: "h5f3")
        let best = try line(p, ["d6e5", "d1h5"], -176, depth: 8)
        var mated = try line(p, ["h5f3", "c4f7", "e8e7", "c3d5"], 0, depth: 8)
        mated.score = .mate(-2)
        let (note, _) = Explainer(engine: ParentLinesOracle(parent: p, verdict: verdict([best, mated], depth: 8)))
            .explain(bf3, in: p, learner: .black)
        #expect(note.verdict == .blunder)
        #expect(note.refutation?.san == ["Bxf7+", "Ke7", "Nd5#"])
        #expect(note.refutation?.text.hasPrefix("The line ends in checkmate.") == true, "\(note.refutation?.text ?? "")")
    }

    /// A line that would still end in the middle of an exchange at the longest length shown is cut before it.
    @Test func anExchangeTooLongToShowIsCutBeforeItStarts() throws {
        let p = try Position(fen: "r3kb1r/pp3ppp/2n1pn2/3q3b/3p4/2P1BN1P/PP2BPP1/RN1Q1RK1 w kq - 0 1")
        let full = LineMaterial(["g2g3", "d4e3", "d1d5", "e3f2", "f1f2", "e6d5", "b1d2"], from: p)
        #expect(full.toQuietPoint(plies: 4, atMost: 8).moves.count == 6)      // to exd5, before the quiet Nbd2
        #expect(full.toQuietPoint(plies: 3, atMost: 4).moves.count == 1)      // dxe3 … Rxf2 cannot end: g3 alone
        #expect(full.toQuietPoint(plies: 4, atMost: 8).change(for: .black) == 300)
    }
}

@Suite struct SacrificeWordsTests {
    /// 1...Nxe4! was called "a sacrifice: the engine finds enough play for it", but 2.Nxe4 Bxe5 wins the
    /// piece back: Black nets the pawn. A piece the engine's line wins back was not given.
    @Test func aPieceTheLineWinsBackIsNoSacrifice() throws {
        let p = try Position(fen: "rnbq1rk1/ppp2pbp/5np1/4N3/2P1P3/2NB4/PP3PPP/R1BQK2R b KQ - 0 1")
        let nxe4 = try p.move(uci: "f6e4")
        let after = p.playingUnchecked(nxe4)
        let before = verdict([try line(p, ["f6e4", "c3e4", "g7e5", "c1g5", "d8d4"], 44, depth: 8),
                              try line(p, ["d8d6", "e5f3"], -61, depth: 8)], depth: 8)
        let reply = verdict([try line(after, ["c3e4", "g7e5", "c1g5", "d8d4"], -44, depth: 7)], depth: 7)
        let oracle = StubOracle(verdicts: [p.fen(): before, after.fen(): reply])
        let notes = Annotator(oracle: oracle).annotate(line: [LineMove(before: p, move: nxe4)], learner: .black)
        let note = try #require(notes.first)
        #expect(!note.motifs.contains { $0.kind == .gambit || $0.kind == .losesMaterial }, "\(note.motifs)")
        #expect(!note.explanation.contains("sacrifice"), "\(note.explanation)")
    }

    /// The same offer when the line does not win it back stays a sacrifice (2.Nxe4 and nothing comes back).
    @Test func aPieceLeftGivenIsStillOffered() throws {
        let p = try Position(fen: "rnbq1rk1/ppp2pbp/5np1/4N3/2P1P3/2NB4/PP3PPP/R1BQK2R b KQ - 0 1")
        let nxe4 = try p.move(uci: "f6e4")
        let after = p.playingUnchecked(nxe4)
        let before = verdict([try line(p, ["f6e4", "c3e4", "f7f5", "e4g5"], 10, depth: 8)], depth: 8)
        let reply = verdict([try line(after, ["c3e4", "f7f5", "e4g5"], -10, depth: 7)], depth: 7)
        let oracle = StubOracle(verdicts: [p.fen(): before, after.fen(): reply])
        let note = try #require(Annotator(oracle: oracle).annotate(line: [LineMove(before: p, move: nxe4)], learner: .black).first)
        #expect(note.motifs.contains { $0.kind == .gambit }, "\(note.motifs)")
    }
}

@Suite struct DuplicateClauseTests {
    /// "e5 claims the centre with a pawn on e5 and gains space with the pawn on e5".
    @Test func twoClausesAboutOneSquareAreSaidOnce() throws {
        let notes = Annotator().annotate(line: try AnnotatorFixture.line("e4 e6 e5"), learner: .white)
        let e5 = try #require(notes.last)
        #expect(e5.motifs.contains(.occupiesCentre(piece: .pawn, square: Square("e5")!)))
        #expect(e5.motifs.contains(.gainsSpace(square: Square("e5")!)))
        let centre = e5.explanation.contains("central square e5") || e5.explanation.contains("with a pawn on e5")
        let space = e5.explanation.contains("space with the pawn on e5") || e5.explanation.contains("pushes the pawn to e5")
        #expect(centre && !space, "\(e5.explanation)")
    }
}

@Suite struct LossNamedTests {
    /// 1...h6?? leaves the queen on b6 to the knight on a4 (already attacked before the move); the text
    /// said only "h6 takes the g5 square away from White's pieces". The verdict now comes first with what the engine's
    /// line wins on the board, for either side (it names no move: no spoiler).
    @Test func aBlunderSaysWhatItLosesFirst() throws {
        let p = try Position(fen: "r1b1kb1r/pp3ppp/1qn1p3/3pPn2/N2P4/5N2/PP2BPPP/R1BQK2R b KQkq - 0 1")
        let h6 = try p.move(uci: "h7h6")
        let before = verdict([try line(p, ["b6a5", "a4c3", "a5b6"], 0, depth: 8),
                              try line(p, ["h7h6", "a4b6", "a7b6", "e1g1", "f8e7"], -499, depth: 8)], depth: 8)
        for learner in [PieceColor.black, .white] {
            let (note, _) = Explainer(engine: ParentLinesOracle(parent: p, verdict: before)).explain(h6, in: p, learner: learner)
            #expect(note.verdict == .blunder)
            #expect(leadSays(note.text, "blunder", "a queen for a knight", "Qa5+"), "\(note.text)")
            #expect(!note.text.contains("Nxb6"), "\(note.text)")
            #expect(note.refutation?.text.hasPrefix("By the end of the line, White has won a queen for a knight.") == true, "\(note.refutation?.text ?? "")")
            #expect(note.problems().isEmpty, "\(note.problems())")
        }
    }
}

@Suite struct RefutationMaterialTests {
    /// 5.b4?? (…cxb4 Nd5 Nxe4 Bb2 e6 Nxb4, 215 cp worse than the best): the line's first four plies end two pawns up
    /// for Black, but the engine's line takes one back. Nothing is counted, and the line is not read on until some count
    /// agrees with the loss: a loss is an evaluation, and reading on picks up moves neither side would play (a strong
    /// player's read of such counts found 15 of 40 resting on the losing side's own later errors).
    @Test func aLineWhoseGainIsGivenBackLaterCountsNothing() throws {
        let p = try Position(fen: "rnbqkb1r/pp2pppp/3p1n2/2p5/4PP2/2N5/PPPP2PP/R1BQKBNR w KQkq - 0 1")
        let b4 = try p.move(uci: "b2b4")
        let after = p.playingUnchecked(b4)
        let pv = ["c5b4", "c3d5", "f6e4", "c1b2", "e7e6", "d5b4"]
        let read = Explainer.refutation(try line(after, pv, 183, depth: 12), after: b4, in: p, replyText: nil, loss: 215)
        #expect(read.text == "", "\(read.text)")
        #expect(read.uci == Array(pv.prefix(4)), "\(read.uci)")
    }

    /// …Nde5?? Nxe5 (a knight, 527 cp): the line's count is said, unless the reply's own words already say the reply
    /// wins it ("Nxe5 wins a knight: the one on e5"): the same count twice is noise.
    @Test func theCountIsNotSaidTwiceWhenTheReplySaysIt() throws {
        let p = try Position(fen: "r2qkbnr/pp1nppp1/2p4p/7P/3P4/3Q1NN1/PPP2PP1/R1B1K2R b KQkq - 0 1")
        let ne5 = try p.move(uci: "d7e5")
        let after = p.playingUnchecked(ne5)
        let l = try line(after, ["f3e5", "e7e6", "c2c3", "g8f6"], 557, depth: 12)
        #expect(Explainer.refutation(l, after: ne5, in: p, replyText: nil, loss: 527).text == "By the end of the line, White has won a knight.")
        let reply = "Nxe5 wins a knight: the one on e5."
        #expect(Explainer.refutation(l, after: ne5, in: p, replyText: reply, loss: 527).text == reply)
        // A different win in the reply's words leaves the count in.
        let other = "Nxe5 takes the knight."
        #expect(Explainer.refutation(l, after: ne5, in: p, replyText: other, loss: 527).text == "By the end of the line, White has won a knight. " + other)
    }
}

@Suite struct WonBackTests {
    /// Black, two pawns up from a gambit, plays 1...Be6; the refutation 2.Bxd5 Bxd5 3.Nxe4 Be7 4.Nxd4
    /// Bxe4 5.Rxe4 read "White has won two pawns", as if Black were now behind. It only wins them back.
    @Test func aLineThatRestoresTheBalanceSaysWonBack() throws {
        let p = try Position(fen: "r1bqkb1r/ppp2ppp/2n5/3p4/2Bpn3/2N2N2/PPP2PPP/R1BQR1K1 b kq - 0 1")
        let be6 = try p.move(uci: "c8e6")
        let after = p.playingUnchecked(be6)
        let refutation = try line(after, ["c4d5", "e6d5", "c3e4", "f8e7", "f3d4", "d5e4", "e1e4", "e8g8"], 0, depth: 12)
        let text = Explainer.refutation(refutation, after: be6, in: p, replyText: nil).text
        #expect(text == "By the end of the line, White has won back two pawns.", "\(text)")
        // The same two pawns from a level position are won outright.
        #expect(MaterialSwing(won: [.pawn, .pawn], given: []).onlyRestores(balance: 0) == false)
        #expect(MaterialSwing(won: [.pawn, .pawn], given: []).onlyRestores(balance: -200))
        #expect(MaterialSwing(won: [.knight], given: []).onlyRestores(balance: -100) == false)
    }
}

/// A gambit or a sacrifice is material the line does not win back: a pawn taken for the pawn offered, a piece the
/// line regains.
@Suite struct GivenAndWonBackTests {
    /// cxb5 takes a pawn and …exd5 takes one back: a pawn trade, not "gives up the pawn on d5 as a gambit".
    @Test func aPawnTakenForThePawnOfferedIsNoGambit() throws {
        let p = try Position(fen: "rnbqkb1r/p2p1ppp/4pn2/1ppP4/2P5/5N2/PP2PPPP/RNBQKB1R w KQkq - 0 1")
        let cxb5 = try p.move(uci: "c4b5")
        let after = p.playingUnchecked(cxb5)
        let before = verdict([try line(p, ["c4b5", "e6d5", "c1g5"], 29, depth: 10)], depth: 10)
        let reply = verdict([try line(after, ["e6d5", "c1g5", "f8e7"], -29, depth: 10)], depth: 10)
        let oracle = StubOracle(verdicts: [p.fen(): before, after.fen(): reply])
        let note = try #require(Annotator(oracle: oracle).annotate(line: [LineMove(before: p, move: cxb5)], learner: .white).first)
        #expect(!note.motifs.contains { $0.kind == .gambit }, "\(note.motifs)")
        #expect(!note.explanation.contains("gambit"), "\(note.explanation)")
    }

    /// Bxf7+ Kxf7 and the bishop comes back (Bg5 Qf8 Qb3+ d5 Qxc3): not "gives up the bishop for only the pawn".
    @Test func aPieceTheLineWinsBackIsNotGivenUp() throws {
        let p = try Position(fen: "r1bqk2r/pppp1ppp/2n5/8/2BP4/2b2N2/P4PPP/R1BQ1RK1 w kq - 0 1")
        let bxf7 = try p.move(uci: "c4f7")
        let after = p.playingUnchecked(bxf7)
        let pv = ["e8f7", "c1g5", "d8f8", "d1b3", "d7d5", "b3c3", "h7h6"]
        let before = verdict([try line(p, ["c4f7"] + pv, 81, depth: 12)], depth: 12)
        let reply = verdict([try line(after, pv, -81, depth: 12)], depth: 12)
        let oracle = StubOracle(verdicts: [p.fen(): before, after.fen(): reply])
        let note = try #require(Annotator(oracle: oracle).annotate(line: [LineMove(before: p, move: bxf7)], learner: .white).first)
        #expect(!note.explanation.contains("for only"), "\(note.explanation)")
        // Without the engine's line it is the board's count: the bishop is taken there next.
        let board = try #require(Annotator(oracle: StubOracle(verdicts: [:])).annotate(line: [LineMove(before: p, move: bxf7), LineMove(before: after, move: try after.move(uci: "e8f7"))], learner: .white).first)
        #expect(board.explanation.contains("gives up the bishop"), "\(board.explanation)")
    }
}

/// A refutation's reply judged on the line it is part of, a pawn taken and taken straight back, a threat that only nets
/// a pawn (the engine scripted from Stockfish 15.1's own lines at those positions).
@Suite struct RefutationReplyTests {
    /// After 1.Bh6 the refutation 1...Nxe4 2.Nxe4 Qh4+ 3.g3 Qxh6 wins the knight back: the reply's words do not say
    /// it "gives up the knight for only the pawn". The search after the reply has no line (as in the build, which asks
    /// no such search): the refutation's own line is the one the claim is checked on.
    @Test func aRefutationsReplyIsJudgedOnTheRestOfItsLine() throws {
        let p = try Position(fen: "r1bq1rk1/1p1n1pbp/p2p1np1/2pP4/P3P3/2N1BP2/1P1Q2PP/R3KBNR w KQ - 0 1")
        let bh6 = try p.move(uci: "e3h6")
        let after = p.playingUnchecked(bh6)
        let pv = ["f6e4", "c3e4", "d8h4", "g2g3", "h4h6", "d2h6", "g7h6", "e4d6"]
        let oracle = StubOracle(verdicts: [p.fen(): verdict([try line(p, ["g1h3", "b7b5"], 18, depth: 12)], depth: 12),
                                           after.fen(): verdict([try line(after, pv, 222, depth: 12)], depth: 12)])
        let note = Explainer(engine: oracle).explain(bh6, in: p, learner: .white).note
        #expect(note.grade?.verdict == .blunder)
        let refutation = try #require(note.refutation)
        #expect(refutation.uci.first == "f6e4")
        #expect(!refutation.text.contains("for only") && !refutation.text.contains("gives up"), "\(refutation.text)")
    }

    /// After 1.b4 the reply 1...c5 is met by 2.bxc5 dxc5: a pawn taken and taken straight back, level material.
    /// The reply offers a trade of pawns, not "the pawn on c5, a gambit".
    @Test func aPawnTakenAndTakenStraightBackIsNoGambit() throws {
        let p = try Position(fen: "rnbq1rk1/ppp1ppbp/3p1np1/8/3PP3/2N3P1/PPP2PBP/R1BQK1NR w KQ - 0 1")
        let b4 = try p.move(uci: "b2b4")
        let after = p.playingUnchecked(b4)
        let c5 = after.playingUnchecked(try after.move(uci: "c7c5"))
        let oracle = StubOracle(verdicts: [
            p.fen(): verdict([try line(p, ["g1f3", "c7c5"], 52, depth: 12)], depth: 12),
            after.fen(): verdict([try line(after, ["c7c5", "g1e2", "c5b4", "c3d5", "f6d5", "e4d5"], 131, depth: 12)], depth: 12),
            c5.fen(): verdict([try line(c5, ["b4c5", "d6c5", "g1e2", "c5d4"], -97, depth: 13),
                               try line(c5, ["g1e2", "c5b4", "c3b1"], -162, depth: 12),
                               try line(c5, ["d4c5", "d6c5", "a1b1"], -171, depth: 12)], depth: 13)])
        let note = Explainer(engine: oracle).explain(b4, in: p, learner: .white).note
        let refutation = try #require(note.refutation)
        #expect(refutation.uci.first == "c7c5")
        #expect(!refutation.text.contains("gambit") && !refutation.text.contains("offers the pawn"), "\(refutation.text)")
    }

    /// "Bf5 stops Nxe4, which would have won the knight on e4", where Nxe4 dxe4 Bxe4 trades knights and nets a
    /// pawn. A threat names a piece it wins only when the exchange nets that piece, or a minor piece's worth of it.
    @Test func aThreatThatNetsAPawnDoesNotWinTheKnight() throws {
        let p = try Position(fen: "r2q1rk1/2p1bppp/p1n1b3/1p1pP3/4n3/2P2N2/PPBN1PPP/R1BQ1RK1 b - - 0 1")
        let pass = try #require(BoardFacts.passing(p))
        #expect(EngineDetectors.gain(of: try pass.move(uci: "d2e4"), in: pass) == nil)
        // A loose knight is won; a queen taken for the knight that took it is won too (the queen for a knight).
        let loose = try Position(fen: "4k3/8/8/8/3n4/8/8/3QK3 w - - 0 1")
        #expect(EngineDetectors.gain(of: try loose.move(uci: "d1d4"), in: loose) == .wins(PlacedPiece(.knight, .d4)))
        let queen = try Position(fen: "4k3/8/8/4p3/3q4/5N2/8/4K3 w - - 0 1")
        #expect(EngineDetectors.gain(of: try queen.move(uci: "f3d4"), in: queen) == .wins(PlacedPiece(.queen, .d4)))
    }
}

/// A material count stands where the engine's whole line comes to rest.
@Suite struct WholeLineCountTests {
    static let fen = "r1bqk2r/ppp2ppp/2p2n2/2b5/4P3/3P4/PPP2PPP/RNBQKB1R w KQkq - 0 1"
    /// Stockfish 15.1's line after 6.Qf3 at 40,000 nodes (the store's): …Ng4 h3 Nxf2 Rh2, and the knight trapped on f2
    /// is taken by the king eleven moves on.
    static let pv = ["f6g4", "h2h3", "g4f2", "h1h2", "e8g8", "c1e3", "c5e3", "f3e3", "d8d6", "g2g3", "d6b4", "e1f2", "b4b2"]

    func note(_ pv: [String]) throws -> Note {
        let p = try Position(fen: Self.fen)
        let qf3 = try p.move(uci: "d1f3")
        let after = p.playingUnchecked(qf3)
        let oracle = StubOracle(verdicts: [p.fen(): verdict([try line(p, ["f1e2", "f6g4"], 191, depth: 13)], depth: 13),
                                           after.fen(): verdict([try line(after, pv, -32, depth: 11)], depth: 11)])
        return Explainer(engine: oracle).explain(qf3, in: p, learner: .white).note
    }

    /// "This is a mistake: it loses a pawn" and "By the end of the line, Black has won back a pawn", read at
    /// …Rh2, where the knight on f2 is trapped: the engine's whole line wins it, so neither count is said.
    @Test func aCountTheWholeLineGivesBackIsNotSaid() throws {
        let n = try note(Self.pv)
        #expect(n.grade?.verdict == .mistake)
        #expect(!n.text.contains("loses a pawn"), "\(n.text)")
        let refutation = try #require(n.refutation)
        #expect(refutation.uci == ["f6g4", "h2h3", "g4f2", "h1h2"])
        #expect(!refutation.text.contains("has won"), "\(refutation.text)")
    }

    /// The same line stopped at …Rh2 (all the engine gave): the pawn is lost as far as it shows, and the note says so.
    @Test func aCountTheLineKeepsIsSaid() throws {
        let n = try note(Array(Self.pv.prefix(4)))
        #expect(leadSays(n.text, "mistake", "a pawn") && (n.text.contains("loses a pawn") || n.text.contains("costs a pawn")), "\(n.text)")
        #expect(n.refutation?.text.contains("By the end of the line, Black has won back a pawn.") == true, "\(n.refutation?.text ?? "")")
    }
}

/// The engine's own capture in a refutation is no bad trade.
@Suite struct EnginesOwnCaptureTests {
    /// After 1...Nh6 the refutation's reply 2.Nxf7 is the engine's own choice (a perpetual follows): its words do
    /// not say it "gives up the knight for only the pawn". The same capture graded a mistake still does.
    @Test func theEnginesOwnCaptureIsNoBadTrade() throws {
        let (_, _, note) = try explained("rnbqk1nb/pp3p2/2pp4/4N1p1/2BPPp2/2N5/PPP3P1/R1BQK3 b Qq - 0 1", "g8h6", best: ["d6e5", "d4e5"], -78,
                                         reply: ["e5f7", "h6f7", "d1h5", "d6d5", "c3d5", "h8d4"], 213, learner: .black)
        #expect(note.grade?.verdict == .mistake)
        let refutation = try #require(note.refutation)
        #expect(refutation.uci.first == "e5f7")
        #expect(!refutation.text.contains("for only"), "\(refutation.text)")
        #expect(refutation.text.hasPrefix("Nxf7 ") && refutation.text.contains("the pawn on f7"), "\(refutation.text)")
    }

}

/// A piece pinned to its king defends nothing off its pin line.
@Suite struct PinnedDefenderTests {
    /// After 1.Nd2, blocking the check from b4, the knight is pinned to the king and cannot take back on e4:
    /// 1...Qxe4+ wins the pawn. The static exchange leaves a piece pinned to its king out unless the square is on its
    /// pin line, so the note does not say Nd2 "defends the pawn on e4".
    @Test func aPinnedPieceDefendsNothingOffItsLine() throws {
        let p = try Position(fen: "r1b1k1nr/pppp1ppp/2n5/1N6/1b2P2q/8/PPP2PPP/RNBQKB1R w KQkq - 0 1")
        let after = p.playingUnchecked(try p.move(uci: "b1d2"))
        #expect(BoardFacts.exchangeGain(after.board, on: .e4, by: .black) == 100)
        // Unpinned (no bishop on b4), the knight does defend it: the queen would be lost for the pawn.
        let free = try Position(fen: "r1b1k1nr/pppp1ppp/2n5/1N6/4P2q/8/PPPN1PPP/R1BQKB1R b KQkq - 0 1")
        #expect(BoardFacts.exchangeGain(free.board, on: .e4, by: .black) == 0)
        // A pinned piece still takes on its own line: the pinner itself.
        let onLine = try Position(fen: "k7/4r3/8/8/8/8/4R3/4K3 w - - 0 1")
        #expect(BoardFacts.exchangeGain(onLine.board, on: .e7, by: .white) == 500)
        let note = try #require(Annotator().annotate(line: [LineMove(before: p, move: try p.move(uci: "b1d2"))], learner: .white).first)
        #expect(!note.motifs.contains { $0.kind == .defends }, "\(note.motifs)")
        #expect(!note.explanation.contains("defends the pawn on e4"), "\(note.explanation)")
    }

}

/// A loss the line's material does not bear out needs the deeper search.
@Suite struct UnsupportedLossConfirmationTests {
    /// Bg3 "a blunder, Bxd7+ better by 4.3 pawns" from a 40,000-node line that loses one pawn; 2.3 pawns at
    /// 400,000 nodes. A line whose material does not bear out the loss needs the deeper search, as a line that loses
    /// none does; a line that loses a knight for a loss of four pawns does not.
    @Test func aLossTheLinesMaterialDoesNotBearOutIsConfirmed() throws {
        let p = try Position(fen: "r3kbnr/pp1bpppp/8/1B1N4/3p1B2/4P3/PqP2PPP/R2QK1NR w KQkq - 0 1")
        let bg3 = try line(p, ["f4g3", "e8c8", "b5d7", "d8d7", "a1b1", "b2a2", "d5b4", "a2a5", "e3d4", "e7e5", "c2c3", "e5d4"], 254, depth: 12)
        let v = verdict([try line(p, ["b5d7", "e8d8", "d7a4"], 683, depth: 14), bg3], depth: 14)
        let grade = try #require(VerdictThresholds.standard.grade(move: "f4g3", before: v, after: nil))
        #expect(grade.verdict == .blunder)
        #expect(LineMaterial(bg3.pv, from: p).change(for: .white) == -100)
        #expect(ConfirmationPolicy.standard.needed(grade, line: bg3, in: p))
        #expect(!MaterialSwing.agrees(100, withLoss: 429) && MaterialSwing.agrees(300, withLoss: 400))
    }
}

/// A unit taken straight back by one of the same value is a trade; a capture wins only the unit its line keeps.
@Suite struct UnitTakenBackTests {
    /// After 1...Nd4 2.Nxd4 Qxd4 3.c3 Qd5 4.cxb4 Qxg2 the knights are traded and the bishop is what is lost: "a
    /// bishop for a pawn", not "a knight for a pawn". A unit taken straight back by one of the same value is a trade.
    @Test func aUnitTakenStraightBackIsATradeNotTheLoss() throws {
        let pv = ["b5d4", "e4d4", "c2c3", "d4d5", "c3b4", "d5g2"]
        let (p, nd4, note) = try explained("r1b1k1nr/pppp1ppp/2n5/1N6/1b2q3/8/PPPBBPPP/RN1QK2R b KQkq - 0 1", "c6d4", best: ["e8d8", "b1c3"], -32,
                                           reply: pv, 375, learner: .black)
        #expect(note.grade?.verdict == .blunder)
        #expect(note.text.contains("loses a bishop for a pawn") || note.text.contains("costs a bishop for a pawn"), "\(note.text)")
        #expect(note.refutation?.text.contains("White has won back a bishop for a pawn.") == true, "\(note.refutation?.text ?? "")")
        // The same count by hand: Black lost the knight and the bishop, White the knight and a pawn.
        let won = MaterialWon(move: nd4, in: p, line: LineMaterial.refutation(of: nd4, in: p, pv: pv))
        #expect(won.swing(for: .white) == MaterialSwing(won: [.bishop], given: [.pawn]))
    }

    /// The better move Nxe5 takes a knight, but …axb5 takes White's other knight: the line nets a pawn, so the
    /// better move's words do not say it "wins a knight"; it takes the knight that attacked its own.
    @Test func aCaptureWinsOnlyTheUnitItsLineKeeps() throws {
        let p = try Position(fen: "r1bqkb1r/5ppp/p3pn2/1N2n3/3p4/3B1N2/PP3PPP/R1BQK2R w KQkq - 0 1")
        let nbxd4 = try p.move(uci: "b5d4"), nxe5 = try p.move(uci: "f3e5")
        let after = p.playingUnchecked(nbxd4), better = p.playingUnchecked(nxe5)
        let best = ["f3e5", "a6b5", "d3b5", "c8d7", "e5d7", "d8a5", "c1d2", "a5b5", "d7f8", "e8f8"]
        let oracle = StubOracle(verdicts: [
            p.fen(): verdict([try line(p, best, 47, depth: 12)], depth: 12),
            after.fen(): verdict([try line(after, ["f8b4", "e1e2", "e5d3", "d1d3"], 150, depth: 12)], depth: 12),
            better.fen(): verdict([try line(better, Array(best.dropFirst()), -47, depth: 12)], depth: 12)])
        let note = Explainer(engine: oracle).explain(nbxd4, in: p, learner: .white).note
        #expect(note.grade?.verdict == .blunder)
        let text = try #require(note.better?.text)
        #expect(!text.contains("wins a knight") && !text.contains("wins the knight"), "\(text)")
        #expect(text.hasPrefix("Nxe5 takes first: the knight on e5 was attacking it."), "\(text)")
    }
}

/// A recapture the line declines: what the line counts and what it shows.
@Suite struct DeclinedRecaptureTests {
    /// After 1.Bf5 exf5 2.Be3 Bxe3 the engine's shallow line plays 3.Nc3, not 3.fxe3 that takes the bishop back:
    /// "By the end of the line, Black has won two bishops" counted White's lapse. The line now ends before the capture
    /// White does not take back, and counts one bishop.
    @Test func aRecaptureTheLineDeclinesIsNotWhatTheMoveLoses() throws {
        let pv = ["e6f5", "c1e3", "c5e3", "b1c3", "e3f2", "g1h1", "f6g4", "c3e2", "f2e3"]
        let (_, _, note) = try explained("r1bq1rk1/pp4pp/2n1pn2/2bp4/8/3B1N2/PPP2PPP/RNBQ1RK1 w - - 0 1", "d3f5",
                                         best: ["c2c4", "d8d6", "c4d5", "e6d5"], -77, reply: pv, 610, learner: .white)
        #expect(note.grade?.verdict == .blunder)
        #expect(note.refutation?.san == ["exf5", "Be3"], "\(note.refutation?.san ?? [])")
        let text = try #require(note.refutation?.text)
        #expect(text.hasPrefix("By the end of the line, Black has won a bishop.") || text.hasPrefix("exf5 wins a bishop"), "\(text)")
        #expect(!text.contains("two bishops"), "\(text)")
    }

    /// Na3?? Bxd1 Bb5+ c6 Bxb8: the line plays a check and takes a knight before it takes the bishop on d1 back, beyond
    /// the part a note shows. The verdict counts the recapture the board offers ("a queen for a bishop"); the refutation
    /// shows the engine's own move, Bxd1, and says no count its end does not show.
    @Test func theVerdictCountsTheRecaptureTheLineShowsNot() throws {
        let pv = ["g4d1", "f1b5", "c7c6", "f4b8", "e7e6", "b5d3", "a8b8", "e1d1", "a7a6"]
        let (p, na3, note) = try explained("rn1qkb1r/ppp1pppp/5n2/3p4/3P1Bb1/4P3/PPP2PPP/RN1QKBNR w KQkq - 0 1", "b1a3",
                                           best: ["d1d3", "c7c6", "d3b3", "d8b6", "h2h3"], 33, reply: pv, 593, learner: .white)
        #expect(note.grade?.verdict == .blunder)
        #expect(leadSays(note.text, "blunder", "loses a queen for a bishop"), "\(note.text)")
        #expect(note.refutation?.san == ["Bxd1"], "\(note.refutation?.san ?? [])")
        // In whichever form the move's variety chose ("Bxd1 wins the queen on d1.", "Bxd1 wins a queen: the one on d1.").
        #expect(note.refutation.map { $0.text.hasPrefix("Bxd1 wins ") && $0.text.contains("queen") && $0.text.contains("d1") } == true,
                "\(note.refutation?.text ?? "")")
        // Counted: the engine's Bxd1, then Rxd1 (the cheapest recapture); shown: Bxd1.
        let line = LineMaterial.refutation(of: na3, in: p, pv: pv)
        #expect(line.moves.map(\.uci) == ["g4d1", "a1d1"])
        #expect(line.shown.moves.map(\.uci) == ["g4d1"])
    }

    /// A recapture declined because taking back gives a real check (h3?? Bxd1 Nc3, where Rxd1 Qxf2+ is worse) is the
    /// line's own choice: the line stands whole and counts the queen.
    @Test func aRecaptureDeclinedForACheckKeepsTheLine() throws {
        let p = try Position(fen: "r3k2r/ppp2ppp/2p5/2b5/3qP1b1/3P4/PPP2PPP/RNBQ1RK1 w kq - 0 1")
        let h3 = try p.move(uci: "h2h3")
        let line = LineMaterial.refutation(of: h3, in: p, pv: ["g4d1", "b1c3", "d4b4", "c1f4", "d1c2"])
        #expect(line.moves.map(\.uci) == ["g4d1", "b1c3", "d4b4", "c1f4", "d1c2"])
    }

    /// Taking something as big instead of taking back (…Bxf3 Bxb4, a queen for the queen) is no declined recapture.
    @Test func aBiggerCaptureInsteadIsNoDecline() throws {
        let p = try Position(fen: "rn2kbnr/pp3ppp/2p1p3/8/3qb3/3B1Q2/PPP1NPPP/R1B1K2R w KQkq - 0 1")
        let a4 = try p.move(uci: "a2a4")
        let pv = ["d4b4", "c1d2", "e4f3", "d2b4", "f8b4", "g2f3"]
        let line = LineMaterial.refutation(of: a4, in: p, pv: pv)
        #expect(line.moves.map(\.uci) == Array(pv.prefix(5)))
    }
}

@Suite struct DuplicateSubjectTests {
    /// "Qg7 attacks your queen on h8, which has no defender, and challenges the queen on h8, offering to
    /// trade queens": one clause about the queen on h8.
    @Test func anAttackAndATradeOfferOnOnePieceAreOneClause() throws {
        let p = try Position(fen: "r1b1kb1Q/ppppq2p/2n2np1/8/3PP3/2N5/PPP2PPP/R1B1KB1R b KQq - 0 1")
        let note = try #require(Annotator().annotate(line: [LineMove(before: p, move: try p.move(uci: "e7g7"))], learner: .white).first)
        // (The attack itself is not found: the queen on h8 takes straight back, Qxg7 Bxg7, an even trade.)
        #expect(!note.motifs.contains { $0.kind == .attacks } && note.motifs.contains { $0.kind == .offersTrade }, "\(note.motifs)")
        #expect(note.explanation.components(separatedBy: "on h8").count == 2, "\(note.explanation)")
    }
}

@Suite struct MaterialClaimLineTests {
    /// "dxe5 wins a pawn: the one on e5" where 1...dxe5 takes back: a pawn trade. A capture wins material
    /// only when the engine's line, shown to a quiet point, leaves the mover a pawn or more up on the board.
    @Test func aCaptureTheLineTakesBackWinsNothing() throws {
        let p = try Position(fen: "rnbq1rk1/ppp2pbp/3p1np1/4p3/2PPP3/2N1BN2/PP3PPP/R2QKB1R w KQ - 0 1")
        let dxe5 = try p.move(uci: "d4e5")
        let after = p.playingUnchecked(dxe5)
        let before = verdict([try line(p, ["d4e5", "d6e5", "d1d8", "f8d8"], 138, depth: 8)], depth: 8)
        let reply = verdict([try line(after, ["d6e5", "d1d8", "f8d8", "c3d5"], -138, depth: 7)], depth: 7)
        let oracle = StubOracle(verdicts: [p.fen(): before, after.fen(): reply])
        let note = try #require(Annotator(oracle: oracle).annotate(line: [LineMove(before: p, move: dxe5)], learner: .white).first)
        #expect(!note.motifs.contains { $0.kind == .winsMaterial }, "\(note.motifs)")
        #expect(!note.explanation.contains("wins"), "\(note.explanation)")
        #expect(note.explanation.hasPrefix("dxe5 takes the pawn on e5") || note.explanation.hasPrefix("dxe5 captures the pawn on e5"), "\(note.explanation)")
    }
}

@Suite struct AnswerNamedTests {
    /// The verdict comes first, so the move's own name starts a later sentence: that is its subject, not the answer
    /// (1...Nxe4?? 2.Nxe4 is written the same way), while the answer named inside a sentence is still caught.
    @Test func theSubjectMayStartAnySentence() {
        let text = "This is a blunder: it loses a knight for a pawn. Bd7 was better, by about 3.8 pawns. Nxe4 gives up the knight."
        #expect(!Note.names("Nxe4", in: text, subject: "Nxe4"))
        #expect(Note.names("Nxe4", in: text + " It also lets White take back with Nxe4.", subject: "Nxe4"))
        #expect(Note.names("Nxe4", in: "This is a blunder: Nxe4 wins.", subject: "Bd7"))
    }
}

@Suite struct LineRunsOutTests {
    /// A line that runs out on a capture the other side wins back (2.Bxf7+?? with the king to take it, the PV stopping
    /// there) is cut before the exchange: its end would count a pawn won that is not.
    @Test func aLineThatRunsOutMidExchangeIsCutBeforeIt() throws {
        var p = Position.standard
        for san in ["e4", "e5", "Nf3", "Nc6", "Bc4"] { p.playUnchecked(try p.move(san: san)) }
        let line = LineMaterial(["g8f6", "c4f7"], from: p)
        #expect(line.toQuietPoint(plies: 4, atMost: 8).moves.map(\.uci) == ["g8f6"])
        let taken = LineMaterial(["g8f6", "c4f7", "e8f7"], from: p)
        #expect(taken.toQuietPoint(plies: 4, atMost: 8).moves.count == 3)
    }
}

/// A clause follows the move's name or "It also": it must be a verb phrase. The material balance after a trade was a
/// sentence of its own ("It also after the recapture Black has 2 pawns' worth less on the board", 81 notes).
@Suite struct ClauseIsAVerbPhraseTests {
    @Test(arguments: [-200, -100, 0, 100, 300])
    func theMaterialBalanceAfterATradeReadsAfterTheMove(_ balance: Int) throws {
        let c = SentenceContext(san: "Nxe5", mover: .black, learner: .white, role: .main, index: 1, ply: 6)
        guard case .clause(let wordings) = SentenceWriter().wording(.principle(.materialAfterTrade(balance: balance)), c) else {
            Issue.record("not a clause"); return
        }
        for w in wordings {
            let first = try #require(w.split(separator: " ").first)
            #expect(["leaves", "keeps"].contains(String(first)), "\(w)")
            #expect(!w.hasPrefix("after"))
        }
        if balance == -200 { #expect(wordings == ["leaves Black with 2 pawns' worth less on the board after the recapture"]) }
        if balance == 100 { #expect(wordings == ["leaves Black with a pawn more on the board after the recapture"]) }
    }
}
