// ByteInput: opens a file or standard input as a chunked byte source for the streaming readers.
import Diagnostics
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
            // A closed standard input (`forge pgn2fen - <&-`) is no input, not an empty one (forge put /dev/null in its
            // place at start, `StandardStream.guardClosedDescriptors`, so no file it opens takes descriptor 0).
            guard !StandardStream.inputWasClosed, fstat(0, &st) == 0 else { throw OpenError(message: "cannot read standard input: it is closed") }
            size = (st.st_mode & S_IFMT) == S_IFREG ? Int(st.st_size) : nil
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
    ///
    /// The bounded reader of lines and rows: a line longer than `limit` bytes (`ReadLimits.lineBytes`, or
    /// `ReadLimits.rowBytes` for engine rows) is never held: its first `limit` bytes are kept while its length is
    /// counted, then it is passed to `tooLong` (an IO106 error at its line and the column past the limit) instead
    /// of `body`, and the numbering of the lines after it is unchanged.
    func forEachLine(limit: Int = ReadLimits.lineBytes, tooLong: (Diagnostic) throws -> Void,
                     _ body: (String, Int) throws -> Void) throws {
        try forEachLineBytes(limit: limit, tooLong: tooLong) { try body(String(decoding: $0, as: UTF8.self), $1) }
    }

    /// The whole input as UTF-8 text, its lines read by `forEachLine` and joined by LF (a CRLF or CR file reads as
    /// its lines, not as one); a line over `limit` is reported to `tooLong` and kept as an empty line, so the line
    /// numbers of the text are the file's. Nil when the bytes kept are not UTF-8.
    func boundedText(limit: Int = ReadLimits.lineBytes, tooLong: (Diagnostic) throws -> Void) throws -> String? {
        var bytes: [UInt8] = []
        var lines = 0
        try forEachLineBytes(limit: limit, tooLong: { d in
            try tooLong(d)
            if lines > 0 { bytes.append(10) }
            lines += 1
        }) { line, _ in
            if lines > 0 { bytes.append(10) }
            lines += 1
            bytes += line
        }
        if lines > 0 { bytes.append(10) }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The index of the first `byte` in `buffer[from..<to]`, or `to`.
    private static func find(_ byte: Int32, in buffer: [UInt8], from: Int, to: Int) -> Int {
        buffer.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, let hit = memchr(base + from, byte, to - from) else { return to }
            return UnsafeRawPointer(hit) - base
        }
    }

    private func forEachLineBytes(limit: Int, tooLong: (Diagnostic) throws -> Void, _ body: ([UInt8], Int) throws -> Void) throws {
        var buf = [UInt8](repeating: 0, count: 1 << 16)
        var line: [UInt8] = []
        var length = 0
        var number = 1
        var lastCR = false
        func deliver() throws {
            if length > limit {
                try tooLong(Diagnostic(IOCode.lineTooLong, "line \(number) is \(length) bytes long; a line is read up to \(limit) bytes, so it is left out",
                                       at: SourceLocation(file: name, line: number, column: limit + 1)))
            } else {
                try body(line, number)
            }
            line.removeAll(keepingCapacity: line.count <= 4096)
            length = 0
            number += 1
        }
        while true {
            let n = try buf.withUnsafeMutableBytes { try read(into: $0) }
            if n == 0 { break }
            // Each run of bytes up to the next LF or CR is found with memchr and copied at once (up to the limit): a
            // 40 MB line costs a few hundred calls, not 40 million steps of a byte loop.
            var i = 0
            var nextLF = -1, nextCR = -1  // the next LF / CR at or after i (n: none in this chunk); -1: not looked for
            while i < n {
                if lastCR {
                    lastCR = false
                    if buf[i] == 10 {
                        i += 1
                        continue
                    }
                }
                if nextLF < i { nextLF = Self.find(10, in: buf, from: i, to: n) }
                if nextCR < i { nextCR = Self.find(13, in: buf, from: i, to: n) }
                let end = min(nextLF, nextCR)
                let room = max(0, min(end - i, limit - length))
                if room > 0 { line.append(contentsOf: buf[i..<(i + room)]) }
                length += end - i
                guard end < n else { break }
                lastCR = buf[end] == 13
                try deliver()
                i = end + 1
            }
        }
        if length > 0 { try deliver() }
    }
}
