// CurriculumValues: what CoachBundle answers about the curriculum: openings, lines, a line's steps, the library, the bundle.
import BundleStore
import ChessCore
import ChessPGN
import Explainer
// The explainer's ExplanationSource, not BundleStore's row value of the same name (a scoped import wins the lookup;
// `Explainer.ExplanationSource` would name a member of the struct Explainer).
import enum Explainer.ExplanationSource

/// An opening of the coach's curriculum (one source file).
public struct CoachOpening: Hashable, Sendable {
    /// Stable across content updates, from the file name: `italian-game`.
    public var slug: String
    /// The `Opening` tag, e.g. `Italian Game`, and the `Variation` tag, if any.
    public var name: String
    public var variation: String?
    /// `A00`…`E99`.
    public var eco: String
    /// The side the learner plays.
    public var learner: PieceColor
    /// 1 (easiest) … 5.
    public var difficulty: Int
    /// One paragraph for the app.
    public var description: String
    /// The row id, for the facade's own queries; not stable across content updates.
    let id: Int64
}

/// Where a deviation or alternative leaves its parent line.
public struct LineBranch: Hashable, Sendable {
    /// The parent line's key.
    public var parentKey: String
    /// How many plies of the parent are played before the line's first own move.
    public var ply: Int

    public init(parentKey: String, ply: Int) {
        self.parentKey = parentKey
        self.ply = ply
    }
}

/// A line of an opening: its stable key, its role and its authored prose.
public struct CoachLine: Hashable, Sendable {
    /// Stable across content updates: `italian-game/main`, `italian-game/italian-game-two-knights-defense`.
    public var key: String
    /// The slug of the line's opening.
    public var openingSlug: String
    /// Main line, deviation (name, phase, kind) or alternative (its parent's key).
    public var role: CurriculumRole
    /// The line's name as authored (a deviation's is also in ``role``), if any.
    public var name: String?
    /// The authored prose that introduces a deviation or alternative, if any.
    public var description: String?
    /// Why the author chose the deviation, if given.
    public var reason: String?
    /// Where the line leaves its parent; `nil` exactly for the main line.
    public var branch: LineBranch?
    /// The row ids, for the facade's own queries; not stable across content updates.
    let id: Int64
    let openingID: Int64

    /// The ply of the line's first own move: 1 for a main line, the branch ply + 1 for the others.
    public var firstOwnPly: Int {
        if let branch { branch.ply + 1 } else { 1 }
    }
}

/// A curriculum line through a position.
public struct CurriculumLine: Hashable, Sendable {
    public var line: CoachLine
    /// The position is the one after this many plies of the line (0: the start position).
    public var ply: Int
    /// False when the position is on the part a deviation or alternative shares with its parent (before it branches off).
    public var isOnOwnMoves: Bool
    /// The line's role (``CoachLine/role``).
    public var role: CurriculumRole { line.role }
    /// The slug of the line's opening (``CoachLine/openingSlug``).
    public var openingSlug: String { line.openingSlug }
}

/// A deviation leaving a position: the opponent's move that leaves the line, and the deviation.
public struct DeviationLeaving: Hashable, Sendable {
    /// The deviation: key, name, description (the authored prose), reason; its phase and kind are in its role.
    public var line: CoachLine
    public var moveUCI: String
    public var moveSAN: String
    /// The deviation's role (``CoachLine/role``).
    public var role: CurriculumRole { line.role }
}

/// A move's explanation and where it came from (an authored comment always wins over a generated one).
public struct CoachExplanation: Hashable, Sendable {
    public var text: String
    public var source: ExplanationSource

    public init(text: String, source: ExplanationSource) {
        self.text = text
        self.source = source
    }
}

/// The material or evaluative claim a generated explanation makes, and the engine score it stands on (mover's view).
public struct CoachClaim: Hashable, Sendable {
    /// The motif that makes the claim (`threatens`, `gambit`, `loses-ground`, …).
    public var kind: MotifKind
    public var score: Score

    public init(kind: MotifKind, score: Score) {
        self.kind = kind
        self.score = score
    }
}

/// One ply of a line, as the coach's line screen shows it.
public struct CoachStep: Hashable, Sendable {
    /// The ply number from the opening's start position: 1 is White's first move.
    public var ply: Int
    public var uci: String
    /// Canonical SAN with check suffix.
    public var san: String
    /// The position after the move.
    public var position: CoachPosition
    /// Why the move is played; `nil` when the bundle has no explanation for it.
    public var explanation: CoachExplanation?
    /// The teaching concepts of the move.
    public var concepts: Set<Concept>
    /// The arrows and highlighted squares to draw (authored, or the annotator's: red threats, green recommended move).
    public var arrows: [Arrow]
    public var highlights: [Highlight]
    /// The claim of a generated explanation, with its score; `nil` for an authored one or none.
    public var claim: CoachClaim?
    /// After an opponent's move: the learner's recommended answer, kept out of the explanation so the app can show it
    /// after the learner tries; `nil` after the learner's own moves.
    public var answer: RecommendedAnswer?
}

/// A tactic's claim, as its tags say and the engine checked.
public struct LibraryClaim: Hashable, Sendable {
    /// What a tactic claims.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The side to move at ``LibraryClaim/ply`` mates in ``LibraryClaim/amount`` moves.
        case mate
        /// The side to move at ``LibraryClaim/ply`` wins at least ``LibraryClaim/amount`` points of material by the
        /// end of the line.
        case material
    }

    /// Mate in ``amount`` moves, or at least ``amount`` points of material, for the side to move at ``ply``.
    public var kind: Kind
    public var amount: Int
    /// The claim is about the position after this many plies of the line (0: its start).
    public var ply: Int
    /// The authored sentence the app shows.
    public var text: String

    public init(kind: Kind, amount: Int, ply: Int, text: String) {
        self.kind = kind
        self.amount = amount
        self.ply = ply
        self.text = text
    }
}

/// An entry of the chess app's library: a classical opening or a tactic, with its FEN sequence file.
public struct LibraryEntry: Hashable, Sendable {
    /// `classical/<slug>` or `tactics/<slug>`: stable across content updates.
    public var key: String
    /// A classical opening or a tactical demonstration.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case classical, tactic
    }

    public var kind: Kind
    /// What the app shows: `Opening: Variation`, e.g. `Barnes Opening: Fool's Mate`; never empty.
    public var title: String
    public var opening: String
    public var variation: String?
    public var eco: String
    public var description: String
    /// The FEN sequence file, relative to the bundle folder: `fen/tactics/fools-mate.fen`.
    public var fenFile: String
    /// Plies of the entry's line (the FEN file holds `plies + 1` positions).
    public var plies: Int
    /// A tactic's claim; `nil` exactly for a classical opening.
    public var claim: LibraryClaim?
}

/// How the bundle was built: its `meta` table.
public struct CoachBundleInfo: Hashable, Sendable {
    /// `2.1`: the major version is the one this reader opens.
    public var schemaVersion: String
    /// 16 hex digits that change whenever the content does.
    public var contentVersion: String
    /// `Stockfish 15.1`, its version, and the analysis profile.
    public var engine: String
    public var engineVersion: String
    public var profile: String
    /// SHA-256 of the sources the bundle was built from.
    public var sourceHash: String
    /// ISO 8601 UTC, only when the build set `SOURCE_DATE_EPOCH`.
    public var buildDate: String?
}
