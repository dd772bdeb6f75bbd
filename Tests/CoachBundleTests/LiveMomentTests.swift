// LiveMomentTests: the one call beyond the bundle: the real Stockfish through UCIStreamEngine, the explainer's Note.
import CoachBundle
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Stockfish as a test starts it: a process whose pipes are UCIStreamEngine's byte streams (as the example client does).
final class StockfishForTest: @unchecked Sendable {
    let engine: UCIStreamEngine
    private let process = Process()

    init() throws {
        signal(SIGPIPE, SIG_IGN)
        let input = Pipe(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: ProcessInfo.processInfo.environment["FORGE_ENGINE"] ?? "/usr/games/stockfish")
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let (bytes, sink) = AsyncStream<[UInt8]>.makeStream()
        let fd = output.fileHandleForReading.fileDescriptor
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                guard n > 0 else { break }
                sink.yield(Array(buffer[0..<n]))
            }
            sink.finish()
        }
        let writer = input.fileHandleForWriting
        engine = UCIStreamEngine(output: bytes) { data in try writer.write(contentsOf: Data(data)) }
    }

    func stop() async {
        await engine.quit()
        process.waitUntilExit()
    }
}

@Suite struct LiveMomentTests {
    /// 1.e4 a5 2.d4 Ra6?: no bundle holds it; the rook hangs to the f1-bishop. Black's move is the opponent's: its
    /// answer (Bxa6) is a field of its own, never in the text, and the note passes its checks.
    @Test func aMoveBeyondTheBundleIsExplainedLiveWithTheAppsEngine() async throws {
        let built = try buildBundle(paths: [repositoryRoot + "/openings/coach/italian-game.pgn"])
        defer { try? FileManager.default.removeItem(atPath: built.directory) }
        let coach = try CoachBundle(path: built.path)
        let stockfish = try StockfishForTest()
        var p = Position.standard
        for san in ["e4", "a5", "d4"] { p.playUnchecked(try p.move(san: san)) }
        let moment = try await coach.moment(try p.move(san: "Ra6"), at: p, learner: .white, ply: 3, engine: stockfish.engine,
                                            search: EngineSearch(nodes: 50_000, lines: 3))
        #expect(moment.origin == .live)
        #expect(moment.numberedSAN == "2...Ra6" && moment.moveNumber == 2)
        #expect(moment.note.problems() == [])
        #expect(moment.note.verdict.map { $0 >= .mistake } == true)
        guard case .opponent(_, let answer) = moment.category else {
            Issue.record("2...Ra6 is the opponent's move: \(moment.category)")
            return
        }
        #expect(answer?.san.first == "Bxa6")
        #expect(!moment.note.text.contains("Bxa6"))
        // The game's top-3 accuracy beyond the bundle: 1.e4 and 2.d4 are among Stockfish's three best.
        let moves = try ["e4", "a5", "d4"].reduce(into: (Position.standard, [Move]())) { acc, san in
            let m = try acc.0.move(san: san)
            acc.1.append(m)
            acc.0.playUnchecked(m)
        }.1
        let accuracy = try await coach.accuracy(of: moves, from: .standard, learner: .white, engine: stockfish.engine,
                                                search: EngineSearch(nodes: 50_000, lines: 3))
        #expect(accuracy.moves == 2 && accuracy.topThree == 2)
        await stockfish.stop()
    }
}
