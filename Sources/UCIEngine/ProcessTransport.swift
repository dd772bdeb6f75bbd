// ProcessTransport: a real engine process (Foundation Process + pipes), read by a blocking loop on its own thread.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs an engine executable and exchanges lines with it over its standard input and output.
///
/// A dedicated thread blocks in `read(2)` on the engine's output and queues complete lines;
/// `receive(timeout:)` waits for one with a deadline, which is the watchdog's hook. The engine's
/// standard error is discarded. The process is registered with `ProcessRegistry` until it is
/// dead and reaped, so an interrupt kills it too.
public final class ProcessTransport: LineTransport, @unchecked Sendable {
    private let process: Process
    private let input: FileHandle
    private let buffer: LineBuffer
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
        let inPipe = Pipe()
        let outPipe = Pipe()
        p.standardInput = inPipe
        p.standardOutput = outPipe
        p.standardError = FileHandle.nullDevice
        do {
            try p.run()
        } catch {
            throw .launchFailed(path: executable, reason: "\(error.localizedDescription)")
        }
        registry.register(p.processIdentifier)
        process = p
        processID = p.processIdentifier
        path = executable
        input = inPipe.fileHandleForWriting
        // Process.run() already closed our copies of the child's pipe ends.
        let output = outPipe.fileHandleForReading
        let buffer = LineBuffer()
        self.buffer = buffer
        let thread = Thread { LineBuffer.readLoop(output, into: buffer) }
        thread.name = "engine-reader-\(p.processIdentifier)"
        thread.stackSize = 1 << 18
        thread.start()
    }

    deinit { terminate() }

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
        switch buffer.next(timeout: timeout) {
        case .line(let l): return l
        case .timedOut: throw .timedOut
        case .endOfFile: throw .closed(reapStatus(wait: 1.0))
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

/// Lines read from an engine, handed from the reader thread to the session's thread.
final class LineBuffer: @unchecked Sendable {
    enum Next { case line(String), timedOut, endOfFile }

    private let condition = NSCondition()
    private var lines: [String] = []
    private var head = 0
    private var ended = false

    func append(_ new: [String]) {
        condition.lock()
        lines.append(contentsOf: new)
        condition.signal()
        condition.unlock()
    }

    func end() {
        condition.lock()
        ended = true
        condition.broadcast()
        condition.unlock()
    }

    func next(timeout: Double) -> Next {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while head == lines.count, !ended {
            if !condition.wait(until: deadline), head == lines.count, !ended { return .timedOut }
        }
        guard head < lines.count else { return .endOfFile }
        let l = lines[head]
        head += 1
        if head == lines.count {
            lines.removeAll(keepingCapacity: true)
            head = 0
        }
        return .line(l)
    }

    /// Blocks in `read(2)` until end of file, splitting the bytes into lines.
    static func readLoop(_ handle: FileHandle, into buffer: LineBuffer) {
        let fd = handle.fileDescriptor
        let size = 1 << 16
        let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        defer { chunk.deallocate() }
        var partial: [UInt8] = []
        while true {
            let n = read(fd, chunk, size)
            if n < 0 {
                if errno == EINTR { continue }
                break
            }
            if n == 0 { break }
            var complete: [String] = []
            var start = 0
            for i in 0..<n where chunk[i] == 10 {
                partial.append(contentsOf: UnsafeBufferPointer(start: chunk + start, count: i - start))
                complete.append(String(decoding: partial, as: UTF8.self))
                partial.removeAll(keepingCapacity: true)
                start = i + 1
            }
            partial.append(contentsOf: UnsafeBufferPointer(start: chunk + start, count: n - start))
            if !complete.isEmpty { buffer.append(complete) }
        }
        if !partial.isEmpty { buffer.append([String(decoding: partial, as: UTF8.self)]) }
        try? handle.close()
        buffer.end()
    }
}
