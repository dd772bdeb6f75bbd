// OracleAdapter: gives Openings an engine (its EngineOracle protocol) backed by UCIEngine's cached, pooled analyser.
import ChessCore
import Diagnostics
import Explainer
import Foundation
import UCIEngine

/// The engine the validator, regenerator, annotator and bundle builder ask. Counts what came from the engine
/// and what from the cache, and shows a progress line when standard error is a terminal.
public final class AnalyzerOracle: EngineOracle, @unchecked Sendable {
    let analyzer: PositionAnalyzer
    let diagnostics: EngineDiagnostics
    let progress: ProgressMeter?
    private let lock = NSLock()
    private var _searched = 0
    private var _cached = 0
    private var _fromStore = 0

    init(analyzer: PositionAnalyzer, diagnostics: EngineDiagnostics, progress: ProgressMeter?) {
        self.analyzer = analyzer
        self.diagnostics = diagnostics
        self.progress = progress
    }

    /// Positions searched by the engine so far, and answered from the cache.
    public var searched: Int { lock.withLock { _searched } }
    public var cached: Int { lock.withLock { _cached } }
    /// Of `cached`: those read from the committed engine store.
    public var fromStore: Int { lock.withLock { _fromStore } }
    /// Distinct positions the store folder was given for but lacks (0 without one).
    public var notInStore: Int { analyzer.storeMisses }
    /// With `recording`: every result returned, by position identity (what `forge cache export-store` writes).
    var recorded: [String: Analysis] { analyzer.recorded }
    var profile: AnalysisProfile { analyzer.profile }
    /// Up to five of the positions the store lacks, sorted, for messages.
    var missingSample: [String] { Array(analyzer.storeMissing.sorted().prefix(5)) }
    var engineName: String { analyzer.engine.name }
    /// Restarts and protocol notes, to print after the run.
    public var engineDiagnostics: [Diagnostic] { diagnostics.all + cacheDiagnostics(analyzer) }

    /// Quits the engines (also done when the oracle is released).
    public func shutdown() { analyzer.pool.shutdown() }

    public func analyse(_ positions: [Position]) -> [Result<EngineVerdict, EngineProblem>] {
        let meter = positions.isEmpty ? nil : progress
        meter?.expect(positions.count)
        let results = analyzer.analyse(positions.map { $0.fen() }) { [self] _, _, source in
            lock.withLock {
                if source == .engine { _searched += 1 } else { _cached += 1 }
                if source == .store { _fromStore += 1 }
            }
            meter?.advance(cached: source != .engine)
        }
        return results.map { r in
            switch r {
            case .success(let a): .success(Self.verdict(a))
            case .failure(let f): .failure(EngineProblem(code: f.code, message: f.message))
            }
        }
    }

    static func verdict(_ a: Analysis) -> EngineVerdict {
        EngineVerdict(score: a.score, wdl: a.wdl.map { [$0.win, $0.draw, $0.loss] },
                      lines: a.lines.map { EngineLine(uci: $0.uci, san: $0.san, score: $0.score, pv: $0.pv, depth: $0.depth) },
                      depth: a.depth, nodes: a.nodes, engine: a.engine, profile: a.profile.key)
    }
}

/// Starts the engine service for a command: `nil` engine settings mean the command runs without an engine.
/// Throws a diagnostic (exit 69) when no engine can be started.
/// `progress` is the run's one meter (nil: none), shared by every engine the command starts.
public func makeEngineOracle(_ config: EngineConfiguration, progress: ProgressMeter?, sharing: AnalyzerOracle? = nil) throws(Diagnostic) -> AnalyzerOracle {
    let diagnostics = EngineDiagnostics(verbose: config.verbose)
    let analyzer = try makePositionAnalyzer(config, diagnostics: diagnostics, sharing: sharing?.analyzer)
    return AnalyzerOracle(analyzer: analyzer, diagnostics: diagnostics, progress: progress)
}
