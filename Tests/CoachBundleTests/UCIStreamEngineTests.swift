// UCIStreamEngineTests: the byte-stream engine adapter over a scripted UCI engine: the conversation, MultiPV, a stop.
import ChessCore
import CoachBundle
import Foundation
import Openings
import Testing

/// A UCI engine played by a script: it answers each command line it is sent, on its output stream. `go` is answered
/// with `infoLines` and `bestmove`, unless `waitsForStop`: then only `stop` ends the search.
final class ScriptedUCIEngine: @unchecked Sendable {
    let output: AsyncStream<[UInt8]>
    private let sink: AsyncStream<[UInt8]>.Continuation
    private let lock = NSLock()
    private var received: [String] = []
    private var pending = ""
    let infoLines: [String]
    let best: String
    let waitsForStop: Bool

    init(infoLines: [String], best: String, waitsForStop: Bool = false) {
        (output, sink) = AsyncStream<[UInt8]>.makeStream()
        self.infoLines = infoLines
        self.best = best
        self.waitsForStop = waitsForStop
    }

    var commands: [String] { lock.withLock { received } }

    func write(_ bytes: [UInt8]) {
        let lines: [String] = lock.withLock {
            pending += String(decoding: bytes, as: UTF8.self)
            var out: [String] = []
            while let newline = pending.firstIndex(of: "\n") {
                out.append(String(pending[..<newline]))
                pending.removeSubrange(...newline)
            }
            received += out
            return out
        }
        for line in lines { answer(line) }
    }

    private func answer(_ line: String) {
        func say(_ text: String) { sink.yield(Array((text + "\n").utf8)) }
        switch line.split(separator: " ").first {
        case "uci": say("id name Scripted 1.0\nuciok")
        case "isready": say("readyok")
        case "go":
            if waitsForStop {
                say("info depth 1 multipv 1 score cp 5 nodes 10 pv e2e4")
            } else {
                for l in infoLines { say(l) }
                say("bestmove \(best)")
            }
        case "stop": say("bestmove \(best)")
        default: break
        }
    }
}

@Suite struct UCIStreamEngineTests {
    @Test func aSearchReadsTheLastFinishedIterationBestFirst() async throws {
        let script = ScriptedUCIEngine(infoLines: [
            "info depth 1 multipv 1 score cp 20 nodes 100 pv e2e4 e7e5",
            "info depth 1 multipv 2 score cp 10 nodes 120 pv d2d4",
            "info depth 2 multipv 1 score cp 30 nodes 300 pv d2d4 d7d5",
            "info depth 2 multipv 2 score cp 25 nodes 400 pv e2e4 e7e5 g1f3",
            // An unfinished iteration: a bound with a short PV, not kept.
            "info depth 3 multipv 1 score cp 90 lowerbound nodes 500 pv g1f3",
        ], best: "d2d4")
        let engine = UCIStreamEngine(output: script.output) { script.write($0) }
        let verdict = try await engine.analyse(.standard, search: EngineSearch(nodes: 500, lines: 2))
        #expect(verdict.lines.map(\.san) == ["d4", "e4"])
        #expect(verdict.lines.map(\.pv) == [["d2d4", "d7d5"], ["e2e4", "e7e5", "g1f3"]])
        #expect(verdict.score == .centipawns(30) && verdict.depth == 2 && verdict.nodes == 500)
        #expect(verdict.engine == "Scripted 1.0")
        #expect(script.commands.contains("setoption name MultiPV value 2"))
        #expect(script.commands.contains("setoption name Threads value 1"))
        #expect(script.commands.suffix(2) == ["position fen \(Position.standard.fen())", "go nodes 500"])
        #expect(script.commands.filter { $0 == "ucinewgame" }.count == 1)
    }

    @Test func aCancelledSearchStopsTheEngineAndLeavesItReady() async throws {
        let script = ScriptedUCIEngine(infoLines: [], best: "e2e4", waitsForStop: true)
        let engine = UCIStreamEngine(output: script.output) { script.write($0) }
        let search = Task { try await engine.analyse(.standard, search: EngineSearch(nodes: 1_000_000, lines: 1)) }
        // The event: the engine was sent `go`.
        while !script.commands.contains(where: { $0.hasPrefix("go ") }) { await Task.yield() }
        search.cancel()
        await #expect(throws: CancellationError.self) { try await search.value }
        #expect(script.commands.last == "stop")
        // The next search runs on the same engine (the stop's bestmove was read, nothing is left over).
        let next = Task { try await engine.analyse(.standard, search: EngineSearch(nodes: 10, lines: 1)) }
        while script.commands.filter({ $0.hasPrefix("go ") }).count < 2 { await Task.yield() }
        next.cancel()
        await #expect(throws: CancellationError.self) { try await next.value }
    }

    @Test func anEngineWhoseOutputEndsIsAProblemNotAHang() async throws {
        let (output, sink) = AsyncStream<[UInt8]>.makeStream()
        sink.finish()
        let engine = UCIStreamEngine(output: output) { _ in }
        do {
            _ = try await engine.analyse(.standard, search: EngineSearch(nodes: 10, lines: 1))
            Issue.record("a search without an engine returned")
        } catch let problem as EngineProblem {
            #expect(problem.code.string == "BND510")
        }
    }

    @Test func checkmateIsAnsweredWithoutAsking() async throws {
        let (output, _) = AsyncStream<[UInt8]>.makeStream()
        let engine = UCIStreamEngine(output: output) { _ in Issue.record("the engine was asked") }
        var p = Position.standard
        for san in ["f3", "e5", "g4", "Qh4"] { p.playUnchecked(try p.move(san: san)) }
        let verdict = try await engine.analyse(p, search: .coach)
        #expect(verdict.score == .mate(0) && verdict.lines.isEmpty)
    }
}
