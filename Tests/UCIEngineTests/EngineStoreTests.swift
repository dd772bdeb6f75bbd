// EngineStoreTests: the committed engine store: lines read back equal, the same results give the same bytes, damaged lines are never used, another engine's store is ignored.
import ChessCore
import Foundation
import Testing
@testable import UCIEngine

private let storeProfile = AnalysisProfile(nodes: 20_000, multiPV: 3)

/// The fixture store file `name` (Fixtures/store/), as text.
private func storeText(_ name: String) throws -> String {
    try String(contentsOfFile: fixturePath("store/" + name), encoding: .utf8)
}

/// A scratch store folder holding `text` under the file name the exporter gives `engine` and `profile`.
private func storeFolder(_ text: String, engine: String = "Stockfish 15.1", profile: AnalysisProfile = storeProfile) throws -> EngineStoreFolder {
    let dir = temporaryDirectory("store")
    let path = dir + "/" + EngineStore.fileName(engine: engine, profile: profile)
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return EngineStoreFolder(path: dir)
}

@Suite struct EngineStoreTests {
    @Test func aStoreFileReadAndWrittenAgainIsTheSameBytes() throws {
        let text = try storeText("valid.tsv")
        let folder = try storeFolder(text)
        let found = folder.table(engine: "Stockfish 15.1", profile: storeProfile)
        let table = try #require(found.table)
        #expect(found.problems.isEmpty)
        #expect(table.count == 3)
        var results: [String: Analysis] = [:]
        for key in table.positions { results[key] = table.lookup(key) }
        #expect(results.count == 3 && results.values.allSatisfy { $0.engine == "Stockfish 15.1" && $0.profile == storeProfile })
        #expect(table.problems.isEmpty)
        let again = EngineStore.text(engine: "Stockfish 15.1", profile: storeProfile, results: results)
        #expect(again.refused.isEmpty)
        #expect(again.written == 3)
        #expect(again.text == text)
        // What is derived is derived right: SAN, the position's score from White's side, the first line's WDL and depth.
        let e4 = try #require(results["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -"])
        #expect(e4.bestMove == "e7e5" && e4.bestMoveSAN == "e5")
        #expect(e4.score == .centipawns(-31) && e4.whiteScore == .centipawns(31))
        #expect(e4.wdl == WDL(win: 33, draw: 859, loss: 108) && e4.depth == 12 && e4.nodes == 20480)
        #expect(e4.lines.map(\.sanPV) == [["c5", "Nf3", "d6"], ["e5", "Nf3"], ["e6", "d4", "d5"]])
        #expect(e4.lines.map(\.bound) == [.exact, .lowerbound, .exact])
        #expect(e4.lines[2].wdl == nil)
        let mate = try #require(results["6k1/5ppp/8/8/8/8/8/R5K1 w - -"])
        #expect(mate.score == .mate(1) && mate.whiteScore == .mate(1) && mate.bestMoveSAN == "Ra8#")
        #expect(mate.lines[2].bound == .upperbound)
        let black = try #require(results["r5k1/8/8/8/8/8/5PPP/6K1 b - -"])
        #expect(black.whiteScore == .mate(-1) && black.wdl == nil)
    }

    @Test func anAnalysisBecomesOneLineAndReadsBackEqual() throws {
        let position = try Position(fen: "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
        let a = Analysis(bestMove: "f1b5", bestMoveSAN: "Bb5", score: .centipawns(38), whiteScore: .centipawns(38),
                         wdl: WDL(win: 60, draw: 900, loss: 40), terminal: nil,
                         lines: [AnalysisLine(uci: "f1b5", san: "Bb5", score: .centipawns(38), bound: .exact, wdl: WDL(win: 60, draw: 900, loss: 40),
                                              depth: 14, pv: ["f1b5", "a7a6"], sanPV: ["Bb5", "a6"]),
                                 AnalysisLine(uci: "d2d4", san: "d4", score: .centipawns(30), bound: .lowerbound, wdl: nil,
                                              depth: 14, pv: ["d2d4"], sanPV: ["d4"])],
                         depth: 14, nodes: 120_004, engine: "Stockfish 15.1", profile: storeProfile)
        let key = position.identity.epd
        let line = try #require(EngineStore.line(position: key, analysis: a))
        #expect(line == key + "\tf1b5\t120004\t38 d14 w60/900/40 f1b5 a7a6\t30 d14 lower d2d4")
        let back = try EngineStore.analysis(ofLine: line, engine: "Stockfish 15.1", profile: storeProfile)
        #expect(back.position == key && back.analysis == a)
        // A result its line cannot carry whole (a position score that is not its first line's) is refused, not written.
        var odd = a
        odd.score = .centipawns(12)
        let made = EngineStore.text(engine: "Stockfish 15.1", profile: storeProfile, results: [key: odd])
        #expect(made.written == 0 && made.refused.map(\.position) == [key])
        // A finished game is never searched, so never stored.
        #expect(EngineStore.line(position: "R5k1/5ppp/8/8/8/8/8/6K1 b - -", analysis: Analysis(
            bestMove: nil, bestMoveSAN: nil, score: .mate(0), whiteScore: .mate(0), wdl: nil, terminal: .checkmate, lines: [],
            depth: 0, nodes: 0, engine: "Stockfish 15.1", profile: storeProfile)) == nil)
    }

    @Test func everyDamagedLineIsReportedWithItsLineAndNeverUsed() throws {
        let text = try storeText("damaged.tsv")
        let expected = try storeText("damaged.expect").split(separator: "\n").filter { !$0.hasPrefix("#") }.map { row in
            let parts = row.split(separator: "\t", maxSplits: 1)
            return (line: Int(parts[0]) ?? 0, says: String(parts[1]))
        }
        #expect(expected.count == 18)
        let folder = try storeFolder(text)
        let table = try #require(folder.table(engine: "Stockfish 15.1", profile: storeProfile).table)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, says) in expected {
            let row = lines[number - 1]
            let key = String(row.prefix { $0 != "\t" })
            let got = table.lookup(key)
            switch says {
            case "ok": #expect(got != nil, "line \(number)")
            case "dup": #expect(got == nil, "line \(number): a position listed twice is not used")
            default:
                #expect(got == nil, "line \(number)")
                #expect(table.problems.contains { $0.line == number && $0.reason.contains(says) },
                        "line \(number) should say \"\(says)\": \(table.problems.filter { $0.line == number })")
            }
        }
        // One problem per damaged line, each named by file and line, none for the good ones.
        #expect(table.problems.count == expected.filter { !["ok", "dup"].contains($0.says) }.count)
        #expect(table.problems.allSatisfy { $0.path == table.path && $0.column >= 1 && $0.description.hasPrefix(table.path + ":\($0.line):") })
        // Asked again: still not used, reported once.
        for row in lines.dropFirst(4) { _ = table.lookup(String(row.prefix { $0 != "\t" })) }
        #expect(table.problems.count == expected.filter { !["ok", "dup"].contains($0.says) }.count)
    }

    @Test func aStoreOfAnotherEngineOrProfileIsIgnored() throws {
        let folder = try storeFolder(try storeText("other-engine.tsv"), engine: "Stockfish 16")
        let found = folder.table(engine: "Stockfish 15.1", profile: storeProfile)
        #expect(found.table == nil && found.problems.isEmpty)
        #expect(folder.table(engine: "Stockfish 16", profile: storeProfile).table?.count == 1)
        let valid = try storeFolder(try storeText("valid.tsv"))
        #expect(valid.table(engine: "Stockfish 15.1", profile: AnalysisProfile(nodes: 120_000, multiPV: 3)).table == nil)
    }

    /// The file carries the SHA-256 of its lines: a row edited by hand (`-31` made `-30`, still true of its WDL) is
    /// reported by the digest; a file without a digest line is reported too. Before, both were read as they stood.
    @Test func aStoreFileEditedByHandIsReportedByItsDigest() throws {
        let text = try storeText("valid.tsv")
        let edited = text.replacingOccurrences(of: "\t-31 d12 w33/859/108", with: "\t-30 d12 w33/859/108")
        #expect(edited != text)
        let table = try #require(try storeFolder(edited).table(engine: "Stockfish 15.1", profile: storeProfile).table)
        #expect(table.problems.map(\.line) == [4])
        #expect(table.problems.first?.reason.contains("digest does not match its lines") == true)
        #expect(table.count == 3)

        var rows = text.split(separator: "\n", omittingEmptySubsequences: false)
        rows.remove(at: 3)
        let bare = try #require(try storeFolder(rows.joined(separator: "\n")).table(engine: "Stockfish 15.1", profile: storeProfile).table)
        #expect(bare.problems.map(\.reason) == ["no digest line (\"# digest: sha256 …\"): the file cannot be told from one edited by hand"])
        #expect(bare.count == 3)
    }

    /// An edited score that disagrees with its own WDL (`-31` made `2500` beside `w33/859/108`) is never served, even
    /// with the digest written again to match.
    @Test func aScoreEditedAgainstItsWDLIsNeverServed() throws {
        let text = try storeText("valid.tsv")
        var rows = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let i = try #require(rows.firstIndex { $0.contains("\t-31 d12 w33/859/108") })
        rows[i] = rows[i].replacingOccurrences(of: "\t-31 d12", with: "\t2500 d12")
        let body = rows[4...].joined(separator: "\n")
        rows[3] = String(EngineStore.digestLine(of: body).dropLast())
        let table = try #require(try storeFolder(rows.joined(separator: "\n")).table(engine: "Stockfish 15.1", profile: storeProfile).table)
        let key = String(rows[i].prefix { $0 != "\t" })
        #expect(table.lookup(key) == nil)
        #expect(table.problems.map(\.line) == [i + 1])
        #expect(table.problems.first?.reason.contains("favour different sides") == true, "\(table.problems)")
    }

    @Test func aFileThatIsNotAStoreIsReported() throws {
        let folder = try storeFolder("position\tbest\n")
        let found = folder.table(engine: "Stockfish 15.1", profile: storeProfile)
        #expect(found.table == nil)
        #expect(found.problems.count == 1 && found.problems[0].line == 1 && found.problems[0].reason.contains("not an engine store"))
    }
}

@Suite(.serialized, .enabled(if: hasStockfish)) struct EngineStoreAnalyzerTests {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    ]

    func analyzer(store: EngineStoreFolder? = nil) throws -> PositionAnalyzer {
        try PositionAnalyzer(pool: EnginePool(launcher: .process(stockfishPath), size: 1), cache: nil, profile: storeProfile,
                             store: store, recording: true)
    }

    @Test func theStoreAnswersFirstWithTheEngineSResultsAndAnotherEngineSStoreIsNotUsed() throws {
        let searched = try analyzer()
        let fromEngine = searched.analyse(fens).map { try? $0.get() }
        searched.pool.shutdown()
        #expect(fromEngine.allSatisfy { $0 != nil })
        let made = EngineStore.text(engine: searched.engine.name, profile: storeProfile, results: searched.recorded)
        #expect(made.written == 3 && made.refused.isEmpty)

        let stored = try analyzer(store: try storeFolder(made.text))
        let fromStore = stored.analyse(fens).map { try? $0.get() }
        stored.pool.shutdown()
        #expect(fromStore == fromEngine)
        #expect(stored.pool.searches == 0 && stored.storeHits == 3 && stored.storeMisses == 0)
        // The store written again from what it served is the same bytes.
        #expect(EngineStore.text(engine: stored.engine.name, profile: storeProfile, results: stored.recorded).text == made.text)

        // The same lines under another engine's name: never used, every position searched.
        let other = try analyzer(store: try storeFolder(made.text.replacingOccurrences(of: "# engine: Stockfish 15.1", with: "# engine: Stockfish 16"),
                                                        engine: "Stockfish 16"))
        let again = other.analyse(fens).map { try? $0.get() }
        other.pool.shutdown()
        #expect(again == fromEngine)
        #expect(other.storeHits == 0 && other.storeMisses == 3 && other.pool.searches == 3)
    }

    @Test func aDamagedLineIsSearchedInsteadAndStoreOnlyNeverSearches() throws {
        let searched = try analyzer()
        let fromEngine = searched.analyse(fens).map { try? $0.get() }
        searched.pool.shutdown()
        let made = EngineStore.text(engine: searched.engine.name, profile: storeProfile, results: searched.recorded).text
        // The best move of the first result line made illegal.
        var rows = made.split(separator: "\n").map(String.init)
        var fields = rows[4].split(separator: "\t").map(String.init)
        fields[1] = "a1a1"
        rows[4] = fields.joined(separator: "\t")
        let damaged = try analyzer(store: try storeFolder(rows.joined(separator: "\n") + "\n"))
        let results = damaged.analyse(fens).map { try? $0.get() }
        damaged.pool.shutdown()
        #expect(results == fromEngine)
        #expect(damaged.storeHits == 2 && damaged.pool.searches == 1)
        // The edit is caught twice: by the file's digest (line 4) and by the line's own check.
        #expect(damaged.storeProblems.map(\.line) == [4, 5])
        #expect(damaged.storeProblems[0].reason.contains("digest does not match"))
        #expect(damaged.storeProblems[1].reason.contains("best move"))

        // Store only: what the store lacks fails, nothing is searched.
        let only = try PositionAnalyzer(pool: EnginePool(launcher: .process(stockfishPath), size: 1), cache: nil, profile: storeProfile,
                                        store: try storeFolder(rows.joined(separator: "\n") + "\n"), storeOnly: true)
        let partial = only.analyse(fens)
        only.pool.shutdown()
        #expect(only.pool.searches == 0)
        #expect(partial.filter { (try? $0.get()) == nil }.count == 1 && only.storeMisses == 1)
    }
}
