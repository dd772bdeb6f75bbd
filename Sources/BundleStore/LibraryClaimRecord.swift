// LibraryClaimRecord: one row of `library_claim`, the checked claim of a tactic in the library.
import GRDB

/// A tactic's claim: from the `Claim`, `ClaimPly` and `ClaimText` tags (validation checked it with the engine).
///
///     let claim = try bundle.libraryClaim(ofEntry: entry.id)
///     claim?.kind      // .mate
///     claim?.amount    // 1
///     claim?.ply       // 3: the position after 3 plies
///     claim?.text      // "Black mates at once with Qh4"
package struct LibraryClaimRecord: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "library_claim"

    /// The tactic (`library_entry.id`); one claim per tactic.
    package var entryID: Int64
    package var kind: LibraryClaimKind
    /// Mate in this many moves, or at least this many points of material.
    package var amount: Int
    /// The claim is about the position after this many plies of the line (0: its start).
    package var ply: Int
    /// The authored sentence the app shows.
    package var text: String

    package init(entryID: Int64, kind: LibraryClaimKind, amount: Int, ply: Int, text: String) {
        self.entryID = entryID
        self.kind = kind
        self.amount = amount
        self.ply = ply
        self.text = text
    }

    enum CodingKeys: String, CodingKey {
        case entryID = "entry_id"
        case kind, amount, ply, text
    }

    /// The table's columns, for GRDB's query interface.
    package enum Columns {
        package static let entryID = Column(CodingKeys.entryID)
        package static let kind = Column(CodingKeys.kind)
    }
}
