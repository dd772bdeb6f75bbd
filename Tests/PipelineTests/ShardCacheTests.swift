// Sharded analysis and the cache files: shards as separate forge processes, merged, equal one unsharded run;
// merge checks (idempotent, order-independent, other engine/profile rejected); cached results checked before use.
import Diagnostics
import BundleStore
import ChessCore
import Openings
import Foundation
import Testing
import UCIEngine
@testable import Pipeline

let stockfishPresent = FileManager.default.isExecutableFile(atPath: "/usr/games/stockfish")

/// The forge executable built beside the test bundle, run as a separate process.
struct ForgeProcess {
    static var path: String { Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("forge").path }

    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Starts forge; `wait()` on the result.
    static func start(_ arguments: [String], environment: [String: String] = [:]) throws -> (Process, Pipe, Pipe) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        return (p, out, err)
    }

    static func finish(_ started: (Process, Pipe, Pipe)) -> Outcome {
        let (p, out, err) = started
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Outcome(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        finish(try start(arguments, environment: environment))
    }
}

/// Every file under a directory, path → bytes.
func tree(_ dir: String) -> [String: Data] {
    var out: [String: Data] = [:]
    guard let walker = FileManager.default.enumerator(atPath: dir) else { return [:] }
    for case let rel as String in walker {
        if let d = FileManager.default.contents(atPath: dir + "/" + rel) { out[rel] = d }
    }
    return out
}

@Suite struct AnalysisShardTests {
    @Test func parsesKOverN() throws {
        let s = try AnalysisShard(parsing: "2/4")
        #expect(s.index == 2 && s.count == 4)
        #expect(s.description == "2/4")
        for bad in ["0/4", "5/4", "3", "a/b", "1/0", "-1/2", "1/2/3", ""] {
            #expect(throws: ShardError.self) { try AnalysisShard(parsing: bad) }
        }
        #expect(ShardError(text: "5/4").description == "expected --shard K/N with 1 ≤ K ≤ N (for example 2/4), found \"5/4\"")
    }

    /// Every key is in exactly one shard, chosen by the key alone.
    @Test func shardsPartitionTheKeys() throws {
        let shards = try (1...4).map { try AnalysisShard(index: $0, count: 4) }
        for key: UInt64 in [0, 1, 2, 3, 0x463b96181691fc9c, 0x823c9b50fd114196, .max] {
            #expect(shards.filter { $0.contains(key: key) }.count == 1)
        }
        #expect(shards[0].contains(key: 0x463b96181691fc9c) == (0x463b96181691fc9c % 4 == 0))
    }

    /// A home that does not exist is not created under it: `HOME=/nonexistent` falls back to `/tmp/contentforge-UID`.
    /// Before, forge created `/nonexistent/.cache/contentforge`.
    @Test func aMissingHomeIsNotWhereTheCacheGoes() throws {
        let path = EngineConfiguration.defaultCachePath(environment: ["HOME": "/nonexistent-home-of-forge-tests"])
        #expect(path == "/tmp/contentforge-\(getuid())/analysis.sqlite")
        #expect(EngineConfiguration.defaultCachePath(environment: ["HOME": NSTemporaryDirectory()]).hasPrefix(NSTemporaryDirectory()))
    }

    @Test func defaultCacheDoesNotDependOnTheCurrentDirectory() throws {
        #expect(EngineConfiguration.defaultCachePath(environment: ["FORGE_CACHE": "/x/c.sqlite", "HOME": "/h"]) == "/x/c.sqlite")
        #expect(EngineConfiguration.defaultCachePath(environment: ["XDG_CACHE_HOME": "/xdg", "HOME": "/h"]) == "/xdg/contentforge/analysis.sqlite")
        #expect(EngineConfiguration.defaultCachePath(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"], isDirectory: { $0 == "/h" }) == "/h/.cache/contentforge/analysis.sqlite")
        #expect(EngineConfiguration.defaultCachePath(environment: [:]).hasPrefix("/tmp/contentforge-"))
        #expect(EngineConfiguration(cacheDirectory: "/d").cachePath == "/d/analysis.sqlite")
        #expect(EngineConfiguration(cacheDirectory: "/d", cachePath: "/f.sqlite").cachePath == "/f.sqlite")
        #expect(EngineConfiguration.defaultCachePath(for: try AnalysisShard(parsing: "3/8")).hasSuffix("/analysis.shard-3-of-8.sqlite"))
    }
}

@Suite(.serialized, .enabled(if: stockfishPresent)) struct ShardedRunTests {
    static let analyzeInputs = [Fixtures.path("analyze/game.pgn"), Fixtures.path("analyze/positions.fen")]

    /// `forge analyze --shard k/4` for k = 1…4 as four processes: the outputs together are the unsharded output,
    /// each position in one shard; the four caches merged hold exactly the unsharded run's cache.
    @Test func fourShardsMergedEqualOneRun() throws {
        let dir = try Fixtures.tempDirectory()
        let common = ["analyze", "--nodes", "3000", "--multipv", "2", "--jobs", "1", "--output-format", "jsonl"] + Self.analyzeInputs
        let whole = try ForgeProcess.run(common + ["--cache", dir + "/whole.sqlite"])
        #expect(whole.status == 0, "\(whole.stderr)")
        let started = try (1...4).map { k in try ForgeProcess.start(common + ["--shard", "\(k)/4", "--cache", dir + "/shard-\(k).sqlite"]) }
        let shards = started.map(ForgeProcess.finish)
        #expect(shards.map(\.status) == [0, 0, 0, 0], "\(shards.map(\.stderr))")
        let wholeLines = whole.stdout.split(separator: "\n").map(String.init)
        let shardLines = shards.flatMap { $0.stdout.split(separator: "\n").map(String.init) }
        #expect(wholeLines.count > 10)
        #expect(shardLines.count == wholeLines.count)
        #expect(shardLines.sorted() == wholeLines.sorted())
        #expect(shards.filter { !$0.stdout.isEmpty }.count >= 2)

        let merge = try ForgeProcess.run(["cache", "merge"] + (1...4).map { dir + "/shard-\($0).sqlite" } + ["-o", dir + "/merged.sqlite"])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(merge.stdout.hasPrefix("merged 4 caches into \(dir)/merged.sqlite:"))
        let merged = try AnalysisCache.readEntries(path: dir + "/merged.sqlite")
        #expect(merged == (try AnalysisCache.readEntries(path: dir + "/whole.sqlite")))
        #expect(merged.count >= 8)

        let stats = try ForgeProcess.run(["cache", "stats", dir + "/merged.sqlite"])
        #expect(stats.status == 0)
        #expect(stats.stdout.contains("\(dir)/merged.sqlite: \(merged.count) results"))
        // The engine column names the binary by its digest too (a result of another binary under the same name is not served).
        #expect(stats.stdout.contains("\(merged.count)\tStockfish 15.1 (sha256:"))
        #expect(stats.stdout.contains(")\tthreads=1;hash=16;nodes=3000;multipv=2"))
    }

    /// The build profile of the sharded builds: 3,000 nodes, 3 lines (its grading searches get 1,000). What the test
    /// claims, the byte identity of the two bundles, holds at any budget (the merged cache serves what the shards
    /// searched); most of the cost of a search at this budget is the exchange with the engine, not its nodes.
    static let shardedBuildProfile = AnalysisProfile(nodes: 3000, multiPV: 3)

    /// `forge build --shard k/4` (four processes) then `forge cache merge`: a build from the merged cache
    /// searches nothing and is byte-identical to a build that analysed everything itself.
    ///
    /// Both read the notes' every-move searches (`AnalysisProfile.notes`: 100,000 nodes over every legal move, fixed
    /// whatever the build's budget, so the same profile as the good library's committed store holds) from an engine
    /// store of that one file (`Fixtures.goodLibraryNotesStore`), and search everything else themselves, sharded: the build's searches, the grading
    /// searches of every noted move's child and the best moves' children (thousands of searches, split over the four
    /// shards by key like any other). Searched twice, the every-move searches were most of this test's CPU; the store's
    /// lines are what the real Stockfish said at that profile, and what the shards claim is about splitting and merging.
    @Test func bundleFromMergedShardCachesIsByteIdentical() throws {
        let dir = try Fixtures.tempDirectory()
        let lib = try Fixtures.goodLibraryForTheSmallNameList()
        let lenient = EngineThresholds(errorCentipawns: 100_000, warningCentipawns: 100_000)
        // The same small name list both ways: forge's own default would find the whole lichess list.
        let names = Fixtures.path("names")
        let profile = Self.shardedBuildProfile
        let notesFile = EngineStore.fileName(engine: "Stockfish 15.1", profile: AnalysisProfile.notes(like: profile))
        let store = try Fixtures.goodLibraryNotesStore.get()
        func build(cache: String, out: String) throws -> BuildReport {
            Build.run(BuildConfiguration(openingsPath: lib, outputDirectory: out,
                                             engine: EngineConfiguration(profile: profile, cacheDirectory: nil, cachePath: cache,
                                                                         storeDirectory: store),
                                             thresholds: lenient, nameListPath: names))
        }
        let single = try build(cache: dir + "/single.sqlite", out: dir + "/single/bundle")
        #expect(!single.failed, "\(single.diagnostics.map(\.text))")
        #expect((single.counts["analysed_now"] ?? 0) > 50)
        // The every-move searches (one per curriculum position, each a line of the store's file) came from the store:
        // what the notes searched now is exactly the grading searches of the moves' children and the best moves'
        // children searched again, thousands of them, split over the shards below.
        let counts = single.counts
        let everyMove = try #require(counts["note_searches_all_moves"])
        let children = try #require(counts["note_searches_children"]), best = try #require(counts["note_searches_best"])
        #expect(everyMove == 80 && StoreVerify.storedRows(store + "/" + notesFile).count == everyMove, "\(counts)")
        #expect(counts["note_searches_now"] == children + best && children + best > 1000, "\(counts)")

        let started = try (1...4).map { k in
            try ForgeProcess.start(["build", "--openings", lib, "--shard", "\(k)/4", "--nodes", "\(profile.nodes)", "--jobs", "1",
                                    "--cache", dir + "/shard-\(k).sqlite", "--out", dir + "/never", "--names", names,
                                    "--engine-store", store])
        }
        let shards = started.map(ForgeProcess.finish)
        #expect(shards.map(\.status) == [0, 0, 0, 0], "\(shards.map(\.stderr))")
        #expect(shards.allSatisfy { $0.stdout.contains("analysed:") }, "\(shards.map(\.stdout))")
        #expect(!FileManager.default.fileExists(atPath: dir + "/never"))
        let merge = try ForgeProcess.run(["cache", "merge"] + (1...4).reversed().map { dir + "/shard-\($0).sqlite" } + ["-o", dir + "/merged.sqlite"])
        #expect(merge.status == 0, "\(merge.stderr)")

        let fromShards = try build(cache: dir + "/merged.sqlite", out: dir + "/sharded/bundle")
        #expect(!fromShards.failed)
        #expect(fromShards.counts["analysed_now"] == 0)
        let a = tree(dir + "/single/bundle"), b = tree(dir + "/sharded/bundle")
        #expect(a.count >= 4)
        #expect(a == b)
    }
}

@Suite(.serialized) struct CacheMergeTests {
    static func entry(_ position: String, engine: String = "Stockfish 15.1", profile: AnalysisProfile = .init(nodes: 1000, multiPV: 1),
                      best: String = "e2e4", san: String = "e4") throws -> CacheEntry {
        let p = try ChessCore.Position(fen: position + " 0 1")
        let a = Analysis(bestMove: best, bestMoveSAN: san, score: .centipawns(30), whiteScore: .centipawns(30), wdl: nil, terminal: nil,
                         lines: [AnalysisLine(uci: best, san: san, score: .centipawns(30), bound: .exact, wdl: nil, depth: 9, pv: [best], sanPV: [san])],
                         depth: 9, nodes: 1000, engine: engine, profile: profile)
        let enc = JSONEncoder()
        enc.outputFormatting = [.sortedKeys]
        return CacheEntry(position: position, engine: engine, profile: profile.key, zobrist: Int64(bitPattern: p.zobristKey),
                          result: String(decoding: try enc.encode(a), as: UTF8.self))
    }

    static let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
    static let afterE4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -"

    func cache(_ path: String, _ entries: [CacheEntry]) throws {
        try AnalysisCache(path: path).add(entries)
    }

    @Test func mergeIsIdempotentAndOrderIndependent() throws {
        let dir = try Fixtures.tempDirectory()
        let e1 = try Self.entry(Self.start), e2 = try Self.entry(Self.afterE4, best: "e7e5", san: "e5")
        try cache(dir + "/a.sqlite", [e1])
        try cache(dir + "/b.sqlite", [e1, e2])
        let ab = CacheMerge.run(CacheMergeConfiguration(inputs: [dir + "/a.sqlite", dir + "/b.sqlite"], output: dir + "/ab.sqlite"))
        let ba = CacheMerge.run(CacheMergeConfiguration(inputs: [dir + "/b.sqlite", dir + "/a.sqlite"], output: dir + "/ba.sqlite"))
        #expect(ab.outcome == .ok && ba.outcome == .ok)
        #expect(ab.diagnostics.isEmpty)
        #expect(ab.lines == ["merged 2 caches into \(dir)/ab.sqlite: 3 results read, 2 distinct, 2 added, 0 already there"])
        let abEntries = try AnalysisCache.readEntries(path: dir + "/ab.sqlite")
        #expect(abEntries == [e1, e2].sorted { $0.position < $1.position })
        #expect(abEntries == (try AnalysisCache.readEntries(path: dir + "/ba.sqlite")))
        let again = CacheMerge.run(CacheMergeConfiguration(inputs: [dir + "/b.sqlite", dir + "/a.sqlite"], output: dir + "/ab.sqlite"))
        #expect(again.outcome == .ok)
        #expect(again.lines == ["merged 2 caches into \(dir)/ab.sqlite: 3 results read, 2 distinct, 0 added, 2 already there"])
        #expect(try AnalysisCache.readEntries(path: dir + "/ab.sqlite") == abEntries)
    }

    @Test func anotherEngineOrProfileIsRejectedAndNothingIsWritten() throws {
        let dir = try Fixtures.tempDirectory()
        try cache(dir + "/a.sqlite", [try Self.entry(Self.start)])
        try cache(dir + "/b.sqlite", [try Self.entry(Self.afterE4, engine: "Stockfish 16", best: "e7e5", san: "e5")])
        try cache(dir + "/c.sqlite", [try Self.entry(Self.afterE4, profile: .init(nodes: 2000, multiPV: 1), best: "e7e5", san: "e5")])
        for other in ["b", "c"] {
            let r = CacheMerge.run(CacheMergeConfiguration(inputs: [dir + "/a.sqlite", dir + "/\(other).sqlite"], output: dir + "/out.sqlite"))
            #expect(r.outcome == .inputErrors)
            #expect(r.diagnostics.map(\.code.string) == ["CCH102"])
            #expect(r.diagnostics.first?.message.hasPrefix("the caches hold results of 2 engine/profile pairs; merge the shard caches of one analysis run only") == true)
            #expect(r.diagnostics.first?.notes.contains { $0.contains("\(dir)/\(other).sqlite") } == true)
            #expect(!FileManager.default.fileExists(atPath: dir + "/out.sqlite"))
        }
        // Through the executable: exit status and message.
        let cli = try ForgeProcess.run(["cache", "merge", dir + "/a.sqlite", dir + "/b.sqlite", "-o", dir + "/out.sqlite"])
        #expect(cli.status == 1)
        #expect(cli.stderr.contains("error[CCH102]"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.sqlite"))
    }

    @Test func conflictingResultsAndMissingInputsAreRejected() throws {
        let dir = try Fixtures.tempDirectory()
        try cache(dir + "/a.sqlite", [try Self.entry(Self.start)])
        try cache(dir + "/b.sqlite", [try Self.entry(Self.start, best: "d2d4", san: "d4")])
        let r = CacheMerge.run(CacheMergeConfiguration(inputs: [dir + "/a.sqlite", dir + "/b.sqlite"], output: dir + "/out.sqlite"))
        #expect(r.outcome == .inputErrors)
        #expect(r.diagnostics.map(\.code.string) == ["CCH103"])
        #expect(r.diagnostics.first?.notes == ["position: \(Self.start) (\(dir)/b.sqlite)"])
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.sqlite"))
        let missing = CacheMerge.run(CacheMergeConfiguration(inputs: [dir + "/a.sqlite", dir + "/nope.sqlite"], output: dir + "/out.sqlite"))
        #expect(missing.outcome == .noInput)
        #expect(missing.diagnostics.map(\.text) == ["error[CCH104]: \(dir)/nope.sqlite: no such file"])
    }

    /// An illegal cached move is left out of a merge.
    @Test func illegalEntriesAreLeftOutOfAMerge() throws {
        let dir = try Fixtures.tempDirectory()
        try cache(dir + "/a.sqlite", [try Self.entry(Self.start), try Self.entry(Self.afterE4, best: "a1a1", san: "e5")])
        let r = CacheMerge.run(CacheMergeConfiguration(inputs: [dir + "/a.sqlite"], output: dir + "/out.sqlite"))
        #expect(r.outcome == .ok)
        #expect(r.diagnostics.map(\.text) == ["warning[CCH106]: \(dir)/a.sqlite: result for \(Self.afterE4) left out: best move \"a1a1\" is not legal here"])
        #expect(try AnalysisCache.readEntries(path: dir + "/out.sqlite").map(\.position) == [Self.start])
    }

    /// A cached best move a1a1 is never served: the position is analysed again, the entry replaced, the event reported.
    @Test(.enabled(if: stockfishPresent)) func illegalCachedResultIsDiscardedAndAnalysedAgain() throws {
        let dir = try Fixtures.tempDirectory()
        let fen = Fixtures.path("analyze/positions.fen")
        let profile = AnalysisProfile(nodes: 3000, multiPV: 1)
        let config = AnalyzeConfiguration(files: [fen], engine: EngineConfiguration(enginePath: "/usr/games/stockfish", jobs: 1, profile: profile,
                                                                                    cacheDirectory: nil, cachePath: dir + "/c.sqlite"),
                                          format: .jsonl, progress: .off)
        #expect(runAnalyze(config, output: { _ in }, progress: { _ in }).outcome == .ok)
        // Corrupt the start position's stored result.
        let c = try AnalysisCache(path: dir + "/c.sqlite")
        let key = AnalysisCache.engineKey(name: "Stockfish 15.1", binary: EngineBinary.identity(of: "/usr/games/stockfish"))
        var bad = try #require(try c.lookup(position: Self.start, engine: key, profile: profile.key))
        let good = bad
        bad.bestMove = "a1a1"
        try c.store(bad, position: Self.start, zobrist: 0x463b96181691fc9c, engine: key)
        let lines = Locked2()
        let again = runAnalyze(config, output: lines.add, progress: { _ in })
        #expect(again.outcome == .ok)
        #expect(again.searched == 1)
        #expect(again.diagnostics.map(\.code.string) == ["CCH101"])
        #expect(again.diagnostics.first?.message == "cached result for \(Self.start) discarded and analysed again: best move \"a1a1\" is not legal here")
        #expect(lines.all.first?.contains("\"bestmove\":\"a1a1\"") == false)
        #expect(try c.lookup(position: Self.start, engine: key, profile: profile.key) == good)
    }

    /// A program that calls itself "Stockfish 15.1" is not Stockfish 15.1: results cached under that name by another
    /// binary are never served to the real engine (before, its 2,000-node results were served to a 120,000-node run).
    @Test(.enabled(if: stockfishPresent)) func resultsOfAnotherBinaryUnderTheSameNameAreNotServed() throws {
        let dir = try Fixtures.tempDirectory()
        let profile = AnalysisProfile(nodes: 3000, multiPV: 1)
        func config(_ cache: String) -> AnalyzeConfiguration {
            AnalyzeConfiguration(files: [Fixtures.path("analyze/positions.fen")],
                                 engine: EngineConfiguration(enginePath: "/usr/games/stockfish", jobs: 1, profile: profile,
                                                             cacheDirectory: nil, cachePath: dir + "/" + cache),
                                 format: .jsonl, progress: .off)
        }
        #expect(runAnalyze(config("real.sqlite"), output: { _ in }, progress: { _ in }).outcome == .ok)
        let real = AnalysisCache.engineKey(name: "Stockfish 15.1", binary: EngineBinary.identity(of: "/usr/games/stockfish"))
        var forged = try #require(try AnalysisCache(path: dir + "/real.sqlite").lookup(position: Self.start, engine: real, profile: profile.key))
        forged.score = .centipawns(900)
        forged.lines[0].score = .centipawns(900)
        forged.lines[0].wdl = nil
        forged.wdl = nil
        // The impostor's rows: under another binary's identity, and under the bare name (a cache of before).
        let impostor = AnalysisCache.engineKey(name: "Stockfish 15.1", binary: EngineBinary.identity(of: "/bin/sh"))
        #expect(impostor != real)
        let poisoned = try AnalysisCache(path: dir + "/poisoned.sqlite")
        try poisoned.store(forged, position: Self.start, zobrist: 0x463b96181691fc9c, engine: impostor)
        try poisoned.store(forged, position: Self.start, zobrist: 0x463b96181691fc9c, engine: "Stockfish 15.1")
        let lines = Locked2()
        let again = runAnalyze(config("poisoned.sqlite"), output: lines.add, progress: { _ in })
        #expect(again.outcome == .ok)
        #expect(again.searched == 2, "both positions searched: the forged rows are another binary's")
        #expect(lines.all.first?.contains("900") == false, "\(lines.all)")
    }
}

final class Locked2: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var all: [String] { lock.withLock { stored } }
    func add(_ s: String) { lock.withLock { stored.append(s) } }
}
