// CourseExitTests: how a note tells a learner that the course's answer no longer fits, in the learner's words and
// from the board (why the usual answer is not possible, what the answer to find does), and when a good move names
// the better one.
import ChessCore
import Testing
@testable import Explainer

@Suite struct CourseExitTests {
    func position(_ moves: [String]) throws -> Position {
        var p = Position.standard
        for m in moves { try p.play(p.move(san: m)) }
        return p
    }

    /// 1.e4 e6 where the course expects 1...d5 2.exd5: nothing on d5 to take.
    @Test func theUsualCaptureHasNothingToTake() throws {
        let e4 = try position(["e4"])
        let planned = try position(["e4", "d5"])
        let after = try position(["e4", "e6"])
        #expect(Explainer.whyNot(try planned.move(uci: "e4d5"), in: planned, after: after) == "there is no pawn on d5 to take")
        let exit = Explainer.exit(CourseContext(moves: ["d7d5"], expected: "d7d5", plannedAnswer: "e4d5", reachedName: "French Defense"),
                                  after: after, answer: try after.move(uci: "d2d4"), opponentMoved: true, position: e4)
        #expect(exit == CourseExit(name: "French Defense", plan: "Your usual exd5 is not possible now: there is no pawn on d5 to take."))
    }

    /// The usual push is blocked, the usual piece is gone, the king is in check: each said from the board.
    @Test func theBoardSaysWhyTheUsualAnswerIsNotPossible() throws {
        // 1.e4 e5 expected, 2.d4 planned; 1...d5 instead, then 2.exd5 Qxd5: the queen on d5 stands in the way of d4? No:
        // d2-d4 passes d3; a piece on d4 blocks the push itself.
        let planned = try position(["e4", "e5"])
        let blocked = try Position(fen: "rnbqkbnr/pppp1ppp/8/8/3nP3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
        #expect(Explainer.whyNot(try planned.move(uci: "d2d4"), in: planned, after: blocked) == "the knight on d4 is in the way")
        let onTheWay = try Position(fen: "rnbqkbnr/pppp1ppp/8/8/4P3/3n4/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
        #expect(Explainer.whyNot(try planned.move(uci: "d2d4"), in: planned, after: onTheWay) == "your king is in check")
        let gone = try Position(fen: "rnbqkbnr/pppp1ppp/8/8/4P3/8/PPPP1PPP/RNBQKBbR w KQkq - 0 2")
        #expect(Explainer.whyNot(try planned.move(uci: "g1f3"), in: planned, after: gone) == "the knight is no longer on g1")
        let pinned = try Position(fen: "rnb1kbnr/pppp1ppp/8/8/4P3/8/PPPPqPPP/RNBQKBNR w KQkq - 0 2")
        #expect(Explainer.whyNot(try planned.move(uci: "d2d4"), in: planned, after: pinned) == "your king is in check")
    }

    /// The answer to find, told by what it does without its name; nothing when its words are not about it.
    @Test func theHintSaysWhatTheAnswerDoesWithoutNamingIt() {
        #expect(Explainer.hint("Nxe5 wins the pawn on e5. It also develops the knight.", answerSAN: "Nxe5") == "wins the pawn on e5")
        #expect(Explainer.hint("This is a mistake: Nf3 was better.", answerSAN: "Nxe5") == nil)
        #expect(Explainer.hint("Nxe5 only moves the knight to e5: it attacks and guards nothing it did not before.", answerSAN: "Nxe5") == nil)
        #expect(Explainer.hint("Bc4 prepares Bc4xf7.", answerSAN: "Bc4") != nil)
    }

    /// A good move names the better one from half an inaccuracy's drop; an inaccuracy or worse always does.
    @Test func aGoodMoveNamesTheBetterOneFromTheLessonThreshold() {
        let t = ExplainerRules.standard
        func grade(_ v: MoveVerdict, _ drop: Int, cp: Int = 30) -> MoveGrade {
            MoveGrade(verdict: v, best: .centipawns(30), played: .centipawns(0), drop: drop, centipawnLoss: cp, rank: 2, better: "e2e4")
        }
        #expect(t.lesson == 50)
        #expect(!t.namesBetter(grade(.good, 49)) && t.namesBetter(grade(.good, 50)) && t.namesBetter(grade(.inaccuracy, 100)))
        #expect(!t.namesBetter(grade(.best, 0)))
        // At +6 a free knight is a small drop in winning chances, but a pawn or more let go is always named.
        #expect(t.namesBetter(grade(.good, 40, cp: 300)) && !t.namesBetter(grade(.good, 40, cp: 99)))
    }

    /// An inaccuracy and an okay move say what was better; what it does is the note's `better` words.
    @Test func anInaccuracyAndAnOkayMoveSayWhatWasBetter() {
        #expect(Explainer.betterSentence("Nf3", verdict: .inaccuracy, variety: 0) == "This is an inaccuracy: Nf3 was better.")
        #expect(Explainer.betterSentence("Nf3", verdict: .good, variety: 0) == "Nf3 was a little better.")
        #expect(Explainer.betterSentence("Nf3", verdict: .mistake) == nil && Explainer.betterSentence("Nf3", verdict: .best) == nil)
        // Every form names the better move and, for an inaccuracy, the verdict; the forms spread over varieties.
        let inaccuracy = Set((0..<64).compactMap { Explainer.betterSentence("Nf3", verdict: .inaccuracy, variety: UInt64($0)) })
        let okay = Set((0..<64).compactMap { Explainer.betterSentence("Nf3", verdict: .good, variety: UInt64($0)) })
        #expect(inaccuracy.count == 6 && okay.count == 4, "\(inaccuracy) \(okay)")
        #expect(inaccuracy.allSatisfy { $0.contains("Nf3") && $0.lowercased().contains("inaccuracy") })
        #expect(okay.allSatisfy { $0.hasPrefix("Nf3 ") || $0.hasSuffix(" Nf3.") })
    }

    /// The wording a move gets is a function of its position and move alone: the same on every run and machine
    /// (FNV-1a, not the per-process `Hasher`), and different positions spread over the forms.
    @Test func aMovesWordingDependsOnItsPositionAndMoveOnly() {
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        #expect(SentenceWriter.variety(fen: fen, uci: "e7e5") == SentenceWriter.variety(fen: fen, uci: "e7e5"))
        #expect(SentenceWriter.variety(fen: fen, uci: "e7e5") != SentenceWriter.variety(fen: fen, uci: "c7c5"))
        // The move counters are no part of the position: the same position reached at move 1 or move 12 reads the same
        // (the bundle stores `0 1`, a game's FEN has its own); any other field is.
        let later = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 3 12"
        #expect(SentenceWriter.variety(fen: later, uci: "e7e5") == SentenceWriter.variety(fen: fen, uci: "e7e5"))
        #expect(SentenceWriter.variety(fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b Kkq - 0 1", uci: "e7e5")
                != SentenceWriter.variety(fen: fen, uci: "e7e5"))
        // The value pinned: a change to the hash rewrites every wording of the bundle, so it is made on purpose.
        let offset: UInt64 = 0xcbf2_9ce4_8422_2325, prime: UInt64 = 0x0000_0100_0000_01b3
        #expect(SentenceWriter.variety(fen: "", uci: "") == ((offset ^ 0x20) &* prime) >> 8)
        let spread = Set((0..<200).map { SentenceWriter.variety(fen: fen, uci: "m\($0)") % 4 })
        #expect(spread.count == 4)
    }
}
