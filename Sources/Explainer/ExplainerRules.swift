// ExplainerRules: every threshold the explainer's judgement and its writer read, named once, each with its doc line.
import ChessCore

/// The explainer's thresholds: one value, carried by ``AnnotationOptions/rules`` to every detector, the writer and the
/// grade's confirmation. Changing "a pawn" is changing ``pawn``; docs/annotator.md's threshold table is ``table``
/// (a test holds the page to it).
///
/// ```swift
/// var rules = ExplainerRules.standard
/// rules.pawn = 150                      // a line must now win a pawn and a half to "win material"
/// let explainer = Explainer(engine: myStockfish, options: AnnotationOptions(rules: rules))
/// ```
///
/// Where a rule is read without an explainer at hand (the static exchange's piece values, `LineMaterial`'s lapse rule,
/// ``MaterialSwing/agrees(_:withLoss:)``), it reads ``standard``; ``ConfirmationPolicy`` reads the options' own.
public struct ExplainerRules: Hashable, Sendable {
    /// A pawn of material, in centipawns (see ``table``).
    public var pawn: Int
    /// The exchange: a rook for a minor piece (see ``table``).
    public var exchange: Int
    /// A minor piece (see ``table``).
    public var piece: Int
    /// The least centipawn drop a shallow line settles without a deeper search (see ``table``).
    public var settledDrop: Int
    /// The agreement tolerance's floor, in centipawns (see ``table``).
    public var agreementFloor: Int
    /// The agreement tolerance's share of the loss: 1/`agreementShare` of it (see ``table``).
    public var agreementShare: Int
    /// The mover's score from which a gift of material counts as compensated, a gambit (see ``table``).
    public var compensationFloor: Int
    /// How much better the null-move search must score for a threat or a prevented idea to be named (see ``table``).
    public var threatMargin: Int
    /// The mover's score from which a capture that leaves it material ahead "wins" that material (see ``table``).
    public var winningScore: Int
    /// The plies of the engine's line a refutation shows before its quiet point (see ``table``).
    public var refutationPlies: Int
    /// The most plies a refutation runs to reach a quiet point (see ``table``).
    public var refutationMaxPlies: Int
    /// The widest first sentence the writer joins a second clause into, in characters (see ``table``).
    public var joinWidth: Int
    /// The most sentences in a generated text (see ``table``).
    public var sentenceCap: Int
    /// How many times the build searches a position's first line's child again at most (see ``table``).
    public var bestRounds: Int
    /// The parent search's lines whose inaccuracies are confirmed by a deeper search (see ``table``).
    public var confirmedRanks: Int
    /// The drop in winning chances (permille) from which a good move's note names the better move (see ``table``).
    public var lesson: Int
    /// The centipawns a good move lets go from which its note names the better move, whatever the drop (see ``table``).
    public var lessonCentipawns: Int
    /// The least a board threat's capture must win by exchange to be claimed, in centipawns (see ``table``).
    public var threatFloor: Int

    public init(pawn: Int = 100, exchange: Int = 200, piece: Int = 300, settledDrop: Int = 300, agreementFloor: Int = 150,
                agreementShare: Int = 2, compensationFloor: Int = -30, threatMargin: Int = 100, winningScore: Int = 50,
                refutationPlies: Int = 4, refutationMaxPlies: Int = 8, joinWidth: Int = 140, sentenceCap: Int = 3,
                bestRounds: Int = 3, confirmedRanks: Int = 3, lesson: Int = 50, lessonCentipawns: Int = 100, threatFloor: Int = 50) {
        self.pawn = pawn
        self.exchange = exchange
        self.piece = piece
        self.settledDrop = settledDrop
        self.agreementFloor = agreementFloor
        self.agreementShare = agreementShare
        self.compensationFloor = compensationFloor
        self.threatMargin = threatMargin
        self.winningScore = winningScore
        self.refutationPlies = refutationPlies
        self.refutationMaxPlies = refutationMaxPlies
        self.joinWidth = joinWidth
        self.sentenceCap = sentenceCap
        self.bestRounds = bestRounds
        self.confirmedRanks = confirmedRanks
        self.lesson = lesson
        self.lessonCentipawns = lessonCentipawns
        self.threatFloor = threatFloor
    }

    /// The build's rules and an app's default.
    public static let standard = ExplainerRules()

    /// Whether a note on a move with this grade names the better move: an inaccuracy or worse, or a good move whose
    /// drop reaches ``lesson`` or that lets go ``lessonCentipawns`` or more (an okay move).
    public func namesBetter(_ grade: MoveGrade) -> Bool {
        grade.verdict >= .inaccuracy || (grade.verdict == .good && (grade.drop >= lesson || (grade.centipawnLoss ?? 0) >= lessonCentipawns))
    }

    /// Whether material worth `value` centipawns accounts for a loss of `loss` centipawns against the best move: within
    /// 1/``agreementShare`` of the loss, and at least ``agreementFloor``, of it.
    public func agrees(_ value: Int, withLoss loss: Int) -> Bool {
        abs(value - loss) <= max(agreementFloor, loss / agreementShare)
    }

    /// One row of ``table``.
    public struct Rule: Hashable, Sendable {
        public var name: String
        public var value: Int
        /// `cp`, `plies`, …; empty for a plain number.
        public var unit: String
        /// What the rule decides, in one line.
        public var doc: String
    }

    /// Every rule with its value and what it decides: docs/annotator.md's threshold table, in this order.
    public var table: [Rule] {
        [
            Rule(name: "pawn", value: pawn, unit: "cp", doc: "a pawn of material: the least a capture or a line must net to win material, the least loss of material a shallow verdict must show on the board to stand unconfirmed, the least a threat's target or a better move's line must win"),
            Rule(name: "exchange", value: exchange, unit: "cp", doc: "the least material a lapse of the engine's line gives away (a capture or a move that loses it by exchange is cut off the line), and the least a declined recapture regains"),
            Rule(name: "piece", value: piece, unit: "cp", doc: "a minor piece: a shallow line that leaves the mover this much down on the board settles a blunder without a deeper search"),
            Rule(name: "settledDrop", value: settledDrop, unit: "cp", doc: "with `piece`: the drop against the best line from which a shallow line settles its grade"),
            Rule(name: "agreementFloor", value: agreementFloor, unit: "cp", doc: "the least tolerance between the material a line names and the engine's loss for the words to stand"),
            Rule(name: "agreementShare", value: agreementShare, unit: "", doc: "n, the tolerance's share of the loss: material within 1/n of the loss (or `agreementFloor`) agrees with it"),
            Rule(name: "compensationFloor", value: compensationFloor, unit: "cp", doc: "the mover's score from which material offered is a gambit, not a loss"),
            Rule(name: "threatMargin", value: threatMargin, unit: "cp", doc: "how much better the null-move search must score than the position for a threat (after the move) or a prevented idea (before it) to be named"),
            Rule(name: "winningScore", value: winningScore, unit: "cp", doc: "the mover's score from which a capture that leaves it material ahead wins that material"),
            Rule(name: "refutationPlies", value: refutationPlies, unit: "plies", doc: "the plies of the engine's line a refutation shows and counts, before it is run on to a quiet point"),
            Rule(name: "refutationMaxPlies", value: refutationMaxPlies, unit: "plies", doc: "the most plies a refutation runs to finish an exchange; also how far the moves known to follow a move are read"),
            Rule(name: "joinWidth", value: joinWidth, unit: "characters", doc: "the writer joins a second clause into the first sentence while the two stay shorter than this"),
            Rule(name: "sentenceCap", value: sentenceCap, unit: "sentences", doc: "the most sentences a generated text holds (all within `AuthoredComment.lengthBounds`)"),
            Rule(name: "bestRounds", value: bestRounds, unit: "searches", doc: "how many times the build searches the child of a position's first-ranked line again, deeper, to grade the other moves against it"),
            Rule(name: "confirmedRanks", value: confirmedRanks, unit: "lines", doc: "an inaccuracy read from a grading search is confirmed deeper when the parent's search ranks the move among its first this many (a mistake or worse always is)"),
            Rule(name: "lesson", value: lesson, unit: "permille", doc: "a good move's drop in winning chances from which its note names the better move (an okay move): half an inaccuracy, about a quarter of a pawn from equal, so a 10 cp difference is no lesson"),
            Rule(name: "lessonCentipawns", value: lessonCentipawns, unit: "cp", doc: "the centipawns a good move lets go from which its note names the better move whatever the drop: at lopsided scores the winning-chances scale hides free material"),
            Rule(name: "threatFloor", value: threatFloor, unit: "cp", doc: "the least a board threat (taking a piece the move newly attacks, the mover to move again) must win by static exchange to be the note's threat"),
        ]
    }

    /// ``table`` as docs/annotator.md shows it: a Markdown table, one row per rule.
    public var markdownTable: String {
        (["| rule | value | decides |", "| --- | --- | --- |"]
            + table.map { "| `\($0.name)` | \($0.value)\($0.unit.isEmpty ? "" : " " + $0.unit) | \($0.doc) |" }).joined(separator: "\n")
    }
}
