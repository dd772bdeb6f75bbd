// StoppedIterationTests: a node limit that stops an iteration never lets the previous depth's re-reports into the ranked lines.
import ChessCore
import Foundation
import Testing
@testable import UCIEngine

@Suite struct StoppedIterationTests {
    /// Stockfish 15.1 at `go nodes 120000` after 1.e4 c6 2.d4 d5 (Fixtures/stopped-iteration/caro-kann-120000.uci):
    /// depth 11 finishes with e5, Nc3, Nd2; depth 12 stops inside its first slot (Nc3, a lower bound), and the
    /// two slots it never reached are re-reported at depth 11 with the moves now sorted there: e5 and Nd2.
    /// Read naively, depth 11 became e5, e5, Nd2 and the course's own Nc3 was lost.
    @Test func reReportsOfAStoppedIterationDoNotOverwriteTheFinishedOne() throws {
        let fen = "rnbqkbnr/pp2pppp/2p5/3p4/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 1"
        let transcript = try String(contentsOfFile: fixturePath("stopped-iteration/caro-kann-120000.uci"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let t = configuredScript(multiPV: 3)
        t.expect("ucinewgame").expect("isready", ["readyok"]).expect("position fen \(fen)").expect("go nodes 120000", transcript)
        let s = EngineSession(transport: t)
        try s.handshake()
        let profile = AnalysisProfile(nodes: 120_000, multiPV: 3)
        try s.configure(for: profile)
        try s.newGame()
        let out = try s.search(fen: fen, limits: SearchLimits(nodes: 120_000))
        #expect(out.completedLines.map { $0.pv.first } == ["e4e5", "b1c3", "b1d2"])
        #expect(out.completedLines.map(\.depth) == [11, 11, 11])
        #expect(out.completedLines[0].pv.count == 10)
        #expect(out.bestMove == "b1c3")
        let a = try PositionAnalyzer.analysis(of: out, position: try Position(fen: fen), engine: "Stockfish 15.1", profile: profile)
        #expect(a.lines.map(\.san) == ["e5", "Nc3", "Nd2"])
        #expect(a.lines.map(\.score) == [.centipawns(50), .centipawns(49), .centipawns(47)])
        #expect(t.mismatches.isEmpty)
    }

    /// An iteration whose slots name one move twice is not finished (a transcript no engine should send, but the
    /// rule must not depend on it): the analysis falls back to the last iteration with distinct moves.
    @Test func anIterationNamingAMoveTwiceIsNotFinished() throws {
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        let t = configuredScript(multiPV: 2)
        t.expect("ucinewgame").expect("isready", ["readyok"]).expect("position fen \(fen)").expect("go nodes 1000", [
            "info depth 4 multipv 1 score cp 30 nodes 500 pv e2e4 e7e5",
            "info depth 4 multipv 2 score cp 25 nodes 500 pv d2d4 d7d5",
            "info depth 5 multipv 1 score cp 28 nodes 1000 pv e2e4 e7e5 g1f3",
            "info depth 5 multipv 2 score cp 27 nodes 1000 pv e2e4 c7c5",
            "bestmove e2e4",
        ])
        let s = EngineSession(transport: t)
        try s.handshake()
        try s.configure(for: AnalysisProfile(nodes: 1000, multiPV: 2))
        try s.newGame()
        let out = try s.search(fen: fen, limits: SearchLimits(nodes: 1000))
        #expect(out.completedLines.map { $0.pv.first } == ["e2e4", "d2d4"])
        #expect(out.completedLines.map(\.depth) == [4, 4])
    }
}

/// The real engine at node limits that stop inside an iteration: the ranked lines are always one finished
/// iteration's, with distinct moves, and the limits do stop mid-iteration (else the test proves nothing).
@Suite(.serialized, .enabled(if: hasStockfish)) struct StoppedIterationStockfishTests {
    @Test func rankedLinesAreDistinctAtNodeLimitsThatStopMidIteration() throws {
        let fens = try String(contentsOfFile: fixturePath("stopped-iteration/positions.fen"), encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        #expect(fens.count == 8)
        let session = EngineSession(transport: try ProcessTransport(executable: stockfishPath))
        defer { session.quit() }
        try session.handshake()
        try session.configure(for: AnalysisProfile(nodes: 120_000, multiPV: 3))
        var stoppedWithReReports = 0
        for nodes in [30_000, 120_000] {
            for fen in fens {
                let out = try session.newGameAndSearch(fen: fen, limits: SearchLimits(nodes: nodes))
                let moves = out.completedLines.compactMap { $0.pv.first }
                #expect(moves.count == 3, "\(fen) at \(nodes) nodes")
                #expect(Set(moves).count == 3, "\(fen) at \(nodes) nodes: \(moves)")
                #expect(Set(out.completedLines.compactMap(\.depth)).count == 1, "\(fen) at \(nodes) nodes")
                // The raw last reports mix the stopped iteration with re-reports at the depth before it.
                let depths = Set(out.lines.compactMap(\.depth))
                if depths.count > 1, let finished = out.completedLines.first?.depth, depths.contains(finished) { stoppedWithReReports += 1 }
                let position = try Position(fen: fen)
                let a = try PositionAnalyzer.analysis(of: out, position: position, engine: "Stockfish 15.1",
                                                      profile: AnalysisProfile(nodes: nodes, multiPV: 3))
                #expect(Set(a.lines.map(\.uci)).count == 3)
                #expect(a.lines.allSatisfy { line in line.pv.first == line.uci })
            }
        }
        // Among them the Caro-Kann position at 120,000 nodes, the case the bundle met (e5, e5, Nd2).
        #expect(stoppedWithReReports >= 1)
    }
}
