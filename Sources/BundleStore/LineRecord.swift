// LineRecord: one row of `line`, a main line, deviation or alternative of an opening.
import GRDB

/// A line of an opening: a path through the tree, its moves in `line_move`.
///
/// A deviation or alternative branches off its parent line: it shares the
/// parent's first ``branchPly`` plies and holds only its own moves, whose
/// plies continue the parent's numbering (its first move is ply `branchPly + 1`).
package struct LineRecord: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "line"

    /// Row id, chosen by the caller.
    package var id: Int64
    /// The opening the line belongs to.
    package var openingID: Int64
    /// Main line, deviation or alternative. An opening has exactly one main line.
    package var kind: LineKind
    /// The line's name, e.g. `Two Knights Defence` (from `%dev name=…`), if any.
    package var name: String?
    /// The authored prose that introduces the line (the rest of the `%dev` comment), if any.
    package var description: String?
    /// The curriculum phase of a deviation, 2 or 3; `nil` for other kinds.
    package var phase: Int?
    /// The line this one branches from; `nil` for the main line.
    package var parentLineID: Int64?
    /// How many plies of the parent line are played before this line's first move; `nil` for the main line.
    package var branchPly: Int?
    /// The key that survives content updates (``BundleKeys/lineKey(openingSlug:kind:name:branch:)``),
    /// e.g. `italian-game/main`, `italian-game/two-knights-defence`; unique.
    package var key: String
    /// What a deviation teaches (`[%dev kind=…]`); set exactly for deviations.
    package var deviationKind: DeviationKind?
    /// Why the author chose the deviation (`[%dev reason="…"]`), if given.
    package var reason: String?

    package init(
        id: Int64, openingID: Int64, kind: LineKind, name: String? = nil, description: String? = nil,
        phase: Int? = nil, parentLineID: Int64? = nil, branchPly: Int? = nil, key: String,
        deviationKind: DeviationKind? = nil, reason: String? = nil
    ) {
        self.id = id
        self.openingID = openingID
        self.kind = kind
        self.name = name
        self.description = description
        self.phase = phase
        self.parentLineID = parentLineID
        self.branchPly = branchPly
        self.key = key
        self.deviationKind = deviationKind
        self.reason = reason
    }

    /// Writes the columns directly: the same values Codable would write, without its cost per row.
    package func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["opening_id"] = openingID
        container["kind"] = kind
        container["name"] = name
        container["description"] = description
        container["phase"] = phase
        container["parent_line_id"] = parentLineID
        container["branch_ply"] = branchPly
        container["key"] = key
        container["deviation_kind"] = deviationKind
        container["reason"] = reason
    }

    enum CodingKeys: String, CodingKey {
        case id
        case openingID = "opening_id"
        case kind, name, description, phase
        case parentLineID = "parent_line_id"
        case branchPly = "branch_ply"
        case key
        case deviationKind = "deviation_kind"
        case reason
    }

    /// The table's columns, for GRDB's query interface.
    package enum Columns {
        package static let id = Column(CodingKeys.id)
        package static let openingID = Column(CodingKeys.openingID)
        package static let kind = Column(CodingKeys.kind)
        package static let name = Column(CodingKeys.name)
        package static let description = Column(CodingKeys.description)
        package static let phase = Column(CodingKeys.phase)
        package static let parentLineID = Column(CodingKeys.parentLineID)
        package static let branchPly = Column(CodingKeys.branchPly)
        package static let key = Column(CodingKeys.key)
        package static let deviationKind = Column(CodingKeys.deviationKind)
        package static let reason = Column(CodingKeys.reason)
    }
}
