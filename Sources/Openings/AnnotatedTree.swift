// AnnotatedTree: a source's annotations written back into the game tree it was read from, for `forge annotate`'s PGN.
import ChessCore
import ChessPGN
import Explainer

extension OpeningSource {
    /// The tree with each generated explanation added as a comment `{text [%cal …]}` after its move. `annotations`
    /// are `Annotator.annotate(source:)`'s, aligned with each line's own moves, so every move of the tree that a
    /// line owns is written once; each move finds its node through `LineMove.node`. Moves with an authored comment
    /// keep it as it is, unless the annotation appended text to it.
    ///
    /// ```swift
    /// let notes = Annotator().annotate(source: source).lines
    /// let pgn = PGNWriter().write(source.annotating(tree, with: notes))
    /// ```
    public func annotating(_ tree: GameTree, with annotations: [[MoveAnnotation]]) -> GameTree {
        var t = tree
        for (line, notes) in zip(lines, annotations) {
            for (lm, a) in zip(line.ownMoves, notes) {
                guard let n = lm.node, n < t.nodes.count else { continue }
                switch a.source {
                case .generated:
                    t.nodes[n].comments.append(PGNComment(text: a.explanation, commands: a.arrows.isEmpty ? [] : [.arrows(a.arrows)]))
                case .authored:
                    let existing = t.nodes[n].comments.map(\.text).filter { !$0.isEmpty }.joined(separator: " ")
                    if existing != a.explanation, let i = t.nodes[n].comments.firstIndex(where: { !$0.text.isEmpty }) {
                        t.nodes[n].comments[i].text = a.explanation
                    }
                }
            }
        }
        return t
    }
}
