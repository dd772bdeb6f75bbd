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

extension ScoreValue {
    /// The largest centipawn score taken, either sign. Stockfish's own scores stay below 32,001
    /// (`VALUE_INFINITE`); anything beyond this is not an evaluation but a broken engine or file.
    public static let centipawnLimit = 100_000
    /// The largest mate distance taken, either sign (a search is at most a few hundred plies deep).
    public static let mateLimit = 1_000

    /// The score the UCI words `kind n` stand for (`cp 35`, `mate -3`). The one place a number from
    /// outside (an engine's `info` line, a cached row) becomes a score: an unknown kind or a number
    /// outside ±`centipawnLimit` / ±`mateLimit` is a protocol error, never arithmetic (so negating,
    /// ordering and printing a score cannot overflow, `Int.min` included).
    ///
    /// ```swift
    /// try ScoreValue.checked(kind: "cp", 35)                    // .centipawns(35)
    /// try ScoreValue.checked(kind: "mate", Int.min)             // throws: out of range
    /// ```
    public static func checked(kind: some StringProtocol, _ n: Int) throws(UCIParseError) -> ScoreValue {
        switch kind {
        case "cp":
            guard (-centipawnLimit...centipawnLimit).contains(n) else {
                throw UCIParseError(reason: "score cp \(n) is outside ±\(centipawnLimit)")
            }
            return .centipawns(n)
        case "mate":
            guard (-mateLimit...mateLimit).contains(n) else { throw UCIParseError(reason: "score mate \(n) is outside ±\(mateLimit)") }
            return .mate(n)
        default:
            throw UCIParseError(reason: "score kind \"\(kind)\" is neither cp nor mate")
        }
    }
}

extension ScoreValue: Codable {
    // Encoded as `{"cp": n}` or `{"mate": n}`, the shape the jsonl output promises. Decoding goes through
    // `checked`, so a stored score is held to the same range as one from the engine.
    enum CodingKeys: String, CodingKey { case cp, mate }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let mate = try c.decodeIfPresent(Int.self, forKey: .mate)
        let (kind, n) = try mate.map { ("mate", $0) } ?? ("cp", c.decode(Int.self, forKey: .cp))
        do { self = try ScoreValue.checked(kind: kind, n) } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: error.reason))
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
