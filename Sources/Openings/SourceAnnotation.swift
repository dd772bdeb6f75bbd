// SourceAnnotation: the annotator over an opening source — every line of it explained in one engine batch.
import ChessCore
import Explainer

extension Annotator {
    /// Annotates every line of an opening source with one engine batch: the main line whole, each deviation
    /// and alternative from where it branches. `result[i]` is aligned with `source.lines[i].ownMoves`.
    /// Authored comments and `[%cal]` arrows of the source win; the learner is the `LearnerSide` tag (White
    /// when missing).
    ///
    /// ```swift
    /// let notes = Annotator(oracle: oracle).annotate(source: source)
    /// for (line, moves) in zip(source.lines, notes.lines) { … moves[k] explains line.ownMoves[line.branchPly + k] }
    /// ```
    public func annotate(source: OpeningSource) -> (lines: [[MoveAnnotation]], engineProblems: [EngineProblem]) {
        let learner = source.learner ?? .white
        let requests = source.lines.map { line -> LineRequest in
            let own = Array(line.ownMoves)
            let parent = line.parent < source.lines.count ? source.lines[line.parent] : nil
            let mainSAN = line.role == .main ? nil
                : parent.flatMap { line.branchPly < $0.moves.count ? $0.moves[line.branchPly].san : nil }
            let previous = line.branchPly > 0 && line.branchPly - 1 < line.moves.count ? line.moves[line.branchPly - 1].move : nil
            return LineRequest(moves: own, authored: own.map(\.comment), authoredArrows: own.map(\.arrows), role: line.role,
                               learner: learner, mainLineSAN: mainSAN, previous: previous)
        }
        return annotate(requests)
    }
}
