// ProcessRegistry: every live engine process, so that none outlives the run (errors, exit, SIGINT/SIGTERM).
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tracks the engine processes this program started and kills them all when the program ends,
/// normally (`atexit`) or by a signal (Pipeline's `SignalCleanup` handles SIGINT, SIGTERM and SIGHUP and calls `killAll()`).
///
/// A `SIGKILL` of this program cannot be handled; Stockfish then exits by itself when its
/// standard input reaches end of file.
public final class ProcessRegistry: @unchecked Sendable {
    /// The one registry of this program.
    public static let shared = ProcessRegistry()

    private let lock = NSLock()
    private var live: Set<Int32> = []
    private var everStarted: [Int32] = []

    private init() {
        // Writing to a dead engine must fail with EPIPE, not kill us silently.
        signal(SIGPIPE, SIG_IGN)
        atexit { ProcessRegistry.shared.killAll() }
    }

    func register(_ pid: Int32) {
        lock.withLock {
            live.insert(pid)
            everStarted.append(pid)
        }
    }

    func unregister(_ pid: Int32) {
        _ = lock.withLock { live.remove(pid) }
    }

    /// Engine processes started and not yet known to be dead and reaped.
    public var liveProcessIDs: [Int32] { lock.withLock { live.sorted() } }

    /// Every engine process id this program started, in order (for tests and reports).
    public var startedProcessIDs: [Int32] { lock.withLock { everStarted } }

    /// Sends SIGKILL to every live engine and its process group (what a wrapper script started).
    public func killAll() {
        let pids = lock.withLock { live }
        for pid in pids {
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
        }
    }
}
