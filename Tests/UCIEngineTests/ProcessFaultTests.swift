// ProcessFaultTests: real processes that crash, hang, exit at start or do not exist; the run goes on, nothing is left behind.
import Foundation
import Testing
@testable import UCIEngine
#if canImport(Glibc)
import Glibc
#endif

func fixturePath(_ relative: String) -> String {
    (Bundle.module.resourcePath ?? ".") + "/Fixtures/" + relative
}

func fakeEngine(_ name: String) -> EngineLauncher {
    .process("/bin/sh", arguments: [fixturePath("engines/\(name)")])
}

/// True while `pid` exists (a reaped process does not).
func isAlive(_ pid: Int32) -> Bool { kill(pid, 0) == 0 }

let stockfishPath = "/usr/games/stockfish"

/// Legal positions, checked by hand: no ChessCore needed at this level.
let legalFENs = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1",
    "rnbqkb1r/pppp1ppp/5n2/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 0 1",
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 0 1",
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1",
]

@Suite(.serialized) struct ProcessFaultTests {
    let profile = AnalysisProfile(nodes: 1000, multiPV: 1)
    let white = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    let black = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"

    @Test func missingPathFailsToLaunch() {
        let pool = EnginePool(launcher: .process("/nonexistent/engine"), size: 1)
        #expect(throws: EngineFailure.launchFailed(path: "/nonexistent/engine", reason: "no such file")) {
            try pool.start(profile: profile)
        }
        #expect(pool.launchedProcessIDs.isEmpty)
    }

    @Test func notExecutableFailsToLaunch() {
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("forge-not-exec-\(getpid())").path
        _ = FileManager.default.createFile(atPath: tmp, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o644])
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        #expect(throws: EngineFailure.launchFailed(path: tmp, reason: "not executable")) {
            try EnginePool(launcher: .process(tmp), size: 1).start(profile: profile)
        }
    }

    @Test func engineThatExitsAtStart() {
        let pool = EnginePool(launcher: fakeEngine("exits-at-start.sh"), size: 1, maxAttempts: 3)
        // The engine may be gone before "uci" is written (broken pipe) or while its reply is awaited.
        do {
            _ = try pool.start(profile: profile)
            Issue.record("started an engine that exits at start")
        } catch {
            guard case .gaveUp(3, .died(.exited(3), _)) = error else {
                Issue.record("unexpected failure \(error)")
                return
            }
            #expect(error.message.hasPrefix("gave up after 3 attempts: engine died (exit status 3) while waiting for"))
        }
        pool.shutdown()
        #expect(pool.launchedProcessIDs.count == 3)
        #expect(pool.launchedProcessIDs.allSatisfy { !isAlive($0) })
    }

    @Test func silentEngineTimesOutInTheHandshake() {
        let pool = EnginePool(launcher: fakeEngine("silent.sh"), size: 1, watchdog: Watchdog(handshakeSeconds: 0.3), maxAttempts: 2)
        #expect(throws: EngineFailure.gaveUp(attempts: 2, last: .hung(command: "uci", seconds: 0.3))) {
            try pool.start(profile: profile)
        }
        #expect(pool.launchedProcessIDs.count == 2)
        #expect(pool.launchedProcessIDs.allSatisfy { !isAlive($0) })
    }

    @Test func engineThatStopsAnsweringCostsRetriesThenThatPositionFails() {
        let watchdog = Watchdog(searchBaseSeconds: 0.3, slowestNodesPerSecond: 1e9)
        let log = EventLog()
        let pool = EnginePool(launcher: fakeEngine("hangs-on-black.sh"), size: 1, watchdog: watchdog, maxAttempts: 2, log: log.sink)
        let start = Date()
        let results = pool.analyse([white, black, white], profile: profile)
        pool.shutdown()
        #expect(Date().timeIntervalSince(start) < 5)
        #expect((try? results[0].get())?.bestMove == "e2e4")
        let limit = watchdog.searchSeconds(profile.limits)
        #expect(results[1] == .failure(.gaveUp(attempts: 2, last: .hung(command: "go nodes 1000", seconds: limit))))
        #expect((try? results[2].get())?.bestMove == "e2e4")
        #expect(log.events.contains(.restart(after: .hung(command: "go nodes 1000", seconds: limit), fen: black, attempt: 2, of: 2)))
        #expect(pool.launchedProcessIDs.count == 3)
        #expect(pool.launchedProcessIDs.allSatisfy { !isAlive($0) })
    }

    @Test func engineThatCrashesOnAPositionCostsRetriesThenThatPositionFails() {
        let pool = EnginePool(launcher: fakeEngine("crashes-on-black.sh"), size: 1, maxAttempts: 3)
        let results = pool.analyse([white, black, white], profile: profile)
        pool.shutdown()
        #expect((try? results[0].get())?.lines.first?.score == UCIScore(.centipawns(13)))
        #expect(results[1] == .failure(.gaveUp(attempts: 3, last: .died(status: .exited(1), awaiting: "bestmove"))))
        #expect((try? results[2].get())?.bestMove == "e2e4")
        #expect(pool.launchedProcessIDs.count == 4)
        #expect(pool.launchedProcessIDs.allSatisfy { !isAlive($0) })
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: stockfishPath)))
    func sigkillMidBatchIsRetriedAndResultsDoNotChange() throws {
        let profile = AnalysisProfile(nodes: 60_000, multiPV: 2)
        let clean = EnginePool(launcher: .process(stockfishPath), size: 1)
        let expected = clean.analyse(legalFENs, profile: profile)
        clean.shutdown()
        #expect(expected.allSatisfy { (try? $0.get()) != nil })

        let log = EventLog()
        let pool = EnginePool(launcher: .process(stockfishPath), size: 1, log: log.sink)
        let killed = Locked<[Int32]>([])
        let results = pool.analyse(legalFENs, profile: profile) { i, _ in
            guard i == 1 || i == 3, let pid = pool.processIDs.first else { return }
            // Kill the engine at once: the worker went on to the next position as soon as it reported this one, so
            // the kill lands mid-batch, before or during that search (a delayed kill could come after the batch ended
            // on a loaded machine, and kill nothing).
            kill(pid, SIGKILL)
            killed.mutate { $0.append(pid) }
        }
        pool.shutdown()
        #expect(killed.value.count == 2)
        #expect(results == expected)
        #expect(pool.launches >= 3)
        #expect(log.events.contains { if case .restart(.died(.signaled(9), _), _, _, _) = $0 { true } else { false } })
        #expect(pool.launchedProcessIDs.allSatisfy { !isAlive($0) })
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: stockfishPath)))
    func poolOfTwoGivesTheSameResultsAsOne() throws {
        let profile = AnalysisProfile(nodes: 20_000, multiPV: 3)
        let one = EnginePool(launcher: .process(stockfishPath), size: 1)
        let two = EnginePool(launcher: .process(stockfishPath), size: 2)
        let a = one.analyse(legalFENs, profile: profile)
        let b = two.analyse(legalFENs, profile: profile)
        one.shutdown()
        two.shutdown()
        #expect(a == b)
        #expect(two.searches == legalFENs.count)
        #expect((try? a[1].get())?.lines.count == 3)
        #expect((one.launchedProcessIDs + two.launchedProcessIDs).allSatisfy { !isAlive($0) })
    }
}

@Suite struct EngineLocatorTests {
    @Test func searchOrder() throws {
        let dir = temporaryDirectory("locator")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let onPath = dir + "/stockfish"
        _ = FileManager.default.createFile(atPath: onPath, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
        let env = ["PATH": "/nonexistent:\(dir)", "FORGE_ENGINE": "/from/env"]
        #expect(try EngineLocator.locate(explicitPath: "/given", environment: env) == "/given")
        #expect(try EngineLocator.locate(explicitPath: nil, environment: env) == "/from/env")
        #expect(try EngineLocator.locate(explicitPath: nil, environment: ["PATH": "/nonexistent:\(dir)"]) == onPath)
        #expect(try EngineLocator.locate(explicitPath: nil, environment: ["PATH": "/nonexistent"], fallback: onPath) == onPath)
        #expect(throws: EngineFailure.notFound(searched: ["--engine", "FORGE_ENGINE", "/nonexistent/stockfish", "/nowhere/stockfish"])) {
            try EngineLocator.locate(explicitPath: nil, environment: ["PATH": "/nonexistent"], fallback: "/nowhere/stockfish")
        }
    }
}
