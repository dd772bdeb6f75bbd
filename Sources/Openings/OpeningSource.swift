// OpeningSource: one authored PGN source as the library sees it — its kind, tags, main line and deviations.
import ChessCore
import ChessPGN
import Diagnostics

/// What a source file is for, from its folder (`openings/coach/`, `…/classical/`, `…/tactics/`).
public enum SourceKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// The coach app's openings: a main line with named deviations, for one learner side.
    case coach
    /// The chess app's classical openings.
    case classical
    /// The chess app's tactical demonstrations, each with a checked claim.
    case tactic
}

/// How a line relates to the source's main line.
public enum LineRole: String, Sendable, Hashable, Codable {
    case main
    /// The opponent leaves the main line (a RAV marked `[%dev phase=… name="…"]`).
    case deviation
    /// Any other variation: an alternative the author shows.
    case alternative
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
    /// `[%cal]` arrows as `Gg1f3` tokens, and `[%csl]` highlights as `Rd4`.
    public var arrows: [String]
    public var highlights: [String]
    public var location: SourceLocation
    /// NAGs written on the move, `!`/`?` suffixes included (`$1` for `!`).
    public var nags: [UInt8] = []
    /// A `[%eval …]` command in the move's comment: the author's engine confirmation, from White's side.
    public var evaluation: Evaluation?
    /// The comment carries `[%unchecked]`: the author knows its claims cannot be checked (VAL229 is not reported).
    public var claimsUnchecked = false

    public var after: Position { before.playingUnchecked(move) }
}

/// A line over the source: the moves from the start position, a name, and where it leaves its parent.
public struct OpeningLine: Sendable, Hashable {
    public var role: LineRole
    /// `Italian Game: Giuoco Piano`, or the deviation's name.
    public var name: String
    /// The curriculum phase of a deviation (2 or 3).
    public var phase: Int?
    /// What the deviation teaches (nil for the main line and alternatives).
    public var kind: DeviationKind?
    /// Why the author chose it (`reason="…"` in the marker).
    public var reason: String?
    /// The authored prose that introduces a variation: the text of its opening comment after the
    /// `[%dev …]` marker (nil for the main line and when there is none).
    public var description: String? = nil
    /// The whole line from the source's start position (the shared prefix included).
    public var moves: [LineMove]
    /// How many of `moves` the line shares with its parent line (0 for the main line).
    public var branchPly: Int
    /// The index of the parent line in `OpeningSource.lines` (the main line's is itself, 0).
    public var parent: Int
    /// Where the variation starts in the file.
    public var location: SourceLocation

    /// The moves after the branch point: the line's own part.
    public var ownMoves: ArraySlice<LineMove> { moves[branchPly...] }
    public var finalPosition: Position? { moves.last?.after }
}

/// A source file read into lines. `lines[0]` is the main line.
public struct OpeningSource: Sendable {
    public var file: String
    public var kind: SourceKind
    public var tags: [PGNTag]
    public var start: Position
    public var lines: [OpeningLine]
    /// The FEN sequence file beside it, when there is one (`italian.fen` next to `italian.pgn`).
    public var location: SourceLocation
    /// `false` when reading the file found syntax or legality errors: the lines stop at the first error
    /// of each, so only the rules that do not depend on whole lines (tags, markers, the moves read) apply.
    public var isComplete = true

    public func tag(_ name: String) -> String? { tags.first(where: { $0.name == name })?.value }
    /// Where the tag stands in the file; the source's start for a tag it does not have.
    public func tagLocation(_ name: String) -> SourceLocation {
        guard let l = tags.first(where: { $0.name == name })?.location else { return location }
        return SourceLocation(file: file, line: l.line, column: l.column)
    }
    public var mainLine: OpeningLine { lines[0] }
    public var deviations: [OpeningLine] { lines.filter { $0.role == .deviation } }
    /// `White` or `Black` for coach sources.
    public var learner: PieceColor? {
        switch tag("LearnerSide") {
        case "White": .white
        case "Black": .black
        default: nil
        }
    }
    public var name: String {
        let opening = tag("Opening") ?? file
        if let v = tag("Variation"), !v.isEmpty { return "\(opening): \(v)" }
        return opening
    }
    /// The file name without folder and extension: `italian-game`.
    public var slug: String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        return base.hasSuffix(".pgn") ? String(base.dropLast(4)) : base
    }
}
