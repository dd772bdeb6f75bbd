// SignalCleanup: the one registry of temporary files to remove when forge is interrupted (SIGINT, SIGTERM, SIGHUP) or exits.
import Foundation
import UCIEngine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Paths that must not outlive the run: temporary siblings of outputs being written, scratch files.
///
/// A writer registers a path before it creates the file and unregisters it once the file has
/// been renamed into place (or removed). On SIGINT, SIGTERM or SIGHUP every registered path is
/// removed, the engine processes are ended (`ProcessRegistry`), and the program exits with
/// 128 + the signal number. At a normal `exit` the registered paths are removed too.
/// A `SIGKILL` cannot be handled: a `.NAME.tmp-PID-N` file may then remain, never the target.
///
/// ```swift
/// SignalCleanup.shared.register(temp)
/// defer { SignalCleanup.shared.unregister(temp) }
/// ```
public final class SignalCleanup: @unchecked Sendable {
    public static let shared = SignalCleanup()

    private let lock = NSLock()
    private var paths: Set<String> = []
    private var sources: [any DispatchSourceSignal] = []
    private var installed = false

    private init() {
        atexit { SignalCleanup.shared.removeAll() }
    }

    /// Removes `path` when the program is interrupted or exits before `unregister(path)`.
    public func register(_ path: String) {
        installSignalHandlers()
        _ = lock.withLock { paths.insert(path) }
    }

    public func unregister(_ path: String) {
        _ = lock.withLock { paths.remove(path) }
    }

    private var tokens = 0

    /// A number unique in this process, for temporary file names (thread-safe).
    public func nextToken() -> Int {
        lock.withLock {
            tokens += 1
            return tokens
        }
    }

    /// The paths registered now (for tests).
    public var registeredPaths: [String] { lock.withLock { paths.sorted() } }

    /// Removes every registered path (temporary files, or a staging directory with what it holds; never an
    /// output in place).
    public func removeAll() {
        let all = lock.withLock {
            defer { paths.removeAll() }
            return paths
        }
        for p in all where unlink(p) != 0 { try? FileManager.default.removeItem(atPath: p) }
    }

    /// Handles SIGINT, SIGTERM and SIGHUP: removes the registered paths, kills the engines, exits
    /// with 128 + the signal. Idempotent; called by `register` and by the engine setup, so every
    /// command that writes a file or starts an engine is covered.
    public func installSignalHandlers() {
        lock.withLock {
            guard !installed else { return }
            installed = true
            for sig in [SIGINT, SIGTERM, SIGHUP] {
                signal(sig, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
                source.setEventHandler {
                    SignalCleanup.shared.removeAll()
                    ProcessRegistry.shared.killAll()
                    exit(128 + sig)
                }
                source.resume()
                sources.append(source)
            }
        }
    }
}
