// Progress: how long work shows that it is alive — a bar on a terminal, a line every ~30 s in a log, nothing when quiet.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a long command reports its progress on standard error.
public enum ProgressStyle: Sendable, Equatable {
    /// Nothing (`--quiet`, `--format json`).
    case off
    /// A terminal: one line redrawn in place, at most ten times a second.
    case bar
    /// A log (CI, a batch job): one plain line every `seconds`, so a silent hour never looks like a hang.
    case log(every: Double)

    /// The seconds between two progress lines in a log.
    public static let logInterval = 30.0

    /// The seconds between two progress lines on a terminal that cannot redraw a line (`TERM=dumb`).
    public static let dumbTerminalInterval = 5.0

    /// The style for standard error: `.off` when `quiet`; `.bar` on a terminal; plain lines on a terminal whose `TERM`
    /// is `dumb` (it draws no escape sequence: a line every 5 s); else a line every 30 s.
    public static func forStandardError(quiet: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) -> ProgressStyle {
        if quiet { return .off }
        guard isatty(2) == 1 else { return .log(every: logInterval) }
        return environment["TERM"] == "dumb" ? .log(every: dumbTerminalInterval) : .bar
    }
}

/// The one mechanism every progress display draws through: it decides when to draw (throttled by `style`, on an
/// injectable clock so tests need not wait) and how (redrawn in place, or one line at a time). What a line says is
/// the caller's: `ProgressMeter` counts positions, `ConversionProgress` bytes and games.
struct ProgressDisplay {
    let style: ProgressStyle
    private let clock: () -> Double
    private let write: (String) -> Void
    let start: Double
    private var lastDraw: Double
    private var drewBar = false

    /// `clock` returns seconds on a monotonic scale (default: `CLOCK_MONOTONIC`).
    init(style: ProgressStyle, clock: @escaping () -> Double = ProgressDisplay.monotonicNow, write: @escaping (String) -> Void) {
        self.style = style
        self.clock = clock
        self.write = write
        start = clock()
        // A log's first line comes one interval in: a short run prints none.
        lastDraw = start
    }

    /// Seconds since the display was made.
    var elapsed: Double { clock() - start }

    /// Draws `line()` when it is time (`force`: a bar's last state); returns whether it drew.
    @discardableResult
    mutating func update(force: Bool = false, _ line: () -> String) -> Bool {
        switch style {
        case .off:
            return false
        case .bar:
            let now = clock()
            guard force || now - lastDraw >= 0.1 || !drewBar else { return false }
            lastDraw = now
            drewBar = true
            write("\r\u{1B}[2K" + line())
            return true
        case .log(let every):
            let now = clock()
            guard now - lastDraw >= every else { return false }
            lastDraw = now
            write("progress: " + line() + "\n")
            return true
        }
    }

    /// Ends a bar's line (a log's lines are already whole).
    func finish() {
        if case .bar = style, drewBar { write("\n") }
    }

    /// `[########------------]`: `fraction` of `width` cells filled.
    static func bar(_ fraction: Double, width: Int = 20) -> String {
        let filled = max(0, min(width, Int((fraction * Double(width)).rounded(.down))))
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
    }

    static func monotonicNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// `8s`, `1m 02s`, `1h 05m`: a time on a progress line or in a summary (under 10 s with a tenth: `3.4s`).
public func durationText(_ seconds: Double) -> String {
    if seconds < 10 { return String(format: "%.1fs", max(0, seconds)) }
    let whole = Int(seconds.rounded())
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return whole >= 3600 ? "\(whole / 3600)h \(two((whole % 3600) / 60))m"
        : whole >= 60 ? "\(whole / 60)m \(two(whole % 60))s" : "\(whole)s"
}
