// EngineOracle: how Openings asks an engine about positions without importing UCIEngine (Pipeline adapts one).
import ChessCore
import Diagnostics

/// An engine score from the side to move's point of view.
public enum EngineScore: Hashable, Sendable, Codable {
    case centipawns(Int)
    /// Mate in N moves; negative when the side to move gets mated. `mate(0)`: the side to move is checkmated.
    case mate(Int)

    /// Whether this score is better than `other` for the side it belongs to by at least `margin` centipawns.
    /// Mates compare as mates: a mate for the side beats every centipawn score, a shorter mate beats a longer one,
    /// being mated loses to every centipawn score; `margin` only applies between two centipawn scores.
    public func isBetter(than other: EngineScore, by margin: Int = 1) -> Bool {
        switch (self, other) {
        case (.centipawns(let a), .centipawns(let b)): a - b >= margin
        case (.mate(let a), .mate(let b)):
            if a > 0 && b > 0 { a < b } else if a <= 0 && b <= 0 { a < b } else { a > 0 }
        case (.mate(let a), .centipawns): a > 0
        case (.centipawns, .mate(let b)): b <= 0
        }
    }

    /// The centipawn difference `self - other` when both are centipawn scores; nil when a mate is involved
    /// (then the difference is not a number of pawns, and `isBetter(than:by:)` says which is better).
    public func centipawns(minus other: EngineScore) -> Int? {
        if case .centipawns(let a) = self, case .centipawns(let b) = other { return a - b }
        return nil
    }

    /// `+0.35`, `-1.20`, `#3`, `#-2`: the engine's usual notation.
    public var text: String {
        switch self {
        case .centipawns(let c):
            let a = abs(c)
            return "\(c < 0 ? "-" : "+")\(a / 100).\(a % 100 < 10 ? "0" : "")\(a % 100)"
        case .mate(let n): return "#\(n)"
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
    /// The profile key, e.g. `threads=1;hash=16;nodes=120000;multipv=3;wdl=true;ucinewgame=true;format=3`.
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
    public var code: DiagnosticCode
    public var message: String
    public init(code: DiagnosticCode, message: String) {
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
