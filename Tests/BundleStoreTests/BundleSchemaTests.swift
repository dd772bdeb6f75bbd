// BundleSchemaTests: the migrations produce the golden schema, and the written bundle carries it.
import Foundation
import GRDB
import Testing

@testable import BundleStore

@Suite struct BundleSchemaTests {
    /// Set BUNDLESTORE_UPDATE_GOLDEN=1 to rewrite Fixtures/schema.sql after a deliberate schema change.
    @Test func theMigrationsProduceTheGoldenSchema() throws {
        let queue = try DatabaseQueue()
        try BundleSchema.migrator.migrate(queue)
        let dump = try queue.read { try BundleSchema.dump($0) }
        if ProcessInfo.processInfo.environment["BUNDLESTORE_UPDATE_GOLDEN"] == "1" {
            try dump.write(toFile: fixtureSourcePath("schema.sql"), atomically: true, encoding: .utf8)
        }
        let golden = String(decoding: try fixtureData("schema.sql"), as: UTF8.self)
        #expect(dump == golden, "the schema changed: bump BundleSchema.version, add a migration, update schema.sql")
    }

    @Test func theWrittenBundleHasExactlyTheMigratedSchema() throws {
        let dir = try makeScratchDirectory()
        defer { removeScratchDirectory(dir) }
        try BundleWriter().write(try FixtureContent.content(), to: "\(dir)/openings.sqlite")
        let queue = try DatabaseQueue(path: "\(dir)/openings.sqlite", configuration: readOnly)
        let dump = try queue.read { try BundleSchema.dump($0) }
        #expect(dump == String(decoding: try fixtureData("schema.sql"), as: UTF8.self))
    }

    @Test func everyTableIsListedOnceAndHasItsRecordType() throws {
        let queue = try DatabaseQueue()
        try BundleSchema.migrator.migrate(queue)
        let tables = try queue.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT name FROM sqlite_master WHERE type = 'table'
                    AND name NOT LIKE 'sqlite_%' AND name != 'grdb_migrations' ORDER BY name
                    """)
        }
        #expect(tables == BundleSchema.tableNames.sorted())
        #expect(Set(BundleSchema.tableNames).count == BundleSchema.tableNames.count)
    }

    @Test func buildDateComesFromSourceDateEpoch() throws {
        #expect(try BundleInfo.buildDate(sourceDateEpoch: nil) == nil)
        #expect(try BundleInfo.buildDate(sourceDateEpoch: "") == nil)
        #expect(try BundleInfo.buildDate(sourceDateEpoch: "0") == "1970-01-01T00:00:00Z")
        #expect(try BundleInfo.buildDate(sourceDateEpoch: "1700000000") == "2023-11-14T22:13:20Z")
        #expect(try BundleInfo.buildDate(sourceDateEpoch: "951782400") == "2000-02-29T00:00:00Z")
        #expect(try BundleInfo.buildDate(sourceDateEpoch: "4102444799") == "2099-12-31T23:59:59Z")
        for bad in ["-1", "17e8", " 1", "1.5", "١٢"] {
            #expect(throws: BundleError.invalidSourceDateEpoch(bad)) { try BundleInfo.buildDate(sourceDateEpoch: bad) }
        }
    }
}
