// UCIScore: an engine's evaluation (centipawns or moves to mate), whether it is exact or a bound, and WDL.

/// An evaluation from one side's point of view: centipawns, or mate in `n` moves
/// (`n > 0`: that side mates; `n < 0`: that side is mated; `0`: that side is already mated).
public enum ScoreValue: Hashable, Sendable {
    case centipawns(Int)
    case mate(Int)

    /// The same evaluation from the other side's point of view.
    public var negated: ScoreValue {
        switch self {
        case .centipawns(let c): .centipawns(-c)
        case .mate(let m): .mate(-m)
        }
    }

    /// One number that orders scores from this side's point of view: any winning mate beats any
    /// centipawn score and a shorter one beats a longer one; being mated sorts below everything.
    /// Only for ordering; never stored (mates stay mates).
    public var order: Int {
        switch self {
        case .centipawns(let c): c
        case .mate(let m): m > 0 ? 1_000_000 - m : -1_000_000 - m
        }
    }

    /// `+0.35`, `-1.20`, `#3`, `#-2`.
    public var text: String {
        switch self {
        case .centipawns(let c):
            let sign = c < 0 ? "-" : "+"
            let a = abs(c)
            let frac = a % 100
            return "\(sign)\(a / 100).\(frac < 10 ? "0" : "")\(frac)"
        case .mate(let m): return "#\(m)"
        }
    }
}

extension ScoreValue: Codable {
    // Encoded as `{"cp": n}` or `{"mate": n}`, the shape the jsonl output promises.
    enum CodingKeys: String, CodingKey { case cp, mate }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let m = try c.decodeIfPresent(Int.self, forKey: .mate) {
            self = .mate(m)
        } else {
            self = .centipawns(try c.decode(Int.self, forKey: .cp))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .centipawns(let v): try c.encode(v, forKey: .cp)
        case .mate(let v): try c.encode(v, forKey: .mate)
        }
    }
}

/// Whether a reported score is exact or only a bound (a search stopped inside an aspiration window).
public enum ScoreBound: String, Hashable, Sendable, Codable {
    case exact, lowerbound, upperbound
}

/// A score as an `info` line reports it.
public struct UCIScore: Hashable, Sendable, Codable {
    public var value: ScoreValue
    public var bound: ScoreBound

    public init(_ value: ScoreValue, bound: ScoreBound = .exact) {
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
