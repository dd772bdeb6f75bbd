// ForgeRunner: runs the built forge executable with a time limit and captures its status, output and peak memory (for the I/O safety tests).
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One run of forge: exit status (128 + n for a signal), standard output and error, peak RSS in MB.
struct ForgeRun {
    var status: Int32
    var stdout: String
    var stderr: String
    var peakMB: Double
    var timedOut: Bool
    var stderrLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
}

enum ForgeRunner {
    /// The forge executable built next to this test bundle.
    static let path: String = {
        let resources = URL(fileURLWithPath: Bundle.module.resourcePath ?? ".")
        return resources.deletingLastPathComponent().appendingPathComponent("forge").path
    }()

    static var available: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// Runs `forge arguments` in `directory`; `stdin` is a file path (default: /dev/null).
    /// Kills it after `timeLimit` seconds, or as soon as its RSS passes `killAboveMB`.
    /// `whileRunning` is called with the pid every 20 ms until it returns false.
    static func run(
        _ arguments: [String], in directory: String? = nil, stdin: String = "/dev/null", timeLimit: Double = 60,
        killAboveMB: Double = 2_000, whileRunning: ((Int32) -> Bool)? = nil
    ) throws -> ForgeRun {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        if let directory { p.currentDirectoryURL = URL(fileURLWithPath: directory) }
        p.standardInput = FileHandle(forReadingAtPath: stdin)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("forge-run-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path + ".out", contents: nil)
        _ = FileManager.default.createFile(atPath: out.path + ".err", contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: out.path + ".out")
            try? FileManager.default.removeItem(atPath: out.path + ".err")
        }
        p.standardOutput = FileHandle(forWritingAtPath: out.path + ".out")
        p.standardError = FileHandle(forWritingAtPath: out.path + ".err")
        try p.run()
        let start = Date()
        var peak = 0.0
        var timedOut = false
        var watching = whileRunning != nil
        while p.isRunning {
            peak = max(peak, rssMB(p.processIdentifier))
            let t = -start.timeIntervalSinceNow
            if t > timeLimit || peak > killAboveMB {
                timedOut = t > timeLimit
                kill(p.processIdentifier, SIGKILL)
                break
            }
            if watching, let w = whileRunning { watching = w(p.processIdentifier) }
            usleep(20_000)
        }
        p.waitUntilExit()
        let status = p.terminationReason == .uncaughtSignal ? 128 + p.terminationStatus : p.terminationStatus
        return ForgeRun(
            status: status,
            stdout: (try? String(contentsOfFile: out.path + ".out", encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: out.path + ".err", encoding: .utf8)) ?? "",
            peakMB: peak, timedOut: timedOut)
    }

    /// Resident memory of `pid` in MB, from /proc (0 when gone).
    static func rssMB(_ pid: Int32) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let kb = line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
            return kb / 1024
        }
        return 0
    }

    /// A fresh temporary directory.
    static func scratch(_ name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    static func listing(_ dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
    }
}
