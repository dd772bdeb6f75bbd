// BundleSchema: the openings.sqlite schema, declared once as GRDB migrations, and its header constants.
import GRDB

/// The schema of `openings.sqlite` and the values its header carries.
///
/// Every table is created here and nowhere else; the record types mirror it.
/// The bundle is always written from scratch, so the schema is one create function.
///
/// Compatibility rule (docs/bundle.md): ``versionString`` is `major.minor`. An additive change
/// (a new table, a new nullable or defaulted column, a new `meta` key) bumps the minor version and
/// stays readable by an app built against an older minor version of the same major. Anything else
/// (a column removed, renamed, retyped or given another meaning, a key rule changed) bumps the major
/// version, and an app refuses a bundle whose major version it does not know.
public enum BundleSchema {
    /// `PRAGMA user_version` of a bundle written with this schema: the major version.
    public static let version = 2
    /// The minor version: additive changes within ``version``.
    public static let minorVersion = 2
    /// `meta.schema_version`: `major.minor`, e.g. `2.0`.
    public static var versionString: String { "\(version).\(minorVersion)" }
    /// `PRAGMA application_id`: the ASCII bytes `CFOG` (ContentForge Openings Grdb).
    public static let applicationID: Int32 = 0x4346_4F47
    /// `PRAGMA page_size`, fixed so the file's bytes do not depend on SQLite's default.
    public static let pageSize = 4096

    /// The tables, parents before children: the order the writer fills them in.
    public static let tableNames = [
        OpeningRecord.databaseTableName, PositionRecord.databaseTableName, MoveRecord.databaseTableName,
        LineRecord.databaseTableName, LineMoveRecord.databaseTableName, AnalysisRecord.databaseTableName,
        AnalysisLineRecord.databaseTableName, LibraryEntryRecord.databaseTableName,
        LibraryClaimRecord.databaseTableName, NoteTextRow.databaseTableName, MoveNoteRow.databaseTableName, MetaRecord.databaseTableName,
    ]

    /// The migrations that create the schema, in order.
    package static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v2") { db in try createVersion2(db) }
        migrator.registerMigration("v2.1") { db in try addMoveNotes(db) }
        migrator.registerMigration("v2.2") { db in try addCourseExits(db) }
        return migrator
    }

    private static func createVersion2(_ db: Database) throws {
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
            // Stable across content updates: the from-position's Polyglot key (16 hex digits) and the UCI move.
            t.column("key", .text).notNull().unique()
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
            // Stable across content updates: from the opening's slug and the line's name (docs/bundle.md).
            t.column("key", .text).notNull().unique()
            // What a deviation teaches and why the author chose it (`[%dev kind=… reason="…"]`).
            t.column("deviation_kind", .text).check { $0 == nil || ["deviation", "trap", "sidestep"].contains($0) }
            t.column("reason", .text)
            t.check(sql: "(kind = 'deviation') = (deviation_kind IS NOT NULL)")
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
            // The learner's answer to an opponent's move, out of the explanation (no spoiler); all three or none.
            t.column("answer_uci", .text)
            t.column("answer_san", .text)
            t.column("answer_arrows", .text)
            // A generated explanation's material or evaluative claim and the engine score it stands on (mover's view).
            t.column("claim_kind", .text)
            t.column("claim_cp", .integer)
            t.column("claim_mate", .integer)
            t.primaryKey(["line_id", "ply"])
            t.check(sql: "(explanation IS NULL) = (explanation_source IS NULL)")
            t.check(sql: "(answer_uci IS NULL) = (answer_san IS NULL) AND (answer_uci IS NULL) = (answer_arrows IS NULL)")
            t.check(sql: "(claim_kind IS NULL) = (claim_cp IS NULL AND claim_mate IS NULL) AND (claim_cp IS NULL OR claim_mate IS NULL)")
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
            // The depth this line was searched to (each line its own).
            t.column("depth", .integer).notNull().defaults(to: 0).check { $0 >= 0 }
            t.primaryKey(["position_id", "rank"])
            t.check(sql: "score_cp IS NULL OR score_mate IS NULL")
        }
        try db.create(table: "library_entry") { t in
            t.primaryKey("id", .integer)
            // Stable across content updates: `classical/evans-gambit`, `tactics/fools-mate`.
            t.column("key", .text).notNull().unique()
            t.column("kind", .text).notNull().check { ["classical", "tactic"].contains($0) }
            t.column("slug", .text).notNull()
            t.column("title", .text).notNull().check(sql: "length(title) > 0")
            t.column("opening", .text).notNull()
            t.column("variation", .text)
            t.column("eco", .text).notNull()
            t.column("description", .text).notNull()
            // The FEN sequence file in the bundle, e.g. `fen/tactics/fools-mate.fen`.
            t.column("fen_file", .text).notNull()
            t.column("plies", .integer).notNull().check { $0 >= 0 }
            t.column("source_file", .text).notNull()
        }
        try db.create(table: "library_claim", options: .withoutRowID) { t in
            t.primaryKey("entry_id", .integer).references("library_entry")
            t.column("kind", .text).notNull().check { ["mate", "material"].contains($0) }
            // Mate in `amount` moves, or at least `amount` points of material won.
            t.column("amount", .integer).notNull().check { $0 >= 1 }
            // The ply of the entry's line the claim is about: the position after `ply` plies (0: the start).
            t.column("ply", .integer).notNull().check { $0 >= 0 }
            t.column("text", .text).notNull()
        }
        try db.create(table: "meta", options: .withoutRowID) { t in
            t.primaryKey("key", .text)
            t.column("value", .text).notNull()
        }
    }
}

extension BundleSchema {
    /// 2.1: `move_note`, the explainer's note on every move the app can meet (docs/bundle.md; the contract with the
    /// readers is that file's table, not to be changed on one side only). Stored normalised: the texts once each in
    /// `note_text` (a note's text, refutation text and better text repeat across positions: 2,325 distinct better texts
    /// among 80,000 notes), the rows in `move_note_row` pointing at them, and `move_note` a view that reads exactly the
    /// contract's columns. A row is stored under its position and move (`position_id`, `uci`), clustered by position:
    /// the move's key (`BundleKeys.moveKey`) is the position's Polyglot key and the move, so the view makes it from
    /// `position.zobrist_key` instead of storing it twice (a key column and an index by position were 4.1 MB of 27.7).
    /// Every bundle is written from scratch, so the migrations assemble a fresh file: this one holds the table's
    /// current layout, and the view is made once, over the last step's columns (`createMoveNoteView`).
    static func addMoveNotes(_ db: Database) throws {
        try db.create(table: "note_text") { t in
            t.primaryKey("id", .integer)
            t.column("text", .text).notNull().check(sql: "length(text) > 0")
        }
        try db.create(table: "move_note_row", options: .withoutRowID) { t in
            t.column("position_id", .integer).notNull().references("position")
            t.column("uci", .text).notNull()
            t.primaryKey(["position_id", "uci"])
            t.column("san", .text).notNull()
            t.column("verdict", .text).notNull().check { ["best", "good", "inaccuracy", "mistake", "blunder"].contains($0) }
            t.column("loss", .integer).notNull().check { $0 >= 0 }
            t.column("score_cp", .integer)
            t.column("score_mate", .integer)
            t.column("best_cp", .integer)
            t.column("best_mate", .integer)
            t.column("text_id", .integer).notNull().references("note_text")
            t.column("claim_kind", .text)
            t.column("claim_cp", .integer)
            t.column("claim_mate", .integer)
            t.column("arrows", .text)
            t.column("threat_uci", .text)
            t.column("refutation_uci", .text)
            t.column("refutation_san", .text)
            t.column("refutation_text_id", .integer).references("note_text")
            t.column("better_uci", .text)
            t.column("better_san", .text)
            t.column("better_text_id", .integer).references("note_text")
            t.column("answer_uci", .text)
            t.column("answer_san", .text)
            t.column("depth", .integer).notNull()
            t.check(sql: "(score_cp IS NULL) != (score_mate IS NULL)")
            t.check(sql: "(best_cp IS NULL) != (best_mate IS NULL)")
            t.check(sql: "(claim_kind IS NULL) = (claim_cp IS NULL AND claim_mate IS NULL) AND (claim_cp IS NULL OR claim_mate IS NULL)")
            t.check(sql: "(answer_uci IS NULL) = (answer_san IS NULL)")
            t.check(sql: "(better_uci IS NULL) = (better_san IS NULL)")
            t.check(sql: "(refutation_uci IS NULL) = (refutation_san IS NULL)")
        }
    }

    /// 2.2: a note says when its move leaves the course's lines (`leaves_course`), the name of the position it reaches
    /// (`leaves_name`) and how the learner's plan changes (`plan_text`); both stored once in `note_text` like the other
    /// texts (the name repeats for every move of a position: 2.3 MB inline).
    static func addCourseExits(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE move_note_row ADD COLUMN leaves_course BOOLEAN NOT NULL DEFAULT 0;
            ALTER TABLE move_note_row ADD COLUMN leaves_name_id INTEGER REFERENCES note_text(id);
            ALTER TABLE move_note_row ADD COLUMN plan_text_id INTEGER REFERENCES note_text(id);
            """)
        try createMoveNoteView(db)
    }

    /// A move's key in SQL, from `p` (its position) and `r` (its row): `BundleKeys.moveKey(fromPolyglotKey:uci:)`,
    /// 16 lowercase hex digits of the key (SQLite prints a negative integer as its 64-bit two's complement), `:`, the move.
    static let moveKeySQL = "printf('%016x', p.zobrist_key) || ':' || r.uci"

    /// `move_note`: the stored rows with their texts joined, exactly the contract's columns (docs/bundle.md).
    static func createMoveNoteView(_ db: Database) throws {
        try db.execute(sql: """
            CREATE VIEW move_note AS
            SELECT \(moveKeySQL) AS key, r.position_id, r.uci, r.san, r.verdict, r.loss, r.score_cp, r.score_mate, r.best_cp, r.best_mate,
                   t.text AS text, r.claim_kind, r.claim_cp, r.claim_mate, r.arrows, r.threat_uci,
                   r.refutation_uci, r.refutation_san, rt.text AS refutation_text,
                   r.better_uci, r.better_san, bt.text AS better_text, r.answer_uci, r.answer_san, r.depth,
                   r.leaves_course, ln.text AS leaves_name, pt.text AS plan_text
            FROM move_note_row r
            JOIN position p ON p.id = r.position_id
            JOIN note_text t ON t.id = r.text_id
            LEFT JOIN note_text rt ON rt.id = r.refutation_text_id
            LEFT JOIN note_text bt ON bt.id = r.better_text_id
            LEFT JOIN note_text ln ON ln.id = r.leaves_name_id
            LEFT JOIN note_text pt ON pt.id = r.plan_text_id
            """)
    }

    /// The schema of a database as text: every `sqlite_master` entry that has SQL, sorted by
    /// type and name, one statement per paragraph. SQLite's own tables and GRDB's migrations
    /// table are left out. The golden file `Tests/BundleStoreTests/Fixtures/schema.sql` is this text.
    package static func dump(_ db: Database) throws -> String {
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
