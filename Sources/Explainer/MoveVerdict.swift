// MoveVerdict: how good a move was for its mover — best, good, inaccuracy, mistake, blunder — from the drop in winning chances.
import ChessCore

/// The verdict on a move, for the side that made it, worst last.
///
/// One table (``VerdictThresholds``) decides it for the build and for an app grading its own engine's results.
public enum MoveVerdict: String, CaseIterable, Comparable, Hashable, Sendable, Codable {
    case best, good, inaccuracy, mistake, blunder

    public static func < (a: MoveVerdict, b: MoveVerdict) -> Bool { a.order < b.order }

    private var order: Int {
        switch self {
        case .best: 0
        case .good: 1
        case .inaccuracy: 2
        case .mistake: 3
        case .blunder: 4
        }
    }

    /// With its article, as a sentence uses it: "an inaccuracy", "a blunder".
    public var withArticle: String {
        switch self {
        case .best: "the best move"
        case .good: "a good move"
        case .inaccuracy: "an inaccuracy"
        case .mistake: "a mistake"
        case .blunder: "a blunder"
        }
    }
}

/// Winning chances of a score, lichess's model: `2 / (1 + e^(-0.00368208 * cp)) - 1` with centipawns clamped to
/// ±1,000, in permille from −1,000 (lost) to +1,000 (won). A mate for the side is +1,000, being mated −1,000:
/// mates stay mates and never become a centipawn number.
///
/// ```swift
/// WinningChances.permille(.centipawns(0))    // 0
/// WinningChances.permille(.centipawns(100))  // 182
/// WinningChances.permille(.mate(3))          // 1000
/// ```
public enum WinningChances {
    /// lichess's constant (lila `WinPercent`), fitted to its games.
    static let slope = 0.00368208

    public static func permille(_ score: Score) -> Int {
        switch score {
        case .mate(let n): return n > 0 ? 1000 : -1000
        case .centipawns(let cp):
            let clamped = Double(max(-1000, min(1000, cp)))
            let chances = 2 / (1 + exp(-slope * clamped)) - 1
            return Int((chances * 1000).rounded())
        }
    }

    /// e^x for |x| ≤ 4 without libm (Openings imports no Foundation, Glibc or Darwin), and the same bits on every
    /// platform: halve x until it is small, sum the Taylor series, square back.
    static func exp(_ x: Double) -> Double {
        var r = x
        var halvings = 0
        while r > 0.0625 || r < -0.0625 {
            r /= 2
            halvings += 1
        }
        var term = 1.0
        var sum = 1.0
        for i in 1...12 {
            term *= r / Double(i)
            sum += term
        }
        for _ in 0..<halvings { sum *= sum }
        return sum
    }
}

/// The thresholds of ``MoveVerdict``, on the drop in winning chances (permille, ``WinningChances``) between the
/// engine's best move and the move played, both from the mover's side. The defaults are lichess's (its analysis
/// marks a loss of 0.1, 0.2, 0.3 of winning chances as inaccuracy, mistake, blunder), mates graded as it grades them.
///
/// | verdict | when |
/// | --- | --- |
/// | best | the engine's best move, or a move that scores no worse (a slower mate does not: it is good) |
/// | good | the drop is below `inaccuracy` (100) |
/// | inaccuracy | the drop is at least 100 and below 200 |
/// | mistake | at least 200 and below 300 |
/// | blunder | at least 300 |
/// | a forced mate let go | inaccuracy when the mover keeps more than 999 cp, mistake above 700, else blunder |
/// | a forced mate allowed | inaccuracy when the best move scored below −999 cp, mistake below −700, else blunder |
///
/// Tests/OpeningsTests/Fixtures/verdicts/thresholds.txt holds cases computed independently (python's `math.exp`).
///
/// ```swift
/// let best = EngineLine(uci: "g8f6", san: "Nf6", score: .centipawns(20), pv: ["g8f6"])
/// let grade = VerdictThresholds.standard.grade(move: "d8h4", played: .centipawns(-180), best: best, rank: nil)
/// grade.verdict  // .blunder: +0.20 is 37 permille, -1.80 is -320, a drop of 357
/// ```
public struct VerdictThresholds: Hashable, Sendable {
    public var inaccuracy: Int
    public var mistake: Int
    public var blunder: Int
    /// Centipawns left after a mate is let go (or before one is allowed, negated) above which it is only an
    /// inaccuracy, and above which a mistake (lichess: 999 and 700).
    public var mateInaccuracy: Int
    public var mateMistake: Int
    public static let standard = VerdictThresholds(inaccuracy: 100, mistake: 200, blunder: 300, mateInaccuracy: 999, mateMistake: 700)

    public init(inaccuracy: Int, mistake: Int, blunder: Int, mateInaccuracy: Int, mateMistake: Int) {
        self.inaccuracy = inaccuracy
        self.mistake = mistake
        self.blunder = blunder
        self.mateInaccuracy = mateInaccuracy
        self.mateMistake = mateMistake
    }

    /// The verdict on a move scoring `played` where the best move scores `best` (both mover's view).
    public func verdict(best: Score, played: Score) -> MoveVerdict {
        if !best.isBetter(than: played) { return .best }
        switch (best, played) {
        case (.mate(let b), .mate(let p)) where b > 0 && p > 0: break   // a slower mate: by the drop (none): good
        case (.mate(let b), _) where b > 0:
            guard case .centipawns(let left) = played else { return .blunder }   // from mating to being mated
            return left > mateInaccuracy ? .inaccuracy : left > mateMistake ? .mistake : .blunder
        case (.centipawns(let before), .mate(let p)) where p <= 0:
            return before < -mateInaccuracy ? .inaccuracy : before < -mateMistake ? .mistake : .blunder
        default: break
        }
        return verdict(drop: WinningChances.permille(best) - WinningChances.permille(played))
    }

    /// The verdict for a drop in winning chances (permille) of a move that scores worse than the best.
    public func verdict(drop: Int) -> MoveVerdict {
        if drop >= blunder { return .blunder }
        if drop >= mistake { return .mistake }
        if drop >= inaccuracy { return .inaccuracy }
        return .good
    }

    /// Grades `move` (UCI) against the engine's best line in the position before it. `played` is the mover's score
    /// after the move: its own line in that search when there is one, else the search after the move, negated.
    public func grade(move: String, played: Score, best: EngineLine, rank: Int?) -> MoveGrade {
        let drop = WinningChances.permille(best.score) - WinningChances.permille(played)
        let verdict = move == best.uci ? .best : verdict(best: best.score, played: played)
        return MoveGrade(verdict: verdict, best: best.score, played: played, drop: max(0, drop),
                         centipawnLoss: best.score.centipawns(minus: played).map { max(0, $0) }, rank: rank, better: best.uci)
    }

    /// Grades `move` from the engine's verdicts before it and (when the move is not among the lines before) after it.
    /// Nil when there is no line before (the position is over) or no score for the move.
    public func grade(move: String, before: EngineVerdict, after: EngineVerdict?) -> MoveGrade? {
        guard let best = before.lines.first else { return nil }
        let index = before.lines.firstIndex { $0.uci == move }
        guard let played = index.map({ before.lines[$0].score }) ?? after?.score.negated else { return nil }
        return grade(move: move, played: played, best: best, rank: index.map { $0 + 1 })
    }
}

/// A move's grade: its verdict and the numbers it stands on, mover's point of view.
public struct MoveGrade: Hashable, Sendable {
    public var verdict: MoveVerdict
    /// The engine's best score in the position before the move.
    public var best: Score
    /// The move's own score.
    public var played: Score
    /// Winning chances lost against the best move, permille (0 when none).
    public var drop: Int
    /// Centipawns lost against the best move; nil when either score is a mate.
    public var centipawnLoss: Int?
    /// 1 for the engine's best line, 2 and 3 for the next; nil when the move is not among the engine's lines.
    public var rank: Int?
    /// The engine's best move (UCI).
    public var better: String

    public init(verdict: MoveVerdict, best: Score, played: Score, drop: Int, centipawnLoss: Int?, rank: Int?, better: String) {
        self.verdict = verdict
        self.best = best
        self.played = played
        self.drop = drop
        self.centipawnLoss = centipawnLoss
        self.rank = rank
        self.better = better
    }
}
