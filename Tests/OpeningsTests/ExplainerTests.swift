// ExplainerTests: the verdict table against independently computed cases, and the note on a move from a scripted engine.
@testable import Explainer
import ChessCore
import Foundation
import Testing

struct VerdictCase: CustomStringConvertible, Sendable {
    var line: Int
    var best: Score
    var played: Score
    var drop: Int
    var verdict: String
    var description: String { "thresholds.txt:\(line): \(best.text) vs \(played.text)" }

    static func score(_ s: Substring) -> Score? {
        let f = s.split(separator: " ")
        guard f.count == 2, let n = Int(f[1]) else { return nil }
        return f[0] == "mate" ? .mate(n) : f[0] == "cp" ? .centipawns(n) : nil
    }

    static func load() -> [VerdictCase] {
        let root = Bundle.module.resourceURL?.appendingPathComponent("Fixtures").path ?? "Tests/OpeningsTests/Fixtures"
        guard let text = try? String(contentsOfFile: root + "/verdicts/thresholds.txt", encoding: .utf8) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { i, l in
            guard !l.hasPrefix("#"), !l.isEmpty else { return nil }
            let f = l.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard f.count == 4, let b = score(Substring(f[0])), let p = score(Substring(f[1])), let d = Int(f[2]) else { return nil }
            return VerdictCase(line: i + 1, best: b, played: p, drop: d, verdict: f[3])
        }
    }
}

@Suite struct VerdictTests {
    @Test func fixtureCoversEveryVerdictAndMates() {
        let cases = VerdictCase.load()
        #expect(cases.count == 25)
        for v in MoveVerdict.allCases { #expect(cases.contains { $0.verdict == v.rawValue }, "no case for \(v)") }
        #expect(cases.contains { if case .mate = $0.best { true } else { false } })
        #expect(cases.contains { if case .mate = $0.played { true } else { false } })
    }

    @Test(arguments: VerdictCase.load())
    func verdictMatchesTheIndependentTable(_ c: VerdictCase) {
        let best = EngineLine(uci: "a2a3", san: "a3", score: c.best, pv: ["a2a3"])
        let g = VerdictThresholds.standard.grade(move: "h2h3", played: c.played, best: best, rank: nil)
        #expect(g.verdict.rawValue == c.verdict, "\(c)")
        #expect(g.drop == c.drop, "\(c)")
    }

    @Test func theEnginesOwnMoveIsBestAndScoresComeFromTheRightSearch() throws {
        let before = EngineVerdict(score: .centipawns(30), wdl: nil, lines: [
            EngineLine(uci: "e2e4", san: "e4", score: .centipawns(30), pv: ["e2e4"]),
            EngineLine(uci: "d2d4", san: "d4", score: .centipawns(-40), pv: ["d2d4"]),
        ], depth: 10, nodes: 1000, engine: "stub", profile: "stub")
        let t = VerdictThresholds.standard
        #expect(t.grade(move: "e2e4", before: before, after: nil)?.verdict == .best)
        #expect(t.grade(move: "e2e4", before: before, after: nil)?.rank == 1)
        // Its own line scores d4 (-0.40: a drop of 129 permille from +0.30).
        let d4 = try #require(t.grade(move: "d2d4", before: before, after: nil))
        #expect(d4.verdict == .inaccuracy && d4.rank == 2 && d4.centipawnLoss == 70 && d4.better == "e2e4")
        // Not among the lines: the search after the move, negated (the opponent's +2.00 is the mover's -2.00).
        let after = EngineVerdict(score: .centipawns(200), wdl: nil, lines: [], depth: 9, nodes: 900, engine: "stub", profile: "stub")
        let g4 = try #require(t.grade(move: "g2g4", before: before, after: after))
        #expect(g4.played == .centipawns(-200) && g4.verdict == .blunder && g4.rank == nil)
        // Nothing to grade without a line before or a score for the move.
        #expect(t.grade(move: "g2g4", before: before, after: nil) == nil)
    }

    @Test func winningChancesNeedNoLibm() {
        #expect(WinningChances.permille(.centipawns(0)) == 0)
        #expect(WinningChances.permille(.centipawns(100)) == 182)
        #expect(WinningChances.permille(.centipawns(-100)) == -182)
        #expect(WinningChances.permille(.centipawns(5000)) == WinningChances.permille(.centipawns(1000)))
        #expect(WinningChances.permille(.mate(1)) == 1000 && WinningChances.permille(.mate(-1)) == -1000 && WinningChances.permille(.mate(0)) == -1000)
    }
}

@Suite struct ExplainerTests {
    /// After 1.e4 e5 2.Nf3 the opponent plays 2...f6?: the stub engine says Nc6 keeps -0.20 for Black and f6 gives
    /// White +1.50 with 3.Nxe5 fxe5 4.Qh5+ Ke7.
    func f6() throws -> (Position, Move, StubOracle) {
        var p = Position.standard
        for san in ["e4", "e5", "Nf3"] { p.playUnchecked(try p.move(san: san)) }
        let f6 = try p.move(san: "f6")
        let after = p.playingUnchecked(f6)
        var punished = StubOracle.verdict(150, [("f3e5", "Nxe5", 150)])
        punished.lines[0].pv = ["f3e5", "f6e5", "d1h5", "e8e7", "h5e5", "e7f7"]
        let oracle = StubOracle(verdicts: [p.fen(): StubOracle.verdict(-20, [("b8c6", "Nc6", -20), ("d7d6", "d6", -35)]),
                                           after.fen(): punished])
        return (p, f6, oracle)
    }

    @Test func anOpponentsLosingMoveIsNamedAMistakeWithoutGivingThePunishmentAway() throws {
        let (p, f6, oracle) = try f6()
        let (note, problems) = Explainer(engine: oracle).explain(f6, in: p, learner: .white)
        #expect(problems.isEmpty)
        #expect(note.san == "f6" && note.uci == "f7f6" && note.mover == .black)
        // -0.20 is -37 permille, -1.50 is -269: a drop of 232.
        #expect(note.verdict == .mistake)
        #expect(note.grade?.drop == 232)
        #expect(leadSays(note.text, "mistake", "Nc6"), "\(note.text)")
        #expect(!note.text.contains("Nxe5"), "\(note.text)")
        #expect(note.answer?.uci == ["f3e5"])
        #expect(note.answer?.arrows.map(\.text) == ["Gf3e5"])
        // Four plies, then the exchange the fourth leaves pending (Qxe5+) is finished: the line stops at a quiet point.
        #expect(note.refutation?.uci == ["f3e5", "f6e5", "d1h5", "e8e7", "h5e5"])
        #expect(note.refutation?.san == ["Nxe5", "fxe5", "Qh5+", "Ke7", "Qxe5+"])
        #expect(note.refutation?.score == .centipawns(150))
        #expect(note.better?.uci == ["b8c6"] && note.better?.san == ["Nc6"])
        #expect(note.better.map { !$0.text.isEmpty } == true)
        #expect(!note.arrows.contains { $0.color == .green })
        #expect(note.problems().isEmpty, "\(note.problems())")
    }

    @Test func theNoteChecksCatchWhatIsWrong() throws {
        let (p, f6, oracle) = try f6()
        let (good, _) = Explainer(engine: oracle).explain(f6, in: p, learner: .white)
        var bad = good
        bad.grade?.verdict = .good
        bad.text += " Nxe5 wins."
        bad.refutation?.uci = ["f3e5", "e8e7"]
        bad.better = nil
        let problems = bad.problems()
        #expect(problems.contains("verdict good, the table gives mistake for -0.20 against -1.50"), "\(problems)")
        #expect(problems.contains("the text gives the answer Nxe5 away"), "\(problems)")
        #expect(problems.contains { $0.hasPrefix("refutation: ") }, "\(problems)")
        #expect(problems.contains("a refutation for a good move"), "\(problems)")
        var moved = good
        moved.uci = "e2e4"
        #expect(moved.problems() == ["e2e4 is not legal in \(p.fen())"])
    }

    @Test func theLearnersOwnMistakeGetsRefutationAndBetterButNoAnswer() throws {
        let (p, f6, oracle) = try f6()
        let (note, _) = Explainer(engine: oracle).explain(f6, in: p, learner: .black)
        #expect(note.verdict == .mistake)
        #expect(note.answer == nil)
        #expect(note.refutation?.uci.first == "f3e5")
        #expect(note.better?.uci == ["b8c6"])
    }

    @Test func aGoodMoveHasNeitherRefutationNorBetter() throws {
        let (p, _, oracle) = try f6()
        let nc6 = try p.move(san: "Nc6")
        let (note, _) = Explainer(engine: oracle).explain(nc6, in: p, learner: .black)
        #expect(note.verdict == .best && note.grade?.rank == 1)
        #expect(note.refutation == nil && note.better == nil && note.answer == nil)
        #expect(!note.text.isEmpty)
    }

    @Test func anEngineThatFailsLeavesTheNoteUngradedAndSaysSo() throws {
        let (p, f6, _) = try f6()
        let (note, problems) = Explainer(engine: FailingOracle()).explain(f6, in: p, learner: .white)
        #expect(note.grade == nil && note.refutation == nil && note.answer == nil)
        #expect(!note.text.isEmpty)
        #expect(problems.first?.code == AnnotatorCode.noEngineVerdict)
    }
}

struct FailingOracle: EngineOracle {
    func analyse(_ positions: [Position]) -> [Result<EngineVerdict, EngineProblem>] {
        positions.map { .failure(EngineProblem(code: AnnotatorCode.noEngineVerdict, message: "no engine for \($0.fen())")) }
    }
}

@Suite struct MaterialClaimTests {
    /// "Material is level again" stands on the whole board after the exchange, not on the last two captures.
    @Test func levelAgainOnlyWhenTheBoardIsLevel() throws {
        let scandinavian = Annotator().annotate(line: try AnnotatorFixture.line("e4 d5 exd5 Qxd5"), learner: .white)
        #expect(scandinavian[3].motifs.contains(.recaptures(piece: .queen, target: PlacedPiece(.pawn, Square("d5")!), evens: true)))
        // Smith-Morra: 4.Nxc3 takes back a pawn for a pawn, and White is still a pawn down.
        let morra = Annotator().annotate(line: try AnnotatorFixture.line("e4 c5 d4 cxd4 c3 dxc3 Nxc3"), learner: .white)
        #expect(morra[6].motifs.contains(.recaptures(piece: .knight, target: PlacedPiece(.pawn, Square("c3")!), evens: false)))
        #expect(!morra[6].explanation.contains("level again") && !morra[6].explanation.contains("restores the material"),
                "\(morra[6].explanation)")
    }
}
