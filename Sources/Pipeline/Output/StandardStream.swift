// StandardStream: the one writer of forge's standard output and error; a failed write is an error value, never a trap.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output or standard error, written with `write(2)` until every byte is out.
///
/// Foundation's `FileHandle.write(_: Data)` traps on any error (a `try!` inside: a closed pipe, `2>&-`,
/// `>/dev/full`), and `print` drops errors (a full disk exits 0). Every report, diagnostic, progress line and
/// data line forge prints goes through here instead; the executable turns a failure into exit 74, or a quiet
/// exit 141 for a closed pipe as a tool killed by SIGPIPE would (`forge/Output.swift`, docs/errors.md).
///
/// ```swift
/// do { try StandardStream.output.write("8/8/8 w - -\n") } catch { … error.closedPipe … }
/// ```
public enum StandardStream: Sendable {
    case output, error

    var descriptor: Int32 { self == .output ? 1 : 2 }

    /// The stream's name in messages.
    public var name: String { self == .output ? "standard output" : "standard error" }

    /// Writes all of `text`; throws the first error (`EINTR` is retried).
    public func write(_ text: String) throws(StreamWriteError) {
        var text = text
        let failed = text.withUTF8 { writeAll(descriptor, UnsafeRawBufferPointer($0)) }
        if let code = failed { throw StreamWriteError(stream: self, code: code) }
    }

    /// Standard input was closed when forge started (`<&-`): `-` is then no input (66), not the `/dev/null` put in
    /// its place. Written once, by `guardClosedDescriptors` before any other thread starts; read after.
    nonisolated(unsafe) public private(set) static var inputWasClosed = false

    /// Makes sure descriptors 0, 1 and 2 are open before anything else is: a stream closed by the caller
    /// (`2>&-`) gets `/dev/null` opened read-only in its place, so a write to it fails (EBADF, exit 74) and no
    /// file the command opens later (an input, an output's temporary file) can take its number and receive
    /// diagnostics.
    public static func guardClosedDescriptors() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            if fd == 0 { inputWasClosed = true }
            let d = open("/dev/null", O_RDONLY)
            if d >= 0 && d != fd {
                dup2(d, fd)
                close(d)
            }
        }
    }
}

/// A write to standard output or error that failed.
public struct StreamWriteError: Error, Sendable, CustomStringConvertible {
    public var stream: StandardStream
    /// The `errno` of the failed `write(2)`.
    public var code: Int32

    /// The reader went away (`| head`): not an error worth a message.
    public var closedPipe: Bool { code == EPIPE }

    public var description: String { "cannot write \(stream.name): \(String(cString: strerror(code)))" }
}

/// Writes every byte of `bytes` to `fd` with `write(2)`, retrying `EINTR` and short writes: the one write loop of
/// standard streams and output files. Returns the `errno` of the first failure, nil when every byte is out.
func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
    var offset = 0
    while offset < bytes.count {
        #if canImport(Glibc)
        let n = Glibc.write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
        #else
        let n = Darwin.write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
        #endif
        if n < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += n
    }
    return nil
}
