// ProgressMeter: the one-line progress display (done, rate, ETA), redrawn at most ten times a second.
import Foundation

/// Counts finished positions and redraws a progress line. The caller creates it only when
/// standard error is a terminal, so CI logs stay clean.
final class ProgressMeter: @unchecked Sendable {
    private let lock = NSLock()
    private let total: Int
    private let write: @Sendable (String) -> Void
    private let start = Date()
    private var done = 0
    private var cached = 0
    private var lastDraw = Date.distantPast

    init(total: Int, write: @escaping @Sendable (String) -> Void) {
        self.total = total
        self.write = write
    }

    func advance(cached isCached: Bool) {
        lock.withLock {
            done += 1
            if isCached { cached += 1 }
            let now = Date()
            guard now.timeIntervalSince(lastDraw) >= 0.1 || done == total else { return }
            lastDraw = now
            write("\r\u{1B}[2K" + Self.line(done: done, total: total, cached: cached, elapsed: now.timeIntervalSince(start)))
        }
    }

    func finish() {
        lock.withLock { if done > 0 { write("\n") } }
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

/// `7m12s`, `8s`: the time left on a progress line.
func etaText(_ seconds: Int) -> String {
    seconds >= 60 ? "\(seconds / 60)m\(seconds % 60)s" : "\(seconds)s"
}
