// EnginePool: several supervised engines behind a bounded queue, so a batch uses every core.
import Foundation

/// A fixed number of engines (default: one per core). `analyse` feeds positions through a
/// bounded queue to one thread per engine and returns the results in input order.
///
/// ```swift
/// let pool = EnginePool(launcher: .process("/usr/games/stockfish"))
/// let id = try pool.start(profile: profile)      // fails fast when the engine cannot run
/// let results = pool.analyse(fens, profile: profile)
/// pool.shutdown()
/// ```
public final class EnginePool: @unchecked Sendable {
    public let launcher: EngineLauncher
    public let size: Int
    public let queueCapacity: Int
    private let workers: [EngineWorker]

    /// - Parameters:
    ///   - size: engines; defaults to the number of active cores.
    ///   - maxAttempts: tries per position before it fails (a crash or hang costs one).
    ///   - queueCapacity: positions waiting for an engine; defaults to twice `size`.
    public init(launcher: EngineLauncher, size: Int? = nil, watchdog: Watchdog = Watchdog(), maxAttempts: Int = 3,
                queueCapacity: Int? = nil, log: @escaping EngineLog = { _ in }) {
        let n = max(1, size ?? ProcessInfo.processInfo.activeProcessorCount)
        self.launcher = launcher
        self.size = n
        self.queueCapacity = max(1, queueCapacity ?? 2 * n)
        workers = (0..<n).map { _ in EngineWorker(launcher: launcher, watchdog: watchdog, maxAttempts: maxAttempts, log: log) }
    }

    deinit { shutdown() }

    /// Starts every engine at once and returns the first one's identity (needed for cache keys
    /// before any search). Throws `.launchFailed`, or `.gaveUp` when the first engine dies or hangs
    /// during the handshake; another engine that fails to start is started again by its first search.
    /// Starting them all here keeps engine start-up out of the batch: a pool of two is ready to
    /// run two searches from its first position.
    public func start(profile: AnalysisProfile) throws(EngineFailure) -> EngineID {
        let others = workers.dropFirst()
        let group = DispatchGroup()
        for worker in others {
            group.enter()
            let thread = Thread {
                _ = try? worker.start(profile: profile)
                group.leave()
            }
            thread.name = "engine-start"
            thread.start()
        }
        defer { group.wait() }
        return try workers[0].start(profile: profile)
    }

    /// Searches every position (each must already be validated as legal) and returns one result per
    /// position, in input order. `onResult` is called once per position as soon as it is done,
    /// one call at a time, on the calling thread.
    ///
    /// The engine threads only search: a finished search goes to the calling thread, which does
    /// the work on the result (`onResult`: checking moves, the cache, output) while the engine
    /// already searches its next position. A feeder thread fills the bounded queue.
    public func analyse(
        _ fens: [String], profile: AnalysisProfile,
        onResult: (@Sendable (Int, Result<SearchOutcome, EngineFailure>) -> Void)? = nil
    ) -> [Result<SearchOutcome, EngineFailure>] {
        guard !fens.isEmpty else { return [] }
        let queue = BoundedQueue<Int>(capacity: queueCapacity)
        let finished = BoundedQueue<(Int, Result<SearchOutcome, EngineFailure>)>(capacity: fens.count)
        for worker in workers.prefix(min(size, fens.count)) {
            let thread = Thread {
                while let i = queue.pop() {
                    finished.push((i, worker.search(fen: fens[i], profile: profile)))
                }
            }
            thread.name = "engine-worker"
            thread.start()
        }
        let feeder = Thread {
            for i in fens.indices { queue.push(i) }
            queue.close()
        }
        feeder.name = "engine-feeder"
        feeder.start()
        var results = [Result<SearchOutcome, EngineFailure>?](repeating: nil, count: fens.count)
        for _ in fens.indices {
            guard let (i, r) = finished.pop() else { break }
            results[i] = r
            onResult?(i, r)
        }
        return results.map { $0 ?? .failure(.protocolViolation("position never analysed")) }
    }

    /// `go` commands sent so far, by every engine.
    public var searches: Int { workers.reduce(0) { $0 + $1.searches } }

    /// The engines' own search time (their `info … time`), summed over every successful search, in
    /// seconds: what a batch would cost with no client at all, for measuring the client's overhead.
    public var engineSeconds: Double { Double(workers.reduce(0) { $0 + $1.engineMilliseconds }) / 1000 }

    /// Engines started so far (first starts and restarts).
    public var launches: Int { workers.reduce(0) { $0 + $1.launches } }

    /// Process ids of every engine this pool started, restarts included.
    public var launchedProcessIDs: [Int32] { workers.flatMap(\.launchedProcessIDs) }

    /// Process ids of the engines running now.
    public var processIDs: [Int32] { workers.compactMap(\.processID) }

    /// Quits every engine (killing those that linger). The pool can still start them again.
    public func shutdown() {
        for w in workers { w.shutdown() }
    }
}
