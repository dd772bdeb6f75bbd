// MoveAnnotation: what the annotator says about one move — motifs, concepts, explanation, its claim and evidence, arrows, the answer.
import ChessCore
import ChessPGN
import Diagnostics

/// Where an explanation came from.
public enum ExplanationSource: String, Hashable, Sendable, Codable {
    case authored, generated
}

extension LineMove {
    /// A line move with nothing authored, for annotating lines that do not come from a source file.
    public init(before: Position, move: Move) {
        let san = before.san(move)
        self.init(ply: (before.fullmoveNumber - 1) * 2 + (before.turn == .white ? 1 : 2), before: before, move: move, san: san,
                  writtenSAN: san, comment: nil, arrows: [], highlights: [], location: SourceLocation(file: "", line: 0, column: 0))
    }
}

/// The learner's recommended answer to an opponent's move: the line's next move, kept out of the explanation
/// (the app shows it after the learner has tried) and drawn as a green arrow.
public struct RecommendedAnswer: Hashable, Sendable {
    public var uci: String
    public var san: String
    /// The green arrow of the answer.
    public var arrows: [Arrow]
    public init(uci: String, san: String, arrows: [Arrow]) {
        self.uci = uci
        self.san = san
        self.arrows = arrows
    }
}

/// The one material or evaluative claim a generated explanation makes, and the engine score it stands on.
public struct ExplanationClaim: Hashable, Sendable {
    /// The motif kind that makes the claim (`threatens`, `gambit`, `loses-ground`, …).
    public var kind: MotifKind
    public var evidence: EngineEvidence
    public init(kind: MotifKind, evidence: EngineEvidence) {
        self.kind = kind
        self.evidence = evidence
    }
}

/// The annotation of one move, as the bundle stores it and `forge annotate --output-format jsonl` writes it.
public struct MoveAnnotation: Hashable, Sendable {
    /// Half-moves from the start of the game: White's first move is ply 1.
    public var ply: Int
    public var san: String
    public var uci: String
    /// FEN of the position before the move.
    public var fenBefore: String
    public var motifs: [Motif]
    /// Concept names from the fixed list (`Concept.rawValue`), in that list's order; never empty.
    public var concepts: [String]
    public var explanation: String
    public var source: ExplanationSource
    /// `[%cal]` values: `Gg1f3` for the learner's own move (or the engine's better one), `Rf3e5` for a threat.
    /// An opponent's move never carries the learner's answer here: that is `answer`.
    public var arrows: [Arrow]
    /// After an opponent's move: the learner's move in the line.
    public var answer: RecommendedAnswer?
    /// The generated text's material or evaluative claim, if it makes one (nil for authored text).
    public var claim: ExplanationClaim?

    public init(ply: Int, san: String, uci: String, fenBefore: String, motifs: [Motif], concepts: [String], explanation: String,
                source: ExplanationSource, arrows: [Arrow], answer: RecommendedAnswer? = nil, claim: ExplanationClaim? = nil) {
        self.ply = ply
        self.san = san
        self.uci = uci
        self.fenBefore = fenBefore
        self.motifs = motifs
        self.concepts = concepts
        self.explanation = explanation
        self.source = source
        self.arrows = arrows
        self.answer = answer
        self.claim = claim
    }
}
