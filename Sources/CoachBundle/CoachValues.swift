// CoachValues: what CoachBundle answers about a position: the position, a line's role, top moves, a move's judgement.
import BundleStore
import ChessCore
import Explainer
// BundleStore stores its own (package) copy of the name; the coach screen's is the explainer's.
import enum Explainer.DeviationKind

/// A position of the bundle, found from a FEN, a `Position` or a Polyglot key.
public struct CoachPosition: Hashable, Sendable {
    /// Row id, for the facade's own queries; not stable across content updates (remember ``polyglotKey``).
    public var id: Int64
    /// The Polyglot key: the position's key that survives content updates.
    public var polyglotKey: UInt64
    /// The identity FEN: counters `0 1`, en passant only when a capture is legal.
    public var fen: String
    /// The opening name at this position (see `position.name` in docs/bundle.md), and its ECO code.
    public var name: String?
    public var eco: String?
    public var sideToMove: PieceColor
    public var isCheck: Bool

    init(_ record: PositionRecord) {
        id = record.id
        polyglotKey = record.polyglotKey
        fen = record.fen
        name = record.name
        eco = record.eco
        sideToMove = PieceColor(record.sideToMove)
        isCheck = record.isCheck
    }
}

/// What a curriculum line is to the coach.
public enum CurriculumRole: Hashable, Sendable {
    /// The opening's main line.
    case mainLine
    /// A deviation: its name, curriculum phase (2 or 3) and what it teaches.
    case deviation(name: String, phase: Int, kind: DeviationKind)
    /// Another variation the author shows, branching from the line with this key.
    case alternative(parentKey: String)
}

/// One of the engine's top moves.
public struct TopMove: Hashable, Sendable {
    /// 1 for the best; the order to show them in (a lower rank never has a better score).
    public var rank: Int
    public var uci: String
    public var san: String
    /// From the point of view of the side to move.
    public var score: Score
    /// From White's point of view.
    public var whiteScore: Score
    /// The depth this line was searched to.
    public var depth: Int
    /// The principal variation in UCI, starting with ``uci``.
    public var pv: [String]
}

/// The engine's view of a position.
public struct TopMoves: Hashable, Sendable {
    /// Best first.
    public var moves: [TopMove]
    /// `Stockfish 15.1`, and the profile the bundle was analysed with.
    public var engine: String
    public var profile: String
    public var nodes: Int64
    /// The best move of the last iteration the engine finished: always `moves[0]`'s move (the bundle's
    /// `best_uci`; the engine's own `bestmove` may come from the iteration a node limit stopped, with no score).
    public var bestMoveUCI: String?
}

/// What a move loses against the engine's best move, from the mover's point of view.
public enum MoveLoss: Hashable, Sendable {
    /// As good as the best move.
    case none
    /// This many centipawns worse than the best.
    case centipawns(Int)
    /// The best move mates in this many moves; this one does not (or mates more slowly).
    case missesMate(bestMatesIn: Int)
    /// This move lets the opponent mate in this many moves where the best move does not (or later).
    case allowsMate(in: Int)
    /// Not among the top moves the bundle keeps: at best as good as the last of them (this score).
    case notInTopMoves(worseThanOrEqual: Score)

    init(best: Score, move: Score) {
        if best == move || !best.isBetter(than: move) {
            self = .none
            return
        }
        switch (best, move) {
        case let (.centipawns(b), .centipawns(m)): self = .centipawns(b - m)
        case let (.mate(b), _) where b > 0: self = .missesMate(bestMatesIn: b)
        case let (_, .mate(m)): self = .allowsMate(in: -m)
        // Being mated is never better than a centipawn score: the guard above has returned already.
        case (.mate, .centipawns): self = .none
        }
    }
}

/// How a move compares with the engine's top moves.
public struct MoveJudgement: Hashable, Sendable {
    public var uci: String
    /// 1…3 when the move is one of the top moves, else `nil`.
    public var rank: Int?
    /// The move's score (mover's view) when it is one of the top moves.
    public var score: Score?
    /// The best move.
    public var best: TopMove
    public var loss: MoveLoss
    /// True when the move is among the top three.
    public var isTopThree: Bool { rank.map { $0 <= 3 } ?? false }
}

extension PieceColor {
    /// The bundle's stored colour (`'white'`, `'black'`) as the one colour type the app sees.
    init(_ side: Side) {
        switch side {
        case .white: self = .white
        case .black: self = .black
        }
    }
}
