// BundleWriterTests: determinism, header, checks and atomic replacement of the bundle writer.
import Diagnostics
import Foundation
import GRDB
import Testing

@testable import BundleStore

@Suite struct BundleWriterTests {
    @Test func twoWritesOfTheSameContentAreByteIdentical() throws {
        let dir = try makeScratchDirectory()
        defer { removeScratchDirectory(dir) }
        let content = try FixtureContent.content()
        try BundleWriter().write(content, to: "\(dir)/a.sqlite")
        try BundleWriter().write(content, to: "\(dir)/b.sqlite")
        let a = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/a.sqlite"))
        let b = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/b.sqlite"))
        #expect(a.count > 0 && a.count % BundleSchema.pageSize == 0)
        #expect(a == b)
    }

    @Test func theOrderOfTheCallersArraysDoesNotChangeTheBytes() throws {
        let dir = try makeScratchDirectory()
        defer { removeScratchDirectory(dir) }
        let content = try FixtureContent.content()
        var shuffled = content
        shuffled.positions.reverse()
        shuffled.moves.reverse()
        shuffled.lines.reverse()
        shuffled.lineMoves.reverse()
        shuffled.analysisLines.reverse()
        try BundleWriter().write(content, to: "\(dir)/a.sqlite")
        try BundleWriter().write(shuffled, to: "\(dir)/b.sqlite")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: "\(dir)/a.sqlite"))
                == Data(contentsOf: URL(fileURLWithPath: "\(dir)/b.sqlite")))
    }

    @Test func theHeaderCarriesApplicationIDVersionPageSizeAndRollbackJournal() throws {
        let dir = try makeScratchDirectory()
        defer { removeScratchDirectory(dir) }
        let counts = try BundleWriter().write(try FixtureContent.content(), to: "\(dir)/openings.sqlite")
        #expect(counts["position"] == 43)
        #expect(counts["meta"] == 7)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(dir)/openings.sqlite")))
        func be32(_ offset: Int) -> UInt32 { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        #expect(String(decoding: bytes[0..<15], as: UTF8.self) == "SQLite format 3")
        #expect(Int(bytes[16]) << 8 | Int(bytes[17]) == 4096)  // page size
        #expect(bytes[18] == 1 && bytes[19] == 1)  // legacy (rollback journal) read and write versions
        #expect(be32(60) == 2)  // user_version: the schema's major version
        #expect(be32(68) == 0x4346_4F47)  // application_id 'CFOG'
        #expect(Array(bytes[68..<72]) == Array("CFOG".utf8))
        // No leftovers beside the bundle.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["openings.sqlite"])
    }

    @Test func theBundleHasNoMigrationsTableAndTheMetaFacts() throws {
        let dir = try makeScratchDirectory()
        defer { removeScratchDirectory(dir) }
        try BundleWriter().write(try FixtureContent.content(), to: "\(dir)/openings.sqlite")
        let bundle = try OpeningsBundle(path: "\(dir)/openings.sqlite")
        #expect(
            try bundle.meta() == [
                "build_date": "2023-11-14T22:13:20Z", "engine": "Stockfish 15.1", "engine_version": "15.1",
                "profile": "nodes=20000 threads=1 hash=16 multipv=3", "schema_version": "2.2",
                "source_hash": String(repeating: "ab", count: 32), "content_version": FixtureContent.info.contentVersion,
            ])
        let queue = try DatabaseQueue(path: "\(dir)/openings.sqlite", configuration: readOnly)
        #expect(try queue.read { try $0.tableExists("grdb_migrations") } == false)
        // Concepts are stored as compact JSON array text; booleans as 0/1; keys as signed integers.
        let concepts = try queue.read { db in
            try String.fetchAll(db, sql: "SELECT concepts FROM line_move WHERE line_id = 1 AND ply IN (1, 2) ORDER BY ply")
        }
        #expect(concepts == [#"["centre","development"]"#, "[]"])
        let start = try queue.read { db in
            try Row.fetchOne(db, sql: "SELECT zobrist_key, is_check, side_to_move FROM position WHERE id = 1")
        }
        #expect(start?["zobrist_key"] == Int64(bitPattern: 0x463B_9618_1691_FC9C))
        #expect(start?["is_check"] == 0)
        #expect(start?["side_to_move"] == "white")
    }

    @Test(arguments: BundleWriter.Stage.allCases)
    func aWriteInterruptedAtAnyStageLeavesThePreviousBundleIntact(stage: BundleWriter.Stage) throws {
        let dir = try makeScratchDirectory()
        defer { removeScratchDirectory(dir) }
        let path = "\(dir)/openings.sqlite"
        let content = try FixtureContent.content()
        try BundleWriter().write(content, to: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        var changed = content
        changed.openings[0].name = "Changed"
        struct Interrupted: Error {}
        var writer = BundleWriter()
        writer.stageHook = { if $0 == stage { throw Interrupted() } }
        #expect(throws: BundleError.self) { try writer.write(changed, to: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["openings.sqlite"])
        #expect(try OpeningsBundle(path: path).openings().first?.name == "Italian Game")

        // Without the interruption the same writer replaces it.
        try BundleWriter().write(changed, to: path)
        #expect(try OpeningsBundle(path: path).openings().first?.name == "Changed")
    }

    @Test func aDuplicateIDIsRejectedWithTheTableAndRow() throws {
        let dir = try makeScratchDirectory()
        defer { removeScratchDirectory(dir) }
        var content = try FixtureContent.content()
        var duplicate = content.positions[3]
        duplicate.fen = "8/8/8/8/8/8/8/K6k w - - 0 1"
        content.positions.append(duplicate)
        do {
            try BundleWriter().write(content, to: "\(dir)/openings.sqlite")
            Issue.record("expected a rejection")
        } catch {
            #expect(error.code == "BND401")
            guard case let .rejectedContent(_, table, message) = error else { throw error }
            #expect(table == "position")
            #expect(message.contains("id 4"))
            #expect(message.contains("UNIQUE"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test func aCheckConstraintRejectsAMainLineWithAPhase() throws {
        let dir = try makeScratchDirectory()
        defer { removeScratchDirectory(dir) }
        var content = try FixtureContent.content()
        content.lines[0].phase = 2
        #expect(throws: BundleError.self) { try BundleWriter().write(content, to: "\(dir)/openings.sqlite") }
    }

    @Test func aMoveToAMissingPositionFailsTheForeignKeyCheck() throws {
        let dir = try makeScratchDirectory()
        defer { removeScratchDirectory(dir) }
        var content = try FixtureContent.content()
        content.moves[0].toPositionID = 999
        do {
            try BundleWriter().write(content, to: "\(dir)/openings.sqlite")
            Issue.record("expected a foreign key failure")
        } catch {
            #expect(error.code == "BND403")
            guard case let .foreignKeyCheckFailed(_, violations) = error else { throw error }
            #expect(violations == ["move row 1 → missing position"])
            #expect(error.diagnostic.text.hasPrefix("error[BND403]: "))
        }
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/openings.sqlite"))
    }

    @Test func aMissingDirectoryIsAnErrorNotACrash() throws {
        let content = try FixtureContent.content()
        #expect(throws: BundleError.self) {
            try BundleWriter().write(content, to: "/nonexistent-\(UUID().uuidString)/openings.sqlite")
        }
    }
}

let readOnly: Configuration = {
    var c = Configuration()
    c.readonly = true
    return c
}()

@Suite struct BundleRoundTripTests {
    /// Every record read back equals the record written: the hand-written `encode(to:)` of each
    /// record type agrees with its Codable decoding.
    @Test func everyRecordReadsBackUnchanged() throws {
        let dir = try makeScratchDirectory()
        defer { removeScratchDirectory(dir) }
        let content = try FixtureContent.content()
        try BundleWriter().write(content, to: "\(dir)/openings.sqlite")
        let queue = try DatabaseQueue(path: "\(dir)/openings.sqlite", configuration: readOnly)
        try queue.read { db throws in
            #expect(try OpeningRecord.fetchAll(db, sql: "SELECT * FROM opening ORDER BY id") == content.openings)
            #expect(try PositionRecord.fetchAll(db, sql: "SELECT * FROM position ORDER BY id") == content.positions)
            #expect(try MoveRecord.fetchAll(db, sql: "SELECT * FROM move ORDER BY id") == content.moves)
            #expect(try LineRecord.fetchAll(db, sql: "SELECT * FROM line ORDER BY id") == content.lines)
            #expect(
                try LineMoveRecord.fetchAll(db, sql: "SELECT * FROM line_move ORDER BY line_id, ply")
                    == content.lineMoves.sorted { ($0.lineID, $0.ply) < ($1.lineID, $1.ply) })
            #expect(try AnalysisRecord.fetchAll(db, sql: "SELECT * FROM analysis ORDER BY position_id") == content.analyses)
            #expect(
                try AnalysisLineRecord.fetchAll(db, sql: "SELECT * FROM analysis_line ORDER BY position_id, rank")
                    == content.analysisLines)
            #expect(try MetaRecord.fetchAll(db, sql: "SELECT * FROM meta ORDER BY key") == content.metaRecords)
        }
        // The fixture exercises the optional columns both ways.
        #expect(content.positions.contains { $0.nameIsInherited } && content.positions.contains { $0.isCheck })
        #expect(content.lineMoves.contains { $0.highlights != nil } && content.lines.contains { $0.phase == 3 })
    }
}
