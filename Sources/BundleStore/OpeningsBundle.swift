// OpeningsBundle: the read-only API an app links to query openings.sqlite.
import GRDB

/// A bundle opened read-only, with the queries the coach app makes.
///
///     let bundle = try OpeningsBundle(directory: bundleFolder)     // the folder with manifest.json
///     for opening in try bundle.openings() {
///         let main = try bundle.mainLine(ofOpening: opening.id)
///     }
///
/// Opening a folder runs ``BundleCheck``: the manifest, the files' sizes (every SHA-256 too with
/// ``BundleVerification/checksums``), the header (`BND411` not a bundle, `BND412` another schema version) and the
/// schema (`BND416`); a folder that does not match its manifest is refused (`BND415`). Every query is one SQL
/// statement, documented in `docs/bundle.md`; queries that find nothing return `nil` or an empty array.
package final class OpeningsBundle: Sendable {
    /// The file the bundle was opened from.
    package let path: String
    /// The manifest of the folder it was opened from; nil when opened by ``init(path:)``.
    package let manifest: Manifest?
    private let queue: DatabaseQueue

    /// Checks the bundle folder at `directory` (see ``BundleCheck``) and opens its `openings.sqlite` read-only.
    package convenience init(directory: String, verification: BundleVerification = .manifest) throws(BundleError) {
        let checked = try BundleCheck.check(directory: directory, verification: verification)
        try self.init(path: checked.databasePath, manifest: checked.manifest)
    }

    /// Opens the database file at `path` alone, read-only, and checks its header and schema (no manifest: nothing
    /// checks its rows). For tests and the build's own files; an app opens a folder with ``init(directory:verification:)``.
    package convenience init(path: String) throws(BundleError) {
        try self.init(path: path, manifest: nil)
    }

    private init(path: String, manifest: Manifest?) throws(BundleError) {
        self.path = path
        self.manifest = manifest
        queue = try BundleVerifier.openReadOnly(path: path)
        try BundleCheck.checkDatabase(queue, path: path)
    }

    /// Every opening, in id order.
    package func openings() throws(BundleError) -> [OpeningRecord] {
        try read { db in try OpeningRecord.fetchAll(db, sql: "SELECT * FROM opening ORDER BY id") }
    }

    /// The opening with this slug, if any.
    package func opening(slug: String) throws(BundleError) -> OpeningRecord? {
        try read { db in try OpeningRecord.fetchOne(db, sql: "SELECT * FROM opening WHERE slug = ?", arguments: [slug]) }
    }

    /// The main line of an opening with every ply's explanation, or `nil` if the opening has none.
    package func mainLine(ofOpening openingID: Int64) throws(BundleError) -> LineWithSteps? {
        let line = try read { db in
            try LineRecord.fetchOne(
                db, sql: "SELECT * FROM line WHERE opening_id = ? AND kind = 'main'", arguments: [openingID])
        }
        guard let line else { return nil }
        return LineWithSteps(line: line, steps: try steps(ofLine: line.id))
    }

    /// Every line of an opening: the main line first, then its branches by the ply they start at.
    package func lines(ofOpening openingID: Int64) throws(BundleError) -> [LineRecord] {
        try read { db in
            try LineRecord.fetchAll(
                db,
                sql: """
                    SELECT * FROM line WHERE opening_id = ?
                    ORDER BY kind != 'main', branch_ply, id
                    """,
                arguments: [openingID])
        }
    }

    /// A line's own plies in order, each with its move and the position after it.
    /// A deviation's steps start at ply `branchPly + 1`; the plies before are its parent's.
    package func steps(ofLine lineID: Int64) throws(BundleError) -> [LineStep] {
        try read { db in
            let adapters = splittingRowAdapters(columnCounts: [
                try db.columns(in: "line_move").count, try db.columns(in: "move").count,
            ])
            let adapter = ScopeAdapter(["lineMove": adapters[0], "move": adapters[1], "position": adapters[2]])
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT line_move.*, move.*, position.*
                    FROM line_move
                    JOIN move ON move.id = line_move.move_id
                    JOIN position ON position.id = move.to_position_id
                    WHERE line_move.line_id = ?
                    ORDER BY line_move.ply
                    """,
                arguments: [lineID], adapter: adapter)
            return try rows.map { row in
                LineStep(
                    lineMove: try LineMoveRecord(row: row.scopes["lineMove"] ?? row),
                    move: try MoveRecord(row: row.scopes["move"] ?? row),
                    position: try PositionRecord(row: row.scopes["position"] ?? row))
            }
        }
    }

    /// The lines that branch from `lineID` (deviations and alternatives), in id order;
    /// with `kind`, only that kind; with `phase`, only deviations of that curriculum phase.
    package func branches(ofLine lineID: Int64, kind: LineKind? = nil, phase: Int? = nil) throws(BundleError) -> [LineRecord] {
        try read { db in
            try LineRecord.fetchAll(
                db,
                sql: """
                    SELECT * FROM line
                    WHERE parent_line_id = ?1 AND (?2 IS NULL OR kind = ?2) AND (?3 IS NULL OR phase = ?3)
                    ORDER BY branch_ply, id
                    """,
                arguments: [lineID, kind?.rawValue, phase])
        }
    }

    /// The deviations of a line of the given curriculum phase (2 or 3), or of every phase when `phase` is `nil`,
    /// ordered by the ply they branch at.
    package func deviations(ofLine lineID: Int64, phase: Int? = nil) throws(BundleError) -> [LineRecord] {
        try branches(ofLine: lineID, kind: .deviation, phase: phase)
    }

    /// The moves out of a position, in move-id order, each with the position it leads to and its name.
    package func children(ofPosition positionID: Int64) throws(BundleError) -> [PositionChild] {
        try read { db in
            let adapters = splittingRowAdapters(columnCounts: [try db.columns(in: "move").count])
            let adapter = ScopeAdapter(["move": adapters[0], "position": adapters[1]])
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT move.*, position.*
                    FROM move JOIN position ON position.id = move.to_position_id
                    WHERE move.from_position_id = ?
                    ORDER BY move.id
                    """,
                arguments: [positionID], adapter: adapter)
            return try rows.map { row in
                PositionChild(
                    move: try MoveRecord(row: row.scopes["move"] ?? row),
                    position: try PositionRecord(row: row.scopes["position"] ?? row))
            }
        }
    }

    /// The position with this identity FEN (counters `0 1`, en passant only when legal), if any.
    package func position(fen: String) throws(BundleError) -> PositionRecord? {
        try read { db in try PositionRecord.fetchOne(db, sql: "SELECT * FROM position WHERE fen = ?", arguments: [fen]) }
    }

    /// The position with this id, if any.
    package func position(id: Int64) throws(BundleError) -> PositionRecord? {
        try read { db in try PositionRecord.fetchOne(db, sql: "SELECT * FROM position WHERE id = ?", arguments: [id]) }
    }

    /// The positions with this Polyglot key (one, unless two positions collide).
    package func positions(polyglotKey: UInt64) throws(BundleError) -> [PositionRecord] {
        try read { db in
            try PositionRecord.fetchAll(
                db, sql: "SELECT * FROM position WHERE zobrist_key = ? ORDER BY id",
                arguments: [Int64(bitPattern: polyglotKey)])
        }
    }

    /// The engine's analysis of a position with its top lines (rank 1 first), or `nil` if not analysed.
    package func analysis(ofPosition positionID: Int64) throws(BundleError) -> PositionAnalysis? {
        try read { db in
            guard
                let analysis = try AnalysisRecord.fetchOne(
                    db, sql: "SELECT * FROM analysis WHERE position_id = ?", arguments: [positionID])
            else { return nil }
            let lines = try AnalysisLineRecord.fetchAll(
                db, sql: "SELECT * FROM analysis_line WHERE position_id = ? ORDER BY rank", arguments: [positionID])
            return PositionAnalysis(analysis: analysis, lines: lines)
        }
    }

    /// The curriculum lines that pass through a position, with the ply at which they reach it
    /// (the position after `ply` plies of the line; 0 for the start position). A deviation passes
    /// through the positions of its parent's first `branch_ply` plies too. Ordered by opening, line id, ply.
    package func lines(throughPosition positionID: Int64) throws(BundleError) -> [LineAtPosition] {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    WITH RECURSIVE hit(line_id, ply) AS (
                        SELECT line_move.line_id, line_move.ply FROM line_move
                        JOIN move ON move.id = line_move.move_id WHERE move.to_position_id = ?1
                        UNION
                        SELECT line_move.line_id, 0 FROM line_move
                        JOIN move ON move.id = line_move.move_id WHERE move.from_position_id = ?1 AND line_move.ply = 1
                        UNION
                        SELECT line.id, hit.ply FROM line JOIN hit ON line.parent_line_id = hit.line_id
                        WHERE hit.ply <= line.branch_ply
                    )
                    SELECT line.*, hit.ply AS hit_ply, opening.slug AS opening_slug
                    FROM hit JOIN line ON line.id = hit.line_id JOIN opening ON opening.id = line.opening_id
                    ORDER BY line.opening_id, line.id, hit.ply
                    """,
                arguments: [positionID])
            return try rows.map { row in
                LineAtPosition(line: try LineRecord(row: row), ply: row["hit_ply"], openingSlug: row["opening_slug"])
            }
        }
    }

    /// The lines (deviations and alternatives) whose first own move is played in this position,
    /// each with that move; in line-id order. With `kind`, only that kind.
    package func branches(leavingPosition positionID: Int64, kind: LineKind? = nil) throws(BundleError) -> [BranchAtPosition] {
        try read { db in
            let adapters = splittingRowAdapters(columnCounts: [try db.columns(in: "line").count])
            let adapter = ScopeAdapter(["line": adapters[0], "move": adapters[1]])
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT line.*, move.* FROM line
                    JOIN line_move ON line_move.line_id = line.id AND line_move.ply = line.branch_ply + 1
                    JOIN move ON move.id = line_move.move_id
                    WHERE move.from_position_id = ?1 AND (?2 IS NULL OR line.kind = ?2)
                    ORDER BY line.id
                    """,
                arguments: [positionID, kind?.rawValue], adapter: adapter)
            return try rows.map { row in
                BranchAtPosition(
                    line: try LineRecord(row: row.scopes["line"] ?? row), move: try MoveRecord(row: row.scopes["move"] ?? row))
            }
        }
    }

    /// The line with this key (`italian-game/two-knights-defence`), if any.
    package func line(key: String) throws(BundleError) -> LineRecord? {
        try read { db in try LineRecord.fetchOne(db, sql: "SELECT * FROM line WHERE key = ?", arguments: [key]) }
    }

    /// The move with this key (`<from position key>:<uci>`), if any.
    package func move(key: String) throws(BundleError) -> MoveRecord? {
        try read { db in try MoveRecord.fetchOne(db, sql: "SELECT * FROM move WHERE key = ?", arguments: [key]) }
    }

    /// The note on the move with this key (`BundleKeys.moveKey`), if the bundle has one; nil too for a bundle older
    /// than schema 2.1, which has no notes.
    package func moveNote(key: String) throws(BundleError) -> MoveNoteRecord? {
        try read { db in
            guard try db.tableExists(MoveNoteRow.databaseTableName), let parts = BundleKeys.moveKeyParts(key) else { return nil }
            // By the row's own key (position, move): the view's `key` is made, not stored, so it has no index.
            return try MoveNoteRecord.fetchOne(
                db, sql: "SELECT * FROM move_note WHERE position_id IN (SELECT id FROM position WHERE zobrist_key = ?) AND uci = ?",
                arguments: [Int64(bitPattern: parts.polyglotKey), parts.uci])
        }
    }

    /// Every note of a position, in key order (the position's key, then the move: the moves' order); empty for a bundle older than schema 2.1.
    package func moveNotes(positionID: Int64) throws(BundleError) -> [MoveNoteRecord] {
        try read { db in
            guard try db.tableExists(MoveNoteRow.databaseTableName) else { return [] }
            return try MoveNoteRecord.fetchAll(db, sql: "SELECT * FROM move_note WHERE position_id = ? ORDER BY uci", arguments: [positionID])
        }
    }

    /// The chess app's library: classical openings, then tactics, each by key.
    package func libraryEntries() throws(BundleError) -> [LibraryEntryRecord] {
        try read { db in try LibraryEntryRecord.fetchAll(db, sql: "SELECT * FROM library_entry ORDER BY kind, key") }
    }

    /// The claim of a tactic, `nil` for a classical opening.
    package func libraryClaim(ofEntry entryID: Int64) throws(BundleError) -> LibraryClaimRecord? {
        try read { db in
            try LibraryClaimRecord.fetchOne(db, sql: "SELECT * FROM library_claim WHERE entry_id = ?", arguments: [entryID])
        }
    }

    /// The `meta` table as a dictionary: `schema_version`, `engine`, `profile`, `source_hash`, ….
    package func meta() throws(BundleError) -> [String: String] {
        let rows = try read { db in try MetaRecord.fetchAll(db, sql: "SELECT * FROM meta") }
        return Dictionary(rows.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// Rows per table.
    package func rowCounts() throws(BundleError) -> [String: Int] {
        try queue.inDatabaseChecked(path: path) { db throws(BundleError) in try BundleVerifier.rowCounts(db, path: path) }
    }

    /// Runs a query on the connection. No transaction: the connection is read-only and a bundle
    /// is never modified in place (a new one is renamed over it), so there is nothing to isolate
    /// from, and `BEGIN`/`COMMIT` around every query cost more than the query.
    private func read<T>(_ body: (Database) throws -> T) throws(BundleError) -> T {
        try BundleWriter.run(path: path) { try queue.inDatabase(body) }
    }
}
