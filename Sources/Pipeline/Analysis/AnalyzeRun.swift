// AnalyzeRun: `forge analyze` — read positions, analyse them (cached, pooled), write text or jsonl in input order.
import ChessCore
import Diagnostics
import Foundation
import UCIEngine

/// What `forge analyze` was asked to do.
public struct AnalyzeConfiguration: Sendable {
    public var files: [String]
    public var engine: EngineConfiguration
    public var format: AnalysisOutputFormat
    /// Show a progress line (the executable sets this when standard error is a terminal).
    public var progress: ProgressStyle
    /// `--shard K/N`: analyse (and print) only the positions of this shard.
    public var shard: AnalysisShard?

    public init(files: [String], engine: EngineConfiguration, format: AnalysisOutputFormat, progress: ProgressStyle,
                shard: AnalysisShard? = nil) {
        self.files = files
        self.engine = engine
        self.format = format
        self.progress = progress
        self.shard = shard
    }
}

/// How the run went.
public struct AnalyzeReport: CommandReport {
    public struct Summary: Codable, Sendable, Equatable {
        public var positions: Int
        public var otherShards: Int
        public var searched: Int
        public var fromCache: Int
        public var errors: Int
        public var warnings: Int
    }
    public var diagnostics: [Diagnostic]
    /// `.ok` all analysed; `.inputErrors` bad input or a position failed; `.engineUnavailable` no usable engine.
    public var outcome: CommandOutcome
    public var positions: Int
    /// Positions of the input left to the other shards (`--shard`).
    public var otherShards: Int = 0
    public var fromCache: Int
    public var searched: Int
    /// Engines that ran.
    public var engines: Int
    /// The engines' own search time, summed (see `EnginePool.engineSeconds`).
    public var engineSeconds: Double
    public var seconds: Double

    public var typedSummary: Summary {
        Summary(positions: positions, otherShards: otherShards, searched: searched, fromCache: fromCache,
                errors: diagnostics.errorCount, warnings: diagnostics.warningCount)
    }

    /// One line for `--stats`: counts, wall time, and the engines' own search time.
    public var statistics: String {
        var line = "\(positions) positions"
        if otherShards > 0 { line += " (\(otherShards) more left to the other shards)" }
        line += ": \(searched) searched, \(fromCache) from the cache; \(engines) engine\(engines == 1 ? "" : "s")"
        line += String(format: "; wall %.3f s; engine search time %.3f s", seconds, engineSeconds)
        if engines == 1, engineSeconds > 0 {
            line += String(format: "; overhead %.1f%% over the engine's own time", (seconds / engineSeconds - 1) * 100)
        }
        return line
    }
}

/// Runs `forge analyze`. Result text goes to `output` (one call per position, in input order);
/// progress text to `progress` (as `config.progress` says). A bad input (a missing file, a bad FEN)
/// is reported and the good positions are analysed all the same; the run then exits 1 (66 when an input is missing). A position
/// the engine keeps failing on is reported and the run goes on. With a shard, only the positions
/// of that shard are analysed and printed.
///
/// ```swift
/// let report = runAnalyze(config, output: { print($0) }, progress: { FileHandle.standardError.write(…) })
/// ```
public func runAnalyze(
    _ config: AnalyzeConfiguration, output: @escaping @Sendable (String) -> Void, progress: @escaping @Sendable (String) -> Void
) -> AnalyzeReport {
    let start = Date()
    let (read, inputDiagnostics, missing) = PositionSource.readCountingMissing(files: config.files)
    let inputOutcome: CommandOutcome = missing > 0 ? .noInput : .ok  // a missing input is 66, as for every reading command
    let positions = config.shard.map { shard in read.filter { (try? Position(fen: $0.fen)).map(shard.contains) ?? true } } ?? read
    func report(_ d: [Diagnostic], _ outcome: CommandOutcome, hits: Int = 0, pool: EnginePool? = nil) -> AnalyzeReport {
        AnalyzeReport(diagnostics: d, outcome: outcome, positions: positions.count, otherShards: read.count - positions.count,
                      fromCache: hits, searched: pool?.searches ?? 0, engines: pool?.size ?? 0,
                      engineSeconds: pool?.engineSeconds ?? 0, seconds: Date().timeIntervalSince(start))
    }
    if positions.isEmpty { return report(inputDiagnostics, inputOutcome.worst(.from(inputDiagnostics))) }
    let engineDiagnostics = EngineDiagnostics(verbose: config.engine.verbose)
    let analyzer: PositionAnalyzer
    do throws(Diagnostic) {
        analyzer = try makePositionAnalyzer(config.engine, diagnostics: engineDiagnostics)
    } catch {
        return report(inputDiagnostics + engineDiagnostics.all + [error], .engineUnavailable)
    }
    defer { analyzer.pool.shutdown() }

    let writer = OrderedWriter(count: positions.count, format: config.format, positions: positions, output: output)
    let meter = ProgressMeter(verb: "analysing", phases: [], style: config.progress, heartbeat: true, write: progress)
    meter.expect(positions.count)
    let results = analyzer.analyse(positions.map(\.fen)) { i, result, source in
        writer.deliver(i, result)
        meter.advance(cached: source == .cache)
    }
    meter.finish()

    var diagnostics = inputDiagnostics + engineDiagnostics.all
    diagnostics += cacheDiagnostics(analyzer)
    for (i, r) in results.enumerated() {
        if case .failure(let f) = r {
            diagnostics.append(Diagnostic(f.code, f.message, at: positions[i].location, notes: ["position: \(positions[i].fen)"]))
        }
    }
    analyzer.pool.shutdown()
    return report(diagnostics, inputOutcome.worst(.from(diagnostics)), hits: analyzer.cacheHits, pool: analyzer.pool)
}

/// Writes results in input order as soon as every earlier one is written.
final class OrderedWriter: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [Int: Result<Analysis, EngineFailure>] = [:]
    private var nextIndex = 0
    let format: AnalysisOutputFormat
    let positions: [SourcedPosition]
    let output: @Sendable (String) -> Void

    init(count: Int, format: AnalysisOutputFormat, positions: [SourcedPosition], output: @escaping @Sendable (String) -> Void) {
        self.format = format
        self.positions = positions
        self.output = output
    }

    func deliver(_ i: Int, _ r: Result<Analysis, EngineFailure>) {
        lock.withLock {
            waiting[i] = r
            while let ready = waiting.removeValue(forKey: nextIndex) {
                output(AnalysisFormat.render(ready, of: positions[nextIndex], as: format))
                nextIndex += 1
            }
        }
    }
}
