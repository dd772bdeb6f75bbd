// OracleAdapter: lets Openings ask UCIEngine's cached, pooled PositionAnalyzer through its own EngineOracle protocol.
import ChessCore
import Openings
import UCIEngine

/// A `PositionAnalyzer` seen as an `EngineOracle`: positions go in as FENs, each `Analysis`
/// comes back as an `EngineVerdict` (same order, same point of view: the side to move).
///
/// ```swift
/// let analyzer = try makePositionAnalyzer(EngineConfiguration(profile: AnalysisProfile(nodes: 50_000, multiPV: 3)),
///                                         diagnostics: EngineDiagnostics(verbose: false))
/// let annotator = Annotator(oracle: OracleAdapter(analyzer))
/// ```
public struct OracleAdapter: EngineOracle {
    public let analyzer: PositionAnalyzer

    public init(_ analyzer: PositionAnalyzer) { self.analyzer = analyzer }

    public func analyse(_ positions: [Position]) -> [Result<EngineVerdict, EngineProblem>] {
        analyzer.analyse(positions.map { $0.fen() }).map { result in
            switch result {
            case .success(let a): .success(Self.verdict(a))
            case .failure(let f): .failure(EngineProblem(code: f.code, message: f.message))
            }
        }
    }

    /// The verdict Openings sees for one analysis.
    public static func verdict(_ a: Analysis) -> EngineVerdict {
        EngineVerdict(
            score: score(a.score),
            wdl: a.wdl.map { [$0.win, $0.draw, $0.loss] },
            lines: a.lines.map { EngineLine(uci: $0.uci, san: $0.san, score: score($0.score), pv: $0.pv) },
            depth: a.depth, nodes: a.nodes, engine: a.engine, profile: a.profile.key)
    }

    static func score(_ s: ScoreValue) -> EngineScore {
        switch s {
        case .centipawns(let c): .centipawns(c)
        case .mate(let m): .mate(m)
        }
    }
}
