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
}
