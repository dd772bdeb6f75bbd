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

    /// The WDL the UCI words `wdl w d l` stand for: each permille in 0…1000, as for `ScoreValue.checked`
    /// the one place numbers from an engine or a cached row become one.
    public static func checked(win: Int, draw: Int, loss: Int) throws(UCIParseError) -> WDL {
        for v in [win, draw, loss] where !(0...1000).contains(v) {
            throw UCIParseError(reason: "wdl \(win) \(draw) \(loss): \(v) is not a permille (0…1000)")
        }
        return WDL(win: win, draw: draw, loss: loss)
    }

    public var negated: WDL { WDL(win: loss, draw: draw, loss: win) }
}

extension WDL {
    enum CodingKeys: String, CodingKey { case win, draw, loss }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let w = try c.decode(Int.self, forKey: .win), d = try c.decode(Int.self, forKey: .draw), l = try c.decode(Int.self, forKey: .loss)
        do { self = try WDL.checked(win: w, draw: d, loss: l) } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: error.reason))
        }
    }
}
