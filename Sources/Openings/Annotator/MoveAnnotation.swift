// MoveAnnotation: what the annotator says about one move — motifs, concepts, explanation, its source, arrows.
import ChessCore

/// Where an explanation came from.
public enum ExplanationSource: String, Hashable, Sendable, Codable {
    case authored, generated
}

/// Whether a line is the main line or a deviation from it.
public enum LineRole: String, Hashable, Sendable, Codable {
    case main, deviation
}

/// One move of a line with its position before it.
public struct LineMove: Hashable, Sendable {
    public var before: Position
    public var move: Move
    public init(before: Position, move: Move) {
        self.before = before
        self.move = move
    }
}

/// The annotation of one move, as the bundle stores it and `forge annotate --format jsonl` writes it
/// (keys `ply san uci fen motifs concepts explanation source arrows`; `fen` is the position before the move).
public struct MoveAnnotation: Hashable, Sendable, Codable {
    /// Half-moves from the start of the game: White's first move is ply 1.
    public var ply: Int
    public var san: String
    public var uci: String
    /// FEN of the position before the move.
    public var fenBefore: String
    public var motifs: [Motif]
    /// Concept names from the fixed list (`Concept.rawValue`), in that list's order.
    public var concepts: [String]
    public var explanation: String
    public var source: ExplanationSource
    /// `[%cal]` values: `Gg1f3` for the recommended move, `Rf3e5` for a threat.
    public var arrows: [String]

    public init(ply: Int, san: String, uci: String, fenBefore: String, motifs: [Motif], concepts: [String], explanation: String,
                source: ExplanationSource, arrows: [String]) {
        self.ply = ply
        self.san = san
        self.uci = uci
        self.fenBefore = fenBefore
        self.motifs = motifs
        self.concepts = concepts
        self.explanation = explanation
        self.source = source
        self.arrows = arrows
    }

    enum CodingKeys: String, CodingKey {
        case ply, san, uci, fenBefore = "fen", motifs, concepts, explanation, source, arrows
    }
}
