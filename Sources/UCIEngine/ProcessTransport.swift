// ProcessTransport: a real engine process (Foundation Process + pipes), read by a blocking loop on its own thread.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs an engine executable and exchanges lines with it over its standard input and output.
///
/// `receive(timeout:)` returns the next complete line, reading the engine's output itself:
/// `poll(2)` with the deadline (the watchdog's hook), then one `read(2)` of everything available.
/// No reader thread: a line written by the engine wakes one thread, the one waiting for it, and
/// the engine and the client hand nothing over between threads. The engine's standard error is
/// discarded. The process is registered with `ProcessRegistry` until it is
/// dead and reaped, so an interrupt kills it too.
///
/// The engine runs in its own process group (Foundation's `Process` makes it a group leader; the
/// transport checks and sets it otherwise), and ending the engine ends the whole group: an engine
/// started through a wrapper script does not leave its real engine running.
/// A line longer than `maxLineBytes` is not kept: its bytes are dropped up to the next newline and
/// counted in `overlongLines`, so an engine printing one endless line cannot grow our memory.
public final class ProcessTransport: LineTransport, @unchecked Sendable {
    private let process: Process
    private let input: FileHandle
    private let output: FileHandle
    /// Lines read and not yet returned; only the receiving thread touches them.
    private var lines: [String] = []
    private var head = 0
    private var partial: [UInt8] = []
    private var endOfOutput = false
    /// Longest line kept (UCI lines are short; a long `info … pv` line is a few KiB).
    public static let maxLineBytes = 1 << 20
    /// Inside a line longer than `maxLineBytes`: its bytes are dropped until the newline.
    private var dropping = false
    private let overlong = Locked(0)
    /// Lines the engine wrote that were longer than `maxLineBytes` and were dropped.
    public var overlongLines: Int { overlong.value }
    private let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 16)
    private let stateLock = NSLock()
    private var terminated = false
    public let processID: Int32?
    /// The executable's path, for messages.
    public let path: String

    /// Starts `executable`. Throws `.launchFailed` when it does not exist or cannot run.
    public init(executable: String, arguments: [String] = []) throws(EngineFailure) {
        let registry = ProcessRegistry.shared
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: executable, isDirectory: &isDirectory) else {
            throw .launchFailed(path: executable, reason: "no such file")
        }
        guard !isDirectory.boolValue, fm.isExecutableFile(atPath: executable) else {
            throw .launchFailed(path: executable, reason: isDirectory.boolValue ? "is a directory" : "not executable")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        // The pipes are made here, not by Foundation's `Pipe()`, which traps when no descriptor is left
        // (`ulimit -n 10`): running out of descriptors is an error that says so.
        try Self.requireFreeDescriptors(executable)
        let (childIn, ourIn) = try Self.pipePair(executable)
        let ourOut: Int32, childOut: Int32
        do { (ourOut, childOut) = try Self.pipePair(executable) } catch {
            close(childIn)
            close(ourIn)
            throw error
        }
        let childInput = FileHandle(fileDescriptor: childIn, closeOnDealloc: true)
        let childOutput = FileHandle(fileDescriptor: childOut, closeOnDealloc: true)
        p.standardInput = childInput
        p.standardOutput = childOutput
        p.standardError = FileHandle.nullDevice
        do {
            try p.run()
        } catch {
            close(ourIn)
            close(ourOut)
            throw .launchFailed(path: executable, reason: "\(error.localizedDescription)")
        }
        // The child has its copies; ours of its ends are closed, so its exit is our end of file.
        try? childInput.close()
        try? childOutput.close()
        // Its own process group, so that ending it ends every process it started.
        if getpgid(p.processIdentifier) != p.processIdentifier { _ = setpgid(p.processIdentifier, p.processIdentifier) }
        registry.register(p.processIdentifier)
        process = p
        processID = p.processIdentifier
        path = executable
        input = FileHandle(fileDescriptor: ourIn, closeOnDealloc: true)
        output = FileHandle(fileDescriptor: ourOut, closeOnDealloc: true)
    }

    /// `Process.run` needs descriptors of its own and traps without them: at least 16 must be free before an
    /// engine is started, else `.launchFailed` says so.
    private static func requireFreeDescriptors(_ executable: String) throws(EngineFailure) {
        var probes: [Int32] = []
        defer { for d in probes { close(d) } }
        for _ in 0..<16 {
            let d = open("/dev/null", O_RDONLY | O_CLOEXEC)
            guard d >= 0 else {
                let why = String(cString: strerror(errno))
                throw .launchFailed(path: executable, reason: "no file descriptor left to start it (\(why)); raise `ulimit -n` or lower --jobs")
            }
            probes.append(d)
        }
    }

    /// A pipe as (read end, write end), both close-on-exec (the child gets its end through `Process`);
    /// `.launchFailed` saying so when no descriptor is left.
    private static func pipePair(_ executable: String) throws(EngineFailure) -> (Int32, Int32) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            let why = String(cString: strerror(errno))
            throw .launchFailed(path: executable, reason: "no file descriptor left for the engine's pipes (\(why)); raise `ulimit -n` or lower --jobs")
        }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }

    deinit {
        terminate()
        try? output.close()
        chunk.deallocate()
    }

    public func send(_ line: String) throws(TransportError) {
        var bytes = Array(line.utf8)
        bytes.append(10)
        let fd = input.fileDescriptor
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw in write(fd, raw.baseAddress! + offset, raw.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .closed(reapStatus(wait: 1.0))
            }
            offset += n
        }
    }

    public func receive(timeout: Double) throws(TransportError) -> String {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            if head < lines.count {
                let l = lines[head]
                head += 1
                if head == lines.count {
                    lines.removeAll(keepingCapacity: true)
                    head = 0
                }
                return l
            }
            if endOfOutput { throw .closed(reapStatus(wait: 1.0)) }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw .timedOut }
            var pfd = pollfd(fd: output.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, Int32(min(remaining * 1000, 3_600_000).rounded(.up)))
            if ready < 0 {
                if errno == EINTR { continue }
                endOfOutput = true
                continue
            }
            if ready == 0 { continue }  // the deadline is checked above
            readAvailable()
        }
    }

    /// One `read(2)` of what the engine wrote, split into lines; end of file (or a read error)
    /// ends the output, keeping a last line without its newline.
    private func readAvailable() {
        let n = read(output.fileDescriptor, chunk, 1 << 16)
        if n < 0 && errno == EINTR { return }
        if n <= 0 {
            endOfOutput = true
            if !partial.isEmpty {
                lines.append(String(decoding: partial, as: UTF8.self))
                partial.removeAll()
            }
            return
        }
        var start = 0
        for i in 0..<n where chunk[i] == 10 {
            if dropping {
                dropping = false
                start = i + 1
                continue
            }
            if partial.isEmpty {
                lines.append(String(decoding: UnsafeBufferPointer(start: chunk + start, count: i - start), as: UTF8.self))
            } else {
                partial.append(contentsOf: UnsafeBufferPointer(start: chunk + start, count: i - start))
                lines.append(String(decoding: partial, as: UTF8.self))
                partial.removeAll(keepingCapacity: true)
            }
            start = i + 1
        }
        guard !dropping else { return }
        partial.append(contentsOf: UnsafeBufferPointer(start: chunk + start, count: n - start))
        if partial.count > Self.maxLineBytes {
            partial.removeAll()
            dropping = true
            overlong.mutate { $0 += 1 }
        }
    }

    public func terminate() {
        let first = stateLock.withLock {
            defer { terminated = true }
            return !terminated
        }
        guard first else { return }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? input.close()
        _ = reapStatus(wait: 10.0)
        // What the engine started (a wrapper's real engine) goes with it.
        kill(-process.processIdentifier, SIGKILL)
    }

    /// Ends the engine politely: closes its input (an engine exits on end of file) and waits up
    /// to `grace` seconds for it to exit before killing it.
    public func finish(grace: Double) {
        try? input.close()
        _ = reapStatus(wait: grace, killAfter: false)
        terminate()
    }

    /// Waits up to `wait` seconds for the process to end (killing it if it does not and
    /// `killAfter`), unregisters it once reaped, and returns how it ended.
    private func reapStatus(wait: Double, killAfter: Bool = true) -> ProcessStatus? {
        let deadline = Date(timeIntervalSinceNow: wait)
        while process.isRunning, Date() < deadline { usleep(500) }
        if process.isRunning {
            guard killAfter else { return nil }
            kill(-process.processIdentifier, SIGKILL)
            kill(process.processIdentifier, SIGKILL)
            let hard = Date(timeIntervalSinceNow: 5)
            while process.isRunning, Date() < hard { usleep(500) }
            if process.isRunning { return nil }
        }
        ProcessRegistry.shared.unregister(process.processIdentifier)
        switch process.terminationReason {
        case .exit: return .exited(process.terminationStatus)
        case .uncaughtSignal: return .signaled(process.terminationStatus)
        @unknown default: return nil
        }
    }
}
