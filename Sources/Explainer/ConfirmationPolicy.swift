// ConfirmationPolicy: when a verdict of inaccuracy or worse read from a shallow line must be confirmed by deeper searches, for the app's explainer and the build alike.
import ChessCore

/// A search with MultiPV over every move gives each move a shallow line (depth 7–8 at 100,000 nodes): enough to see a
/// piece left hanging, not always enough to judge a quiet move. A verdict of inaccuracy or worse whose line loses no
/// material on the board is therefore confirmed by deeper searches, the position after the move and the position
/// after the best move, and graded from those (docs/annotator.md, "Confirmed verdicts"). One policy, with the rules and
/// the verdict table of ``AnnotationOptions`` (``AnnotationOptions/confirmation``): the app's ``Explainer`` asks its
/// engine for the confirming searches; the build (Pipeline's MoveNotes) grades every noted move from a search after it,
/// searches the best move's child again at most ``ExplainerRules/bestRounds`` times, and confirms by this policy's
/// ``needed(_:line:in:)`` and ``confirms(_:topRanked:)`` at the budgets it passes its engine.
///
/// ```swift
/// let policy = AnnotationOptions().confirmation
/// let line = allMoves.lines.first { $0.uci == "a1c1" }!       // Rc1: -0.49 against h4's +0.99 at depth 8, no material lost
/// policy.needed(grade, line: line, in: p)                     // true: search after Rc1 and after h4, grade again
/// ```
public struct ConfirmationPolicy: Hashable, Sendable {
    public var rules: ExplainerRules
    public var verdicts: VerdictThresholds

    public init(rules: ExplainerRules = .standard, verdicts: VerdictThresholds = .standard) {
        self.rules = rules
        self.verdicts = verdicts
    }

    /// The build's policy and an app's default.
    public static let standard = ConfirmationPolicy()

    /// The grade of `move` in `position`: from its own line in the search before the move, else the search after it
    /// negated (``VerdictThresholds/grade(move:before:after:)``); when that needs confirming (``needed(_:line:in:)``)
    /// and `bestChild` (the search after the best move) and `after` are both deeper than the lines they replace, from
    /// those two searches instead. Nil without a line before or a score for the move.
    public func grade(_ move: Move, in position: Position, before: EngineVerdict, after: EngineVerdict?,
                      bestChild: EngineVerdict?) -> MoveGrade? {
        guard let g = verdicts.grade(move: move.uci, before: before, after: after) else { return nil }
        guard let rank = g.rank, let best = before.lines.first, let after, let bestChild,
            needed(g, line: before.lines[rank - 1], in: position) else { return g }
        let line = before.lines[rank - 1]
        guard after.depth > line.depth, bestChild.depth > best.depth else { return g }
        let confirmedBest = EngineLine(uci: best.uci, san: best.san, score: bestChild.score.negated,
                                       pv: [best.uci] + (bestChild.lines.first?.pv ?? []), depth: bestChild.depth)
        return verdicts.grade(move: move.uci, played: after.score.negated, best: confirmedBest, rank: nil)
    }

    /// The position whose search confirms `move`'s grade besides the one after the move: the position after the best
    /// move, when the grade read from `before` needs confirming; nil when it does not.
    public func bestChild(of move: Move, in position: Position, before: EngineVerdict, after: EngineVerdict?) -> Position? {
        guard let g = verdicts.grade(move: move.uci, before: before, after: after), let rank = g.rank, let best = before.lines.first,
            needed(g, line: before.lines[rank - 1], in: position), let b = try? position.move(uci: best.uci) else { return nil }
        return position.playingUnchecked(b)
    }

    /// Whether `grade`, read from `line` (the move's own line in a search of `position`), must be confirmed: an
    /// inaccuracy or worse (a drop of 100 permille or more), both scores centipawns (mates are mates), and a verdict the
    /// shallow line does not show on the board: the mover's material at the end of the line not a pawn
    /// (``ExplainerRules/pawn``) below what it was before the move, or a loss of material that does not bear out the
    /// centipawn loss (``ExplainerRules/agrees(_:withLoss:)``: Bg3 "a blunder, 4.3 pawns" on a line that loses a pawn
    /// was 2.3 pawns at 400,000 nodes) (docs/annotator.md, "Confirmed verdicts").
    public func needed(_ grade: MoveGrade, line: EngineLine, in position: Position) -> Bool {
        guard grade.verdict >= .inaccuracy, grade.rank != nil, case .centipawns = grade.best, case .centipawns = grade.played else { return false }
        let change = LineMaterial(line.pv, from: position).change(for: position.turn)
        guard change <= -rules.pawn, let loss = grade.centipawnLoss else { return true }
        return !rules.agrees(-change, withLoss: loss)
    }

    /// Whether `move`'s line in `verdict` (a shallow search of `position`) settles its grade without a deeper search: a
    /// line that leaves the mover at least a piece (``ExplainerRules/piece``) down on the board and scores it at least
    /// ``ExplainerRules/settledDrop`` below the best line — a blunder at any depth. A move without a line is never
    /// settled. The build searches the position after every other noted move (docs/coach-notes.md, "Graded from the
    /// position after the move").
    public func settledByLine(_ move: Move, in position: Position, verdict: EngineVerdict) -> Bool {
        guard let line = verdict.lines.first(where: { $0.uci == move.uci }), let best = verdict.lines.first,
            let drop = best.score.centipawns(minus: line.score) else { return false }
        return drop >= rules.settledDrop && LineMaterial(line.pv, from: position).change(for: position.turn) <= -rules.piece
    }

    /// Whether a grading search's verdict (on a line whose material does not show it, ``needed(_:line:in:)``) is searched
    /// again at the best move's depth: a mistake or worse on any move, an inaccuracy on one the parent's search ranks
    /// among its first ``ExplainerRules/confirmedRanks``. A mistake the line shows no material for is where a shallow
    /// search most often misjudges (Qf3 "a mistake" at 40,000 nodes, 0.25 pawn behind Be2 at 400,000).
    public func confirms(_ grade: MoveGrade, topRanked: Bool) -> Bool {
        grade.verdict >= .mistake || (topRanked && grade.verdict >= .inaccuracy)
    }
}
