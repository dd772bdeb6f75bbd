// CurriculumChecks: the coach curriculum's rules — early phase-2 deviations, authored learner moves, clean moves, true comments.
import ChessCore
import ChessPGN
import Diagnostics
import Explainer

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
        out += mainLineWithoutPlan(s)
        out += spoiledTraps(s, learner: learner)
        return out
    }

    /// VAL226: a coach main line ends in a stated plan, not at a move count: the comment on its last move
    /// says what comes next (`statesPlan`), so the learner leaves the line knowing what to do.
    static func mainLineWithoutPlan(_ s: OpeningSource) -> [Diagnostic] {
        let note = "end the comment on the last move with the plan: a sentence that starts \"Plan:\" or \"Next\", or says \"the plan is …\""
        guard let last = s.mainLine.moves.last else {
            return [Diagnostic(ValidatorCode.mainLineWithoutPlan, "the main line has no moves, so it states no plan", at: s.location, notes: [note])]
        }
        if let c = last.comment, statesPlan(AuthoredComment(c)) { return [] }
        return [Diagnostic(ValidatorCode.mainLineWithoutPlan, "the main line ends at \(EngineChecks.moveLabel(last)) without a stated plan",
                           at: last.location, notes: [note])]
    }

    /// A sentence that states a plan: it starts with `Next` (`Next ...c5 and ...Qc7.`) or names the plan
    /// (`Plans: b4 and a5.`, `The plan is f4-f5.`).
    public static func statesPlan(_ c: AuthoredComment) -> Bool {
        c.sentences.contains { s in s.terms.first == "next" || s.terms.contains { $0 == "plan" || $0 == "plans" } }
    }

    /// VAL228: no spoiler in a trap. The learner should find the move: neither the trap's introduction nor the
    /// comment on the move before it names it (its text is shown before the learner moves). Why the move wins
    /// belongs in the comment on the learner's move itself, which the app shows after it is played.
    /// Moves are recognised as `ExplanationChecks.looksLikeMove` does (piece moves, captures, castling).
    static func spoiledTraps(_ s: OpeningSource, learner: PieceColor) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for d in s.deviations where d.deviation?.kind == .trap {
            for k in d.ownMoves.indices where d.moves[k].before.turn == learner {
                let m = d.moves[k]
                var shown: [(what: String, text: String)] = []
                if let intro = d.description { shown.append(("the trap's introduction", intro)) }
                if k > d.branchPly, let c = d.moves[k - 1].comment { shown.append(("the comment on \(EngineChecks.moveLabel(d.moves[k - 1]))", c)) }
                for (what, text) in shown {
                    guard let named = AuthoredComment(text).words.first(where: { w in
                        ExplanationChecks.looksLikeMove(w) && (try? m.before.parseSAN(w))?.move == m.move
                    }) else { continue }
                    out.append(Diagnostic(ValidatorCode.spoiledTrap, "\(what) in trap \"\(d.name)\" names \(named), the move the learner should find at \(EngineChecks.moveLabel(m))",
                                          at: m.location, notes: ["warn or set the exercise before the move; say why \(m.san) wins in the comment after it"]))
                }
            }
        }
        return out
    }

    /// The opponent's move that leaves the main line, as a move number, or nil for lines without own moves.
    static func leavingMoveNumber(_ line: OpeningLine) -> Int? { line.ownMoves.first?.before.fullmoveNumber }

    /// VAL213: a phase-2 deviation or sidestep that leaves after the opponent's sixth move belongs to phase 3.
    static func lateDeviations(_ s: OpeningSource) -> [Diagnostic] {
        s.deviations.compactMap { d in
            guard d.deviation?.phase == 2, d.deviation?.kind != .trap, let first = d.ownMoves.first, first.before.fullmoveNumber > latestPhase2Move else { return nil }
            return Diagnostic(ValidatorCode.phase2LeavesLate, "phase-2 deviation \"\(d.name)\" leaves the main line at move \(first.before.fullmoveNumber) (\(EngineChecks.moveLabel(first))); phase 2 is for moves beginners meet by the opponent's move \(latestPhase2Move)",
                              at: d.location, notes: ["make it phase=3, or choose a deviation that leaves earlier"])
        }
    }

    /// VAL218: at least four phase-2 deviations that leave early.
    static func earlyDeviationCount(_ s: OpeningSource) -> [Diagnostic] {
        let early = s.deviations.filter { d in
            d.deviation?.phase == 2 && d.deviation?.kind == .deviation && (leavingMoveNumber(d) ?? Int.max) <= latestPhase2Move
        }
        guard early.count < minimumEarlyDeviations else { return [] }
        return [Diagnostic(ValidatorCode.tooFewPhase2Deviations, "\(early.count) phase-2 deviations leave the main line by the opponent's move \(latestPhase2Move); a coach opening needs at least \(minimumEarlyDeviations)",
                           at: s.location, notes: ["mark early variations with {[%dev phase=2 name=\"…\" reason=\"…\"]}"])]
    }

    /// VAL217: a phase-2 deviation says why it was chosen.
    static func missingReasons(_ s: OpeningSource) -> [Diagnostic] {
        s.deviations.compactMap { d in
            guard d.deviation?.phase == 2, d.deviation?.reason == nil else { return nil }
            return Diagnostic(ValidatorCode.deviationWithoutReason, "phase-2 deviation \"\(d.name)\" does not say why it was chosen",
                              at: d.location, notes: ["add reason=\"…\" to its [%dev] marker: who plays it and why a beginner meets it"])
        }
    }

    /// VAL225: a sidestep is a line the learner can follow for a while.
    static func shortSidesteps(_ s: OpeningSource) -> [Diagnostic] {
        s.deviations.compactMap { d in
            guard d.deviation?.kind == .sidestep, d.ownMoves.count < 2 * minimumSidestepMoves else { return nil }
            return Diagnostic(ValidatorCode.sidestepTooShort, "sidestep \"\(d.name)\" has \(d.ownMoves.count) plies after it leaves; a sidestep needs at least \(minimumSidestepMoves) full moves (\(2 * minimumSidestepMoves) plies)",
                              at: d.location)
        }
    }

    /// VAL219: a trap line carries the engine's confirmation (`[%eval …]`) somewhere in its own moves.
    static func trapsWithoutConfirmation(_ s: OpeningSource) -> [Diagnostic] {
        s.deviations.compactMap { d in
            guard d.deviation?.kind == .trap, !d.ownMoves.contains(where: { $0.evaluation != nil }) else { return nil }
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
    /// VAL229: a claim stated in the present tense about a square whose pieces the reader cannot tell
    /// (`this attacks d5`, `it controls e5` after castling); the comment's `[%unchecked]` marker silences it.
    static func claimProblems(_ s: OpeningSource) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var seen = Set<SourceLocation>()
        for line in s.lines {
            for m in line.moves {
                guard let comment = m.comment, seen.insert(m.location).inserted, let after = try? m.before.playing(m.move) else { continue }
                let reading = CommentClaims.reading(of: comment, after: m.move, from: m.before)
                for (claim, words) in reading.claims {
                    guard let reason = CommentClaims.reason(claim, in: after) else { continue }
                    out.append(Diagnostic(ValidatorCode.falseBoardClaim, "the comment after \(EngineChecks.moveLabel(m)) says \"\(words)\", but \(reason)",
                                          at: m.location, notes: ["FEN: \(m.after.fen())"]))
                }
                guard !m.claimsUnchecked else { continue }
                for words in reading.unresolved {
                    out.append(Diagnostic(ValidatorCode.uncheckedClaim, "the comment after \(EngineChecks.moveLabel(m)) says \"\(words)\", but which pieces it means cannot be told, so it is not checked",
                                          at: m.location, notes: ["name the piece (\"the knight on f3\", \"Nf3\", \"both knights\"), or put [%unchecked] in the comment"]))
                }
            }
        }
        return out
    }
}
