// StandardError: one line to standard error, unbuffered, for diagnostics.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

func printError(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    bytes.withUnsafeBytes { b in
        var offset = 0
        while offset < b.count {
            let n = write(2, b.baseAddress.map { $0 + offset }, b.count - offset)
            if n <= 0 { return }
            offset += n
        }
    }
}
