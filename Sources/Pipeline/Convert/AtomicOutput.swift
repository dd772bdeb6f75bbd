// AtomicOutput: output to standard output, or to a file through a temporary sibling renamed into place.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered output. With a path, bytes go to `.<name>.tmp-<pid>` beside it, and `commit()` renames it
/// over the path; without `commit()` (an error, an interruption) the temporary file is removed, so a
/// good file is never replaced by half of one.
final class AtomicOutput {
    private let fd: Int32
    private let path: String?
    private let tempPath: String?
    private var buffer: [UInt8] = []
    private var committed = false

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(path: String?) throws(Failure) {
        self.path = path
        guard let path, path != "-" else {
            fd = 1
            tempPath = nil
            return
        }
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { String(path[...$0]) } ?? ""
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temp = "\(dir).\(base).tmp-\(getpid())"
        let d = open(temp, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if d < 0 { throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
        fd = d
        tempPath = temp
        buffer.reserveCapacity(1 << 16)
    }

    deinit {
        if let tempPath, !committed {
            close(fd)
            unlink(tempPath)
        }
    }

    func write(_ bytes: [UInt8]) throws(Failure) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { try flush() }
    }

    func flush() throws(Failure) {
        var offset = 0
        while offset < buffer.count {
            let n = buffer.withUnsafeBytes { b in
                #if canImport(Glibc)
                Glibc.write(fd, b.baseAddress! + offset, b.count - offset)
                #else
                Darwin.write(fd, b.baseAddress! + offset, b.count - offset)
                #endif
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "cannot write \(path ?? "standard output"): \(String(cString: strerror(errno)))")
            }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, and renames the temporary file into place.
    func commit() throws(Failure) {
        try flush()
        guard let path, let tempPath else { return }
        if fsync(fd) != 0 || close(fd) != 0 {
            throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        committed = true
        if rename(tempPath, path) != 0 {
            let message = String(cString: strerror(errno))
            unlink(tempPath)
            throw Failure(description: "cannot rename \(tempPath) to \(path): \(message)")
        }
    }
}
