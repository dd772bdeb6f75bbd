// VerdictConfirmation: a verdict of inaccuracy or worse read from a shallow every-move line, confirmed by deeper searches before a note says so.
import ChessCore

/// A search with MultiPV over every move gives each move a shallow line (depth 7–8 at 100,000 nodes): enough to see a
/// piece left hanging, not always enough to judge a quiet move. A verdict of inaccuracy or worse whose line loses no
/// material on the board is therefore confirmed by two deeper searches, the position after the move and the position
/// after the best move, and graded from those (docs/annotator.md, "Confirmed verdicts"). One rule for the annotator and
/// for an app (whose engine answers the explainer's request); the build's notes are graded from a search after every
/// move instead (docs/coach-notes.md, "Graded from the position after the move"), which leaves this rule nothing to ask.
///
/// ```swift
/// let line = allMoves.lines.first { $0.uci == "a1c1" }!       // Rc1: -0.49 against h4's +0.99 at depth 8, no material lost
/// VerdictConfirmation.needed(grade, line: line, in: p)        // true: search after Rc1 and after h4, grade again
/// ```
public enum VerdictConfirmation {
    /// The grade of `move` in `position`: from its own line in the search before the move, else the search after it
    /// negated (``VerdictThresholds/grade(move:before:after:)``); when that needs confirming (``needed(_:line:in:)``)
    /// and `bestChild` (the search after the best move) and `after` are both deeper than the lines they replace, from
    /// those two searches instead. Nil without a line before or a score for the move.
    public static func grade(_ move: Move, in position: Position, before: EngineVerdict, after: EngineVerdict?,
                             bestChild: EngineVerdict?, thresholds: VerdictThresholds) -> MoveGrade? {
        guard let g = thresholds.grade(move: move.uci, before: before, after: after) else { return nil }
        guard let rank = g.rank, let best = before.lines.first, let after, let bestChild,
            needed(g, line: before.lines[rank - 1], in: position) else { return g }
        let line = before.lines[rank - 1]
        guard after.depth > line.depth, bestChild.depth > best.depth else { return g }
        let confirmedBest = EngineLine(uci: best.uci, san: best.san, score: bestChild.score.negated,
                                       pv: [best.uci] + (bestChild.lines.first?.pv ?? []), depth: bestChild.depth)
        return thresholds.grade(move: move.uci, played: after.score.negated, best: confirmedBest, rank: nil)
    }

    /// The position whose search confirms `move`'s grade besides the one after the move: the position after the best
    /// move, when the grade read from `before` needs confirming; nil when it does not.
    public static func bestChild(of move: Move, in position: Position, before: EngineVerdict, after: EngineVerdict?,
                                 thresholds: VerdictThresholds) -> Position? {
        guard let g = thresholds.grade(move: move.uci, before: before, after: after), let rank = g.rank, let best = before.lines.first,
            needed(g, line: before.lines[rank - 1], in: position), let b = try? position.move(uci: best.uci) else { return nil }
        return position.playingUnchecked(b)
    }

    /// Whether `grade`, read from `line` (the move's own line in a search of `position`), must be confirmed: an
    /// inaccuracy or worse (a drop of 100 permille or more), both scores centipawns (mates are mates), and a verdict the
    /// shallow line does not show on the board: the mover's material at the end of the line not a pawn below what it
    /// was before the move, or a loss of material that does not bear out the centipawn loss
    /// (``MaterialSwing/agrees(_:withLoss:)``: review14 #194, Bg3 "a blunder, 4.3 pawns" on a line that loses a pawn,
    /// 2.3 pawns at 400,000 nodes) (docs/annotator.md, "Confirmed verdicts").
    public static func needed(_ grade: MoveGrade, line: EngineLine, in position: Position) -> Bool {
        guard grade.verdict >= .inaccuracy, grade.rank != nil, case .centipawns = grade.best, case .centipawns = grade.played else { return false }
        let change = LineMaterial(line.pv, from: position).change(for: position.turn)
        guard change <= -ExplainerRules.standard.pawn, let loss = grade.centipawnLoss else { return true }
        return !MaterialSwing.agrees(-change, withLoss: loss)
    }

    /// Whether `move`'s line in `verdict` (a shallow search of `position`) settles its grade without a deeper search: a
    /// line that leaves the mover at least a piece (300 cp of material) down on the board and scores it at least 3 pawns
    /// below the best line — a blunder at any depth. A move without a line is never settled. The build searches the
    /// position after every other noted move (docs/coach-notes.md, "Graded from the position after the move").
    public static func settledByLine(_ move: Move, in position: Position, verdict: EngineVerdict) -> Bool {
        guard let line = verdict.lines.first(where: { $0.uci == move.uci }), let best = verdict.lines.first,
            let drop = best.score.centipawns(minus: line.score) else { return false }
        let rules = ExplainerRules.standard
        return drop >= rules.settledDrop && LineMaterial(line.pv, from: position).change(for: position.turn) <= -rules.piece
    }
}
