// LibraryEntryRecord: one row of `library_entry`, a classical opening or tactic of the chess app's library.
import GRDB

/// One entry of the chess app's library: its title and prose as authored, and the FEN sequence
/// file in the bundle that holds its positions.
///
///     let entries = try bundle.libraryEntries()          // classical first, then tactics, by key
///     entries[0].title                                     // "Dutch Defence"
///     entries[0].fenFile                                   // "fen/classical/dutch-defence.fen"
package struct LibraryEntryRecord: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "library_entry"

    /// Row id, for joins only; use ``key`` to remember an entry across content updates.
    package var id: Int64
    /// `classical/<slug>` or `tactics/<slug>`: stable across content updates; unique.
    package var key: String
    package var kind: LibraryKind
    /// The source file name without folder and extension, e.g. `fools-mate`.
    package var slug: String
    /// What the app shows: `Opening: Variation`, e.g. `Barnes Opening: Fool's Mate`; never empty.
    package var title: String
    /// The `Opening` tag.
    package var opening: String
    /// The `Variation` tag, if any.
    package var variation: String?
    /// The `ECO` tag.
    package var eco: String
    /// The `Description` tag.
    package var description: String
    /// The FEN sequence file, relative to the bundle folder: `fen/tactics/fools-mate.fen`.
    package var fenFile: String
    /// Plies of the entry's line (the FEN file holds `plies + 1` positions).
    package var plies: Int
    /// The source, relative to the repository root.
    package var sourceFile: String

    package init(id: Int64, key: String, kind: LibraryKind, slug: String, title: String, opening: String,
                variation: String?, eco: String, description: String, fenFile: String, plies: Int, sourceFile: String) {
        self.id = id
        self.key = key
        self.kind = kind
        self.slug = slug
        self.title = title
        self.opening = opening
        self.variation = variation
        self.eco = eco
        self.description = description
        self.fenFile = fenFile
        self.plies = plies
        self.sourceFile = sourceFile
    }

    enum CodingKeys: String, CodingKey {
        case id, key, kind, slug, title, opening, variation, eco, description
        case fenFile = "fen_file"
        case plies
        case sourceFile = "source_file"
    }

    /// The table's columns, for GRDB's query interface.
    package enum Columns {
        package static let id = Column(CodingKeys.id)
        package static let key = Column(CodingKeys.key)
        package static let kind = Column(CodingKeys.kind)
        package static let title = Column(CodingKeys.title)
    }
}

/// Which part of the library an entry belongs to, stored as `'classical'` or `'tactic'`.
package enum LibraryKind: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
    case classical, tactic
}

/// What a tactic claims, as its `Claim` tag says and the engine checked: stored as `'mate'` or `'material'`.
package enum LibraryClaimKind: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
    /// The side to move at ``LibraryClaimRecord/ply`` mates in ``LibraryClaimRecord/amount`` moves.
    case mate
    /// The side to move at ``LibraryClaimRecord/ply`` wins at least ``LibraryClaimRecord/amount``
    /// points of material by the end of the line.
    case material
}
