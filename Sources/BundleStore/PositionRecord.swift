// PositionRecord: one row of `position`, a node of the opening tree.
import GRDB

/// One position of the opening tree: its identity FEN and Polyglot key.
///
/// The identity FEN has the placement, side to move, castling rights and an
/// en-passant square only when a capture is possible; its counters are fixed
/// to `0 1` so that the FEN stays a valid six-field FEN. Two move orders that
/// reach the same identity share one row (transpositions).
package struct PositionRecord: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "position"

    /// Row id, chosen by the caller.
    package var id: Int64
    /// The Polyglot Zobrist key, stored as the signed 64-bit integer with the same bits
    /// (SQLite integers are signed). Use ``polyglotKey`` for the unsigned value.
    package var zobristKey: Int64
    /// The identity FEN (see the type's documentation); unique.
    package var fen: String
    /// The opening name shown at this position, if any.
    package var name: String?
    /// The ECO code that goes with ``name``.
    package var eco: String?
    /// True when ``name`` was inherited from the nearest named ancestor rather than given by a line.
    package var nameIsInherited: Bool
    /// The part of ``name`` before `:` (`Italian Game`), or the whole name.
    package var family: String?
    /// True for positions of the coach's tree; false for those only the name list has (docs/names.md).
    package var inCurriculum: Bool
    /// The side to move.
    package var sideToMove: Side
    /// True when the side to move is in check.
    package var isCheck: Bool

    package init(
        id: Int64, zobristKey: Int64, fen: String, name: String? = nil, eco: String? = nil,
        nameIsInherited: Bool = false, family: String? = nil, inCurriculum: Bool = true, sideToMove: Side,
        isCheck: Bool = false
    ) {
        self.id = id
        self.family = family
        self.inCurriculum = inCurriculum
        self.zobristKey = zobristKey
        self.fen = fen
        self.name = name
        self.eco = eco
        self.nameIsInherited = nameIsInherited
        self.sideToMove = sideToMove
        self.isCheck = isCheck
    }

    /// Same as the memberwise init, taking the Polyglot key as the unsigned value tools print.
    package init(
        id: Int64, polyglotKey: UInt64, fen: String, name: String? = nil, eco: String? = nil,
        nameIsInherited: Bool = false, family: String? = nil, inCurriculum: Bool = true, sideToMove: Side,
        isCheck: Bool = false
    ) {
        self.init(
            id: id, zobristKey: Int64(bitPattern: polyglotKey), fen: fen, name: name, eco: eco,
            nameIsInherited: nameIsInherited, family: family, inCurriculum: inCurriculum, sideToMove: sideToMove,
            isCheck: isCheck)
    }

    /// The Polyglot key as the unsigned 64-bit value Polyglot books and python-chess use.
    package var polyglotKey: UInt64 {
        get { UInt64(bitPattern: zobristKey) }
        set { zobristKey = Int64(bitPattern: newValue) }
    }

    /// Reads a row (or JSON); `family` and `in_curriculum` may be absent, as the schema's defaults allow.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try c.decode(Int64.self, forKey: .id), zobristKey: try c.decode(Int64.self, forKey: .zobristKey),
            fen: try c.decode(String.self, forKey: .fen), name: try c.decodeIfPresent(String.self, forKey: .name),
            eco: try c.decodeIfPresent(String.self, forKey: .eco),
            nameIsInherited: try c.decode(Bool.self, forKey: .nameIsInherited),
            family: try c.decodeIfPresent(String.self, forKey: .family),
            inCurriculum: try c.decodeIfPresent(Bool.self, forKey: .inCurriculum) ?? true,
            sideToMove: try c.decode(Side.self, forKey: .sideToMove), isCheck: try c.decode(Bool.self, forKey: .isCheck))
    }

    /// Writes the columns directly: the same values Codable would write, without its cost per row.
    package func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["zobrist_key"] = zobristKey
        container["fen"] = fen
        container["name"] = name
        container["eco"] = eco
        container["name_is_inherited"] = nameIsInherited
        container["family"] = family
        container["in_curriculum"] = inCurriculum
        container["side_to_move"] = sideToMove
        container["is_check"] = isCheck
    }

    enum CodingKeys: String, CodingKey {
        case id
        case zobristKey = "zobrist_key"
        case fen, name, eco
        case nameIsInherited = "name_is_inherited"
        case family
        case inCurriculum = "in_curriculum"
        case sideToMove = "side_to_move"
        case isCheck = "is_check"
    }

    /// The table's columns, for GRDB's query interface.
    package enum Columns {
        package static let id = Column(CodingKeys.id)
        package static let zobristKey = Column(CodingKeys.zobristKey)
        package static let fen = Column(CodingKeys.fen)
        package static let name = Column(CodingKeys.name)
        package static let eco = Column(CodingKeys.eco)
        package static let nameIsInherited = Column(CodingKeys.nameIsInherited)
        package static let family = Column(CodingKeys.family)
        package static let inCurriculum = Column(CodingKeys.inCurriculum)
        package static let sideToMove = Column(CodingKeys.sideToMove)
        package static let isCheck = Column(CodingKeys.isCheck)
    }
}
