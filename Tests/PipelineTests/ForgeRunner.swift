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

/// One run of forge measured by the kernel: its exit status and its peak resident memory, the high-water mark the
/// kernel keeps for the process (`VmHWM` in /proc/PID/status), read until it exits. Not `ru_maxrss`: glibc's
/// posix_spawn starts the child in the parent's memory (CLONE_VM), and Linux carries that memory's high-water mark into
/// the child's `ru_maxrss` at exec — measured here, every run reported the test process's own 217 MB. `VmHWM` belongs to
/// the memory forge's exec made, and only grows, so the last reading before the exit misses at most the last 5 ms.
struct MeasuredRun {
    var status: Int32
    var output: String
    var peakMB: Double
    var seconds: Double
}

extension ForgeRunner {
    /// Runs `forge arguments` in `directory` with `stdin` as standard input (nil: closed) and standard output and
    /// error into one file, and returns its exit status and peak RSS. No time limit: the hostile inputs are sized
    /// to run in a few seconds each.
    static func measured(_ arguments: [String], in directory: String, stdin: String? = "/dev/null",
                         environment: [String: String] = [:]) throws -> MeasuredRun {
        let outPath = directory + "/.measured-\(UUID().uuidString).out"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdin { posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0) } else { posix_spawn_file_actions_addclose(&actions, 0) }
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        // `sh -c 'cd DIR && exec forge …'`: the same process becomes forge (glibc's posix_spawn has no chdir action
        // Swift imports).
        let argv = (["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory, path] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let start = Date()
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp)
        guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .EINVAL) }
        var status: Int32 = 0
        var peakKB = 0.0
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid || (r < 0 && errno != EINTR) { break }
            if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe"), exe.hasSuffix("/forge") {
                peakKB = max(peakKB, highWaterKB(pid))
            }
            usleep(5_000)
        }
        let seconds = -start.timeIntervalSinceNow
        defer { try? FileManager.default.removeItem(atPath: outPath) }
        let output = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        // WIFEXITED / WEXITSTATUS / WTERMSIG by hand: the macros are not imported into Swift.
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return MeasuredRun(status: exit, output: output, peakMB: peakKB / 1024, seconds: seconds)
    }

    /// `VmHWM` of `pid` in KB (0 when gone).
    static func highWaterKB(_ pid: Int32) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
        }
        return 0
    }
}
