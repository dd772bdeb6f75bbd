// LineMoveRecord: one row of `line_move`, a ply of a line with its explanation and drawings.
import GRDB

/// One ply of a line: which tree edge it plays, why, and what the board shows.
package struct LineMoveRecord: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "line_move"

    /// The line.
    package var lineID: Int64
    /// The ply number from the opening's start position: 1 is White's first move.
    package var ply: Int
    /// The edge played (`move.id`).
    package var moveID: Int64
    /// The explanation of the move, if any.
    package var explanation: String?
    /// Where ``explanation`` came from; `nil` exactly when there is no explanation.
    package var explanationSource: ExplanationSource?
    /// Concept tags of the move (`development`, `pin`, …), stored as a JSON array text.
    package var concepts: [String]
    /// The `[%cal …]` value as authored, e.g. `Gg1f3,Rd8d1`, if any.
    package var arrows: String?
    /// The `[%csl …]` value as authored, e.g. `Rd4`, if any.
    package var highlights: String?
    /// After an opponent's move: the learner's recommended answer (UCI, SAN, `[%cal]` arrows such as `Gb8c6`),
    /// kept out of ``explanation`` so the app can show it after the learner tries.
    package var answerUCI: String?
    package var answerSAN: String?
    package var answerArrows: String?
    /// The material or evaluative claim of a generated explanation (`threatens`, `gambit`, `loses-ground`, …) and the
    /// engine score it stands on, mover's point of view: centipawns or mate (exactly one of the two with a claim).
    package var claimKind: String?
    package var claimCP: Int?
    package var claimMate: Int?

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
    package func encode(to container: inout PersistenceContainer) throws {
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
    package enum Columns {
        package static let lineID = Column(CodingKeys.lineID)
        package static let ply = Column(CodingKeys.ply)
        package static let moveID = Column(CodingKeys.moveID)
        package static let explanation = Column(CodingKeys.explanation)
        package static let explanationSource = Column(CodingKeys.explanationSource)
        package static let concepts = Column(CodingKeys.concepts)
        package static let arrows = Column(CodingKeys.arrows)
        package static let highlights = Column(CodingKeys.highlights)
        package static let answerUCI = Column(CodingKeys.answerUCI)
        package static let answerSAN = Column(CodingKeys.answerSAN)
        package static let answerArrows = Column(CodingKeys.answerArrows)
        package static let claimKind = Column(CodingKeys.claimKind)
        package static let claimCP = Column(CodingKeys.claimCP)
        package static let claimMate = Column(CodingKeys.claimMate)
    }
}
