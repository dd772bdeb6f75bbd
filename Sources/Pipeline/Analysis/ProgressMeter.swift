// ProgressMeter: one progress display for a whole run (named phases, one overall count, one ETA) for build, analyze, validate and annotate.
import Foundation

/// The run's progress: which of its named phases it is in, positions done of all those asked so far, the rate and the
/// time left, shown through one `ProgressDisplay` (a bar on a terminal, a line every 30 s in a log, nothing when quiet):
///
///     building 4/5: notes  1234/5000 (800 cached)  4.2 pos/s  ETA 1m 02s
///
/// A command makes one meter and hands it to every engine it starts (`makeEngineOracle`), so the count and the ETA
/// span the run, not one batch of positions. Work between engine results (the explainer writing notes) keeps the log
/// alive: `heartbeat` redraws on a timer. Safe to use from the engine pool's threads.
public final class ProgressMeter: @unchecked Sendable {
    private let lock = NSLock()
    private let verb: String
    private let phases: [String]
    private var phase = 0
    private var total = 0
    private var display: ProgressDisplay
    private var done = 0
    private var cached = 0
    private var timer: DispatchSourceTimer?

    /// - Parameters:
    ///   - verb: what the command does, as the line starts (`building`, `analysing`).
    ///   - phases: the run's phases in order; `begin` names the current one.
    ///   - heartbeat: redraw on a timer too (off in tests, which drive the clock by hand).
    init(verb: String, phases: [String], style: ProgressStyle, clock: @escaping () -> Double = ProgressDisplay.monotonicNow,
         heartbeat: Bool = false, write: @escaping @Sendable (String) -> Void) {
        self.verb = verb
        self.phases = phases
        display = ProgressDisplay(style: style, clock: clock, write: write)
        guard heartbeat, style != .off else { return }
        let t = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "forge.progress"))
        t.schedule(deadline: .now() + 1, repeating: 1)
        t.setEventHandler { [weak self] in self?.draw(force: false) }
        t.resume()
        timer = t
    }

    /// The meter for standard error at `style`, with its heartbeat.
    public static func standardError(_ verb: String, phases: [String], style: ProgressStyle) -> ProgressMeter {
        ProgressMeter(verb: verb, phases: phases, style: style, heartbeat: true, write: writeProgressToStandardError)
    }

    /// Enters the phase named `name` (one of `phases`; an unknown name is added at the end).
    public func begin(_ name: String) {
        lock.withLock {
            if let i = phases.firstIndex(of: name) { phase = i }
        }
        draw(force: false)
    }

    /// `count` more positions to do in this run.
    func expect(_ count: Int) {
        lock.withLock { total += count }
    }

    func advance(cached isCached: Bool) {
        let last: Bool = lock.withLock {
            done += 1
            if isCached { cached += 1 }
            return done == total
        }
        draw(force: last)  // a bar's last state is always drawn
    }

    private func draw(force: Bool) {
        lock.withLock {
            let (done, cached, total, bar) = (done, cached, total, display.style == .bar)
            let elapsed = display.elapsed
            let head = phases.isEmpty ? verb : "\(verb) \(phase + 1)/\(phases.count): \(phases[phase])"
            display.update(force: force) {
                (bar ? ProgressDisplay.bar(Double(done) / Double(max(total, 1))) + " " : "")
                    + Self.line(head, done: done, total: total, cached: cached, elapsed: elapsed)
            }
        }
    }

    /// Stops the heartbeat and ends a bar's line.
    public func finish() {
        timer?.cancel()
        timer = nil
        lock.withLock { display.finish() }
    }

    deinit { timer?.cancel() }

    /// `building 4/5: notes  120/2000 (35 cached)  4.2 pos/s  ETA 7m 12s`. The ETA is the time so far spread over the
    /// positions still to do, cached ones and searched alike in the mix seen so far.
    static func line(_ head: String, done: Int, total: Int, cached: Int, elapsed: Double) -> String {
        let searched = done - cached
        let rate = elapsed > 0 ? Double(searched) / elapsed : 0
        var s = "\(head)  \(done)/\(total)"
        if cached > 0 { s += " (\(cached) cached)" }
        s += "  " + String(format: "%.1f", rate) + " pos/s"
        if done > 0, done < total, elapsed > 0 {
            s += "  ETA " + durationText(elapsed * Double(total - done) / Double(done))
        }
        return s
    }
}

/// Writes a progress text to standard error as it is.
let writeProgressToStandardError: @Sendable (String) -> Void = { try? StandardStream.error.write($0) }
