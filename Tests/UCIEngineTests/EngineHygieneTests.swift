// EngineHygieneTests: an overlong engine line does not grow memory, a wrapped engine's children end with it, `--engine NAME` is found on PATH.
import Foundation
import Testing
@testable import UCIEngine
#if canImport(Glibc)
import Glibc
#endif

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

/// Running (not gone, not a zombie).
private func running(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return false }
    return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
}

private func residentMB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return (line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0) / 1024
    }
    return 0
}

@Suite(.serialized) struct EngineHygieneTests {
    /// An engine writes one line of 160 times `ProcessTransport.maxLineBytes`, then `uciok`: the reader drops the long
    /// line as it comes (memory stays within 100 MB of where it was, which holding the line would exceed) and the first
    /// line it returns is `uciok`. The test waits for that line, not for a time (it used to read an endless line for four
    /// seconds); the bound is for a machine under load.
    @Test func anOverlongLineIsDroppedNotHeld() throws {
        let t = try ProcessTransport(executable: "/bin/sh", arguments: [fixturePath("engines/overlong-line.sh")])
        defer { t.terminate() }
        let before = residentMB()
        var peak = before
        var first: String?
        let bound = Date(timeIntervalSinceNow: 120)
        while first == nil, Date() < bound {
            do {
                first = try t.receive(timeout: 0.2)
            } catch {
                #expect(error == .timedOut)
                if error != .timedOut { break }
            }
            peak = max(peak, residentMB())
        }
        #expect(first == "uciok")
        #expect(t.overlongLines == 1)
        #expect(peak - before < 100, "memory grew from \(before) MB to \(peak) MB")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/games/stockfish")))
    func aWrappedEnginesChildrenEndWithIt() throws {
        let t = try ProcessTransport(executable: "/bin/sh", arguments: [fixturePath("engines/wrapper.sh")])
        let shell = try #require(t.processID)
        #expect(getpgid(shell) == shell)  // its own process group
        try t.send("uci")
        var line = ""
        while !line.hasPrefix("uciok") { line = try t.receive(timeout: 10) }
        var kids: [Int32] = []
        let deadline = Date(timeIntervalSinceNow: 5)
        while kids.count < 2, Date() < deadline {
            kids = children(of: shell)
            usleep(20_000)
        }
        #expect(kids.count == 2)
        t.terminate()
        let gone = Date(timeIntervalSinceNow: 3)
        while kids.contains(where: running), Date() < gone { usleep(20_000) }
        #expect(!kids.contains(where: running), "left running: \(kids.filter(running))")
        #expect(!running(shell))
    }

    @Test func aBareEngineNameIsLookedUpOnPATH() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("path-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = FileManager.default.createFile(atPath: dir + "/myengine", contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
        let env = ["PATH": "/nonexistent:\(dir)"]
        #expect(try EngineLocator.locate(explicitPath: "myengine", environment: env) == dir + "/myengine")
        // A path with a slash is taken as given; a name not on PATH too, so the launch names it.
        #expect(try EngineLocator.locate(explicitPath: "./myengine", environment: env) == "./myengine")
        #expect(try EngineLocator.locate(explicitPath: "nothere", environment: env) == "nothere")
    }
}
