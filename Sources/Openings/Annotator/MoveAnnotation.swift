// MoveAnnotation: what the annotator says about one move — motifs, concepts, explanation, its source, arrows.
import ChessCore
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
