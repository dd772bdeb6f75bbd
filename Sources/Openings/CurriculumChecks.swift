// CurriculumChecks: the coach curriculum's rules — early phase-2 deviations, authored learner moves, clean moves, true comments.
import ChessCore
import ChessPGN
import Diagnostics

/// Rules about what a beginner meets and reads, on one coach source, without the engine.
public enum CurriculumChecks {
    /// A phase-2 deviation or sidestep leaves the main line by the opponent's move with this number at the latest.
    public static let latestPhase2Move = 6
    /// A coach opening has this many early phase-2 deviations (kind `deviation`).
    public static let minimumEarlyDeviations = 4
    /// A sidestep is a short line the learner can follow: this many full moves after it leaves.
    public static let minimumSidestepMoves = 6

    public static func check(_ s: OpeningSource) -> [Diagnostic] {
        var out: [Diagnostic] = []
        out += claimProblems(s)
        guard s.kind == .coach else { return out }
        out += decoratedMoves(s)
        guard let learner = s.learner else { return out }
        out += lateDeviations(s)
        out += missingReasons(s)
        // Counts, line lengths and missing explanations need whole lines and every comment: a source cut
        // short by a reading error (an unclosed comment swallows the explanations after it) skips them.
        guard s.isComplete else { return out }
        out += unexplainedLearnerMoves(s, learner: learner)
        out += earlyDeviationCount(s)
        out += shortSidesteps(s)
        out += trapsWithoutConfirmation(s)
        return out
    }

    /// The opponent's move that leaves the main line, as a move number, or nil for lines without own moves.
    static func leavingMoveNumber(_ line: OpeningLine) -> Int? { line.ownMoves.first?.before.fullmoveNumber }

    /// VAL213: a phase-2 deviation or sidestep that leaves after the opponent's sixth move belongs to phase 3.
    static func lateDeviations(_ s: OpeningSource) -> [Diagnostic] {
        s.deviations.compactMap { d in
            guard d.phase == 2, d.kind != .trap, let first = d.ownMoves.first, first.before.fullmoveNumber > latestPhase2Move else { return nil }
            return Diagnostic(ValidatorCode.phase2LeavesLate, "phase-2 deviation \"\(d.name)\" leaves the main line at move \(first.before.fullmoveNumber) (\(EngineChecks.moveLabel(first))); phase 2 is for moves beginners meet by the opponent's move \(latestPhase2Move)",
                              at: d.location, notes: ["make it phase=3, or choose a deviation that leaves earlier"])
        }
    }

    /// VAL218: at least four phase-2 deviations that leave early.
    static func earlyDeviationCount(_ s: OpeningSource) -> [Diagnostic] {
        let early = s.deviations.filter { d in
            d.phase == 2 && (d.kind ?? .deviation) == .deviation && (leavingMoveNumber(d) ?? Int.max) <= latestPhase2Move
        }
        guard early.count < minimumEarlyDeviations else { return [] }
        return [Diagnostic(ValidatorCode.tooFewPhase2Deviations, "\(early.count) phase-2 deviations leave the main line by the opponent's move \(latestPhase2Move); a coach opening needs at least \(minimumEarlyDeviations)",
                           at: s.location, notes: ["mark early variations with {[%dev phase=2 name=\"…\" reason=\"…\"]}"])]
    }

    /// VAL217: a phase-2 deviation says why it was chosen.
    static func missingReasons(_ s: OpeningSource) -> [Diagnostic] {
        s.deviations.compactMap { d in
            guard d.phase == 2, d.reason == nil else { return nil }
            return Diagnostic(ValidatorCode.deviationWithoutReason, "phase-2 deviation \"\(d.name)\" does not say why it was chosen",
                              at: d.location, notes: ["add reason=\"…\" to its [%dev] marker: who plays it and why a beginner meets it"])
        }
    }

    /// VAL225: a sidestep is a line the learner can follow for a while.
    static func shortSidesteps(_ s: OpeningSource) -> [Diagnostic] {
        s.deviations.compactMap { d in
            guard d.kind == .sidestep, d.ownMoves.count < 2 * minimumSidestepMoves else { return nil }
            return Diagnostic(ValidatorCode.sidestepTooShort, "sidestep \"\(d.name)\" has \(d.ownMoves.count) plies after it leaves; a sidestep needs at least \(minimumSidestepMoves) full moves (\(2 * minimumSidestepMoves) plies)",
                              at: d.location)
        }
    }

    /// VAL219: a trap line carries the engine's confirmation (`[%eval …]`) somewhere in its own moves.
    static func trapsWithoutConfirmation(_ s: OpeningSource) -> [Diagnostic] {
        s.deviations.compactMap { d in
            guard d.kind == .trap, !d.ownMoves.contains(where: { $0.evaluation != nil }) else { return nil }
            return Diagnostic(ValidatorCode.unconfirmedTrap, "trap \"\(d.name)\" has no engine confirmation",
                              at: d.location, notes: ["put [%eval …] (White's side, in pawns, or #N) in the comment of the decisive move"])
        }
    }

    /// VAL214: every learner move of the main line and of phase-2 lines is explained by hand.
    static func unexplainedLearnerMoves(_ s: OpeningSource, learner: PieceColor) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for lm in s.learnerMoves(on: s.taughtLines) {
            let m = lm.move
            guard (m.comment ?? "").isEmpty else { continue }
            let role = lm.line.role == .main ? "the main line" : "\"\(lm.line.name)\""
            out.append(Diagnostic(ValidatorCode.unexplainedLearnerMove, "learner move \(EngineChecks.moveLabel(m)) in \(role) has no authored explanation",
                                  at: m.location, notes: ["write {…} after the move: why it is played, for a player under 1000"]))
        }
        return out
    }

    /// VAL215: curriculum moves carry no `!`/`?` suffix and no NAG.
    static func decoratedMoves(_ s: OpeningSource) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var seen = Set<SourceLocation>()
        for line in s.lines {
            for m in line.moves where !m.nags.isEmpty && seen.insert(m.location).inserted {
                let written = m.nags.map { suffix($0) ?? "$\($0)" }.joined(separator: " ")
                out.append(Diagnostic(ValidatorCode.annotatedCoachMove, "move \(EngineChecks.moveLabel(m)) carries \(written); curriculum moves are written plain",
                                      at: m.location, notes: ["say in the comment what is good or bad about the move"]))
            }
        }
        return out
    }

    static func suffix(_ nag: UInt8) -> String? {
        switch nag {
        case 1: "!"
        case 2: "?"
        case 3: "!!"
        case 4: "??"
        case 5: "!?"
        case 6: "?!"
        default: nil
        }
    }

    /// VAL216: an authored comment's claim about lines of sight or counts that the position contradicts.
    static func claimProblems(_ s: OpeningSource) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var seen = Set<SourceLocation>()
        for line in s.lines {
            for m in line.moves {
                guard let comment = m.comment, seen.insert(m.location).inserted else { continue }
                for p in CommentClaims.problems(in: comment, after: m.move, from: m.before) {
                    out.append(Diagnostic(ValidatorCode.falseBoardClaim, "the comment after \(EngineChecks.moveLabel(m)) says \"\(p.words)\", but \(p.reason)",
                                          at: m.location, notes: ["FEN: \(m.after.fen())"]))
                }
            }
        }
        return out
    }
}
