// EngineOracle: how Openings asks an engine about positions without importing UCIEngine (Pipeline adapts one).
import ChessCore
import Diagnostics

/// One of the engine's top moves.
public struct EngineLine: Hashable, Sendable, Codable {
    public var uci: String
    public var san: String
    public var score: Score
    public var pv: [String]
    /// The depth the engine reached for this line (each line has its own).
    public var depth: Int

    public init(uci: String, san: String, score: Score, pv: [String], depth: Int = 0) {
        self.uci = uci
        self.san = san
        self.score = score
        self.pv = pv
        self.depth = depth
    }
}

/// What the engine says about one position.
public struct EngineVerdict: Hashable, Sendable, Codable {
    /// Side to move's point of view.
    public var score: Score
    /// Win/draw/loss per mille, side to move's point of view, when the engine gives it.
    public var wdl: [Int]?
    /// The top moves, best first (empty for checkmate and stalemate).
    public var lines: [EngineLine]
    public var depth: Int
    public var nodes: Int
    /// `Stockfish 15.1`.
    public var engine: String
    /// The profile key, e.g. `threads=1;hash=16;nodes=120000;multipv=3;wdl=true;ucinewgame=true;format=3`.
    public var profile: String

    public init(score: Score, wdl: [Int]?, lines: [EngineLine], depth: Int, nodes: Int, engine: String, profile: String) {
        self.score = score
        self.wdl = wdl
        self.lines = lines
        self.depth = depth
        self.nodes = nodes
        self.engine = engine
        self.profile = profile
    }

    public var bestMove: String? { lines.first?.uci }
}

/// A position the engine could not analyse, with the reason.
public struct EngineProblem: Error, Hashable, Sendable {
    public var code: DiagnosticCode
    public var message: String
    /// The oracle chose not to search the position (``EngineProblem/omitted(_:)``): the annotator and the explainer
    /// go on without the engine's motifs there and do not report it.
    public var isOmission: Bool
    public init(code: DiagnosticCode, message: String, isOmission: Bool = false) {
        self.code = code
        self.message = message
        self.isOmission = isOmission
    }
}

/// An engine as Openings sees it: a batch of positions in, one verdict (or problem) per position out, in order.
///
/// Pipeline adapts UCIEngine's cached, pooled analyser to this; tests may use the real one through Pipeline.
public protocol EngineOracle: Sendable {
    func analyse(_ positions: [Position]) -> [Result<EngineVerdict, EngineProblem>]
}
