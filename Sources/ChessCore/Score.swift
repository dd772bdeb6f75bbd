// Score: an engine's evaluation of a position — centipawns or mate — with python-chess's total order and one notation.

/// An evaluation from one side's point of view: centipawns, or mate in `n` moves (`n > 0`: that side mates;
/// `n < 0`: that side is mated in `-n`; `0`: that side is already mated). Mates stay mates: no score is ever
/// turned into a large centipawn number to be compared or stored. "No score" is `Score?`'s nil, not a score.
///
/// Ordered as python-chess orders `chess.engine.Score`, from this side's point of view:
/// `mate(0) < mate(-1) < mate(-2) < … < centipawns(-50) < centipawns(200) < … < mate(4) < mate(1)`.
///
/// ```swift
/// Score.mate(3) > .centipawns(900)      // true
/// Score.centipawns(-120).text           // "-1.20"
/// Score.mate(-2).negated                // .mate(2)
/// ```
public enum Score: Hashable, Sendable {
    case centipawns(Int)
    case mate(Int)

    /// From a stored pair of columns (`score_cp`, `score_mate`: the bundle's and the cache's rows): exactly one is set;
    /// nil when neither or both are, which is a damaged row, never an even score.
    public init?(centipawns: Int?, mate: Int?) {
        switch (centipawns, mate) {
        case let (c?, nil): self = .centipawns(c)
        case let (nil, m?): self = .mate(m)
        default: return nil
        }
    }

    /// The score as that pair of columns: one set, the other nil.
    public var columns: (centipawns: Int?, mate: Int?) {
        switch self {
        case .centipawns(let c): (c, nil)
        case .mate(let m): (nil, m)
        }
    }

    /// The same evaluation from the other side's point of view.
    public var negated: Score {
        switch self {
        case .centipawns(let c): .centipawns(-c)
        case .mate(let m): .mate(-m)
        }
    }

    /// `+0.35`, `-1.20`, `#3`, `#-2`: the engine's usual notation, and the only one the project writes.
    public var text: String {
        switch self {
        case .centipawns(let c):
            let a = abs(c)
            return "\(c < 0 ? "-" : "+")\(a / 100).\(a % 100 < 10 ? "0" : "")\(a % 100)"
        case .mate(let m): return "#\(m)"
        }
    }

    /// Whether this score is better than `other` for the side it belongs to by at least `margin` centipawns.
    /// `margin` only applies between two centipawn scores; with a mate on either side the order decides.
    public func isBetter(than other: Score, by margin: Int = 1) -> Bool {
        if case .centipawns(let a) = self, case .centipawns(let b) = other { return a - b >= margin }
        return self > other
    }

    /// The centipawn difference `self - other` when both are centipawn scores; nil when a mate is involved
    /// (then the difference is not a number of pawns, and the order says which is better).
    public func centipawns(minus other: Score) -> Int? {
        if case .centipawns(let a) = self, case .centipawns(let b) = other { return a - b }
        return nil
    }
}

extension Score: Comparable {
    public static func < (a: Score, b: Score) -> Bool {
        let (x, y) = (a.rank, b.rank)
        return x.tier != y.tier ? x.tier < y.tier : x.value < y.value
    }

    /// Being mated sorts lowest (mated later is better), then centipawns, then giving mate (sooner is better).
    private var rank: (tier: Int, value: Int) {
        switch self {
        case .mate(let m) where m > 0: (2, -m)
        case .centipawns(let c): (1, c)
        case .mate(let m): (0, -m)
        }
    }
}

/// A score whose number is outside what any engine reports (`Score.checked`).
public struct ScoreOutOfRange: Error, Hashable, Sendable {
    public let reason: String
}

extension Score {
    /// The largest centipawn score taken, either sign. Stockfish's own scores stay below 32,001
    /// (`VALUE_INFINITE`); anything beyond this is not an evaluation but a broken engine or file.
    public static let centipawnLimit = 100_000
    /// The largest mate distance taken, either sign (a search is at most a few hundred plies deep).
    public static let mateLimit = 1_000

    /// The score the UCI words `kind n` stand for (`cp 35`, `mate -3`). The one place a number from
    /// outside (an engine's `info` line, a cached row, a stored record) becomes a score: an unknown kind or
    /// a number outside ±`centipawnLimit` / ±`mateLimit` is an error, never arithmetic (so negating,
    /// ordering and printing a score cannot overflow, `Int.min` included).
    ///
    /// ```swift
    /// try Score.checked(kind: "cp", 35)                    // .centipawns(35)
    /// try Score.checked(kind: "mate", Int.min)             // throws: out of range
    /// ```
    public static func checked(kind: some StringProtocol, _ n: Int) throws(ScoreOutOfRange) -> Score {
        switch kind {
        case "cp":
            guard (-centipawnLimit...centipawnLimit).contains(n) else {
                throw ScoreOutOfRange(reason: "score cp \(n) is outside ±\(centipawnLimit)")
            }
            return .centipawns(n)
        case "mate":
            guard (-mateLimit...mateLimit).contains(n) else { throw ScoreOutOfRange(reason: "score mate \(n) is outside ±\(mateLimit)") }
            return .mate(n)
        default:
            throw ScoreOutOfRange(reason: "score kind \"\(kind)\" is neither cp nor mate")
        }
    }
}

extension Score: Codable {
    // Decoding goes through `checked`, so a stored score is held to the same range as one from the engine.
    // Encoded as `{"cp": n}` or `{"mate": n}`: the shape of the analysis cache and the jsonl outputs.
    enum CodingKeys: String, CodingKey { case cp, mate }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let mate = try c.decodeIfPresent(Int.self, forKey: .mate)
        let (kind, n) = try mate.map { ("mate", $0) } ?? ("cp", c.decode(Int.self, forKey: .cp))
        do { self = try Score.checked(kind: kind, n) } catch {
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
