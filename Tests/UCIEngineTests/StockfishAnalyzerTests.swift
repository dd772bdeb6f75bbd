// StockfishAnalyzerTests: the analyzer against the real Stockfish: determinism, MultiPV, mates, no-search positions, the cache.
import Diagnostics
import Foundation
import Testing
@testable import UCIEngine

let hasStockfish = FileManager.default.isExecutableFile(atPath: stockfishPath)

func temporaryDirectory(_ name: String) -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("forge-\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}

@Suite(.serialized, .enabled(if: hasStockfish)) struct StockfishAnalyzerTests {
    let profile = AnalysisProfile(nodes: 20_000, multiPV: 3)
    let mateInOneWhite = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
    let mateInOneBlack = "r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1"
    let checkmated = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"
    let stalemated = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"

    func analyzer(cache: AnalysisCache? = nil, size: Int = 1, profile: AnalysisProfile? = nil) throws -> PositionAnalyzer {
        try PositionAnalyzer(pool: EnginePool(launcher: .process(stockfishPath), size: size), cache: cache, profile: profile ?? self.profile)
    }

    @Test func twoRunsGiveIdenticalResults() throws {
        let a = try analyzer(size: 2)
        let b = try analyzer(size: 1)
        let first = a.analyse(legalFENs)
        let second = b.analyse(legalFENs.reversed()).reversed()
        a.pool.shutdown()
        b.pool.shutdown()
        #expect(first == Array(second))
        #expect(first.allSatisfy { (try? $0.get()) != nil })
        #expect(a.engine.name == "Stockfish 15.1")
    }

    @Test func poolStartsEveryEngineBeforeTheBatch() throws {
        let a = try analyzer(size: 2)
        // Both engines run and have answered the handshake before any position is sent.
        #expect(a.pool.processIDs.count == 2)
        #expect(a.pool.launches == 2)
        #expect(a.pool.searches == 0)
        let results = a.analyse(Array(legalFENs.prefix(4)))
        #expect(results.allSatisfy { (try? $0.get()) != nil })
        #expect(a.pool.launches == 2)
        let pids = a.pool.launchedProcessIDs
        a.pool.shutdown()
        #expect(a.pool.processIDs.isEmpty)
        #expect(pids.allSatisfy { !isAlive($0) })
    }

    @Test func multiPVGivesKDistinctLegalLines() throws {
        let a = try analyzer()
        let r = try a.analyse([legalFENs[1]])[0].get()
        a.pool.shutdown()
        #expect(r.lines.count == 3)
        #expect(Set(r.lines.map(\.uci)).count == 3)
        // The lines of the last finished iteration, best first: one depth, scores not increasing. The engine's
        // own bestmove may come from the unfinished iteration after it, so it need not be lines[0].
        #expect(Set(r.lines.map(\.depth)).count == 1)
        #expect(r.depth == r.lines[0].depth && r.depth > 0)
        #expect(zip(r.lines, r.lines.dropFirst()).allSatisfy { $0.score >= $1.score })
        #expect(r.score == r.lines[0].score)
        #expect(r.bestMove != nil && r.bestMoveSAN != nil)
        #expect(r.lines.allSatisfy { $0.pv.count == $0.sanPV.count && $0.pv.first == $0.uci })
        #expect(r.profile == profile)
        #expect(r.nodes >= 20_000)
        #expect(r.wdl != nil)
        if case .centipawns(let cp) = r.score { #expect(abs(cp) < 150) } else { Issue.record("expected a centipawn score") }
    }

    @Test func matesInOneForEitherSide() throws {
        let a = try analyzer()
        let results = a.analyse([mateInOneWhite, mateInOneBlack])
        a.pool.shutdown()
        let w = try results[0].get()
        #expect(w.bestMove == "a1a8")
        #expect(w.bestMoveSAN == "Ra8#")
        #expect(w.score == .mate(1))
        #expect(w.whiteScore == .mate(1))
        let b = try results[1].get()
        #expect(b.bestMoveSAN == "Ra1#")
        #expect(b.score == .mate(1))
        #expect(b.whiteScore == .mate(-1))
    }

    @Test func checkmateAndStalemateGetNoSearch() throws {
        let a = try analyzer()
        let results = a.analyse([checkmated, stalemated])
        a.pool.shutdown()
        #expect(a.pool.searches == 0)
        let mate = try results[0].get()
        #expect(mate.terminal == .checkmate)
        #expect(mate.score == .mate(0))
        #expect(mate.bestMove == nil)
        #expect(mate.lines.isEmpty)
        let stale = try results[1].get()
        #expect(stale.terminal == .stalemate)
        #expect(stale.score == .centipawns(0))
        #expect(stale.nodes == 0)
    }

    @Test func illegalPositionsNeverReachTheEngine() throws {
        let a = try analyzer()
        let results = a.analyse(["8/8/8/8/8/8/8/8 w - - 0 1", "not a fen", mateInOneWhite])
        a.pool.shutdown()
        guard case .failure(.invalidPosition(let fen, _)) = results[0] else {
            Issue.record("empty board accepted")
            return
        }
        #expect(fen == "8/8/8/8/8/8/8/8 w - - 0 1")
        if case .failure(let f) = results[1] { #expect(f.code == "UCI107") } else { Issue.record("garbage accepted") }
        #expect((try? results[2].get())?.bestMove == "a1a8")
        #expect(a.pool.searches == 1)
        #expect(a.pool.launches == 1)  // the engine never crashed
    }

    @Test func samePositionWithOtherCountersIsSearchedOnce() throws {
        let a = try analyzer()
        let results = a.analyse([
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1",
        ])
        a.pool.shutdown()
        #expect(a.pool.searches == 1)
        #expect(results[0] == results[1])
    }

    @Test func secondRunComesFromTheCacheWithoutAnyEngineCall() throws {
        let dir = temporaryDirectory("cache")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cachePath = dir + "/analysis.sqlite"
        let fens = legalFENs + [mateInOneWhite]
        let first = try analyzer(cache: AnalysisCache(path: cachePath))
        let r1 = first.analyse(fens)
        first.pool.shutdown()
        #expect(first.pool.searches == fens.count)
        #expect(try AnalysisCache(path: cachePath).count() == fens.count)

        let second = try analyzer(cache: AnalysisCache(path: cachePath))
        let r2 = second.analyse(fens)
        second.pool.shutdown()
        #expect(second.pool.searches == 0)
        #expect(second.cacheHits == fens.count)
        #expect(r1 == r2)

        // Another profile is another key: searched again.
        let other = try analyzer(cache: AnalysisCache(path: cachePath), profile: AnalysisProfile(nodes: 20_001, multiPV: 3))
        _ = other.analyse([mateInOneWhite])
        other.pool.shutdown()
        #expect(other.pool.searches == 1)
    }
}
