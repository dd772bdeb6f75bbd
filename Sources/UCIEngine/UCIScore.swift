// UCIScore: an engine's score as an info line reports it (ChessCore's Score), whether it is exact or a bound, and WDL.
import ChessCore

/// Whether a reported score is exact or only a bound (a search stopped inside an aspiration window).
public enum ScoreBound: String, Hashable, Sendable, Codable {
    case exact, lowerbound, upperbound
}

/// A score as an `info` line reports it.
public struct UCIScore: Hashable, Sendable, Codable {
    public var value: Score
    public var bound: ScoreBound

    public init(_ value: Score, bound: ScoreBound = .exact) {
        self.value = value
        self.bound = bound
    }
}

/// Win/draw/loss expectation in permille, from the side to move's point of view.
public struct WDL: Hashable, Sendable, Codable {
    public var win: Int
    public var draw: Int
    public var loss: Int

    public init(win: Int, draw: Int, loss: Int) {
        self.win = win
        self.draw = draw
        self.loss = loss
    }

    public var negated: WDL { WDL(win: loss, draw: draw, loss: win) }
}
