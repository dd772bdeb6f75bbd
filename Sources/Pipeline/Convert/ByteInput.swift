// ByteInput: opens a file or standard input as a chunked byte source for the streaming readers.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file (or `-` for standard input) read in chunks with `read(2)`; closes itself when released.
final class ByteInput {
    let name: String
    private let fd: Int32
    private let owned: Bool
    /// The size in bytes when the input is a regular file (for progress lines).
    let size: Int?

    struct OpenError: Error {
        let message: String
    }

    init(path: String) throws(OpenError) {
        if path == "-" {
            name = "<stdin>"
            fd = 0
            owned = false
            var st = stat()
            size = fstat(0, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG ? Int(st.st_size) : nil
            return
        }
        name = path
        let d = open(path, O_RDONLY)
        if d < 0 { throw OpenError(message: "cannot open \(path): \(String(cString: strerror(errno)))") }
        var st = stat()
        if fstat(d, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR {
            close(d)
            throw OpenError(message: "cannot read \(path): it is a directory")
        }
        fd = d
        owned = true
        size = (st.st_mode & S_IFMT) == S_IFREG ? Int(st.st_size) : nil
    }

    deinit { if owned { close(fd) } }

    struct ReadError: Error, CustomStringConvertible {
        let description: String
    }

    /// Fills `buffer`; 0 at the end of the input.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            #if canImport(Glibc)
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            #else
            let n = Darwin.read(fd, buffer.baseAddress, buffer.count)
            #endif
            if n >= 0 { return n }
            if errno == EINTR { continue }
            throw ReadError(description: "cannot read \(name): \(String(cString: strerror(errno)))")
        }
    }

    /// Calls `body` with every line (without its LF, CRLF or CR ending) and its 1-based number; an error `body`
    /// throws ends the reading and is thrown as it is.
    func forEachLine(_ body: (String, Int) throws -> Void) throws {
        var buf = [UInt8](repeating: 0, count: 1 << 16)
        var line: [UInt8] = []
        var number = 1
        var lastCR = false
        while true {
            let n = try buf.withUnsafeMutableBytes { try read(into: $0) }
            if n == 0 { break }
            for b in buf[0..<n] {
                if b == 10 && lastCR {
                    lastCR = false
                    continue
                }
                lastCR = b == 13
                if b == 10 || b == 13 {
                    try body(String(decoding: line, as: UTF8.self), number)
                    line.removeAll(keepingCapacity: true)
                    number += 1
                } else {
                    line.append(b)
                }
            }
        }
        if !line.isEmpty { try body(String(decoding: line, as: UTF8.self), number) }
    }
}
