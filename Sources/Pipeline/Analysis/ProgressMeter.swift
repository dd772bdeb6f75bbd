// ProgressMeter: the engine's progress (positions done, cached, rate, ETA) for build, analyze, validate and annotate.
import Foundation

/// Counts finished positions and shows them through a `ProgressDisplay`: a bar on a terminal, a line every
/// ~30 s in a log, nothing when quiet. Safe to advance from the engine pool's threads.
final class ProgressMeter: @unchecked Sendable {
    private let lock = NSLock()
    private let total: Int
    private var display: ProgressDisplay
    private var done = 0
    private var cached = 0

    init(total: Int, style: ProgressStyle, clock: @escaping () -> Double = ProgressDisplay.monotonicNow,
         write: @escaping @Sendable (String) -> Void) {
        self.total = total
        display = ProgressDisplay(style: style, clock: clock, write: write)
    }

    func advance(cached isCached: Bool) {
        lock.withLock {
            done += 1
            if isCached { cached += 1 }
            let (done, cached, total, bar) = (done, cached, total, display.style == .bar)
            let elapsed = display.elapsed
            display.update(force: done == total) {
                (bar ? ProgressDisplay.bar(Double(done) / Double(max(total, 1))) + " " : "")
                    + Self.line(done: done, total: total, cached: cached, elapsed: elapsed)
            }
        }
    }

    func finish() {
        lock.withLock { display.finish() }
    }

    /// `analysed 120/2000 (35 cached)  4.2 pos/s  ETA 7m12s`
    static func line(done: Int, total: Int, cached: Int, elapsed: Double) -> String {
        let searched = done - cached
        let rate = elapsed > 0 ? Double(searched) / elapsed : 0
        var s = "analysed \(done)/\(total)"
        if cached > 0 { s += " (\(cached) cached)" }
        s += "  " + String(format: "%.1f", rate) + " pos/s"
        if rate > 0, done < total {
            s += "  ETA " + etaText(Int(Double(total - done) / rate))
        }
        return s
    }
}

/// Writes a progress text to standard error as it is.
let writeProgressToStandardError: @Sendable (String) -> Void = { try? StandardStream.error.write($0) }
