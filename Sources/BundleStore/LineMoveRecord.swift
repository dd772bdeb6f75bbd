// LineMoveRecord: one row of `line_move`, a ply of a line with its explanation and drawings.
import Foundation
import GRDB

/// One ply of a line: which tree edge it plays, why, and what the board shows.
public struct LineMoveRecord: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "line_move"

    /// The line.
    public var lineID: Int64
    /// The ply number from the opening's start position: 1 is White's first move.
    public var ply: Int
    /// The edge played (`move.id`).
    public var moveID: Int64
    /// The explanation of the move, if any.
    public var explanation: String?
    /// Where ``explanation`` came from; `nil` exactly when there is no explanation.
    public var explanationSource: ExplanationSource?
    /// Concept tags of the move (`development`, `pin`, …), stored as a JSON array text.
    public var concepts: [String]
    /// The `[%cal …]` value as authored, e.g. `Gg1f3,Rd8d1`, if any.
    public var arrows: String?
    /// The `[%csl …]` value as authored, e.g. `Rd4`, if any.
    public var highlights: String?

    public init(
        lineID: Int64, ply: Int, moveID: Int64, explanation: String? = nil,
        explanationSource: ExplanationSource? = nil, concepts: [String] = [],
        arrows: String? = nil, highlights: String? = nil
    ) {
        self.lineID = lineID
        self.ply = ply
        self.moveID = moveID
        self.explanation = explanation
        self.explanationSource = explanationSource
        self.concepts = concepts
        self.arrows = arrows
        self.highlights = highlights
    }

    enum CodingKeys: String, CodingKey {
        case lineID = "line_id"
        case ply
        case moveID = "move_id"
        case explanation
        case explanationSource = "explanation_source"
        case concepts, arrows, highlights
    }

    /// Compact, sorted-key JSON without escaped slashes: the same array always gives the same text.
    public static func databaseJSONEncoder(for column: String) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// The table's columns, for GRDB's query interface.
    public enum Columns {
        public static let lineID = Column(CodingKeys.lineID)
        public static let ply = Column(CodingKeys.ply)
        public static let moveID = Column(CodingKeys.moveID)
        public static let explanation = Column(CodingKeys.explanation)
        public static let explanationSource = Column(CodingKeys.explanationSource)
        public static let concepts = Column(CodingKeys.concepts)
        public static let arrows = Column(CodingKeys.arrows)
        public static let highlights = Column(CodingKeys.highlights)
    }
}
