// EngineStoreBuildTests: `forge cache export-store` and the build reading the store first, with the real Stockfish.
import Diagnostics
import Foundation
import Testing
@testable import UCIEngine
@testable import Pipeline

@Suite(.serialized) struct EngineStoreBuildTests {
    /// Writes a store file's lines (its header first) with the digest line made anew over the result lines, as
    /// `forge cache export-store` writes it, so a test reaches the check of one line, not the file's digest.
    static func writeStore(_ rows: [String], to file: String) throws {
        let body = rows.dropFirst(4).map { $0 + "\n" }.joined()
        let text = rows.prefix(3).map { $0 + "\n" }.joined() + EngineStore.digestLine(of: body) + body
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    }

    static let openings = Fixtures.path("validate/good")
    static let profile = AnalysisProfile(nodes: 30_000, multiPV: 3)
    var openings: String { Self.openings }
    var profile: AnalysisProfile { Self.profile }

    static func engine(cache: String?, store: String) -> EngineConfiguration {
        EngineConfiguration(profile: profile, cacheDirectory: nil, cachePath: cache, storeDirectory: store)
    }

    static func build(into out: String, cache: String?, store: String) -> BuildReport {
        Build.run(BuildConfiguration(openingsPath: openings, outputDirectory: out, engine: engine(cache: cache, store: store)))
    }

    static func export(cache: String?, store: String, check: Bool = false) -> StoreExportReport {
        StoreExport.run(StoreExportConfiguration(build: BuildConfiguration(openingsPath: openings, engine: engine(cache: cache, store: store)),
                                                 check: check))
    }

    func build(into out: String, cache: String?, store: String) -> BuildReport { Self.build(into: out, cache: cache, store: store) }
    func export(cache: String?, store: String, check: Bool = false) -> StoreExportReport { Self.export(cache: cache, store: store, check: check) }

    /// The suite's one build, its cache filled from the committed store (`Fixtures.goodLibraryEngineStore`, what a
    /// build of this library asks at this profile, written by scripts/gen/test-engine-stores.sh with the real
    /// Stockfish) by `forge cache import-store`'s function, less `deepCheckLeftOut` positions of the deep check's file,
    /// and the store written from that cache. The notes' searches (every legal move of every curriculum position at
    /// 100,000 nodes, each move's child graded) cost about 280 s of CPU with an empty cache; imported, nothing the build
    /// asks is searched, and the export searches only the positions left out, with the real engine (they are new to the
    /// cache: what the first test asserts). Every test starts from a copy of this cache and store.
    ///
    /// The whole deep-check file used to be left out: the export then searched its 50 positions at 150,000 nodes and
    /// 3 lines; three make the same claim (what the cache lacks is searched, and only that) for a sixteenth of it.
    struct Seed: Sendable {
        let dir: String
        /// The positions of the deep check's file the cache was not given.
        let deepLeftOut: [String]
        let imported: StoreImportReport
        let build: BuildReport
        let export: StoreExportReport
        var cache: String { dir + "/analysis.sqlite" }
        var store: String { dir + "/engine" }
        var bundle: String { dir + "/a" }
    }

    /// The committed store's file of the deep check's profile, of which the seed's cache is not given
    /// `deepCheckLeftOut` positions (its first lines).
    static let deepCheckFile = EngineStore.fileName(engine: "Stockfish 15.1", profile: AnalysisProfile.deepCheck(like: profile))
    static let deepCheckLeftOut = 3

    static let seed: Seed? = {
        guard let dir = try? Fixtures.tempDirectory() else { return nil }
        let deepLeftOut: [String]
        do {
            try FileManager.default.copyItem(atPath: Fixtures.goodLibraryEngineStore, toPath: dir + "/committed")
            let deep = dir + "/committed/" + deepCheckFile
            var rows = try String(contentsOfFile: deep, encoding: .utf8).split(separator: "\n").map(String.init)
            let lines = 4..<(4 + deepCheckLeftOut)
            deepLeftOut = rows[lines].map { String($0.prefix { $0 != "\t" }) }
            rows.removeSubrange(lines)
            try writeStore(rows, to: deep)
        } catch {
            return nil
        }
        let imported = StoreImport.run(StoreImportConfiguration(storeDirectory: dir + "/committed",
                                                                engine: EngineConfiguration(cacheDirectory: nil, cachePath: dir + "/analysis.sqlite")))
        let built = build(into: dir + "/a", cache: dir + "/analysis.sqlite", store: dir + "/engine")
        return Seed(dir: dir, deepLeftOut: deepLeftOut, imported: imported, build: built,
                    export: export(cache: dir + "/analysis.sqlite", store: dir + "/engine"))
    }()

    /// A scratch folder holding a copy of the seed's cache and store: `(scratch, cache, store)`.
    func seeded() throws -> (scratch: String, cache: String, store: String) {
        let seed = try #require(Self.seed)
        let scratch = try Fixtures.tempDirectory()
        try FileManager.default.copyItem(atPath: seed.cache, toPath: scratch + "/analysis.sqlite")
        try FileManager.default.copyItem(atPath: seed.store, toPath: scratch + "/engine")
        return (scratch, scratch + "/analysis.sqlite", scratch + "/engine")
    }

    static let bundleFiles = ["openings.sqlite", "openings.bin", "manifest.json", "fen/classical/qgd.fen", "fen/tactics/scholars-mate.fen"]

    @Test func aBuildFromTheStoreAloneIsByteIdenticalToOneFromTheCache() throws {
        let seed = try #require(Self.seed)
        let (scratch, cache, store) = try seeded()
        // The cache, filled from the committed store: every line of its files but the deep check's left out.
        #expect(seed.imported.outcome == .ok && seed.imported.summary.refused == 0, "\(seed.imported.diagnostics.map(\.text))")
        let committedDeep = StoreVerify.storedRows(Fixtures.goodLibraryEngineStore + "/" + Self.deepCheckFile).map(\.key)
        #expect(seed.deepLeftOut.count == Self.deepCheckLeftOut && Set(seed.deepLeftOut).isSubset(of: committedDeep))
        #expect(seed.imported.summary.added > 0
                && seed.imported.summary.files[seed.dir + "/committed/" + Self.deepCheckFile] == committedDeep.count - Self.deepCheckLeftOut)
        // A build with the cache (no store yet: nothing said about one): nothing searched, nothing from a store.
        let withCache = seed.build
        #expect(!withCache.failed)
        #expect(withCache.counts["from_store"] == 0)
        #expect(withCache.searchedNow == 0, "\(withCache.counts)")
        #expect(!withCache.diagnostics.contains { $0.code == CacheCode.notInStore })

        // The store, from the cache the build filled: nothing searched; one file for the build's profile and one for each
        // of the notes' profiles (the every-move searches, the grading searches of each move's child, the best moves'
        // children searched again).
        let written = seed.export
        #expect(written.outcome == .ok, "\(written.diagnostics.map(\.text))")
        // Only the deep check's positions left out are new, and they are searched: the build asked the others and
        // filled the cache. The deep check's file written holds them, and every other position of the committed one.
        #expect(written.summary.analysedNow == Self.deepCheckLeftOut, "\(written.summary)")
        #expect(written.summary.files[seed.store + "/" + Self.deepCheckFile] == committedDeep.count)
        #expect(Set(StoreVerify.storedRows(seed.store + "/" + Self.deepCheckFile).map(\.key)) == Set(committedDeep))
        func named(_ p: AnalysisProfile) -> String { "/" + EngineStore.fileName(engine: "Stockfish 15.1", profile: p) }
        let files = [named(profile), named(AnalysisProfile.notes(like: profile)), named(AnalysisProfile.grading(like: profile)),
                     named(AnalysisProfile.bestMove(like: profile)), named(AnalysisProfile.deepCheck(like: profile))]
        #expect(Set(written.summary.files.keys) == Set(files.map { seed.store + $0 }))
        let results = try #require(written.summary.files[seed.store + files[0]])
        #expect(results >= 80)
        let bytes = try #require(FileManager.default.contents(atPath: store + files[0]))
        // Four header lines (format, engine, profile, the digest of the lines after it), then one line per result.
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == results + 4)
        #expect(lines.count > 3 && lines[3].hasPrefix("# digest: sha256 "))

        // The same results give the same bytes.
        #expect(export(cache: cache, store: store).outcome == .ok)
        #expect(FileManager.default.contents(atPath: store + files[0]) == bytes)

        // A fresh clone: no cache, the store only. Nothing searched, every result from the store, the same bundle.
        let fromStore = build(into: scratch + "/b", cache: nil, store: store)
        #expect(!fromStore.failed, "\(fromStore.diagnostics.map(\.text))")
        #expect(fromStore.counts["analysed_now"] == 0)
        #expect(fromStore.counts["not_in_store"] == 0)
        #expect((fromStore.counts["from_store"] ?? 0) >= 80)
        for f in Self.bundleFiles {
            #expect(FileManager.default.contents(atPath: seed.bundle + "/" + f) == FileManager.default.contents(atPath: scratch + "/b/" + f), "\(f)")
        }
        // The check passes and searches nothing.
        let check = export(cache: nil, store: store, check: true)
        #expect(check.outcome == .ok && check.summary.missing == 0 && check.summary.stale == 0, "\(check.diagnostics.map(\.text))")
    }

    /// `make validate-deep` asks what the store holds: the learner's moves at five times the build's budget, the factor
    /// the Makefile passes as `--nodes`. Read from the store alone, nothing is searched.
    @Test func theDeepCheckReadsTheStore() throws {
        let (_, _, store) = try seeded()
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let makefile = try String(contentsOfFile: repo.appendingPathComponent("Makefile").path, encoding: .utf8)
        #expect(makefile.contains("--nodes $$(( \(AnalysisProfile.deepCheckFactor) * $${FORGE_NODES:-\(AnalysisProfile.defaultNodes)} ))"))
        var engine = Self.engine(cache: nil, store: store)
        engine.profile = AnalysisProfile(nodes: profile.nodes * AnalysisProfile.deepCheckFactor, multiPV: profile.multiPV)
        #expect(engine.profile == AnalysisProfile.deepCheck(like: profile))
        let r = Validate.run(ValidateConfiguration(paths: [openings], engine: engine, learnerMovesOnly: true))
        #expect(r.searched == 0 && r.cached > 0, "\(r.searched) searched, \(r.cached) read")
    }

    /// One store out of date three ways at once, so one check, one build, one write and one check after it say
    /// everything (each of them is a whole build's asking in a debug build: they were this suite's CPU): the build
    /// profile's file lacks a position and holds a line of a position no longer needed, and beside it lies a file of a
    /// profile no build asks. The check fails and names each; a fresh clone's build searches the one position; a write
    /// puts the line back, drops the stale one and removes the file; the check after it passes.
    @Test func aStoreThatLacksAPositionFailsTheCheckAndTheBuildSaysHowManyItSearched() throws {
        let (scratch, cache, store) = try seeded()
        let file = store + "/" + EngineStore.fileName(engine: "Stockfish 15.1", profile: profile)
        var rows = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(String.init)
        let removed = rows.remove(at: 10)
        let removedKey = String(removed.prefix { $0 != "\t" })
        // A line of a position no longer needed: stale.
        rows.append("8/8/8/8/8/8/k7/7K w - -\th1g1\t10\t0 d1 h1g1")
        try Self.writeStore(rows, to: file)   // with its digest: the test is about the lines, not a hand edit
        // A file of a profile no build asks (the grading search's old budget): the check fails on it, a write removes it.
        let old = store + "/" + EngineStore.fileName(engine: "Stockfish 15.1", profile: AnalysisProfile(nodes: 5_000, multiPV: 1))
        try Data("# an old profile\n".utf8).write(to: URL(fileURLWithPath: old))

        let check = export(cache: nil, store: store, check: true)
        #expect(check.outcome == .inputErrors)
        // The line added is stale; so are grading searches the missing position's notes no longer ask for; and the
        // unasked file counts as one stale line (it was the only stale thing of a check of its own: `stale == 1`).
        #expect(check.summary.missing == 1 && check.summary.stale >= 2, "\(check.summary)")
        let d = try #require(check.diagnostics.first { $0.code == CacheCode.storeOutOfDate && $0.message.hasPrefix(file + " ") })
        // The build profile's file: the one position missing, the one line added.
        #expect(d.message.contains("1 positions missing, 1 lines no longer needed") && d.notes == ["missing: \(removedKey)"],
                "\(d.message) \(d.notes)")
        #expect(check.diagnostics.contains { $0.code == CacheCode.storeOutOfDate && $0.message.hasPrefix(old + " is read by no build") },
                "\(check.diagnostics.map(\.text))")
        #expect(check.lines.contains(old + ": asked by no build"), "\(check.lines)")
        #expect(FileManager.default.fileExists(atPath: old))

        // A fresh clone's build (an empty cache) searches that one position, once, and says so. The unasked file is
        // out of the store meanwhile: a build reads every file there, and one that is only a header is a damaged file
        // to it (another claim than this test's); it is back for the write below, which removes it.
        let aside = scratch + "/unasked.tsv"
        try FileManager.default.moveItem(atPath: old, toPath: aside)
        let partial = build(into: scratch + "/b", cache: scratch + "/fresh.sqlite", store: store)
        try FileManager.default.moveItem(atPath: aside, toPath: old)
        #expect(partial.counts["analysed_now"] == 1 && partial.counts["not_in_store"] == 1)
        #expect(partial.diagnostics.contains { $0.code == CacheCode.notInStore && $0.message.hasPrefix("1 positions not in the engine store") })

        // Written again: the missing line back, the stale one dropped, the unasked file removed; the check passes.
        let cleaned = export(cache: cache, store: store)
        #expect(cleaned.outcome == .ok && !FileManager.default.fileExists(atPath: old) && cleaned.lines.contains(old + ": removed (no build asks its profile)"),
                "\(cleaned.outcome) \(cleaned.lines) \(cleaned.diagnostics.filter { $0.severity == .error }.map(\.text))")
        let rows2 = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(rows2.contains(removed) && !rows2.contains { $0.hasPrefix("8/8/8/8/8/8/k7/7K w - -\t") })
        let after = export(cache: nil, store: store, check: true)
        #expect(after.outcome == .ok && after.summary.missing == 0 && after.summary.stale == 0, "\(after.diagnostics.map(\.text))")
    }

    @Test func aDamagedLineFailsTheBuildWithItsLineAndIsNotUsed() throws {
        let (scratch, cache, store) = try seeded()
        let file = store + "/" + EngineStore.fileName(engine: "Stockfish 15.1", profile: profile)
        var rows = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(String.init)
        var fields = rows[5].split(separator: "\t").map(String.init)
        fields[2] = "-7"
        rows[5] = fields.joined(separator: "\t")
        try Self.writeStore(rows, to: file)   // with its digest: the test is about the lines, not a hand edit

        let damaged = build(into: scratch + "/b", cache: nil, store: store)
        let d = try #require(damaged.diagnostics.first { $0.code == CacheCode.damagedStoreLine })
        #expect(d.severity == .error && d.location == SourceLocation(file: file, line: 6, column: d.location?.column ?? 0))
        #expect(d.message.contains("nodes") && (d.location?.column ?? 0) > 1)
        #expect(damaged.counts["analysed_now"] == 1)  // searched instead
        #expect(damaged.diagnostics.filter { $0.code == CacheCode.damagedStoreLine }.count == 1)
        #expect(damaged.outcome == .inputErrors)
        // The check fails on it too; writing the store again replaces the line (a warning) and the check passes.
        #expect(export(cache: nil, store: store, check: true).outcome == .inputErrors)
        let rewritten = export(cache: cache, store: store)
        #expect(rewritten.outcome == .ok && rewritten.diagnostics.contains { $0.code == CacheCode.damagedStoreLine && $0.severity == .warning })
        #expect(export(cache: nil, store: store, check: true).outcome == .ok)
    }

    @Test func verifyStoreSearchesASeededSampleAndTheChangedLinesAndFailsOnADifference() throws {
        let (_, _, store) = try seeded()
        let file = store + "/" + EngineStore.fileName(engine: "Stockfish 15.1", profile: profile)
        func verify(sample: Int, seed: String, positions: [String] = []) -> StoreVerifyReport {
            StoreVerify.run(StoreVerifyConfiguration(storeDirectory: store, sample: sample, seed: seed, positions: positions,
                                                     engine: EngineConfiguration(cacheDirectory: nil)))
        }
        let clean = verify(sample: 5, seed: "abc")
        // Five lines of each file: the build's profile, the notes' every-move searches, their grading searches, the
        // best moves searched again and the deep check's searches.
        #expect(clean.outcome == .ok && clean.summary.rederived == 25 && clean.summary.differing == 0, "\(clean.diagnostics.map(\.text))")
        // The draw depends on the seed alone.
        let keys = StoreVerify.storedRows(file).map(\.key).sorted()
        #expect(StoreVerify.draw(keys, count: 5, seed: "abc") == StoreVerify.draw(keys, count: 5, seed: "abc"))
        #expect(StoreVerify.draw(keys, count: 5, seed: "abc") != StoreVerify.draw(keys, count: 5, seed: "abd"))
        #expect(Set(StoreVerify.draw(keys, count: keys.count + 3, seed: "x")) == Set(keys))

        // A line still well formed but not what the engine says (its node count edited): found when it is a changed line.
        var rows = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(String.init)
        var fields = rows[7].split(separator: "\t").map(String.init)
        fields[2] = String((Int(fields[2]) ?? 0) + 1)
        rows[7] = fields.joined(separator: "\t")
        try Data((rows.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: file))
        let changed = verify(sample: 0, seed: "abc", positions: [fields[0], "8/8/8/8/8/8/k7/7K w - -"])
        // The position is searched again in every file that holds it (a curriculum position is in the notes' file too);
        // only the edited line differs.
        let notesFile = store + "/" + EngineStore.fileName(engine: "Stockfish 15.1", profile: AnalysisProfile.notes(like: profile))
        let holding = [file, notesFile].filter { f in StoreVerify.storedRows(f).contains { $0.key == fields[0] } }.count
        #expect(holding >= 1 && changed.summary.rederived == holding && changed.summary.differing == 1)
        let d = try #require(changed.diagnostics.first { $0.code == CacheCode.notReproduced })
        #expect(d.location == SourceLocation(file: file, line: 8, column: 1) && d.notes.count == 2)
        #expect(d.notes[0] == "stored:   " + rows[7] && d.notes[1].hasPrefix("searched: " + fields[0] + "\t"))
        #expect(changed.outcome == .inputErrors)
    }
}
