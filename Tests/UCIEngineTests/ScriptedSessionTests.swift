// ScriptedSessionTests: the session's protocol handling, on scripted conversations (no process).
import ChessCore
import Foundation
import Testing
@testable import UCIEngine

/// Collects engine events from any thread.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [EngineEvent] = []
    var events: [EngineEvent] { lock.withLock { stored } }
    var sink: EngineLog { { [self] e in lock.withLock { stored.append(e) } } }
}

let handshakeReplies = [
    "id name Scripted 2.0",
    "id author Tests",
    "option name Threads type spin default 1 min 1 max 8",
    "option name Hash type spin default 16 min 1 max 64",
    "option name MultiPV type spin default 1 min 1 max 10",
    "option name UCI_ShowWDL type check default false",
    "uciok",
]

/// A script that has done the handshake and configured `multipv`.
func configuredScript(multiPV: Int = 2) -> ScriptedTransport {
    let t = ScriptedTransport(greeting: ["Scripted engine by the test suite"])
    t.expect("uci", handshakeReplies)
        .expect("setoption name Threads value 1")
        .expect("setoption name Hash value 16")
        .expect("setoption name MultiPV value \(multiPV)")
        .expect("setoption name UCI_ShowWDL value true")
        .expect("isready", ["readyok"])
    return t
}

@Suite struct ScriptedSessionTests {
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1"

    @Test func handshakeReadsIdentityAndOptions() throws {
        let t = configuredScript()
        let log = EventLog()
        let s = EngineSession(transport: t, log: log.sink)
        let id = try s.handshake()
        #expect(id == EngineID(name: "Scripted 2.0", author: "Tests"))
        #expect(s.declaredOptions["multipv"]?.max == 10)
        try s.configure(for: AnalysisProfile(nodes: 100, multiPV: 2))
        #expect(t.isFinished)
        #expect(t.mismatches.isEmpty)
        #expect(log.events == [.unknownLine("Scripted engine by the test suite")])
    }

    @Test func undeclaredOrOutOfBoundsOptionsAreRefused() throws {
        let t = ScriptedTransport().expect("uci", handshakeReplies)
        let s = EngineSession(transport: t)
        try s.handshake()
        #expect(throws: EngineFailure.unsupportedOption(name: "Contempt", reason: "the engine does not declare it")) {
            try s.setOption("Contempt", "10")
        }
        #expect(throws: EngineFailure.unsupportedOption(name: "MultiPV", reason: "MultiPV is at most 10, not 11")) {
            try s.setOption("MultiPV", "11")
        }
        #expect(throws: EngineFailure.unsupportedOption(name: "Hash", reason: "Hash is at least 1, not 0")) {
            try s.setOption("hash", "0")
        }
        #expect(t.sent == ["uci"])  // nothing refused reached the engine
    }

    @Test func handshakeWithoutNameIsAViolation() {
        let t = ScriptedTransport().expect("uci", ["uciok"])
        #expect(throws: EngineFailure.protocolViolation("no \"id name\" before uciok")) {
            try EngineSession(transport: t).handshake()
        }
    }

    @Test func multiPVOutOfOrderGarbageAndBounds() throws {
        let t = configuredScript()
        t.expect("ucinewgame").expect("isready", ["readyok"])
            .expect("position fen \(fen)")
            .expect("go nodes 1000", [
                "info depth 1 seldepth 1 multipv 1 score cp 30 nodes 20 pv f1b5",
                "info string garbage follows",
                "@@@ not uci at all",
                "info depth x",
                "info depth 2 seldepth 3 multipv 2 score cp 12 upperbound wdl 20 960 20 nodes 900 pv d2d4 e5d4",
                "info depth 2 seldepth 4 multipv 1 score cp 41 wdl 60 930 10 nodes 1000 pv f1b5 a7a6 b5a4",
                "info depth 2 currmove b1c3 currmovenumber 3",
                "bestmove f1b5 ponder a7a6",
            ])
        let log = EventLog()
        let s = EngineSession(transport: t, log: log.sink)
        try s.handshake()
        try s.configure(for: AnalysisProfile(nodes: 1000, multiPV: 2))
        try s.newGame()
        let out = try s.search(fen: fen, limits: SearchLimits(nodes: 1000))
        #expect(out.bestMove == "f1b5")
        #expect(out.nodes == 1000)
        #expect(out.lines.map(\.multiPV) == [1, 2])
        #expect(out.lines[0].pv == ["f1b5", "a7a6", "b5a4"])
        #expect(out.lines[0].score == UCIScore(.centipawns(41)))
        #expect(out.lines[1].score == UCIScore(.centipawns(12), bound: .upperbound))
        #expect(out.lines[1].wdl == WDL(win: 20, draw: 960, loss: 20))
        #expect(t.mismatches.isEmpty)
        #expect(log.events.contains(.unknownLine("@@@ not uci at all")))
        #expect(log.events.contains(.malformedLine("info depth x", reason: "\"depth\" needs an integer")))
    }

    /// Stockfish 15.1's last reports at `go nodes 120000` after 1.e4 e5 2.Nf3 Nc6 3.Bc4: the node limit
    /// stops depth 13 inside its first line (an upper bound with a 2-ply PV, scored worse than line 2).
    /// The analysis keeps depth 12, the last finished iteration: one depth, exact scores, full PVs, best first.
    @Test func analysisKeepsTheLastFinishedIterationBestFirst() throws {
        let italian = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 1"
        let t = configuredScript(multiPV: 3)
        t.expect("ucinewgame").expect("isready", ["readyok"])
            .expect("position fen \(italian)")
            .expect("go nodes 120000", [
                "info depth 12 seldepth 18 multipv 1 score cp -26 wdl 3 965 32 nodes 101529 pv g8f6 f3g5 d7d5 e4d5 c6a5 c4b5",
                "info depth 12 seldepth 18 multipv 2 score cp -29 wdl 2 961 37 nodes 101529 pv f8c5 c2c3 g8f6 d2d4 e5d4 e4e5",
                "info depth 12 seldepth 18 multipv 3 score cp -40 wdl 1 936 63 nodes 101529 pv d7d6 b1c3 a7a6 e1g1",
                "info depth 13 seldepth 17 multipv 1 score cp -33 wdl 2 953 45 upperbound nodes 120002 pv g8f6 f3g5",
                "info depth 12 seldepth 18 multipv 2 score cp -29 wdl 2 961 37 nodes 120002 pv f8c5 c2c3 g8f6 d2d4 e5d4 e4e5",
                "info depth 12 seldepth 18 multipv 3 score cp -40 wdl 1 936 63 nodes 120002 pv d7d6 b1c3 a7a6 e1g1",
                "bestmove g8f6 ponder f3g5",
            ])
        let s = EngineSession(transport: t, log: EventLog().sink)
        try s.handshake()
        let profile = AnalysisProfile(nodes: 120_000, multiPV: 3)
        try s.configure(for: profile)
        try s.newGame()
        let out = try s.search(fen: italian, limits: SearchLimits(nodes: 120_000))
        // The raw last reports: line 1 is the interrupted bound.
        #expect(out.lines[0].score == UCIScore(.centipawns(-33), bound: .upperbound))
        #expect(out.completedLines.map(\.depth) == [12, 12, 12])
        let a = try PositionAnalyzer.analysis(of: out, position: try Position(fen: italian), engine: "Scripted 2.0", profile: profile)
        #expect(a.lines.map(\.san) == ["Nf6", "Bc5", "d6"])
        #expect(a.lines.map(\.score) == [.centipawns(-26), .centipawns(-29), .centipawns(-40)])
        #expect(a.lines.map(\.depth) == [12, 12, 12])
        #expect(a.lines[0].pv == ["g8f6", "f3g5", "d7d5", "e4d5", "c6a5", "c4b5"])
        #expect(a.depth == 12)
        #expect(a.whiteScore == .centipawns(26))
        #expect(t.mismatches.isEmpty)
    }

    /// Lines that come back in a different order than their scores are sorted best first; mates beat
    /// centipawns and stay mates.
    @Test func linesAreOrderedBestFirstWithMatesAsMates() throws {
        let t = configuredScript(multiPV: 3)
        t.expect("ucinewgame").expect("isready", ["readyok"])
            .expect("position fen \(fen)")
            .expect("go nodes 1000", [
                "info depth 5 multipv 1 score cp 20 nodes 1000 pv f1c4",
                "info depth 5 multipv 2 score cp 35 nodes 1000 pv d2d4 e5d4",
                "info depth 5 multipv 3 score mate 7 nodes 1000 pv f1b5 a7a6",
                "bestmove f1c4",
            ])
        let s = EngineSession(transport: t, log: EventLog().sink)
        try s.handshake()
        let profile = AnalysisProfile(nodes: 1000, multiPV: 3)
        try s.configure(for: profile)
        try s.newGame()
        let out = try s.search(fen: fen, limits: SearchLimits(nodes: 1000))
        let a = try PositionAnalyzer.analysis(of: out, position: try Position(fen: fen), engine: "Scripted 2.0", profile: profile)
        #expect(a.lines.map(\.uci) == ["f1b5", "d2d4", "f1c4"])
        #expect(a.lines.map(\.score) == [.mate(7), .centipawns(35), .centipawns(20)])
        #expect(a.bestMove == "f1c4")
    }

    @Test func mateSearch() throws {
        let t = ScriptedTransport().expect("uci", handshakeReplies)
            .expect("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
            .expect("go nodes 500", [
                "info depth 1 seldepth 2 multipv 1 score mate 1 nodes 40 pv a1a8",
                "bestmove a1a8",
            ])
        let s = EngineSession(transport: t)
        try s.handshake()
        let out = try s.search(fen: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", limits: SearchLimits(nodes: 500))
        #expect(out.lines.first?.score?.value == .mate(1))
        #expect(out.bestMove == "a1a8")
    }

    @Test func engineThatEndsMidSearchIsDead() throws {
        let t = ScriptedTransport().expect("uci", handshakeReplies)
            .expect("position fen \(fen)")
            .expect("go nodes 1000", ["info depth 1 score cp 3 pv e2e4"])
        let s = EngineSession(transport: t)
        try s.handshake()
        #expect(throws: EngineFailure.died(status: nil, awaiting: "bestmove")) {
            try s.search(fen: fen, limits: SearchLimits(nodes: 1000))
        }
    }

    @Test(arguments: [
        ("bestmove zz9", "\"zz9\" is not a UCI move"),
        ("bestmove", "bestmove without a move"),
        ("bestmove e2e4e", "\"e2e4e\" is not a UCI move"),
    ])
    func unreadableBestMoveEndsTheSearchAtOnce(line: String, reason: String) throws {
        // The engine then stays silent: before, the session read on until the watchdog (10 s a try).
        let t = ScriptedTransport().expect("uci", handshakeReplies)
            .expect("position fen \(fen)")
            .expect("go nodes 1000", ["info depth 1 multipv 1 score cp 3 nodes 10 pv e2e4", line])
        t.hangsAtEnd = true
        let log = EventLog()
        let s = EngineSession(transport: t, watchdog: Watchdog(readySeconds: 30), log: log.sink)
        try s.handshake()
        let started = Date()
        #expect(throws: EngineFailure.protocolViolation("unreadable reply to \"go nodes 1000\": \(reason) in \"\(line)\"")) {
            try s.search(fen: fen, limits: SearchLimits(nodes: 1000))
        }
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(log.events == [.malformedLine(line, reason: reason)])
        // The engine was killed: the next command finds it closed.
        #expect(throws: EngineFailure.self) { try s.waitUntilReady() }
    }

    @Test func poolDoesNotWaitOutAnUnreadableBestMove() throws {
        // Every engine answers its search with a bestmove that is not a move, then says nothing.
        let launcher = EngineLauncher(description: "scripted") { () throws(EngineFailure) -> any LineTransport in
            let t = ScriptedTransport().expect("uci", handshakeReplies)
                .expect("setoption name Threads value 1").expect("setoption name Hash value 16")
                .expect("setoption name MultiPV value 1").expect("setoption name UCI_ShowWDL value true")
                .expect("isready", ["readyok"]).expect("ucinewgame").expect("isready", ["readyok"])
                .expect("position fen \(fen)").expect("go nodes 10", ["bestmove ???"])
            t.hangsAtEnd = true
            return t
        }
        let pool = EnginePool(launcher: launcher, size: 1, maxAttempts: 3)
        let started = Date()
        let results = pool.analyse([fen], profile: AnalysisProfile(nodes: 10, multiPV: 1))
        #expect(Date().timeIntervalSince(started) < 5)
        guard results.count == 1, case .failure(let failure) = results[0] else {
            Issue.record("expected one failure, got \(results)")
            return
        }
        #expect(failure == .gaveUp(attempts: 3, last: .protocolViolation(
            "unreadable reply to \"go nodes 10\": \"???\" is not a UCI move in \"bestmove ???\"")))
        #expect(failure.code == EngineCode.gaveUp)
        #expect(pool.launches == 3)
    }

    @Test func silentEngineHitsTheWatchdog() throws {
        let t = ScriptedTransport().expect("uci", handshakeReplies).expect("isready")
        t.hangsAtEnd = true
        let s = EngineSession(transport: t, watchdog: Watchdog(readySeconds: 0.2))
        try s.handshake()
        #expect(throws: EngineFailure.hung(command: "isready", seconds: 0.2)) { try s.waitUntilReady() }
    }

    @Test func poolRetriesOnScriptedCrashesAndGivesUp() throws {
        // Every engine the launcher makes dies during its first search.
        let launcher = EngineLauncher(description: "scripted") { () throws(EngineFailure) -> any LineTransport in
            ScriptedTransport().expect("uci", handshakeReplies)
                .expect("setoption name Threads value 1").expect("setoption name Hash value 16")
                .expect("setoption name MultiPV value 1").expect("setoption name UCI_ShowWDL value true")
                .expect("isready", ["readyok"]).expect("ucinewgame").expect("isready", ["readyok"])
        }
        let log = EventLog()
        let pool = EnginePool(launcher: launcher, size: 1, maxAttempts: 3, log: log.sink)
        let results = pool.analyse([fen], profile: AnalysisProfile(nodes: 10, multiPV: 1))
        #expect(results.count == 1)
        guard case .failure(let failure) = results[0] else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure == .gaveUp(attempts: 3, last: .died(status: nil, awaiting: "bestmove")))
        #expect(pool.launches == 3)
        #expect(log.events.filter { if case .restart = $0 { true } else { false } }.count == 2)
    }

    @Test func boundedQueueDeliversEverythingInOrder() {
        let q = BoundedQueue<Int>(capacity: 2)
        let got = Locked<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        Thread {
            while let i = q.pop() { got.mutate { $0.append(i) } }
            done.signal()
        }.start()
        for i in 0..<100 { q.push(i) }
        q.close()
        done.wait()
        #expect(got.value == Array(0..<100))
        #expect(q.push(5) == false)
    }
}
