// Analysis: the checked result of analysing one position: best move, top lines with SAN and PVs, engine, profile.
import ChessCore

/// One of the top K moves.
public struct AnalysisLine: Hashable, Sendable, Codable {
    /// The move, in UCI (`e2e4`) and canonical SAN (`e4`).
    public var uci: String
    public var san: String
    /// Side to move's point of view.
    public var score: Score
    /// `.exact` unless the search stopped inside an aspiration window.
    public var bound: ScoreBound
    public var wdl: WDL?
    public var depth: Int
    /// The principal variation, starting with `uci`, every move checked legal (an engine answer with an illegal PV move is refused).
    public var pv: [String]
    public var sanPV: [String]

    public init(uci: String, san: String, score: Score, bound: ScoreBound, wdl: WDL?, depth: Int, pv: [String], sanPV: [String]) {
        self.uci = uci
        self.san = san
        self.score = score
        self.bound = bound
        self.wdl = wdl
        self.depth = depth
        self.pv = pv
        self.sanPV = sanPV
    }
}

/// A position that is over: no search is made.
public enum TerminalState: String, Hashable, Sendable, Codable {
    case checkmate, stalemate
}

/// What the engine says about one position under one profile.
///
/// Scores are from the side to move's point of view (`score`) and from White's (`whiteScore`).
/// A checkmated side to move has `score == .mate(0)`, a stalemate `.centipawns(0)`; both have
/// no best move, no lines and zero nodes.
public struct Analysis: Hashable, Sendable, Codable {
    public var bestMove: String?
    public var bestMoveSAN: String?
    public var score: Score
    public var whiteScore: Score
    public var wdl: WDL?
    public var terminal: TerminalState?
    /// The top K moves of the last iteration the engine finished, best score first (ties in
    /// MultiPV order). `bestMove` is the engine's own `bestmove`, which may come from the
    /// unfinished iteration after it.
    public var lines: [AnalysisLine]
    /// The depth of `lines.first` (0 when there are no lines).
    public var depth: Int
    public var nodes: Int
    /// The engine's `id name` (name and version).
    public var engine: String
    public var profile: AnalysisProfile

    public init(bestMove: String?, bestMoveSAN: String?, score: Score, whiteScore: Score, wdl: WDL?,
                terminal: TerminalState?, lines: [AnalysisLine], depth: Int, nodes: Int, engine: String, profile: AnalysisProfile) {
        self.bestMove = bestMove
        self.bestMoveSAN = bestMoveSAN
        self.score = score
        self.whiteScore = whiteScore
        self.wdl = wdl
        self.terminal = terminal
        self.lines = lines
        self.depth = depth
        self.nodes = nodes
        self.engine = engine
        self.profile = profile
    }
}
