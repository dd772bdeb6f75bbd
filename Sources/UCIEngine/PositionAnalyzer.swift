// PositionAnalyzer: the engine service other layers use: validate with ChessCore, consult the cache, search through the pool.
import ChessCore
import Foundation

/// Analyses positions given as FEN: each is checked with ChessCore before it reaches the engine,
/// looked up in the cache, searched through the pool when missing, and turned into an `Analysis`
/// whose moves are all checked legal. Checkmate and stalemate get no search.
///
/// The engine sees the position's identity with counters reset (`… 0 1`), so a result depends
/// only on what the cache keys it by: identity, engine and profile.
///
/// ```swift
/// let analyzer = try PositionAnalyzer(pool: EnginePool(launcher: .process(path)), cache: cache,
///                                     profile: AnalysisProfile(nodes: 150_000, multiPV: 3))
/// let results = analyzer.analyse(["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"])
/// ```
///
/// Other modules (Openings) define their own engine protocol; Pipeline adapts this type to it.
public final class PositionAnalyzer: @unchecked Sendable {
    public let pool: EnginePool
    public let cache: AnalysisCache?
    /// The committed store's results of this engine and profile, read before the cache (nil: no store, or none of
    /// this engine and profile).
    public let engineStore: EngineStoreTable?
    /// The shipped store's table of this engine and profile, read after `engineStore` (nil: none, or the same folder).
    public let sharedStore: EngineStoreTable?
    public let profile: AnalysisProfile
    /// Answer from the store alone: a position it lacks fails (`notInStore`) instead of being looked up in the cache or
    /// searched. `forge cache export-store --check` proves with it that a fresh clone searches nothing.
    public let storeOnly: Bool
    /// The engine every result names.
    public let engine: EngineID
    /// The engine column of this engine's cache rows (`AnalysisCache.engineKey`).
    public let cacheEngine: String
    private let lock = NSLock()
    private var _cacheHits = 0
    private var _storeHits = 0
    private var _storeMissing = Set<String>()
    private let storeGiven: Bool
    /// A store folder was given and exists (a fresh clone's `openings/engine`).
    public let storeFolderExists: Bool
    private var _storeProblems: [EngineStoreProblem] = []
    private var _recorded: [String: Analysis]?
    private var _cacheErrors: [String] = []
    private var _discarded: [String] = []

    /// Starts the pool's first engine. Throws when it cannot be started. With `store`, the folder's file of this
    /// engine (its `id name`, version included) and profile is read first; files of other engines are never used.
    /// With `recording`, every result returned (from the store, the cache or the engine; not a finished game's) is
    /// kept by position for `recorded` (what `forge cache export-store` writes), except those `shared` lists: a
    /// content repository's store holds only what the store forge ships does not.
    /// `shared`, the store forge ships, answers what `store` lacks (a folder that is `store`'s own is not read twice).
    /// `binary`: the engine executable's identity (a digest of its content); the cache keys results by it, so a
    /// program that calls itself by the real engine's name never shares its results. Without it, by the `id name`.
    public init(pool: EnginePool, cache: AnalysisCache?, profile: AnalysisProfile, store: EngineStoreFolder? = nil,
                shared: EngineStoreFolder? = nil, recording: Bool = false, storeOnly: Bool = false, binary: String? = nil) throws(EngineFailure) {
        self.storeOnly = storeOnly
        self.pool = pool
        self.cache = cache
        self.profile = profile
        engine = try pool.start(profile: profile)
        cacheEngine = AnalysisCache.engineKey(name: engine.name, binary: binary)
        storeGiven = store != nil
        var isDirectory: ObjCBool = false
        storeFolderExists = store.map { FileManager.default.fileExists(atPath: $0.path, isDirectory: &isDirectory) && isDirectory.boolValue } ?? false
        if let store {
            let found = store.table(engine: engine.name, profile: profile)
            self.engineStore = found.table
            _storeProblems = found.problems
        } else {
            self.engineStore = nil
        }
        func standard(_ path: String) -> String { ((path as NSString).resolvingSymlinksInPath as NSString).standardizingPath }
        if let shared, store.map({ standard($0.path) != standard(shared.path) }) ?? true {
            let found = shared.table(engine: engine.name, profile: profile)
            sharedStore = found.table
            _storeProblems += found.problems
        } else {
            sharedStore = nil
        }
        _recorded = recording ? [:] : nil
    }

    /// Results served from the cache so far.
    public var cacheHits: Int { lock.withLock { _cacheHits } }
    /// Cache reads or writes that failed (the analysis itself went on).
    public var cacheErrors: [String] { lock.withLock { _cacheErrors } }
    /// Stored results that were not true of their position (see `Analysis.problem(in:engine:profile:)`):
    /// each was discarded, the position analysed again and the new result stored over it.
    public var discardedCacheEntries: [String] { lock.withLock { _discarded } }

    /// Results served from the store so far, and distinct positions a store folder was given for but that its file of
    /// this engine and profile lacks (searched or served from the cache; 0 without a store folder).
    public var storeHits: Int { lock.withLock { _storeHits } }
    public var storeMisses: Int { lock.withLock { _storeMissing.count } }
    /// Those positions (identities).
    public var storeMissing: Set<String> { lock.withLock { _storeMissing } }
    /// The store's damaged lines met so far, and problems with its files (never used).
    public var storeProblems: [EngineStoreProblem] { lock.withLock { _storeProblems } + (engineStore?.problems ?? []) + (sharedStore?.problems ?? []) }
    /// With `recording`: every result returned so far, by position identity.
    public var recorded: [String: Analysis] { lock.withLock { _recorded ?? [:] } }

    /// How a result was obtained, for progress reports.
    public enum Source: Sendable { case engine, store, cache, noSearch, refused }

    /// One result per FEN, in order. `onResult` is called once per FEN as soon as its result is
    /// known (cache hits and refusals first), one call at a time.
    public func analyse(
        _ fens: [String], onResult: (@Sendable (Int, Result<Analysis, EngineFailure>, Source) -> Void)? = nil
    ) -> [Result<Analysis, EngineFailure>] {
        var results = [Result<Analysis, EngineFailure>?](repeating: nil, count: fens.count)
        // One entry per identity: a position is searched once however often it appears.
        var entries: [(key: String, position: Position, indices: [Int], cached: Analysis?)] = []
        var entryOfKey: [String: Int] = [:]
        for (i, fen) in fens.enumerated() {
            let position: Position
            do throws(PositionParseError) {
                position = try Position(fen: fen)
            } catch {
                let r = Result<Analysis, EngineFailure>.failure(.invalidPosition(fen: fen, reason: error.description))
                results[i] = r
                onResult?(i, r, .refused)
                continue
            }
            if let terminal = Self.terminalAnalysis(position, engine: engine.name, profile: profile) {
                results[i] = .success(terminal)
                onResult?(i, .success(terminal), .noSearch)
                continue
            }
            let key = position.identity.epd
            if let j = entryOfKey[key] {
                entries[j].indices.append(i)
                if let cached = entries[j].cached {
                    results[i] = .success(cached)
                    onResult?(i, .success(cached), .cache)
                }
                continue
            }
            let stored = engineStore?.lookup(key) ?? sharedStore?.lookup(key)
            let hit = stored ?? (storeOnly ? nil : lookup(key, position))
            entryOfKey[key] = entries.count
            entries.append((key, position, [i], hit))
            lock.withLock {
                if stored != nil { _storeHits += 1 } else if storeGiven { _storeMissing.insert(key) }
                if stored == nil, hit != nil { _cacheHits += 1 }
                if let hit, _recorded != nil, !(sharedStore?.lists(key) ?? false) { _recorded?[key] = hit }
            }
            if let hit {
                results[i] = .success(hit)
                onResult?(i, .success(hit), stored != nil ? .store : .cache)
            }
        }
        let missing = entries.filter { $0.cached == nil }
        if storeOnly {
            for entry in missing {
                let r = Result<Analysis, EngineFailure>.failure(.protocolViolation("\(entry.key) is not in the engine store"))
                for i in entry.indices {
                    results[i] = r
                    onResult?(i, r, .refused)
                }
            }
        }
        let toSearch = storeOnly ? [] : missing
        let engineName = engine.name
        let profile = self.profile
        let collected = Locked(results)
        _ = pool.analyse(toSearch.map { $0.key + " 0 1" }, profile: profile) { [self] j, outcome in
            let entry = toSearch[j]
            let r: Result<Analysis, EngineFailure>
            switch outcome {
            case .success(let o):
                do throws(EngineFailure) {
                    let a = try Self.analysis(of: o, position: entry.position, engine: engineName, profile: profile)
                    cacheStore(a, key: entry.key, zobrist: entry.position.zobristKey)
                    lock.withLock { _recorded?[entry.key] = a }
                    r = .success(a)
                } catch {
                    r = .failure(error)
                }
            case .failure(let f):
                r = .failure(f)
            }
            collected.mutate { slots in for i in entry.indices { slots[i] = r } }
            for i in entry.indices { onResult?(i, r, .engine) }
        }
        return collected.value.map { $0 ?? .failure(.protocolViolation("position never analysed")) }
    }

    private func lookup(_ key: String, _ position: Position) -> Analysis? {
        guard let cache else { return nil }
        do {
            guard let stored = try cache.lookup(position: key, engine: cacheEngine, profile: profile.key) else { return nil }
            if let reason = stored.problem(in: position, engine: engine.name, profile: profile) {
                lock.withLock { _discarded.append("cached result for \(key) discarded and analysed again: \(reason)") }
                return nil
            }
            return stored
        } catch {
            lock.withLock { _cacheErrors.append("cache read failed: \(error)") }
            return nil
        }
    }

    private func cacheStore(_ a: Analysis, key: String, zobrist: UInt64) {
        guard let cache else { return }
        do {
            try cache.store(a, position: key, zobrist: zobrist, engine: cacheEngine)
        } catch {
            lock.withLock { _cacheErrors.append("cache write failed: \(error)") }
        }
    }

    /// The analysis of a position that is over, or nil.
    static func terminalAnalysis(_ p: Position, engine: String, profile: AnalysisProfile) -> Analysis? {
        let state: TerminalState
        let score: Score
        if p.isCheckmate {
            state = .checkmate
            score = .mate(0)
        } else if p.isStalemate {
            state = .stalemate
            score = .centipawns(0)
        } else {
            return nil
        }
        return Analysis(bestMove: nil, bestMoveSAN: nil, score: score, whiteScore: p.turn == .white ? score : score.negated,
                        wdl: nil, terminal: state, lines: [], depth: 0, nodes: 0, engine: engine, profile: profile)
    }

    /// The result a search stands for, checked (`Analysis.init(answer:position:engine:profile:)`); a refusal is
    /// `.protocolViolation`.
    static func analysis(of o: SearchOutcome, position p: Position, engine: String, profile: AnalysisProfile) throws(EngineFailure) -> Analysis {
        do throws(EngineAnswerRefused) {
            return try Analysis(answer: o, position: p, engine: engine, profile: profile)
        } catch {
            throw .protocolViolation(error.reason)
        }
    }
}
