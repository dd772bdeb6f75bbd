// EngineWorker: one supervised engine: starts it, searches, and on a crash or hang kills, restarts and retries.
import Foundation

/// Owns at most one live session. Used by one thread at a time.
final class EngineWorker: @unchecked Sendable {
    let launcher: EngineLauncher
    let watchdog: Watchdog
    let maxAttempts: Int
    let log: EngineLog
    private var session: EngineSession?
    private var configuredFor: AnalysisProfile?
    // Counters are read from other threads (progress, tests) while the worker runs.
    private let counterLock = NSLock()
    private var _searches = 0
    private var _launches = 0
    private var _launched: [Int32] = []
    private var _processID: Int32?
    private var _engineMilliseconds = 0
    /// `go` commands sent by every session of this worker.
    var searches: Int { counterLock.withLock { _searches } }
    /// Engines started (the first one and every restart).
    var launches: Int { counterLock.withLock { _launches } }
    /// Process ids of every engine this worker started.
    var launchedProcessIDs: [Int32] { counterLock.withLock { _launched } }
    /// The search time the engines reported (`info … time`), summed over every successful search.
    var engineMilliseconds: Int { counterLock.withLock { _engineMilliseconds } }
    /// The current engine's process id, if it runs as a process.
    var processID: Int32? { counterLock.withLock { _processID } }

    init(launcher: EngineLauncher, watchdog: Watchdog, maxAttempts: Int, log: @escaping EngineLog) {
        self.launcher = launcher
        self.watchdog = watchdog
        self.maxAttempts = max(1, maxAttempts)
        self.log = log
    }

    /// The live session, configured for `profile`, starting an engine if there is none.
    func session(for profile: AnalysisProfile) throws(EngineFailure) -> EngineSession {
        if let session, configuredFor == profile { return session }
        let s: EngineSession
        if let session {
            s = session
        } else {
            counterLock.withLock { _launches += 1 }
            let transport = try launcher.launch()
            counterLock.withLock {
                _processID = transport.processID
                if let pid = transport.processID { _launched.append(pid) }
            }
            s = EngineSession(transport: transport, watchdog: watchdog, log: log)
            session = s
            do throws(EngineFailure) {
                try s.handshake()
            } catch {
                kill()
                throw error
            }
        }
        do throws(EngineFailure) {
            try s.configure(for: profile)
        } catch {
            kill()
            throw error
        }
        configuredFor = profile
        return s
    }

    /// Starts the engine (retrying a crash at start) and returns who it is.
    func start(profile: AnalysisProfile) throws(EngineFailure) -> EngineID {
        var last: EngineFailure = .protocolViolation("not started")
        for attempt in 1...maxAttempts {
            do throws(EngineFailure) {
                let s = try session(for: profile)
                if let id = s.id { return id }
            } catch {
                last = error
                guard error.isRetryable, attempt < maxAttempts else { break }
            }
        }
        if last.isRetryable { throw .gaveUp(attempts: maxAttempts, last: last) }
        throw last
    }

    /// Searches `fen` (already validated) under `profile`, with `ucinewgame` first. A crash or a hang
    /// kills the engine; the next attempt starts a new one.
    func search(fen: String, profile: AnalysisProfile) -> Result<SearchOutcome, EngineFailure> {
        var last: EngineFailure = .protocolViolation("no attempt")
        for attempt in 1...maxAttempts {
            do throws(EngineFailure) {
                let s = try session(for: profile)
                counterLock.withLock { _searches += 1 }
                let outcome = profile.newGameBeforeEachPosition
                    ? try s.newGameAndSearch(fen: fen, limits: profile.limits)
                    : try s.search(fen: fen, limits: profile.limits)
                counterLock.withLock { _engineMilliseconds += outcome.engineMilliseconds }
                return .success(outcome)
            } catch {
                kill()
                last = error
                guard error.isRetryable else { return .failure(error) }
                if attempt < maxAttempts {
                    log(.restart(after: error, fen: fen, attempt: attempt + 1, of: maxAttempts))
                }
            }
        }
        return .failure(.gaveUp(attempts: maxAttempts, last: last))
    }

    /// Kills the engine at once.
    func kill() {
        session?.transport.terminate()
        session = nil
        configuredFor = nil
        counterLock.withLock { _processID = nil }
    }

    /// Ends the engine politely (`quit`), killing it if it lingers.
    func shutdown() {
        session?.quit()
        session = nil
        configuredFor = nil
        counterLock.withLock { _processID = nil }
    }
}
