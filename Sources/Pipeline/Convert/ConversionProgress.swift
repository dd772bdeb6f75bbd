// ConversionProgress: pgn2fen's one-line progress display (bytes read, games, plies, rate, ETA).

/// Shows `pgn2fen: games.pgn 45% (120/270 MB)  12000 games  480000 plies  1.2M plies/s  ETA 8s` through a
/// `ProgressDisplay` (a bar on a terminal, a line every ~30 s in a log). `update` is cheap enough to call after every
/// game: it asks the display (and so the clock) once every 64 calls.
struct ConversionProgress {
    private var display: ProgressDisplay
    private var calls = 0

    init(style: ProgressStyle, clock: @escaping () -> Double = ProgressDisplay.monotonicNow, write: @escaping (String) -> Void) {
        display = ProgressDisplay(style: style, clock: clock, write: write)
    }

    /// - Parameters:
    ///   - bytes: bytes of the current input read so far; `size` its size, when it is a regular file.
    mutating func update(input: String, bytes: Int, size: Int?, games: Int, plies: Int, force: Bool = false) {
        calls &+= 1
        guard force || calls & 63 == 0 else { return }
        let elapsed = display.elapsed
        display.update(force: force) {
            Self.line(input: input, bytes: bytes, size: size, games: games, plies: plies, elapsed: elapsed)
        }
    }

    /// Ends a bar's line.
    func finish() {
        display.finish()
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
                s += "  ETA " + durationText(Double(size - bytes) / byteRate)
            }
        }
        return s
    }
}
