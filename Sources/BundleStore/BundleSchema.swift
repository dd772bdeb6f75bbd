// BundleSchema: the openings.sqlite schema, declared once as GRDB migrations, and its header constants.
import GRDB

/// The schema of `openings.sqlite` and the values its header carries.
///
/// Every table is created here and nowhere else; the record types mirror it.
/// A change to the schema is a new migration and a new ``version``.
public enum BundleSchema {
    /// `PRAGMA user_version` of a bundle written with this schema.
    public static let version = 2
    /// `PRAGMA application_id`: the ASCII bytes `CFOG` (ContentForge Openings Grdb).
    public static let applicationID: Int32 = 0x4346_4F47
    /// `PRAGMA page_size`, fixed so the file's bytes do not depend on SQLite's default.
    public static let pageSize = 4096

    /// The tables, parents before children: the order the writer fills them in.
    public static let tableNames = [
        OpeningRecord.databaseTableName, PositionRecord.databaseTableName, MoveRecord.databaseTableName,
        LineRecord.databaseTableName, LineMoveRecord.databaseTableName, AnalysisRecord.databaseTableName,
        AnalysisLineRecord.databaseTableName, MetaRecord.databaseTableName,
    ]

    /// The migrations that create the schema, in order.
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in try createVersion1(db) }
        return migrator
    }

    private static func createVersion1(_ db: Database) throws {
        try db.create(table: "opening") { t in
            t.primaryKey("id", .integer)
            t.column("slug", .text).notNull().unique()
            t.column("name", .text).notNull()
            t.column("variation", .text)
            t.column("eco", .text).notNull()
            t.column("learner_side", .text).notNull().check { ["white", "black"].contains($0) }
            t.column("difficulty", .integer).notNull().check { $0 >= 1 && $0 <= 5 }
            t.column("description", .text).notNull()
            t.column("source_file", .text).notNull()
        }
        try db.create(table: "position") { t in
            t.primaryKey("id", .integer)
            t.column("zobrist_key", .integer).notNull().indexed()
            t.column("fen", .text).notNull().unique()
            t.column("name", .text)
            t.column("eco", .text)
            t.column("name_is_inherited", .boolean).notNull().defaults(to: false)
            // Names (docs/names.md): the family is the name before ':'; false for the name list's own positions.
            t.column("family", .text)
            t.column("in_curriculum", .boolean).notNull().defaults(to: true)
            t.column("side_to_move", .text).notNull().check { ["white", "black"].contains($0) }
            t.column("is_check", .boolean).notNull().defaults(to: false)
        }
        try db.create(table: "move") { t in
            t.primaryKey("id", .integer)
            t.column("from_position_id", .integer).notNull().references("position")
            t.column("to_position_id", .integer).notNull().references("position").indexed()
            t.column("uci", .text).notNull()
            t.column("san", .text).notNull()
            t.column("in_curriculum", .boolean).notNull().defaults(to: true)
            t.uniqueKey(["from_position_id", "uci"])
        }
        try db.create(table: "line") { t in
            t.primaryKey("id", .integer)
            t.column("opening_id", .integer).notNull().references("opening")
            t.column("kind", .text).notNull().check { ["main", "deviation", "alternative"].contains($0) }
            t.column("name", .text)
            t.column("description", .text)
            t.column("phase", .integer).check { $0 == nil || [2, 3].contains($0) }
            t.column("parent_line_id", .integer).references("line").indexed()
            t.column("branch_ply", .integer).check { $0 == nil || $0 >= 0 }
            // A main line has no parent and no phase; a deviation has both; an alternative has a parent.
            t.check(sql: "(kind = 'main') = (parent_line_id IS NULL)")
            t.check(sql: "(kind = 'deviation') = (phase IS NOT NULL)")
            t.check(sql: "(parent_line_id IS NULL) = (branch_ply IS NULL)")
        }
        try db.create(index: "line_opening_kind", on: "line", columns: ["opening_id", "kind"])
        try db.create(
            index: "line_one_main_per_opening", on: "line", columns: ["opening_id"], unique: true,
            condition: Column("kind") == "main")
        try db.create(table: "line_move", options: .withoutRowID) { t in
            t.column("line_id", .integer).notNull().references("line")
            t.column("ply", .integer).notNull().check { $0 >= 1 }
            t.column("move_id", .integer).notNull().references("move").indexed()
            t.column("explanation", .text)
            t.column("explanation_source", .text).check { $0 == nil || ["authored", "generated"].contains($0) }
            t.column("concepts", .text).notNull().defaults(to: "[]").check(sql: "json_valid(concepts)")
            t.column("arrows", .text)
            t.column("highlights", .text)
            t.primaryKey(["line_id", "ply"])
            t.check(sql: "(explanation IS NULL) = (explanation_source IS NULL)")
        }
        try db.create(table: "analysis") { t in
            t.primaryKey("position_id", .integer).references("position")
            t.column("engine", .text).notNull()
            t.column("engine_version", .text).notNull()
            t.column("profile", .text).notNull()
            t.column("nodes", .integer).notNull()
            t.column("depth", .integer).notNull()
            t.column("score_cp", .integer)
            t.column("score_mate", .integer)
            t.column("wdl_win", .integer)
            t.column("wdl_draw", .integer)
            t.column("wdl_loss", .integer)
            t.column("best_uci", .text)
            t.check(sql: "score_cp IS NULL OR score_mate IS NULL")
        }
        try db.create(table: "analysis_line", options: .withoutRowID) { t in
            t.column("position_id", .integer).notNull().references("analysis")
            t.column("rank", .integer).notNull().check { $0 >= 1 }
            t.column("uci", .text).notNull()
            t.column("san", .text).notNull()
            t.column("score_cp", .integer)
            t.column("score_mate", .integer)
            t.column("pv_uci", .text).notNull()
            t.primaryKey(["position_id", "rank"])
            t.check(sql: "score_cp IS NULL OR score_mate IS NULL")
        }
        try db.create(table: "meta", options: .withoutRowID) { t in
            t.primaryKey("key", .text)
            t.column("value", .text).notNull()
        }
    }
}

extension BundleSchema {
    /// The schema of a database as text: every `sqlite_master` entry that has SQL, sorted by
    /// type and name, one statement per paragraph. SQLite's own tables and GRDB's migrations
    /// table are left out. The golden file `Tests/BundleStoreTests/Fixtures/schema.sql` is this text.
    public static func dump(_ db: Database) throws -> String {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT type, name, sql FROM sqlite_master
                WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' AND name != 'grdb_migrations'
                ORDER BY type, name
                """)
        return rows.map { row -> String in
            let type: String = row["type"]
            let name: String = row["name"]
            let sql: String = row["sql"]
            return "-- \(type) \(name)\n\(sql);\n"
        }.joined(separator: "\n")
    }
}
