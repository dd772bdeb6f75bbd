// BundleVerifier: the checks a bundle must pass, on the scratch file and again on the written copy.
import GRDB

/// Checks that a database is a sound openings bundle.
enum BundleVerifier {
    /// `PRAGMA integrity_check` must say `ok` and `PRAGMA foreign_key_check` must find nothing.
    static func checkIntegrity(_ db: Database, path: String) throws(BundleError) {
        let problems = try BundleWriter.run(path: path) { try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        guard problems == ["ok"] else { throw .integrityCheckFailed(path: path, problems: problems) }
        let rows = try BundleWriter.run(path: path) { try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") }
        guard rows.isEmpty else {
            let violations = rows.map { row -> String in
                let table: String = row[0]
                let rowid: Int64? = row[1]
                let parent: String = row[2]
                return "\(table) row \(rowid.map(String.init) ?? "?") → missing \(parent)"
            }
            throw .foreignKeyCheckFailed(path: path, violations: violations)
        }
    }

    /// Reopens `path` read-only and checks its header, integrity and row counts; returns the counts.
    static func verify(path: String, expectedRowCounts: [String: Int]) throws(BundleError) -> [String: Int] {
        let queue = try openReadOnly(path: path)
        defer { try? queue.close() }
        return try queue.inDatabaseChecked(path: path) { db throws(BundleError) in
            try checkHeader(db, path: path)
            let pageSize = try BundleWriter.run(path: path) { try Int.fetchOne(db, sql: "PRAGMA page_size") }
            guard pageSize == BundleSchema.pageSize else {
                throw .verificationFailed(path: path, reason: "page size \(pageSize ?? 0), expected \(BundleSchema.pageSize)")
            }
            try checkIntegrity(db, path: path)
            let counts = try rowCounts(db, path: path)
            guard counts == expectedRowCounts else {
                let diff = expectedRowCounts.keys.sorted().filter { counts[$0] != expectedRowCounts[$0] }
                    .map { "\($0): \(counts[$0] ?? 0) rows, expected \(expectedRowCounts[$0] ?? 0)" }
                throw .verificationFailed(path: path, reason: diff.joined(separator: ", "))
            }
            return counts
        }
    }

    /// Opens an existing file read-only (the app's way), with foreign keys off: nothing is written.
    static func openReadOnly(path: String) throws(BundleError) -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        do {
            return try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            throw .cannotOpen(path: path, message: BundleWriter.describe(error))
        }
    }

    /// `application_id` must be ours and `user_version` the schema version this code knows.
    static func checkHeader(_ db: Database, path: String) throws(BundleError) {
        let (applicationID, userVersion) = try BundleWriter.run(path: path) {
            (
                try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0,
                try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            )
        }
        guard applicationID == BundleSchema.applicationID else {
            throw .notABundle(path: path, applicationID: applicationID)
        }
        guard userVersion == BundleSchema.version else {
            throw .unsupportedSchemaVersion(path: path, found: userVersion, expected: BundleSchema.version)
        }
    }

    /// Rows per table of ``BundleSchema/tableNames``.
    static func rowCounts(_ db: Database, path: String) throws(BundleError) -> [String: Int] {
        var counts: [String: Int] = [:]
        for table in BundleSchema.tableNames {
            counts[table] = try BundleWriter.run(path: path) {
                try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table.quotedDatabaseIdentifier)") ?? 0
            }
        }
        return counts
    }
}
