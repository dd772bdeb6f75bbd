// EngineSetup: builds the engine service (located engine, pool, result cache) for every pipeline stage that needs one.
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
    /// The result cache file (`--cache PATH`); nil = no cache. Its directory is created when missing.
    public var cachePath: String?
    /// Engine protocol notes (ignored lines) become diagnostics.
    public var verbose: Bool
    /// The committed engine-result store's folder (`openings/engine`), read before the cache; nil: none.
    public var storeDirectory: String?
    /// The engine store forge ships (`openings/engine` where forge finds its data: a checkout, `$FORGE_SHARE`, an
    /// installed share folder), read after `storeDirectory`: the name list's positions are the same in every user's
    /// build, so a first build of one's own openings reads their results instead of searching them. nil: none; the
    /// same folder as `storeDirectory`: read once.
    public var sharedStoreDirectory: String?
    /// Keep every result returned, for `forge cache export-store`.
    public var recording = false
    /// Answer from the store alone, never from the cache or the engine (`export-store --check`).
    public var storeOnly = false

    /// This configuration with no engine store read, neither the sources' nor the one forge ships: for the commands
    /// that ask the engine itself about a store's lines (`forge cache verify-store`, `import-store`).
    public var withoutStores: EngineConfiguration {
        var c = self
        c.storeDirectory = nil
        c.sharedStoreDirectory = nil
        return c
    }

    /// The store folder beside the opening sources `openings`: `openings/engine` (docs/engine.md).
    public static func storeDirectory(besideOpenings openings: String) -> String {
        (openings.hasSuffix("/") ? String(openings.dropLast()) : openings) + "/engine"
    }

    public static let cacheFileName = "analysis.sqlite"
    /// The shipped store's folder, relative to forge's data roots (`ForgeData`): the checkout's committed store, which
    /// `make install` copies to `share/contentforge/openings/engine`.
    public static let sharedStoreFolder = "openings/engine"

    /// The cache every command uses unless `--cache PATH` says otherwise; it does not depend on the
    /// current directory: `$FORGE_CACHE` (a file), else `$XDG_CACHE_HOME/contentforge/analysis.sqlite`,
    /// else `$HOME/.cache/contentforge/analysis.sqlite` when `$HOME` is a directory that exists (forge never creates
    /// a missing home: `HOME=/nonexistent` falls through), else `/tmp/contentforge-UID/analysis.sqlite`.
    public static var defaultCachePath: String { defaultCachePath(environment: ProcessInfo.processInfo.environment) }

    /// `defaultCachePath` for a given environment (tests pass their own, and whether a folder exists).
    public static func defaultCachePath(environment env: [String: String],
                                        isDirectory: (String) -> Bool = EngineConfiguration.isExistingDirectory) -> String {
        if let file = env["FORGE_CACHE"], !file.isEmpty { return file }
        if let xdg = env["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/contentforge/" + cacheFileName }
        if let home = env["HOME"], home.hasPrefix("/"), isDirectory(home) { return home + "/.cache/contentforge/" + cacheFileName }
        return "/tmp/contentforge-\(getuid())/" + cacheFileName
    }

    /// Whether `path` is a directory that exists (following links, as the cache's folder is reached).
    public static func isExistingDirectory(_ path: String) -> Bool {
        var dir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &dir) && dir.boolValue
    }

    /// The folder forge picks itself when neither `--cache` nor `$FORGE_CACHE` names a file (`CacheFolder` holds it
    /// to the user's ownership).
    public static var forgeChosenCacheDirectory: String {
        var env = ProcessInfo.processInfo.environment
        env["FORGE_CACHE"] = nil
        return (defaultCachePath(environment: env) as NSString).deletingLastPathComponent
    }

    /// The directory of `defaultCachePath`.
    public static var defaultCacheDirectory: String { (defaultCachePath as NSString).deletingLastPathComponent }

    /// The cache file of shard `shard` when `--cache` is not given: beside the default cache,
    /// `analysis.shard-K-of-N.sqlite`, so shards never write to one file.
    public static func defaultCachePath(for shard: AnalysisShard) -> String {
        defaultCacheDirectory + "/analysis.shard-\(shard.index)-of-\(shard.count).sqlite"
    }

    /// `cacheDirectory` names a directory holding `analysis.sqlite` (the older spelling); `cachePath`,
    /// when given, names the file itself and wins.
    public init(enginePath: String? = nil, jobs: Int? = nil, profile: AnalysisProfile = AnalysisProfile(),
                cacheDirectory: String? = EngineConfiguration.defaultCacheDirectory, cachePath: String? = nil, verbose: Bool = false,
                storeDirectory: String? = nil, sharedStoreDirectory: String? = nil) {
        self.enginePath = enginePath
        self.jobs = jobs
        self.profile = profile
        self.cachePath = cachePath ?? cacheDirectory.map { $0 + "/" + EngineConfiguration.cacheFileName }
        self.verbose = verbose
        self.storeDirectory = storeDirectory
        self.sharedStoreDirectory = sharedStoreDirectory
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
                add(Diagnostic(failure.code, "\(failure.message); engine restarted, attempt \(attempt) of \(of)",
                               notes: ["position: \(fen)"]).reported(as: .warning))  // retried: not (yet) a failure
            case .malformedLine(let line, let reason):
                lock.withLock { malformed[reason, default: 0] += 1 }
                if verbose { add(Diagnostic(EngineCode.ignoredLines, "ignored engine line \"\(line)\": \(reason)").reported(as: .note)) }  // --verbose detail of the warning below
            case .unknownLine(let line):
                if verbose { add(Diagnostic(EngineCode.ignoredLines, "ignored engine line \"\(line)\"").reported(as: .note)) }
            }
        }
    }

    /// Everything so far, with one warning per kind of malformed line.
    var all: [Diagnostic] {
        lock.withLock {
            stored + malformed.keys.sorted().map { reason in
                Diagnostic(EngineCode.ignoredLines, "the engine sent \(malformed[reason] ?? 0) unreadable line(s): \(reason)")
            }
        }
    }
}

/// Locates the engine, opens the cache and starts the pool's first engine.
/// With `sharing`, the analyser asks that one's engines and cache at its own profile (the engines are configured for
/// each search's profile): a build's note engines are then the same processes as its main one, not five more pools to
/// start. The analyses of analysers sharing a pool must not overlap (a build runs them one after another).
/// Throws a diagnostic (code UCI101/UCI102/UCI108) when no engine can be started: exit 69.
public func makePositionAnalyzer(_ config: EngineConfiguration, diagnostics: EngineDiagnostics,
                                 sharing: PositionAnalyzer? = nil) throws(Diagnostic) -> PositionAnalyzer {
    SignalCleanup.shared.installSignalHandlers()  // temporary outputs removed and engines ended on SIGINT/SIGTERM/SIGHUP
    let path: String
    do throws(EngineFailure) {
        path = try EngineLocator.locate(explicitPath: config.enginePath)
    } catch {
        throw Diagnostic(error.code, error.message)
    }
    var cache: AnalysisCache?
    if let sharing {
        do throws(EngineFailure) {
            return try PositionAnalyzer(pool: sharing.pool, cache: sharing.cache, profile: config.profile,
                                        store: config.storeDirectory.map(EngineStoreFolder.init(path:)),
                                        shared: config.sharedStoreDirectory.map(EngineStoreFolder.init(path:)), recording: config.recording,
                                        storeOnly: config.storeOnly, binary: sharing.cache == nil ? nil : EngineBinary.identity(of: path))
        } catch {
            throw Diagnostic(error.code, "engine \(path) cannot be used: \(error.message)")
        }
    }
    if let file = config.cachePath {
        do {
            let dir = (file as NSString).deletingLastPathComponent
            if let refused = CacheFolder.prepare(forFile: file, chosenByForge: dir == EngineConfiguration.forgeChosenCacheDirectory) {
                throw CacheFolderRefused(reason: refused)
            }
            cache = try AnalysisCache(path: file)
        } catch {
            diagnostics.add(Diagnostic(EngineCode.cacheUnavailable, "result cache unavailable, analysing without it: \(error)",
                                       notes: ["cache: \(file)"]))
        }
    }
    // More engines than cores only share the cores (and a huge --jobs exhausts processes and descriptors): capped.
    let cores = ProcessInfo.processInfo.activeProcessorCount
    if let asked = config.jobs, asked > cores {
        diagnostics.add(Diagnostic(EngineCode.jobsCapped, "--jobs \(asked) asks for more engines than the \(cores) cores; \(cores) started"))
    }
    let pool = EnginePool(launcher: .process(path), size: min(config.jobs ?? cores, cores), log: diagnostics.log)
    do throws(EngineFailure) {
        return try PositionAnalyzer(pool: pool, cache: cache, profile: config.profile,
                                    store: config.storeDirectory.map(EngineStoreFolder.init(path:)),
                                    shared: config.sharedStoreDirectory.map(EngineStoreFolder.init(path:)), recording: config.recording, storeOnly: config.storeOnly,
                                    binary: cache == nil ? nil : EngineBinary.identity(of: path))
    } catch {
        pool.shutdown()
        throw Diagnostic(error.code, "engine \(path) cannot be used: \(error.message)")
    }
}

/// The cache's own reports after a run: failed reads and writes (UCI120) and stored results that were
/// not true of their position, discarded and analysed again (CCH101).
func cacheDiagnostics(_ analyzer: PositionAnalyzer) -> [Diagnostic] {
    analyzer.cacheErrors.map { Diagnostic(EngineCode.cacheUnavailable, $0) }
        + analyzer.discardedCacheEntries.map { Diagnostic(CacheCode.discarded, $0) }
        + storeDiagnostics(analyzer)
}

/// The engine store's damaged lines and files (CCH107, errors: the line is never used, its position is searched).
func storeDiagnostics(_ analyzer: PositionAnalyzer) -> [Diagnostic] {
    analyzer.storeProblems.map {
        Diagnostic(CacheCode.damagedStoreLine, "engine store: \($0.reason); not used, the position is analysed instead (`make engine-store` writes the store again)",
                   at: SourceLocation(file: $0.path, line: $0.line, column: $0.column))
    }
}
