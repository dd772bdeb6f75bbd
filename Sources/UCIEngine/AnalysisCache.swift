// AnalysisCache: results in SQLite (GRDB), keyed by position identity, engine name/version and profile.
import Foundation
import GRDB

/// A stored result. One row per (position identity, engine, profile): a position is never
/// analysed twice with the same engine and profile.
struct CachedAnalysisRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "analysis"

    /// The position's identity as FEN fields 1–4 (placement, side, castling, en passant only
    /// when a capture is legal): no move counters.
    var position: String
    /// The engine's `id name`, e.g. `Stockfish 15.1`.
    var engine: String
    /// `AnalysisProfile.key`.
    var profile: String
    /// The Polyglot Zobrist key (as a signed 64-bit pattern), for joining with other tables.
    var zobrist: Int64
    /// `Analysis` as JSON.
    var result: String

    enum Columns {
        static let position = Column(CodingKeys.position)
        static let engine = Column(CodingKeys.engine)
        static let profile = Column(CodingKeys.profile)
    }
}

/// The persistent result cache, safe to share between threads. Every `store` commits at once, so
/// an interrupted run keeps everything finished before the interrupt.
///
/// ```swift
/// let cache = try AnalysisCache(path: "data/cache/analysis.sqlite")
/// if let hit = try cache.lookup(position: id, engine: "Stockfish 15.1", profile: profile.key) { … }
/// ```
public final class AnalysisCache: Sendable {
    private let database: DatabasePool
    public let path: String

    /// Opens (creating if needed) the cache database at `path`. Its directory must exist.
    public init(path: String) throws {
        var config = Configuration()
        config.busyMode = .timeout(10)
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        database = try DatabasePool(path: path, configuration: config)
        self.path = path
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 analysis") { db in
            try db.create(table: "analysis", options: [.withoutRowID, .ifNotExists]) { t in
                t.column("position", .text).notNull()
                t.column("engine", .text).notNull()
                t.column("profile", .text).notNull()
                t.column("zobrist", .integer).notNull()
                t.column("result", .text).notNull()
                t.primaryKey(["position", "engine", "profile"])
            }
        }
        do {
            try migrator.migrate(database)
        } catch {
            // Another process may have created the cache at the same moment; its migration is now visible.
            try migrator.migrate(database)
        }
    }

    /// The stored analysis, or nil (also when the stored JSON no longer decodes).
    public func lookup(position: String, engine: String, profile: String) throws -> Analysis? {
        let record = try database.read { db in
            try CachedAnalysisRecord
                .filter(CachedAnalysisRecord.Columns.position == position)
                .filter(CachedAnalysisRecord.Columns.engine == engine)
                .filter(CachedAnalysisRecord.Columns.profile == profile)
                .fetchOne(db)
        }
        guard let record else { return nil }
        return try? JSONDecoder().decode(Analysis.self, from: Data(record.result.utf8))
    }

    /// Stores (or replaces) the analysis of `position`.
    public func store(_ analysis: Analysis, position: String, zobrist: UInt64) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(analysis), as: UTF8.self)
        let record = CachedAnalysisRecord(
            position: position, engine: analysis.engine, profile: analysis.profile.key,
            zobrist: Int64(bitPattern: zobrist), result: json)
        try database.write { db in try record.save(db) }
    }

    /// Number of stored results.
    public func count() throws -> Int {
        try database.read { db in try CachedAnalysisRecord.fetchCount(db) }
    }

    /// Every stored row, ordered by position, engine, profile (the primary key): the same rows
    /// always list the same way, whatever order they were stored in.
    public func entries() throws -> [CacheEntry] {
        try database.read { db in try CacheEntry.fetchAll(db) }
    }

    /// Adds `entries` in one transaction. A row whose key is already stored with the same result
    /// is skipped (so adding twice changes nothing); a row whose key is stored with another result
    /// is a conflict: nothing is added and `CacheConflict` is thrown with every conflicting row.
    /// Returns the number of rows added.
    @discardableResult
    public func add(_ entries: [CacheEntry]) throws -> Int {
        try database.write { db in
            var added = 0
            var conflicts: [CacheEntry] = []
            for e in entries {
                let stored = try String.fetchOne(
                    db, sql: "SELECT result FROM analysis WHERE position = ? AND engine = ? AND profile = ?",
                    arguments: [e.position, e.engine, e.profile])
                switch stored {
                case nil:
                    try db.execute(sql: "INSERT INTO analysis (position, engine, profile, zobrist, result) VALUES (?, ?, ?, ?, ?)",
                                   arguments: [e.position, e.engine, e.profile, e.zobrist, e.result])
                    added += 1
                case e.result?: break
                case _?: conflicts.append(e)
                }
            }
            if !conflicts.isEmpty { throw CacheConflict(entries: conflicts) }
            return added
        }
    }

    /// Rows per engine and profile, sorted by engine then profile.
    public func statistics() throws -> [CacheGroup] {
        try database.read { db in try Self.groups(db) }
    }

    static func groups(_ db: Database) throws -> [CacheGroup] {
        try Row.fetchAll(db, sql: "SELECT engine, profile, COUNT(*) AS n FROM analysis GROUP BY engine, profile ORDER BY engine, profile")
            .map { CacheGroup(engine: $0["engine"], profile: $0["profile"], entries: $0["n"]) }
    }

    /// Reads every row of the cache file at `path` without writing to it. Throws when the file is
    /// missing or is not a result cache (`NotACache`).
    public static func readEntries(path: String) throws -> [CacheEntry] {
        try readOnly(path) { db in try CacheEntry.fetchAll(db) }
    }

    /// `statistics()` of the cache file at `path`, read without writing to it.
    public static func readStatistics(path: String) throws -> [CacheGroup] {
        try readOnly(path) { db in try groups(db) }
    }

    private static func readOnly<T>(_ path: String, _ body: (Database) throws -> T) throws -> T {
        guard FileManager.default.fileExists(atPath: path) else { throw NotACache(path: path, missing: true) }
        var config = Configuration()
        config.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: config)
        return try queue.read { db in
            guard try db.tableExists("analysis") else { throw NotACache(path: path) }
            return try body(db)
        }
    }
}

/// One stored row, as it is in the file (the result as its JSON text).
public struct CacheEntry: Hashable, Sendable, Codable, FetchableRecord {
    public var position: String
    public var engine: String
    public var profile: String
    public var zobrist: Int64
    public var result: String

    public init(position: String, engine: String, profile: String, zobrist: Int64, result: String) {
        self.position = position
        self.engine = engine
        self.profile = profile
        self.zobrist = zobrist
        self.result = result
    }

    public init(row: Row) throws {
        position = row["position"]
        engine = row["engine"]
        profile = row["profile"]
        zobrist = row["zobrist"]
        result = row["result"]
    }

    static func fetchAll(_ db: Database) throws -> [CacheEntry] {
        try CacheEntry.fetchAll(db, sql: "SELECT position, engine, profile, zobrist, result FROM analysis ORDER BY position, engine, profile")
    }

    /// The stored result, decoded; nil when the JSON does not decode.
    public var analysis: Analysis? { try? JSONDecoder().decode(Analysis.self, from: Data(result.utf8)) }
}

/// How many results a cache holds for one engine and profile.
public struct CacheGroup: Hashable, Sendable {
    public var engine: String
    public var profile: String
    public var entries: Int
}

/// `add` found keys stored with another result: the engine was not deterministic, or the files were edited.
public struct CacheConflict: Error, Sendable {
    public var entries: [CacheEntry]
}

/// The file to read as a cache is missing, or has no `analysis` table.
public struct NotACache: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var missing = false
    public var description: String {
        missing ? "\(path): no such file" : "\(path) is an SQLite file but not a forge result cache (no analysis table)"
    }
}
