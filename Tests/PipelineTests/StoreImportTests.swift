// StoreImportTests: `forge cache import-store` writes every store line into the cache (rows counted, read back equal) and refuses a damaged line with its code.
import Diagnostics
import Foundation
import Testing
@testable import UCIEngine
@testable import Pipeline

@Suite struct StoreImportTests {
    static func importing(_ store: String, into cache: String) -> StoreImportReport {
        StoreImport.run(StoreImportConfiguration(storeDirectory: store, engine: EngineConfiguration(cacheDirectory: nil, cachePath: cache)))
    }

    /// The result lines of every store file under `store`, by file.
    static func resultLines(_ store: String) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: EngineStoreFolder(path: store).files.map { f in (f, StoreVerify.storedRows(f).count) })
    }

    @Test func everyLineBecomesACacheRowReadBackEqualAndASecondImportAddsNothing() throws {
        let dir = try Fixtures.tempDirectory()
        let store = dir + "/store"
        try FileManager.default.copyItem(atPath: Fixtures.goodLibraryEngineStore, toPath: store)
        let expected = Self.resultLines(store)
        let total = expected.values.reduce(0, +)
        let r = Self.importing(store, into: dir + "/analysis.sqlite")
        #expect(r.outcome == .ok, "\(r.diagnostics.map(\.text))")
        #expect(r.summary.files == expected && r.summary.added == total && r.summary.alreadyThere == 0 && r.summary.refused == 0)
        #expect(total > 3_000)
        // One row per line, under the engine's name and binary digest, per profile as many as the file holds.
        let groups = try AnalysisCache.readStatistics(path: dir + "/analysis.sqlite")
        #expect(groups.reduce(0) { $0 + $1.entries } == total && groups.count == expected.count)
        #expect(groups.allSatisfy { $0.engine.hasPrefix("Stockfish 15.1 (sha256:") })
        // A row reads back equal to the store's line.
        let file = try #require(expected.keys.sorted().first)
        let row = try #require(StoreVerify.storedRows(file).first)
        let table = try #require(EngineStoreFolder(path: store).tables(engine: "Stockfish 15.1").tables.first { $0.path == file })
        let cached = try AnalysisCache(path: dir + "/analysis.sqlite").lookup(position: row.key, engine: try #require(groups.first).engine,
                                                                             profile: table.profile.key)
        #expect(cached != nil && cached == table.lookup(row.key))
        // Again: nothing added.
        let again = Self.importing(store, into: dir + "/analysis.sqlite")
        #expect(again.outcome == .ok && again.summary.added == 0 && again.summary.alreadyThere == total)
    }

    @Test func aDamagedLineIsRefusedWithItsPlaceAndTheOthersAreImported() throws {
        let dir = try Fixtures.tempDirectory()
        let store = dir + "/store"
        try FileManager.default.createDirectory(atPath: store + "/stockfish-15.1", withIntermediateDirectories: true)
        let name = EngineStore.fileName(engine: "Stockfish 15.1", profile: Fixtures.goodBundleProfile)
        let file = store + "/" + name
        var rows = try String(contentsOfFile: Fixtures.goodLibraryEngineStore + "/" + name, encoding: .utf8).split(separator: "\n").map(String.init)
        var fields = rows[5].split(separator: "\t").map(String.init)
        fields[2] = "-7"
        rows[5] = fields.joined(separator: "\t")
        try EngineStoreBuildTests.writeStore(rows, to: file)   // with its digest: the test is about the line
        // A file of another engine: skipped, and said so.
        try Data((EngineStore.header(engine: "Other 1", profile: Fixtures.goodBundleProfile) + "# digest: sha256 0\n").utf8)
            .write(to: URL(fileURLWithPath: store + "/other.tsv"))
        let r = Self.importing(store, into: dir + "/analysis.sqlite")
        #expect(r.outcome == .inputErrors)
        let d = try #require(r.diagnostics.first { $0.code == CacheCode.damagedStoreLine })
        #expect(d.severity == .error && d.location?.file == file && d.location?.line == 6 && d.message.contains("nodes"), "\(d.text)")
        #expect(r.diagnostics.filter { $0.severity == .error }.count == 1)
        #expect(r.summary.refused == 1 && r.summary.added == rows.count - 5 && r.summary.files[file] == rows.count - 5)
        #expect(r.lines.contains(store + "/other.tsv: results of Other 1, the engine here is Stockfish 15.1: skipped"))
    }

    @Test func aResultTheCacheHoldsOtherwiseIsAConflictAndNothingIsWritten() throws {
        let dir = try Fixtures.tempDirectory()
        let store = dir + "/store"
        try FileManager.default.createDirectory(atPath: store + "/stockfish-15.1", withIntermediateDirectories: true)
        let name = EngineStore.fileName(engine: "Stockfish 15.1", profile: Fixtures.goodBundleProfile)
        let rows = try String(contentsOfFile: Fixtures.goodLibraryEngineStore + "/" + name, encoding: .utf8).split(separator: "\n").map(String.init)
        try EngineStoreBuildTests.writeStore(Array(rows.prefix(6)), to: store + "/" + name)
        #expect(Self.importing(store, into: dir + "/analysis.sqlite").summary.added == 2)
        // The same positions, one with a node count one higher (still a true result): the cache holds it otherwise.
        var edited = Array(rows.prefix(7))
        var fields = edited[5].split(separator: "\t").map(String.init)
        fields[2] = String((Int(fields[2]) ?? 0) + 1)
        edited[5] = fields.joined(separator: "\t")
        try EngineStoreBuildTests.writeStore(edited, to: store + "/" + name)
        let r = Self.importing(store, into: dir + "/analysis.sqlite")
        #expect(r.outcome == .inputErrors && r.diagnostics.contains { $0.code == CacheCode.conflict }, "\(r.diagnostics.map(\.text))")
        #expect(try AnalysisCache(path: dir + "/analysis.sqlite").count() == 2)
    }

    @Test func aMissingFolderIsNoInput() {
        let r = Self.importing("/nonexistent/engine", into: "/tmp/unused.sqlite")
        #expect(r.outcome == .noInput && r.diagnostics.map(\.code) == [CacheCode.noStoreFolder])
    }
}
