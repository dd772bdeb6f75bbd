// AnalyzeInterruptTests: SIGINT to a running `forge analyze` leaves no engine process behind.
import ChessCore
import Foundation
import Testing
import UCIEngine
#if canImport(Glibc)
import Glibc
#endif

/// The forge executable built next to this test bundle.
private let forgePath: String = {
    let resources = URL(fileURLWithPath: Bundle.module.resourcePath ?? ".")
    return resources.deletingLastPathComponent().appendingPathComponent("forge").path
}()

/// Process ids whose parent is `parent` (from /proc).
private func children(of parent: Int32) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { name -> Int32? in
        guard let pid = Int32(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 && Int32(fields[1]) == parent ? pid : nil
    }
}

/// Running, not a zombie.
private func isRunning(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return false }
    return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
}

@Suite struct AnalyzeInterruptTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: forgePath)
                   && FileManager.default.isExecutableFile(atPath: "/usr/games/stockfish")))
    func sigintKillsEveryEngine() throws {
        let engine = try LoggingEngine()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: forgePath)
        let fens = (Bundle.module.resourcePath ?? ".") + "/Fixtures/analyze/positions.fen"
        // 500,000,000 nodes: no search ends before the signal, however slow the machine.
        p.arguments = ["analyze", fens, "--nodes", "500000000", "--jobs", "2", "--no-cache", "--engine", engine.path]
        p.environment = ProcessInfo.processInfo.environment.merging(engine.environment) { $1 }
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        var engines: [Int32] = []
        // Both engines started and searching (each has written its first `info depth` line).
        let started = waitUntil {
            engines = children(of: p.processIdentifier)
            return engines.count == 2 && engine.searching.isSuperset(of: engines)
        }
        #expect(started, "engines \(engines), searching \(engine.searching)")
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        #expect(p.terminationStatus == 130)
        #expect(waitUntil(timeout: 3) { !engines.contains(where: isRunning) }, "left running: \(engines.filter(isRunning))")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: forgePath)
                   && FileManager.default.isExecutableFile(atPath: "/usr/games/stockfish")))
    func interruptedRunKeepsFinishedResultsInTheCache() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("forge-interrupt-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // 120 distinct positions two plies deep.
        var fens: [String] = []
        for m1 in Position.standard.legalMoves {
            let p1 = Position.standard.playingUnchecked(m1)
            for m2 in p1.legalMoves where fens.count < 120 { fens.append(p1.playingUnchecked(m2).fen()) }
        }
        try (fens.joined(separator: "\n") + "\n").write(toFile: dir + "/positions.fen", atomically: true, encoding: .utf8)
        let cachePath = dir + "/cache/analysis.sqlite"
        func forge() throws -> Process {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: forgePath)
            p.currentDirectoryURL = URL(fileURLWithPath: dir)
            p.arguments = ["analyze", "positions.fen", "--nodes", "20000", "--multipv", "1", "--jobs", "1",
                           "--engine", "/usr/games/stockfish", "--output-format", "jsonl", "--cache", cachePath]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            return p
        }
        let first = try forge()
        // Five results stored, looked at as forge writes them.
        var stored = 0
        waitUntil(poll: 0.02) {
            if FileManager.default.fileExists(atPath: cachePath) {
                do { stored = try AnalysisCache(path: cachePath).count() } catch { Issue.record("cache unreadable while forge writes: \(error)") }
            }
            return stored >= 5 || !first.isRunning
        }
        kill(first.processIdentifier, SIGINT)
        first.waitUntilExit()
        #expect(first.terminationStatus == 130)
        let kept = try AnalysisCache(path: cachePath).count()
        #expect(kept >= 5)
        #expect(kept < fens.count)

        let second = try forge()
        second.waitUntilExit()
        #expect(second.terminationStatus == 0)
        #expect(try AnalysisCache(path: cachePath).count() == fens.count)
    }
}
