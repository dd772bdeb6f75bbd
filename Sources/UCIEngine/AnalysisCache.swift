// AnalysisCache: results in SQLite (GRDB), keyed by position identity, engine name/version and profile.
import Diagnostics
import Foundation
import GRDB

/// A stored result. One row per (position identity, engine, profile): a position is never
/// analysed twice with the same engine and profile.
struct CachedAnalysisRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "analysis"

    /// The position's identity as FEN fields 1–4 (placement, side, castling, en passant only
    /// when a capture is legal): no move counters.
    var position: String
    /// The engine's `id name` and its executable's identity, e.g. `Stockfish 15.1 (sha256:0123456789abcdef)`
    /// (`AnalysisCache.engineKey`): results of another binary under the same name are never served.
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

    /// `PRAGMA application_id` of a result cache: the ASCII bytes `CFRC` (ContentForge Result Cache).
    public static let applicationID: Int32 = 0x4346_5243

    /// Opens (creating if needed) the cache database at `path`. Its directory must exist. A file that is
    /// there already is opened only if it is a result cache (`CacheSchema`): anything else — the bundle's
    /// openings.sqlite, another tool's database, a file that is not SQLite — throws `NotACache` and is
    /// neither migrated nor changed.
    public init(path: String) throws {
        try CacheSchema.requireCache(at: path)
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
        migrator.registerMigration("v2 application id") { db in
            try db.execute(sql: "PRAGMA application_id = \(AnalysisCache.applicationID)")
        }
        do {
            try migrator.migrate(database)
        } catch {
            // Another process may have created the cache at the same moment; its migration is now visible.
            try migrator.migrate(database)
        }
    }

    /// The stored analysis, or nil (also when the stored value is not text or its JSON no longer decodes, a score
    /// out of range included: `Score.checked`).
    public func lookup(position: String, engine: String, profile: String) throws -> Analysis? {
        let stored = try database.read { db in
            try DatabaseValue.fetchOne(db, sql: "SELECT result FROM analysis WHERE position = ? AND engine = ? AND profile = ?",
                                       arguments: [position, engine, profile])
        }
        guard let stored, case .string(let json) = stored.storage else { return nil }
        return try? JSONDecoder().decode(Analysis.self, from: Data(json.utf8))
    }

    /// The engine column of results of the engine `name` whose executable's identity is `binary`: `Stockfish 15.1
    /// (sha256:0123456789abcdef)`; the bare name without an identity (a scripted engine in a test).
    public static func engineKey(name: String, binary: String?) -> String {
        binary.map { "\(name) (\($0))" } ?? name
    }

    /// The engine's `id name` in an engine column (`engineKey`'s inverse).
    public static func engineName(ofKey key: String) -> String {
        guard key.hasSuffix(")"), let open = key.range(of: " (sha256:", options: .backwards) else { return key }
        return String(key[..<open.lowerBound])
    }

    /// Stores (or replaces) the analysis of `position`, under the engine column `engine` (`engineKey`; the result's
    /// own engine name by default).
    public func store(_ analysis: Analysis, position: String, zobrist: UInt64, engine: String? = nil) throws {
        let e = try Self.entry(analysis, position: position, zobrist: zobrist, engine: engine)
        let record = CachedAnalysisRecord(position: e.position, engine: e.engine, profile: e.profile, zobrist: e.zobrist, result: e.result)
        try database.write { db in try record.save(db) }
    }

    /// The row `store` writes for `analysis` (its JSON with sorted keys), for `add`: a result stored either way is the
    /// same row, so adding one the cache already holds changes nothing.
    public static func entry(_ analysis: Analysis, position: String, zobrist: UInt64, engine: String? = nil) throws -> CacheEntry {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(analysis), as: UTF8.self)
        return CacheEntry(position: position, engine: engine ?? analysis.engine, profile: analysis.profile.key,
                          zobrist: Int64(bitPattern: zobrist), result: json)
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
            .map { CacheGroup(engine: ($0["engine"] as String?) ?? "(not text)", profile: ($0["profile"] as String?) ?? "(not text)",
                              entries: ($0["n"] as Int?) ?? 0) }
    }

    /// Reads every row of the cache file at `path` without writing to it. Throws when the file is
    /// missing or is not a result cache (`NotACache`).
    public static func readEntries(path: String) throws -> [CacheEntry] {
        var oversized = 0
        return try readEntries(path: path, oversized: &oversized)
    }

    /// `readEntries`, bounded: a row longer than `ReadLimits.rowBytes` in all (its position, engine, profile and
    /// result) is not read into memory but counted in `oversized` (`cache merge` reports it, IO106, and merges
    /// nothing): ten rows of 50 MB cost a count, not 566 MB.
    public static func readEntries(path: String, oversized: inout Int) throws -> [CacheEntry] {
        let size = CacheSchema.columns.map { "coalesce(length(CAST(\($0) AS BLOB)), 0)" }.joined(separator: " + ")
        let (entries, over) = try readOnly(path) { db in
            (try CacheEntry.fetchAll(db, sql: "SELECT * FROM analysis WHERE \(size) <= ?", arguments: [ReadLimits.rowBytes]),
             try Int.fetchOne(db, sql: "SELECT count(*) FROM analysis WHERE \(size) > ?", arguments: [ReadLimits.rowBytes]) ?? 0)
        }
        oversized = over
        return entries
    }

    /// `statistics()` of the cache file at `path`, read without writing to it.
    public static func readStatistics(path: String) throws -> [CacheGroup] {
        try readOnly(path) { db in try groups(db) }
    }

    private static func readOnly<T>(_ path: String, _ body: (Database) throws -> T) throws -> T {
        guard FileManager.default.fileExists(atPath: path) else { throw NotACache(path: path, missing: true) }
        return try CacheSchema.readVerified(path) { db in
            guard try db.tableExists("analysis") else { throw NotACache(path: path, reason: "it has no analysis table") }
            return try body(db)
        }
    }
}

/// What makes a file a result cache, checked before it is opened for writing or read row by row: its
/// `application_id` is `AnalysisCache.applicationID` (or 0, a cache written before the id was set), and its
/// tables are the cache's own with the cache's columns. Nothing else is opened as a cache, so nothing else is migrated.
enum CacheSchema {
    /// The `analysis` table's columns, in order, each `NOT NULL`.
    static let columns = ["position", "engine", "profile", "zobrist", "result"]
    /// Tables a cache may hold (GRDB's migration log besides its own).
    static let tables: Set<String> = ["analysis", "grdb_migrations"]

    /// Throws `NotACache` unless `path` is missing, empty, or a result cache.
    static func requireCache(at path: String) throws {
        let attributes = try? FileManager.default.attributesOfItem(atPath: URL(fileURLWithPath: path).resolvingSymlinksInPath().path)
        // A device, FIFO or folder is no cache: SQLite would write its journal beside it (`--cache /dev/null` made
        // `/dev/null-journal`).
        if let type = attributes?[.type] as? FileAttributeType, type != .typeRegular {
            throw NotACache(path: path, reason: "it is not a regular file")
        }
        guard let size = attributes?[.size] as? Int, size > 0 else { return }
        try readVerified(path) { _ in () }
    }

    /// Opens `path` read-only, checks it is a cache (an SQLite file with no table yet counts), and runs `body`.
    static func readVerified<T>(_ path: String, _ body: (Database) throws -> T) throws -> T {
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(10)  // another process may be writing the cache
        do {
            let queue = try DatabaseQueue(path: path, configuration: config)
            return try queue.read { db in
                if let reason = try problem(db) { throw NotACache(path: path, reason: reason) }
                return try body(db)
            }
        } catch var error as NotACache {
            if error.path.isEmpty { error.path = path }  // a row's reader does not know the file
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw NotACache(path: path, reason: "it is not an SQLite file")
        }
    }

    /// Why `db` is not a result cache, or nil.
    static func problem(_ db: Database) throws -> String? {
        let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        guard id == 0 || id == AnalysisCache.applicationID else {
            return String(format: "its application_id is 0x%08X, not a result cache's 0x%08X", id, AnalysisCache.applicationID)
        }
        let names = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        if names.isEmpty { return nil }  // a database with nothing in it yet: the migration creates the cache
        let foreign = names.filter { !tables.contains($0) }
        guard foreign.isEmpty else { return "it holds tables a result cache does not (\(foreign.prefix(3).joined(separator: ", ")))" }
        guard names.contains("analysis") else { return nil }  // only GRDB's log: a cache another process is creating
        let info = try Row.fetchAll(db, sql: "PRAGMA table_info(analysis)")
        let found = info.map { ($0["name"] as String?) ?? "?" }
        guard found == columns, info.allSatisfy({ ($0["notnull"] as Int?) == 1 }) else {
            return "its analysis table has the columns (\(found.joined(separator: ", "))), not a result cache's NOT NULL (\(columns.joined(separator: ", ")))"
        }
        return nil
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

    /// Reads a row; a column of another type than the cache writes (text, an integer key) throws `NotACache`,
    /// never traps (a NULL or a blob can be in a file edited by hand, whatever its schema says).
    public init(row: Row) throws {
        func text(_ column: String) throws -> String {
            guard case .string(let s) = (row[column] as DatabaseValue).storage else {
                throw NotACache(path: "", reason: "a row's \(column) is not text")
            }
            return s
        }
        position = try text("position")
        engine = try text("engine")
        profile = try text("profile")
        guard case .int64(let key) = (row["zobrist"] as DatabaseValue).storage else {
            throw NotACache(path: "", reason: "a row's zobrist is not an integer")
        }
        zobrist = key
        result = try text("result")
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

/// The file to read as a cache is missing, or is not a result cache (`reason` says why).
public struct NotACache: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var missing = false
    public var reason = ""

    public init(path: String, missing: Bool = false, reason: String = "") {
        self.path = path
        self.missing = missing
        self.reason = reason
    }

    public var description: String {
        missing ? "\(path): no such file" : "\(path) is not a forge result cache: \(reason); it was not opened for writing and is unchanged"
    }
}
