// MoveGrading: the bundle's judgement of a move graded with the one verdict table (Openings' VerdictThresholds).
import ChessCore
import Explainer

extension MoveJudgement {
    /// The verdict on the move (best, good, inaccuracy, mistake, blunder: `VerdictThresholds.standard`, the table the
    /// build and `Explainer` use) when the bundle holds the move's score, that is when it is among the top moves;
    /// nil otherwise (a move outside them is at best as good as the last, which grades nothing: explain it with
    /// `Explainer` and an engine).
    ///
    ///     try coach.judge(uci: "f8c5", at: here)?.verdict   // .good
    public var verdict: MoveVerdict? {
        guard let score else { return nil }
        let best = EngineLine(uci: self.best.uci, san: self.best.san, score: self.best.score, pv: self.best.pv)
        return VerdictThresholds.standard.grade(move: uci, played: score, best: best, rank: rank).verdict
    }
}
