// EngineSetup: builds the engine service (located engine, pool, cache in data/cache/) for every pipeline stage that needs one.
import Diagnostics
import Foundation
import UCIEngine

/// Where the engine comes from and how it is run, as a command sets it up.
public struct EngineConfiguration: Sendable {
    /// `--engine PATH`; else `FORGE_ENGINE`, `stockfish` on `PATH`, `/usr/games/stockfish`.
    public var enginePath: String?
    /// Engines in the pool; nil = one per core.
    public var jobs: Int?
    public var profile: AnalysisProfile
    /// Directory of the result cache; nil = no cache.
    public var cacheDirectory: String?
    /// Engine protocol notes (ignored lines) become diagnostics.
    public var verbose: Bool

    public static let defaultCacheDirectory = "data/cache"
    public static let cacheFileName = "analysis.sqlite"

    public init(enginePath: String? = nil, jobs: Int? = nil, profile: AnalysisProfile = AnalysisProfile(),
                cacheDirectory: String? = EngineConfiguration.defaultCacheDirectory, verbose: Bool = false) {
        self.enginePath = enginePath
        self.jobs = jobs
        self.profile = profile
        self.cacheDirectory = cacheDirectory
        self.verbose = verbose
    }
}

/// Diagnostics produced while the engine works, collected from engine threads.
public final class EngineDiagnostics: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Diagnostic] = []
    private var malformed: [String: Int] = [:]
    let verbose: Bool

    init(verbose: Bool) { self.verbose = verbose }

    func add(_ d: Diagnostic) { lock.withLock { stored.append(d) } }

    var log: EngineLog {
        { [self] event in
            switch event {
            case .restart(let failure, let fen, let attempt, let of):
                add(Diagnostic(.warning, failure.code, "\(failure.message); engine restarted, attempt \(attempt) of \(of)",
                               notes: ["position: \(fen)"]))
            case .malformedLine(let line, let reason):
                lock.withLock { malformed[reason, default: 0] += 1 }
                if verbose { add(Diagnostic(.note, "UCI109", "ignored engine line \"\(line)\": \(reason)")) }
            case .unknownLine(let line):
                if verbose { add(Diagnostic(.note, "UCI109", "ignored engine line \"\(line)\"")) }
            }
        }
    }

    /// Everything so far, with one warning per kind of malformed line.
    var all: [Diagnostic] {
        lock.withLock {
            stored + malformed.keys.sorted().map { reason in
                Diagnostic(.warning, "UCI109", "the engine sent \(malformed[reason] ?? 0) unreadable line(s): \(reason)")
            }
        }
    }
}

/// Locates the engine, opens the cache and starts the pool's first engine.
/// Throws a diagnostic (code UCI101/UCI102/UCI108) when no engine can be started: exit 69.
public func makePositionAnalyzer(_ config: EngineConfiguration, diagnostics: EngineDiagnostics) throws(Diagnostic) -> PositionAnalyzer {
    SignalCleanup.shared.installSignalHandlers()  // temporary outputs removed and engines ended on SIGINT/SIGTERM/SIGHUP
    let path: String
    do throws(EngineFailure) {
        path = try EngineLocator.locate(explicitPath: config.enginePath)
    } catch {
        throw Diagnostic(.error, error.code, error.message)
    }
    var cache: AnalysisCache?
    if let dir = config.cacheDirectory {
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            cache = try AnalysisCache(path: dir + "/" + EngineConfiguration.cacheFileName)
        } catch {
            diagnostics.add(Diagnostic(.warning, "UCI120", "result cache unavailable, analysing without it: \(error)",
                                       notes: ["cache: \(dir)/\(EngineConfiguration.cacheFileName)"]))
        }
    }
    let pool = EnginePool(launcher: .process(path), size: config.jobs, log: diagnostics.log)
    do throws(EngineFailure) {
        return try PositionAnalyzer(pool: pool, cache: cache, profile: config.profile)
    } catch {
        pool.shutdown()
        throw Diagnostic(.error, error.code, "engine \(path) cannot be used: \(error.message)")
    }
}

/// An engine that cannot be found or started: the command exits with this status (EX_UNAVAILABLE).
public let exitEngineUnavailable: Int32 = 69
