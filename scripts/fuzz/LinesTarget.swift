// LinesTarget: libFuzzer entry point over the bounded reader of lines and rows (`ByteInput.forEachLine`, built by
// scripts/fuzz.sh). The input is read through a pipe, as standard input is, with a small limit so that short inputs
// reach it; what the reader hands out is checked against the input split by hand (LF, CRLF and CR endings): every line
// is delivered or reported too long exactly once, in order, numbered from 1; a line kept is the input's line, no longer
// than the limit; a line reported is the one longer than it, at the column past the limit. No input may crash.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The limit the reader is run with: small, so the fuzzer's short inputs cross it.
let fuzzLimit = 16

/// The input's lines as the reader must see them: split after LF, CR or CRLF; a last line without an ending counts.
func expectedLines(_ bytes: [UInt8]) -> [[UInt8]] {
    var lines: [[UInt8]] = []
    var current: [UInt8] = []
    var i = 0
    while i < bytes.count {
        let b = bytes[i]
        if b == 10 || b == 13 {
            lines.append(current)
            current = []
            if b == 13, i + 1 < bytes.count, bytes[i + 1] == 10 { i += 1 }
        } else {
            current.append(b)
        }
        i += 1
    }
    if !current.isEmpty { lines.append(current) }
    return lines
}

func fail(_ why: String) -> Never {
    fputs("lines target: \(why)\n", stderr)
    abort()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // The pipe holds the whole input (libFuzzer's -max_len is 8192, a pipe's buffer 64 KiB): written, then closed.
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return 0 }
    var written = 0
    while written < size {
        let n = write(fds[1], data + written, size - written)
        if n <= 0 { break }
        written += n
    }
    close(fds[1])
    defer { close(fds[0]) }
    guard written == size, let input = try? ByteInput(path: "/dev/fd/\(fds[0])") else { return 0 }
    let expected = expectedLines(bytes)
    var seen = 0
    do {
        try input.forEachLine(limit: fuzzLimit, tooLong: { d in
            seen += 1
            guard seen <= expected.count else { fail("a line reported past the input's \(expected.count) lines") }
            let want = expected[seen - 1]
            if want.count <= fuzzLimit { fail("line \(seen) of \(want.count) bytes reported too long") }
            if d.location?.line != seen || d.location?.column != fuzzLimit + 1 { fail("line \(seen) reported at \(String(describing: d.location))") }
        }) { line, number in
            seen += 1
            guard seen <= expected.count else { fail("a line delivered past the input's \(expected.count) lines") }
            if number != seen { fail("line \(seen) numbered \(number)") }
            if String(decoding: expected[seen - 1], as: UTF8.self) != line {
                fail("line \(seen) read as \(Array(line.utf8)), the input has \(expected[seen - 1])")
            }
            if expected[seen - 1].count > fuzzLimit { fail("line \(seen) of \(expected[seen - 1].count) bytes delivered past the limit") }
        }
    } catch {
        fail("the reader threw \(error)")
    }
    if seen != expected.count { fail("\(seen) lines read, the input has \(expected.count)") }
    return 0
}
