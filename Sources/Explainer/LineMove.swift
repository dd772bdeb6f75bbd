// LineMove: the line vocabulary the explainer reads — one move of a line with what its author wrote, and the line's role.
import ChessCore
import ChessPGN
import Diagnostics

/// How a line relates to the source's main line; a deviation carries exactly what its marker says.
public enum LineRole: Sendable, Hashable {
    case main
    /// The opponent leaves the main line (a RAV marked `[%dev phase=… name="…"]`).
    case deviation(Deviation)
    /// Any other variation: an alternative the author shows.
    case alternative

    /// The deviation's marker values; `nil` for the main line and alternatives.
    public var deviation: Deviation? {
        switch self {
        case .deviation(let d): d
        case .main, .alternative: nil
        }
    }
}

/// What a `[%dev …]` marker says about a deviation, read once by the reader.
public struct Deviation: Sendable, Hashable {
    /// The curriculum phase, 2 or 3; `nil` only when the marker gives none or another value (`VAL205` is reported then).
    public var phase: Int?
    /// What the deviation teaches (`kind=`); `.deviation` when the marker does not say.
    public var kind: DeviationKind
    /// Why the author chose it (`reason="…"`).
    public var reason: String?

    public init(phase: Int?, kind: DeviationKind = .deviation, reason: String? = nil) {
        self.phase = phase
        self.kind = kind
        self.reason = reason
    }
}

/// What a deviation teaches: `[%dev … kind=trap]`.
public enum DeviationKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// The opponent leaves the main line with a move players really choose.
    case deviation
    /// A trap: one side can fall into it; the line shows the safe move or the punishment.
    case trap
    /// The opponent avoids the opening altogether (another first move or system).
    case sidestep
}

/// One move of a line, with the position before it and what the author wrote about it.
public struct LineMove: Sendable, Hashable {
    /// 1 for the first move from the start position.
    public var ply: Int
    public var before: Position
    public var move: Move
    /// Canonical SAN.
    public var san: String
    /// The SAN as written in the source.
    public var writtenSAN: String
    /// The authored explanation (the comment after the move), without command annotations.
    public var comment: String?
    /// The `[%cal]` arrows and `[%csl]` highlights of the move's comment (their text, `Gg1f3` and `Rd4`, is
    /// written only at the bundle's and the JSON output's boundary).
    public var arrows: [Arrow]
    public var highlights: [Highlight]
    public var location: SourceLocation
    /// NAGs written on the move, `!`/`?` suffixes included (`$1` for `!`).
    public var nags: [UInt8] = []
    /// A `[%eval …]` command in the move's comment: the author's engine confirmation, from White's side.
    public var evaluation: Evaluation?
    /// The comment carries `[%unchecked]`: the author knows its claims cannot be checked (VAL229 is not reported).
    public var claimsUnchecked = false
    /// The move's node in the game tree it was read from (`GameTree.nodes[node]`); nil for a line built in code.
    public var node: Int?

    public init(ply: Int, before: Position, move: Move, san: String, writtenSAN: String, comment: String?, arrows: [Arrow],
                highlights: [Highlight], location: SourceLocation, nags: [UInt8] = [], evaluation: Evaluation? = nil,
                claimsUnchecked: Bool = false, node: Int? = nil) {
        self.ply = ply
        self.before = before
        self.move = move
        self.san = san
        self.writtenSAN = writtenSAN
        self.comment = comment
        self.arrows = arrows
        self.highlights = highlights
        self.location = location
        self.nags = nags
        self.evaluation = evaluation
        self.claimsUnchecked = claimsUnchecked
        self.node = node
    }

    public var after: Position { before.playingUnchecked(move) }
}
