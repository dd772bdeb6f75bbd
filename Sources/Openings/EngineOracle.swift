// EngineOracle: how Openings asks an engine about positions without importing UCIEngine (Pipeline adapts one).
import ChessCore

/// An engine score from the side to move's point of view.
public enum EngineScore: Hashable, Sendable, Codable {
    case centipawns(Int)
    /// Mate in N moves; negative when the side to move gets mated. `mate(0)`: the side to move is checkmated.
    case mate(Int)

    /// A single number for comparisons: mates map beyond ±100 000, shorter mates further out.
    public var sortKey: Int {
        switch self {
        case .centipawns(let cp): cp
        case .mate(let n): n > 0 ? 100_000 - n : -100_000 - n
        }
    }
    /// The same score from the other side's point of view.
    public var negated: EngineScore {
        switch self {
        case .centipawns(let cp): .centipawns(-cp)
        case .mate(let n): .mate(-n)
        }
    }
}

/// One of the engine's top moves.
public struct EngineLine: Hashable, Sendable, Codable {
    public var uci: String
    public var san: String
    public var score: EngineScore
    public var pv: [String]
    /// The depth the engine reached for this line (each line has its own).
    public var depth: Int

    public init(uci: String, san: String, score: EngineScore, pv: [String], depth: Int = 0) {
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
    public var score: EngineScore
    /// Win/draw/loss per mille, side to move's point of view, when the engine gives it.
    public var wdl: [Int]?
    /// The top moves, best first (empty for checkmate and stalemate).
    public var lines: [EngineLine]
    public var depth: Int
    public var nodes: Int
    /// `Stockfish 15.1`.
    public var engine: String
    /// The profile key, e.g. `threads=1;hash=16;nodes=120000;multipv=3;wdl=true;ucinewgame=true;format=2`.
    public var profile: String

    public init(score: EngineScore, wdl: [Int]?, lines: [EngineLine], depth: Int, nodes: Int, engine: String, profile: String) {
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
    public var code: String
    public var message: String
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}

/// An engine as Openings sees it: a batch of positions in, one verdict (or problem) per position out, in order.
///
/// Pipeline adapts UCIEngine's cached, pooled analyser to this; tests may use the real one through Pipeline.
public protocol EngineOracle: Sendable {
    func analyse(_ positions: [Position]) -> [Result<EngineVerdict, EngineProblem>]
}
