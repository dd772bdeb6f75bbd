// OpeningSource: one authored PGN source as the library sees it — its kind, tags, main line and deviations.
import ChessCore
import ChessPGN
import Diagnostics
import Explainer

/// What a source file is for, from its folder (`openings/coach/`, `…/classical/`, `…/tactics/`).
public enum SourceKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// The coach app's openings: a main line with named deviations, for one learner side.
    case coach
    /// The chess app's classical openings.
    case classical
    /// The chess app's tactical demonstrations, each with a checked claim.
    case tactic
}

/// A line over the source: the moves from the start position, a name, and where it leaves its parent.
public struct OpeningLine: Sendable, Hashable {
    /// Main line, deviation (with its marker's phase, kind and reason) or alternative.
    public var role: LineRole
    /// `Italian Game: Giuoco Piano`, or the deviation's name.
    public var name: String
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

    /// The deviation's marker values (`LineRole.deviation`, Explainer); `nil` for the main line and alternatives.
    public var deviation: Deviation? { role.deviation }

    /// The moves after the branch point: the line's own part.
    public var ownMoves: ArraySlice<LineMove> { moves[branchPly...] }
    public var finalPosition: Position? { moves.last?.after }
}

/// A source file read into lines. `lines[0]` is the main line.
public struct OpeningSource: Sendable {
    public var file: String
    public var kind: SourceKind
    /// The tags, read once by `SourceReader`.
    public var header: SourceHeader
    public var start: Position
    public var lines: [OpeningLine]
    /// The FEN sequence file beside it, when there is one (`italian.fen` next to `italian.pgn`).
    public var location: SourceLocation
    /// `false` when reading the file found syntax or legality errors: the lines stop at the first error
    /// of each, so only the rules that do not depend on whole lines (tags, markers, the moves read) apply.
    public var isComplete = true
    /// Variations left out because a move in them could not be played (its error is reported): the other lines
    /// are whole and checked, but the file is not the author's whole text, so nothing is regenerated from it.
    public var droppedVariations = 0

    public var mainLine: OpeningLine { lines[0] }
    public var deviations: [OpeningLine] { lines.filter { $0.deviation != nil } }
    /// The side the learner plays (`LearnerSide`), for coach sources.
    public var learner: PieceColor? { header.learner }
    /// `Opening: Variation`, with the file standing in for a missing `Opening`.
    public var name: String {
        let opening = header.opening ?? file
        if let v = header.variation { return "\(opening): \(v)" }
        return opening
    }
    /// The file name without folder and extension: `italian-game`.
    public var slug: String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        return base.hasSuffix(".pgn") ? String(base.dropLast(4)) : base
    }
}

/// A learner move of a coach line: the line it is on and where on it.
public struct LearnerMove: Sendable {
    public var line: OpeningLine
    /// The index of the move in `line.moves` (at or after `line.branchPly`).
    public var index: Int
    public var move: LineMove { line.moves[index] }
}

extension OpeningSource {
    /// The lines a beginner is taught move by move, each learner move explained by hand: the main line and the
    /// phase-2 deviations.
    public var taughtLines: [OpeningLine] {
        lines.filter { $0.role == .main || $0.deviation?.phase == 2 }
    }

    /// The taught learner moves: the learner's moves among the main line's and the deviations' own moves (the
    /// shared prefix of a deviation belongs to its parent), in line order, each path from the start once.
    /// `on` narrows the lines (`taughtLines` for the ones explained by hand); a source without a learner has none.
    ///
    /// The one place this rule lives: the validator's learner-move checks (VAL214, VAL220/VAL221) and the
    /// content bar's counts read it.
    public func learnerMoves(on selection: [OpeningLine]? = nil) -> [LearnerMove] {
        guard let learner else { return [] }
        var seen = Set<[String]>()
        var out: [LearnerMove] = []
        for line in selection ?? lines where line.role != .alternative {
            for i in line.moves.indices where i >= line.branchPly && line.moves[i].before.turn == learner {
                guard seen.insert(line.moves[...i].map(\.move.uci)).inserted else { continue }
                out.append(LearnerMove(line: line, index: i))
            }
        }
        return out
    }
}
