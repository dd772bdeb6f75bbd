// AnalyzeInterruptTests: SIGINT to a running `forge analyze` leaves no engine process behind.
import Foundation
import Testing
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
        let p = Process()
        p.executableURL = URL(fileURLWithPath: forgePath)
        let fens = (Bundle.module.resourcePath ?? ".") + "/Fixtures/analyze/positions.fen"
        p.arguments = ["analyze", fens, "--nodes", "500000000", "--jobs", "2", "--no-cache", "--engine", "/usr/games/stockfish"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        var engines: [Int32] = []
        let deadline = Date(timeIntervalSinceNow: 20)
        while engines.count < 2, Date() < deadline {
            usleep(50_000)
            engines = children(of: p.processIdentifier)
        }
        #expect(engines.count == 2)
        usleep(200_000)  // let them start searching
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        #expect(p.terminationStatus == 130)
        let gone = Date(timeIntervalSinceNow: 3)
        while engines.contains(where: isRunning), Date() < gone { usleep(20_000) }
        #expect(!engines.contains(where: isRunning))
    }
}
