// ConversionProgress: pgn2fen's one-line progress display (bytes read, games, plies, rate, ETA).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Redraws `pgn2fen: games.pgn 45% (120/270 MB)  12000 games  480000 plies  1.2M plies/s  ETA 8s`
/// at most ten times a second. The command creates it only when standard error is a terminal.
/// `update` is cheap enough to call after every game: it reads the clock once every 64 calls.
struct ConversionProgress {
    private let write: (String) -> Void
    private let start: Double
    private var lastDraw = -1.0
    private var calls = 0
    private var drew = false

    init(write: @escaping (String) -> Void) {
        self.write = write
        start = Self.now()
    }

    /// - Parameters:
    ///   - bytes: bytes of the current input read so far; `size` its size, when it is a regular file.
    mutating func update(input: String, bytes: Int, size: Int?, games: Int, plies: Int, force: Bool = false) {
        calls &+= 1
        guard force || calls & 63 == 0 else { return }
        let t = Self.now()
        guard force || t - lastDraw >= 0.1 else { return }
        lastDraw = t
        drew = true
        write("\r\u{1B}[2K" + Self.line(input: input, bytes: bytes, size: size, games: games, plies: plies, elapsed: t - start))
    }

    /// Ends the line (only if one was drawn).
    func finish() {
        if drew { write("\n") }
    }

    static func line(input: String, bytes: Int, size: Int?, games: Int, plies: Int, elapsed: Double) -> String {
        var s = "pgn2fen: \(input)"
        let mb = 1 << 20
        if let size, size > 0 {
            s += " \(min(100, bytes * 100 / size))% (\(bytes / mb)/\(size / mb) MB)"
        } else {
            s += " \(bytes / mb) MB"
        }
        s += "  \(games) games  \(plies) plies"
        if elapsed > 0 {
            let rate = Double(plies) / elapsed
            s += rate >= 1_000_000 ? "  \(Double(Int(rate / 100_000)) / 10)M plies/s" : "  \(Int(rate)) plies/s"
            let byteRate = Double(bytes) / elapsed
            if let size, byteRate > 0, bytes < size {
                s += "  ETA " + etaText(Int(Double(size - bytes) / byteRate))
            }
        }
        return s
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
