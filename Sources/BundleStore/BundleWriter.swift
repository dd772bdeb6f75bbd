// BundleWriter: writes BundleContent to openings.sqlite deterministically, verified, atomically.
import Foundation
import GRDB

/// Writes an openings bundle so that the same content gives the same bytes and an
/// interrupted write never leaves a half-written file where a good one was.
///
/// The steps, each of which throws a ``BundleError`` on failure:
/// 1. create a scratch database beside the target (`.<name>.scratch-<pid>-<uuid>`) with a
///    fixed page size and `journal_mode=DELETE`, run the migrations of ``BundleSchema``;
/// 2. insert every table in one transaction, rows in primary-key order;
/// 3. set `application_id` and `user_version`, run `integrity_check` and `foreign_key_check`;
/// 4. `VACUUM INTO` a temporary sibling of the target (`.<name>.tmp-<pid>-<uuid>`);
/// 5. reopen the copy read-only and check it again (header, checks, row counts), sync it;
/// 6. rename it over the target (atomic on one file system) and sync the directory.
///
/// Scratch and temporary files are removed whatever happens; the target is touched only by step 6.
///
///     let counts = try BundleWriter().write(content, to: "data/bundle/openings.sqlite")
package struct BundleWriter: Sendable {
    /// The points between steps, reported to the stage hook.
    enum Stage: Sendable, CaseIterable {
        case inserted, checked, vacuumed, verified
    }

    /// Called after each stage; tests throw from it to interrupt a write.
    var stageHook: (@Sendable (Stage) throws -> Void)?

    package init() {}

    /// Writes `content` to `path` (a file path; its directory must exist) and returns the
    /// row count of each table as read back from the verified copy.
    @discardableResult
    package func write(_ content: BundleContent, to path: String) throws(BundleError) -> [String: Int] {
        let target = URL(fileURLWithPath: path)
        let directory = target.deletingLastPathComponent().path
        let token = "\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
        let scratch = "\(directory)/.\(target.lastPathComponent).scratch-\(token)"
        let temporary = "\(directory)/.\(target.lastPathComponent).tmp-\(token)"
        defer {
            for file in [scratch, scratch + "-journal", temporary, temporary + "-journal"] {
                try? FileManager.default.removeItem(atPath: file)
            }
        }

        try fill(scratch: scratch, with: content, vacuumInto: temporary)
        try hook(.vacuumed, path: path)
        let counts = try BundleVerifier.verify(path: temporary, expectedRowCounts: content.rowCounts)
        try FileSync.sync(path: temporary)
        try hook(.verified, path: path)
        try FileSync.rename(temporary, to: path)
        try FileSync.sync(path: directory)
        return counts
    }

    private func hook(_ stage: Stage, path: String) throws(BundleError) {
        do {
            try stageHook?(stage)
        } catch let error as BundleError {
            throw error
        } catch {
            throw .fileSystem(path: path, operation: "continue after stage \(stage)", message: "\(error)")
        }
    }

    /// Steps 1 to 4: the scratch database, filled, checked and vacuumed into `temporary`.
    private func fill(scratch: String, with content: BundleContent, vacuumInto temporary: String) throws(BundleError) {
        var configuration = Configuration()
        // Checked once, in bulk, by foreign_key_check: it names every bad row, insert order stays free.
        configuration.foreignKeysEnabled = false
        configuration.prepareDatabase { db in
            // page_size only takes effect before the first table exists.
            try db.execute(sql: "PRAGMA page_size = \(BundleSchema.pageSize)")
            try db.execute(sql: "PRAGMA journal_mode = DELETE")
            // The scratch file is thrown away on any failure: no need to survive a power cut.
            try db.execute(sql: "PRAGMA synchronous = OFF")
        }
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: scratch, configuration: configuration)
        } catch {
            throw .cannotOpen(path: scratch, message: Self.describe(error))
        }
        defer { try? queue.close() }
        do {
            try BundleSchema.migrator.migrate(queue)
            // The migrations table describes how the scratch file was made, not the bundle.
            try queue.inDatabase { db in try db.execute(sql: "DROP TABLE grdb_migrations") }
        } catch {
            throw .rejectedContent(path: scratch, table: "(schema)", message: Self.describe(error))
        }
        try insert(content, into: queue, path: scratch)
        try hook(.inserted, path: scratch)
        try Self.run(path: scratch) {
            try queue.inDatabase { db in
                try db.execute(sql: "PRAGMA application_id = \(BundleSchema.applicationID)")
                try db.execute(sql: "PRAGMA user_version = \(BundleSchema.version)")
            }
        }
        try queue.inDatabaseChecked(path: scratch) { db throws(BundleError) in
            try BundleVerifier.checkIntegrity(db, path: scratch)
        }
        try hook(.checked, path: scratch)
        try Self.run(path: temporary) {
            try queue.inDatabase { db in try db.execute(sql: "VACUUM INTO ?", arguments: [temporary]) }
        }
    }

    /// Step 2: every table, parents first, each in primary-key order, in one transaction.
    private func insert(_ content: BundleContent, into queue: DatabaseQueue, path: String) throws(BundleError) {
        var failure: BundleError?
        do {
            try queue.inTransaction { db in
                func insertAll<R: PersistableRecord>(_ rows: [R], by key: (R) -> [Int64], name: (R) -> String) throws {
                    let sorted = rows.sorted { key($0).lexicographicallyPrecedes(key($1)) }
                    for row in sorted {
                        do {
                            try row.insert(db)
                        } catch let error as DatabaseError {
                            failure = .rejectedContent(
                                path: path, table: R.databaseTableName,
                                message: "\(name(row)): \(error.message ?? error.description)")
                            throw error
                        }
                    }
                }
                try insertAll(content.openings, by: { [$0.id] }, name: { "id \($0.id) (\($0.slug))" })
                try insertAll(content.positions, by: { [$0.id] }, name: { "id \($0.id) (\($0.fen))" })
                try insertAll(content.moves, by: { [$0.id] }, name: { "id \($0.id) (\($0.uci))" })
                try insertAll(content.lines, by: { [$0.id] }, name: { "id \($0.id)" })
                try insertAll(
                    content.lineMoves, by: { [$0.lineID, Int64($0.ply)] }, name: { "line \($0.lineID) ply \($0.ply)" })
                try insertAll(content.analyses, by: { [$0.positionID] }, name: { "position \($0.positionID)" })
                try insertAll(
                    content.analysisLines, by: { [$0.positionID, Int64($0.rank)] },
                    name: { "position \($0.positionID) rank \($0.rank)" })
                try insertAll(content.libraryEntries, by: { [$0.id] }, name: { "id \($0.id) (\($0.key))" })
                try insertAll(content.libraryClaims, by: { [$0.entryID] }, name: { "entry \($0.entryID)" })
                // Keys are text: sorted by their bytes, so the same notes always go in in the same order.
                let notes = content.moveNotes.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
                // The key is made from the position's Polyglot key (the view): two positions sharing one may not both
                // have a note on the same move, or a key would name two notes.
                for (a, b) in zip(notes, notes.dropFirst()) where a.key == b.key {
                    failure = .rejectedContent(path: path, table: MoveNoteRow.databaseTableName,
                                               message: "key \(a.key): two notes (positions \(a.positionID) and \(b.positionID))")
                    throw DuplicateNoteKey()
                }
                let stored = MoveNoteRow.normalised(notes)
                try insertAll(stored.texts, by: { [$0.id] }, name: { "id \($0.id)" })
                try insertAll(stored.rows, by: { _ in [] }, name: { "position \($0.positionID) move \($0.uci)" })
                // Meta rows are already in key order; a duplicate key is a rejected row.
                for row in content.metaRecords {
                    do {
                        try row.insert(db)
                    } catch let error as DatabaseError {
                        failure = .rejectedContent(
                            path: path, table: MetaRecord.databaseTableName,
                            message: "key \(row.key): \(error.message ?? error.description)")
                        throw error
                    }
                }
                return .commit
            }
        } catch {
            throw failure ?? .rejectedContent(path: path, table: "(transaction)", message: Self.describe(error))
        }
    }

    /// Runs a GRDB operation, turning its error into a ``BundleError`` about `path`.
    static func run<T>(path: String, _ body: () throws -> T) throws(BundleError) -> T {
        do {
            return try body()
        } catch let error as BundleError {
            throw error
        } catch {
            throw .queryFailed(path: path, message: describe(error))
        }
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? error.description }
        return "\(error)"
    }
}

extension DatabaseQueue {
    /// `inDatabase` for a body that throws only ``BundleError``; GRDB's own errors become `.queryFailed`.
    func inDatabaseChecked<T>(path: String, _ body: (Database) throws(BundleError) -> T) throws(BundleError) -> T {
        try BundleWriter.run(path: path) { try inDatabase { db in try body(db) } }
    }
}

/// Stops the insert transaction at two notes with one key; the writer reports it as `rejectedContent`.
private struct DuplicateNoteKey: Error {}
