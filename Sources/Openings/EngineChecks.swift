// EngineChecks: what Stockfish must agree with — sound learner moves, true tactical claims, loadable positions.
import ChessCore
import ChessPGN
import Diagnostics
import Explainer

/// How much a learner move may lose against the engine's best move, in centipawns.
public struct EngineThresholds: Sendable, Hashable {
    public var errorCentipawns: Int
    public var warningCentipawns: Int
    public init(errorCentipawns: Int = 100, warningCentipawns: Int = 60) {
        self.errorCentipawns = errorCentipawns
        self.warningCentipawns = warningCentipawns
    }
}

public enum EngineChecks {
    /// Every position of every line, once, in a fixed order (sources, lines, plies).
    public static func positions(of sources: [OpeningSource]) -> [Position] {
        var seen = Set<PositionIdentity>()
        var out: [Position] = []
        for s in sources {
            for p in [s.start] + s.lines.flatMap({ $0.moves.map(\.after) }) where seen.insert(p.identity).inserted {
                out.append(p)
            }
        }
        return out
    }

    /// Runs the engine over the library and applies VAL220–VAL223.
    public static func check(_ sources: [OpeningSource], oracle: any EngineOracle,
                             thresholds: EngineThresholds = EngineThresholds()) -> [Diagnostic] {
        let positions = positions(of: sources)
        let results = oracle.analyse(positions)
        var verdicts: [PositionIdentity: EngineVerdict] = [:]
        var failures: [PositionIdentity: EngineProblem] = [:]
        for (p, r) in zip(positions, results) {
            switch r {
            case .success(let v): verdicts[p.identity] = v
            case .failure(let e): failures[p.identity] = e
            }
        }
        var out: [Diagnostic] = []
        var reported = Set<PositionIdentity>()
        for s in sources {
            for line in s.lines {
                for m in line.moves {
                    let id = m.after.identity
                    if let f = failures[id], reported.insert(id).inserted {
                        out.append(Diagnostic(ValidatorCode.engineCannotAnalyse, "Stockfish could not analyse the position after \(moveLabel(m)): \(f.message)",
                                              at: m.location, notes: ["FEN: \(m.after.fen())", "engine code \(f.code)"]))
                    }
                }
            }
            if s.kind == .coach {
                out += learnerMoveProblems(s, verdicts: verdicts, thresholds: thresholds)
            }
            if s.kind == .tactic {
                out += claimProblems(s, verdicts: verdicts)
            }
            out += evaluationProblems(s, verdicts: verdicts)
        }
        return out
    }

    /// VAL220/VAL221 alone, asking the engine only what they need: the positions before the learner's
    /// moves, then the positions after the moves that are not among the engine's top lines. The deep check
    /// (`forge validate --learner-moves-only --nodes 600000`, five times the build's budget) runs this.
    public static func checkLearnerMoves(_ sources: [OpeningSource], oracle: any EngineOracle,
                                         thresholds: EngineThresholds = EngineThresholds()) -> [Diagnostic] {
        let moves = sources.filter { $0.kind == .coach }.flatMap { $0.learnerMoves().map(\.move) }
        var verdicts: [PositionIdentity: EngineVerdict] = [:]
        func ask(_ positions: [Position]) {
            var seen = Set<PositionIdentity>()
            let unique = positions.filter { verdicts[$0.identity] == nil && seen.insert($0.identity).inserted }
            for (p, r) in zip(unique, oracle.analyse(unique)) {
                if case .success(let v) = r { verdicts[p.identity] = v }
            }
        }
        ask(moves.map(\.before))
        ask(moves.filter { m in !(verdicts[m.before.identity]?.lines.contains { $0.uci == m.move.uci } ?? false) }.map(\.after))
        var out: [Diagnostic] = []
        for s in sources where s.kind == .coach {
            out += learnerMoveProblems(s, verdicts: verdicts, thresholds: thresholds)
        }
        return out
    }

    /// `12. Bc4` or `12... Nf6`.
    public static func moveLabel(_ m: LineMove) -> String {
        let number = m.before.fullmoveNumber
        return m.before.turn == .white ? "\(number). \(m.san)" : "\(number)... \(m.san)"
    }

    /// What the mover gives up by playing a move scored `played` instead of the engine's best, `best` (both from the
    /// mover's side), by ChessCore's `Score` order and nothing else: between two centipawn scores, their difference;
    /// with a mate on either side, nothing when `played` is as good or mates (or is mated) all the same, and a mate given
    /// up or walked into otherwise — more than any centipawn threshold, never a made-up number of centipawns.
    enum Loss: Equatable {
        case centipawns(Int)
        case mate

        init(best: Score, played: Score) {
            if let cp = best.centipawns(minus: played) {
                self = .centipawns(cp)
            } else if played >= best || Self.sameMateSide(best, played) {
                self = .centipawns(0)
            } else {
                self = .mate
            }
        }

        /// Both mates for the same side: a slower mate is still a mate, a later one still lost.
        private static func sameMateSide(_ a: Score, _ b: Score) -> Bool {
            if case .mate(let x) = a, case .mate(let y) = b { return (x > 0) == (y > 0) }
            return false
        }

        func exceeds(_ centipawns: Int) -> Bool {
            switch self {
            case .centipawns(let cp): cp > centipawns
            case .mate: true
            }
        }

        var text: String {
            switch self {
            case .centipawns(let cp): "loses \(cp) cp"
            case .mate: "gives up the mate or walks into one"
            }
        }
    }

    /// The score of `move` from the mover's side: from the top lines when it is one of them, else the reply position's score negated.
    static func score(of m: LineMove, verdicts: [PositionIdentity: EngineVerdict]) -> Score? {
        if let v = verdicts[m.before.identity], let l = v.lines.first(where: { $0.uci == m.move.uci }) { return l.score }
        return verdicts[m.after.identity]?.score.negated
    }

    /// VAL220/VAL221 over `OpeningSource.learnerMoves()`: a learner move that loses too much against the engine's best.
    static func learnerMoveProblems(_ s: OpeningSource, verdicts: [PositionIdentity: EngineVerdict],
                                    thresholds: EngineThresholds) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for lm in s.learnerMoves() {
            let (line, m) = (lm.line, lm.move)
            guard let v = verdicts[m.before.identity], let best = v.lines.first, let played = score(of: m, verdicts: verdicts) else { continue }
            let loss = Loss(best: best.score, played: played)
            guard loss.exceeds(thresholds.warningCentipawns), best.uci != m.move.uci else { continue }
            let severity: Severity = loss.exceeds(thresholds.errorCentipawns) ? .error : .warning
            let code = severity == .error ? ValidatorCode.learnerMoveLoses : ValidatorCode.learnerMoveNearLimit
            let role = line.role == .main ? "main line" : "answer in \"\(line.name)\""
            out.append(Diagnostic(code,
                                  "\(moveLabel(m)) (\(role)) \(loss.text) against Stockfish's best move \(best.san) (\(best.score.text) against \(played.text))",
                                  at: m.location,
                                  notes: ["threshold: error above \(thresholds.errorCentipawns) cp, warning above \(thresholds.warningCentipawns) cp; \(v.engine), \(v.profile)",
                                          "FEN: \(m.before.fen())"]))
        }
        return out
    }

    /// How far an authored `[%eval]` may be from the engine's score and still be confirmed, in centipawns.
    public static let evaluationTolerance = 150

    /// VAL224: an authored `[%eval …]` (White's side) agrees with Stockfish on the position after its move:
    /// a mate claim with a mate for the same side, a score within the tolerance or on the same side of a clear edge.
    static func evaluationProblems(_ s: OpeningSource, verdicts: [PositionIdentity: EngineVerdict]) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var seen = Set<SourceLocation>()
        for line in s.lines {
            for m in line.moves {
                guard let e = m.evaluation, seen.insert(m.location).inserted, let v = verdicts[m.after.identity] else { continue }
                let engine = m.after.turn == .white ? v.score : v.score.negated
                if let problem = disagreement(authored: e, engine: engine) {
                    out.append(Diagnostic(ValidatorCode.authoredEvalDisagrees, "the [%eval] after \(moveLabel(m)) says \(e.score.text), but Stockfish says \(engine.text) (White's side): \(problem)",
                                          at: m.location, notes: ["\(v.engine), \(v.profile)", "FEN: \(m.after.fen())"]))
                }
            }
        }
        return out
    }

    /// Why the engine's score (White's side) does not confirm the authored one, or nil.
    static func disagreement(authored: Evaluation, engine: Score) -> String? {
        switch authored.score {
        case .mate(let n):
            guard case .mate(let found) = engine, (found > 0) == (n > 0) else { return "no mate for that side" }
            return nil
        case .centipawns(let cp):
            switch engine {
            case .mate(let found):
                // A mate confirms a large advantage for the same side.
                return (found > 0) == (cp > 0) && abs(cp) >= 300 ? nil : "the engine finds a mate instead"
            case .centipawns(let found):
                if abs(found - cp) <= evaluationTolerance { return nil }
                // Beyond the tolerance a clear edge still confirms a clear edge for the same side.
                if abs(cp) >= 300 && abs(found) >= 300 && (cp > 0) == (found > 0) { return nil }
                return "more than \(evaluationTolerance) cp apart"
            }
        }
    }

    /// Material in pawns (1/3/3/5/9) of one side.
    public static func material(_ b: Board, _ c: PieceColor) -> Int {
        Role.allCases.reduce(0) { $0 + b.pieces(c, $1).count * $1.value }
    }

    static func claimProblems(_ s: OpeningSource, verdicts: [PositionIdentity: EngineVerdict]) -> [Diagnostic] {
        // The reader reported a missing or unreadable claim; the bound keeps an incomplete line safe.
        guard let tags = s.header.claim, tags.ply < s.mainLine.moves.count else { return [] }
        let (claim, ply, claimText) = (tags.claim, tags.ply, tags.claim.text)
        let moves = s.mainLine.moves
        let at = moves[ply].location
        let position = moves[ply].before
        let claimer = position.turn
        let final = moves[moves.count - 1].after
        func fail(_ msg: String) -> [Diagnostic] {
            [Diagnostic(ValidatorCode.tacticalClaimFails, "claim \"\(claimText)\" at ply \(ply) does not hold: \(msg)", at: at,
                        notes: ["FEN at ClaimPly: \(position.fen())"])]
        }
        guard let v = verdicts[position.identity] else { return [] } // reported as VAL223
        switch claim {
        case .mate(let n):
            guard case .mate(let found) = v.score, found > 0 else {
                return fail("Stockfish finds no mate for \(claimer.name) (it says \(v.score.text))")
            }
            if found > n { return fail("Stockfish's shortest mate is in \(found), not \(n)") }
            if !final.isCheckmate || final.turn == claimer { return fail("the line does not end with \(claimer.name) giving checkmate") }
            if moves.count - ply > 2 * n - 1 { return fail("the line takes \(moves.count - ply) plies from ClaimPly; mate in \(n) takes \(2 * n - 1)") }
        case .material(let n):
            let before = material(position.board, claimer) - material(position.board, claimer.opposite)
            let after = material(final.board, claimer) - material(final.board, claimer.opposite)
            if after - before < n { return fail("\(claimer.name) gains \(after - before) points of material by the end of the line, not \(n)") }
            if v.score < .centipawns(200) { return fail("Stockfish scores the position \(v.score.text) for \(claimer.name), not a clear win (+2.00 or more)") }
        }
        return []
    }
}
