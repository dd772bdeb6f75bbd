// ScriptedTransport: a fake engine that plays a written conversation, for protocol tests.
import Foundation

/// A transport that checks each line the client sends against a script and answers with
/// the script's replies, the way `expect("go nodes 1000", ["info …", "bestmove e2e4"])` reads.
///
/// A line that differs from the script is recorded in `mismatches` and answered with nothing.
/// When the script runs out, `receive` reports `.closed` (as if the engine exited), or
/// `.timedOut` if `hangsAtEnd` is set.
public final class ScriptedTransport: LineTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var steps: [(expect: String, replies: [String])] = []
    private var pending: [String] = []
    private var terminated = false
    /// Every line the client sent, in order.
    public private(set) var sent: [String] = []
    /// Lines sent that were not the script's next expected line.
    public private(set) var mismatches: [String] = []
    /// When true, a read past the end of the script times out instead of reporting a closed engine.
    public var hangsAtEnd = false

    /// `greeting` lines are available before anything is sent.
    public init(greeting: [String] = []) {
        pending = greeting
    }

    /// Adds a step: when the client sends `line`, the engine answers `replies`.
    @discardableResult
    public func expect(_ line: String, _ replies: [String] = []) -> ScriptedTransport {
        lock.withLock { steps.append((line, replies)) }
        return self
    }

    /// Text with several lines is taken line by line, as an engine reads it.
    public func send(_ text: String) throws(TransportError) {
        let closed: Bool = lock.withLock {
            if terminated { return true }
            for part in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let line = String(part)
                sent.append(line)
                if let first = steps.first, first.expect == line {
                    steps.removeFirst()
                    pending.append(contentsOf: first.replies)
                } else {
                    mismatches.append(line)
                }
            }
            return false
        }
        if closed { throw .closed(nil) }
    }

    public func receive(timeout: Double) throws(TransportError) -> String {
        let next: String? = lock.withLock { pending.isEmpty ? nil : pending.removeFirst() }
        if let next { return next }
        if hangsAtEnd { throw .timedOut }
        throw .closed(nil)
    }

    public func terminate() {
        lock.withLock { terminated = true }
    }

    /// True when every scripted step was played.
    public var isFinished: Bool { lock.withLock { steps.isEmpty } }

    public var processID: Int32? { nil }
}
