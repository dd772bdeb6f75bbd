// LineMoveRecord: one row of `line_move`, a ply of a line with its explanation and drawings.
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
    package var explanationSource: ExplanationSource?
    /// Concept tags of the move (`development`, `pin`, …), stored as a JSON array text.
    public var concepts: [String]
    /// The `[%cal …]` value as authored, e.g. `Gg1f3,Rd8d1`, if any.
    public var arrows: String?
    /// The `[%csl …]` value as authored, e.g. `Rd4`, if any.
    public var highlights: String?
    /// After an opponent's move: the learner's recommended answer (UCI, SAN, `[%cal]` arrows such as `Gb8c6`),
    /// kept out of ``explanation`` so the app can show it after the learner tries.
    public var answerUCI: String?
    public var answerSAN: String?
    public var answerArrows: String?
    /// The material or evaluative claim of a generated explanation (`threatens`, `gambit`, `loses-ground`, …) and the
    /// engine score it stands on, mover's point of view: centipawns or mate (exactly one of the two with a claim).
    public var claimKind: String?
    public var claimCP: Int?
    public var claimMate: Int?

    /// Build-side: the store's vocabulary (``ExplanationSource`` here) is the package's; an app reads
    /// `Openings.ExplanationSource` through CoachBundle.
    package init(
        lineID: Int64, ply: Int, moveID: Int64, explanation: String? = nil,
        explanationSource: ExplanationSource? = nil, concepts: [String] = [],
        arrows: String? = nil, highlights: String? = nil, answerUCI: String? = nil, answerSAN: String? = nil,
        answerArrows: String? = nil, claimKind: String? = nil, claimCP: Int? = nil, claimMate: Int? = nil
    ) {
        self.answerUCI = answerUCI
        self.answerSAN = answerSAN
        self.answerArrows = answerArrows
        self.claimKind = claimKind
        self.claimCP = claimCP
        self.claimMate = claimMate
        self.lineID = lineID
        self.ply = ply
        self.moveID = moveID
        self.explanation = explanation
        self.explanationSource = explanationSource
        self.concepts = concepts
        self.arrows = arrows
        self.highlights = highlights
    }

    /// Writes the columns directly: the same values Codable would write, without its cost per row.
    public func encode(to container: inout PersistenceContainer) throws {
        container["line_id"] = lineID
        container["ply"] = ply
        container["move_id"] = moveID
        container["explanation"] = explanation
        container["explanation_source"] = explanationSource
        container["concepts"] = Self.conceptsJSON(concepts)
        container["arrows"] = arrows
        container["highlights"] = highlights
        container["answer_uci"] = answerUCI
        container["answer_san"] = answerSAN
        container["answer_arrows"] = answerArrows
        container["claim_kind"] = claimKind
        container["claim_cp"] = claimCP
        container["claim_mate"] = claimMate
    }

    /// The `concepts` column's text: a compact JSON array of strings, e.g. `["centre","development"]`.
    static func conceptsJSON(_ concepts: [String]) -> String {
        var out = "["
        for (i, concept) in concepts.enumerated() {
            if i > 0 { out += "," }
            JSONValue.writeString(concept, to: &out)
        }
        return out + "]"
    }

    enum CodingKeys: String, CodingKey {
        case lineID = "line_id"
        case ply
        case moveID = "move_id"
        case explanation
        case explanationSource = "explanation_source"
        case concepts, arrows, highlights
        case answerUCI = "answer_uci"
        case answerSAN = "answer_san"
        case answerArrows = "answer_arrows"
        case claimKind = "claim_kind"
        case claimCP = "claim_cp"
        case claimMate = "claim_mate"
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
        public static let answerUCI = Column(CodingKeys.answerUCI)
        public static let answerSAN = Column(CodingKeys.answerSAN)
        public static let answerArrows = Column(CodingKeys.answerArrows)
        public static let claimKind = Column(CodingKeys.claimKind)
        public static let claimCP = Column(CodingKeys.claimCP)
        public static let claimMate = Column(CodingKeys.claimMate)
    }
}
