// MoveRecord: one row of `move`, an edge of the opening tree.
import GRDB

/// One move between two positions of the tree. A position has at most one edge per UCI move.
package struct MoveRecord: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "move"

    /// Row id, chosen by the caller.
    package var id: Int64
    /// The position the move is played in.
    package var fromPositionID: Int64
    /// The position the move leads to.
    package var toPositionID: Int64
    /// The move in UCI, castling as the king's move: `e2e4`, `e7e8q`, `e1g1`.
    package var uci: String
    /// Canonical SAN with check suffix: `Nf3`, `O-O`, `exd5`, `Qxf7#`.
    package var san: String
    /// The key that survives content updates: the from-position's Polyglot key as 16 lowercase hex
    /// digits, a colon and ``uci`` (``BundleKeys/moveKey(fromPolyglotKey:uci:)``); unique.
    package var key: String
    /// True for moves of the coach's lines; false for moves only the name list plays (docs/names.md).
    package var inCurriculum: Bool

    package init(id: Int64, fromPositionID: Int64, toPositionID: Int64, uci: String, san: String, key: String,
                inCurriculum: Bool = true) {
        self.inCurriculum = inCurriculum
        self.id = id
        self.fromPositionID = fromPositionID
        self.toPositionID = toPositionID
        self.uci = uci
        self.san = san
        self.key = key
    }

    /// Reads a row (or JSON); `in_curriculum` may be absent, as the schema's default allows.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try c.decode(Int64.self, forKey: .id), fromPositionID: try c.decode(Int64.self, forKey: .fromPositionID),
            toPositionID: try c.decode(Int64.self, forKey: .toPositionID), uci: try c.decode(String.self, forKey: .uci),
            san: try c.decode(String.self, forKey: .san), key: try c.decode(String.self, forKey: .key),
            inCurriculum: try c.decodeIfPresent(Bool.self, forKey: .inCurriculum) ?? true)
    }

    /// Writes the columns directly: the same values Codable would write, without its cost per row.
    package func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["from_position_id"] = fromPositionID
        container["to_position_id"] = toPositionID
        container["uci"] = uci
        container["san"] = san
        container["key"] = key
        container["in_curriculum"] = inCurriculum
    }

    enum CodingKeys: String, CodingKey {
        case id
        case fromPositionID = "from_position_id"
        case toPositionID = "to_position_id"
        case uci, san, key
        case inCurriculum = "in_curriculum"
    }

    /// The table's columns, for GRDB's query interface.
    package enum Columns {
        package static let id = Column(CodingKeys.id)
        package static let fromPositionID = Column(CodingKeys.fromPositionID)
        package static let toPositionID = Column(CodingKeys.toPositionID)
        package static let uci = Column(CodingKeys.uci)
        package static let san = Column(CodingKeys.san)
        package static let key = Column(CodingKeys.key)
        package static let inCurriculum = Column(CodingKeys.inCurriculum)
    }
}
