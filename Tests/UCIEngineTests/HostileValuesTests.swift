// HostileValuesTests: numbers no engine sends are protocol errors at the parser, and a file that is not a result cache is never opened as one (issue 30).
import Foundation
import ChessCore
import GRDB
import Testing
@testable import UCIEngine

/// `Fixtures/hostile/scores.txt`: expectation, a tab, an engine line.
private func scoreCases() throws -> [(expect: String, line: String)] {
    let text = try String(contentsOfFile: fixturePath("hostile/scores.txt"), encoding: .utf8)
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { row in
        let parts = row.split(separator: "\t", maxSplits: 1)
        return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
    }
}

/// A database made from `Fixtures/hostile/caches/NAME.sql` in a scratch folder.
private func cacheFixture(_ name: String) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-cache-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let path = dir + "/" + name + ".sqlite"
    let sql = try String(contentsOfFile: fixturePath("hostile/caches/\(name).sql"), encoding: .utf8)
    let queue = try DatabaseQueue(path: path)
    try queue.writeWithoutTransaction { db in try db.execute(sql: sql) }
    try queue.close()
    return path
}

@Suite struct HostileValuesTests {
    @Test func scoresOutOfRangeAreProtocolErrors() throws {
        let cases = try scoreCases()
        #expect(cases.count == 12)
        for (expect, line) in cases {
            switch UCIReply(line: line) {
            case .info(let info):
                #expect(expect == "ok " + (info.score?.value.text ?? "none"), "\(line)")
                // Arithmetic on any score taken cannot overflow.
                if let v = info.score?.value {
                    #expect(v.negated.negated == v)
                    #expect(v > v.negated || v == v.negated || v < v.negated)
                }
            case .malformed(_, let reason):
                #expect(expect.hasPrefix("malformed "), "\(line): \(reason)")
                #expect(reason.hasPrefix(String(expect.dropFirst("malformed ".count))), "\(line): \(reason)")
            default:
                Issue.record("\(line) read as neither info nor malformed")
            }
        }
    }

    @Test func theBoundsAreTheSameForAStoredScore() throws {
        for (json, ok) in [(#"{"cp":100000}"#, true), (#"{"cp":-9223372036854775808}"#, false), (#"{"mate":-1000}"#, true),
                           (#"{"mate":-9223372036854775808}"#, false), (#"{"mate":1001}"#, false)] {
            let decoded = try? JSONDecoder().decode(Score.self, from: Data(json.utf8))
            #expect((decoded != nil) == ok, "\(json)")
        }
        #expect((try? JSONDecoder().decode(WDL.self, from: Data(#"{"win":-1,"draw":0,"loss":1001}"#.utf8))) == nil)
        #expect(try JSONDecoder().decode(WDL.self, from: Data(#"{"win":10,"draw":980,"loss":10}"#.utf8)) == WDL(win: 10, draw: 980, loss: 10))
    }

    /// The bundle, another tool's `analysis` table, a cache with a table of someone else's: refused, not one byte changed.
    @Test(arguments: ["bundle", "foreign-analysis", "extra-table"])
    func aFileThatIsNotACacheIsNeitherOpenedNorMigrated(_ name: String) throws {
        let path = try cacheFixture(name)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let before = FileManager.default.contents(atPath: path)
        #expect(throws: NotACache.self) { _ = try AnalysisCache(path: path) }
        #expect(throws: NotACache.self) { _ = try AnalysisCache.readEntries(path: path) }
        #expect(FileManager.default.contents(atPath: path) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        do { _ = try AnalysisCache(path: path) } catch let e as NotACache {
            #expect(e.description.hasPrefix("\(path) is not a forge result cache: "))
        }
    }

    @Test func aRowOfTheWrongTypeIsAnErrorNotATrap() throws {
        let path = try cacheFixture("blob-row")
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        do {
            _ = try AnalysisCache.readEntries(path: path)
            Issue.record("a blob row was read")
        } catch let e as NotACache {
            #expect(e.description == "\(path) is not a forge result cache: a row's result is not text; it was not opened for writing and is unchanged")
        }
        // Looked up, it is a miss.
        let cache = try AnalysisCache(path: path)
        #expect(try cache.lookup(position: "8/8/8/8/8/8/8/K1k5 w - -", engine: "Stockfish 15.1", profile: "p") == nil)
    }

    @Test func storedNumbersOutOfRangeAreMissesAndANewCacheCarriesItsId() throws {
        let path = try cacheFixture("out-of-range")
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let cache = try AnalysisCache(path: path)
        let profile = "threads=1;hash=16;nodes=1000;multipv=3;wdl=true;ucinewgame=true;format=2"
        #expect(try cache.lookup(position: "good", engine: "Stockfish 15.1", profile: profile)?.score == .centipawns(54))
        for bad in ["cp-min", "mate-min", "wdl-max"] {
            #expect(try cache.lookup(position: bad, engine: "Stockfish 15.1", profile: profile) == nil, "\(bad)")
        }
        let entries = try AnalysisCache.readEntries(path: path)
        #expect(entries.map { $0.analysis != nil } == [false, true, false, false])  // cp-min, good, mate-min, wdl-max
        let fresh = (path as NSString).deletingLastPathComponent + "/new.sqlite"
        _ = try AnalysisCache(path: fresh)
        let id = try DatabaseQueue(path: fresh).read { db in try Int32.fetchOne(db, sql: "PRAGMA application_id") }
        #expect(id == AnalysisCache.applicationID)
    }
}

/// `Fixtures/hostile/answers.txt`: engine answers that break chess or the profile are refused before they are stored
/// or used (issue 46: `score mate 0` with legal moves was cached; an impostor's 2,000-node result was served).
@Suite struct EngineAnswerCheckTests {
    static let profile = AnalysisProfile(nodes: 3000, multiPV: 1)

    static func cases() throws -> [(expect: String, fen: String, info: String, best: String)] {
        let text = try String(contentsOfFile: fixturePath("hostile/answers.txt"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { row in
            let f = row.split(separator: "\t").map(String.init)
            return (f[0], f[1], f[2], f[3])
        }
    }

    @Test func everyAnswerIsCheckedAgainstThePositionAndTheProfile() throws {
        let cases = try Self.cases()
        #expect(cases.count == 14)
        for c in cases {
            guard case .info(let info) = UCIReply(line: c.info) else {
                Issue.record("\(c.info) does not parse")
                continue
            }
            let outcome = SearchOutcome(bestMove: c.best, lines: [info], nodes: info.nodes ?? 0)
            let position = try Position(fen: c.fen)
            do throws(EngineFailure) {
                let a = try PositionAnalyzer.analysis(of: outcome, position: position, engine: "Scripted 1.0", profile: Self.profile)
                #expect(c.expect == "ok", "\(c.info) was accepted: \(a.score)")
                // What is accepted reads back as accepted: the same rule serves the cache and the store.
                #expect(a.problem(in: position, engine: "Scripted 1.0", profile: Self.profile) == nil)
            } catch {
                #expect(c.expect != "ok" && error.message.contains(c.expect), "\(c.info): \(error.message)")
            }
        }
    }

    /// `score cp 10 mate 3` is one line with two scores: malformed, not a centipawn score with spare words.
    @Test func twoScoresInOneLineAreMalformed() {
        for line in ["info depth 5 score cp 10 mate 3 pv e2e4", "info depth 5 score cp 10 score mate 3 pv e2e4"] {
            guard case .malformed(_, let reason) = UCIReply(line: line) else {
                Issue.record("\(line) was read")
                continue
            }
            #expect(reason.contains("a second score"), "\(reason)")
        }
    }
}

/// `--cache /dev/null`: a device is no cache; before, SQLite opened it and wrote `/dev/null-journal` beside it.
@Test func aDeviceIsNotOpenedAsACache() throws {
    let journal = "/dev/null-journal"
    let existed = FileManager.default.fileExists(atPath: journal)
    #expect(throws: NotACache.self) { _ = try AnalysisCache(path: "/dev/null") }
    if !existed { #expect(!FileManager.default.fileExists(atPath: journal)) }
}

/// The fallback of `make fuzz` for the answer check: seeded mutations of `Fixtures/hostile/answers.txt` (digits,
/// words and moves changed, dropped or repeated) never crash the check, and every answer it accepts passes the
/// stored-result check it is later read back with.
@Suite struct EngineAnswerMutationTests {
    struct Generator: RandomNumberGenerator {  // SplitMix64: the same mutations every run
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let words = ["score", "cp", "mate", "0", "-1", "1", "3", "2500", "100000", "wdl", "1000", "500", "pv", "nodes",
                        "2999", "3000", "depth", "245", "e2e4", "e7e5", "a1a8", "lowerbound", "upperbound", "multipv", "2"]

    @Test func mutatedAnswersNeverCrashAndWhatIsAcceptedReadsBack() throws {
        let cases = try EngineAnswerCheckTests.cases()
        let iterations = Int(ProcessInfo.processInfo.environment["FUZZ_ITERATIONS"] ?? "") ?? 2000
        var rng = Generator(state: 20_261_201)
        var accepted = 0
        for _ in 0..<iterations {
            let c = cases[Int.random(in: 0..<cases.count, using: &rng)]
            var tokens = c.info.split(separator: " ").map(String.init)
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let at = Int.random(in: 1..<max(2, tokens.count), using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0 where at < tokens.count: tokens[at] = Self.words.randomElement(using: &rng) ?? "0"
                case 1 where at < tokens.count && tokens.count > 2: tokens.remove(at: at)
                default: tokens.insert(Self.words.randomElement(using: &rng) ?? "0", at: min(at, tokens.count))
                }
            }
            guard case .info(let info) = UCIReply(line: tokens.joined(separator: " ")) else { continue }
            let position = try Position(fen: c.fen)
            let outcome = SearchOutcome(bestMove: Bool.random(using: &rng) ? c.best : info.pv.first, lines: [info], nodes: info.nodes ?? 0)
            guard let a = try? Analysis(answer: outcome, position: position, engine: "Mutant 1.0", profile: EngineAnswerCheckTests.profile) else { continue }
            accepted += 1
            #expect(a.problem(in: position, engine: "Mutant 1.0", profile: EngineAnswerCheckTests.profile) == nil, "\(tokens)")
            if case .mate(0) = a.score { Issue.record("mate 0 accepted with legal moves: \(tokens)") }
            #expect(a.nodes >= EngineAnswerCheckTests.profile.nodes || a.depth >= Analysis.deepestIteration, "\(tokens)")
        }
        #expect(accepted > 0)
    }
}
