// Explainer: the note on one move in any position — verdict, what it does, what goes wrong, what was better — from the annotator and an engine.
import ChessCore
import ChessPGN

/// A move of a note's extra lines (better move, refutation, threat, answer), with its words where it has them.
public struct NoteLine: Hashable, Sendable {
    /// The moves in UCI, the first one being the move the line is about.
    public var uci: [String]
    /// The same moves in SAN.
    public var san: [String]
    /// The engine's score of the line, from the side that plays its first move.
    public var score: Score?
    /// What the first move does, in the annotator's words (empty when not explained).
    public var text: String
    /// Its arrows (red for what goes wrong or is threatened, green for a recommended move).
    public var arrows: [Arrow]

    public init(uci: [String], san: [String], score: Score?, text: String, arrows: [Arrow]) {
        self.uci = uci
        self.san = san
        self.score = score
        self.text = text
        self.arrows = arrows
    }
}

/// What the coach says about one move: the same value the build writes into the bundle and an app computes with
/// its own engine for a position beyond it.
public struct Note: Hashable, Sendable {
    public var uci: String
    public var san: String
    public var fenBefore: String
    public var mover: PieceColor
    /// The verdict and the scores it stands on; nil when the engine gave no result for the position.
    public var grade: MoveGrade?
    /// What the move does (the annotator's words for its motifs; engine claims only with their evidence).
    public var text: String
    public var motifs: [Motif]
    /// The text's one material or evaluative claim and the score it stands on, if it makes one.
    public var claim: ExplanationClaim?
    /// The move's arrows (the annotator's: green for the learner's move, red for threats).
    public var arrows: [Arrow]
    /// What the move threatens, were the mover to move again: the engine's threat where its null-move search was asked,
    /// else the board's (a mate in one, or taking a piece the move newly attacks); see `Explainer.threat(_:after:floor:)`.
    public var threat: NoteLine?
    /// For an inaccuracy or worse: the engine's best reply and the short line that shows what goes wrong. After an
    /// opponent's move it begins with the learner's best reply — the punishment the learner is to find — so an app shows
    /// it as it shows ``answer``: after the learner has tried (docs/bundle.md).
    public var refutation: NoteLine?
    /// For an inaccuracy or worse: the engine's best move instead, and what it does.
    public var better: NoteLine?
    /// After an opponent's move: the learner's best answer (the engine's), a field of its own so the text never gives it away.
    public var answer: NoteLine?
    /// The depth of the search the grade stands on: the move's own line before it, else the search after it.
    public var depth: Int?
    /// For a move that leaves the course's lines: the position it reaches and how the learner's plan changes.
    public var leaves: CourseExit?

    public var verdict: MoveVerdict? { grade?.verdict }

    /// A note with its move, grade and words; the lines (threat, refutation, better, answer) are set after. A reader of
    /// stored notes (a bundle's `move_note`) builds them with this; the explainer makes its own.
    public init(uci: String, san: String, fenBefore: String, mover: PieceColor, grade: MoveGrade?, text: String, motifs: [Motif],
                claim: ExplanationClaim?, arrows: [Arrow]) {
        self.uci = uci
        self.san = san
        self.fenBefore = fenBefore
        self.mover = mover
        self.grade = grade
        self.text = text
        self.motifs = motifs
        self.claim = claim
        self.arrows = arrows
    }
}

/// What the course plays where a move is explained, so a note can say when a move leaves its lines
/// (``Explainer/explain(_:in:learner:previous:course:)``). The build fills it from the curriculum; an app from its bundle.
public struct CourseContext: Hashable, Sendable {
    /// The moves the course's lines play from the position (UCI).
    public var moves: Set<String>
    /// Where the opponent is to move: the course's own move here and the learner's answer to it that the course
    /// teaches (UCI, the answer played after `expected`), the plan a move off the lines may change.
    public var expected: String?
    public var plannedAnswer: String?
    /// The opening name of the position the explained move reaches (the list's, or the nearest named position's
    /// before it).
    public var reachedName: String?

    public init(moves: Set<String>, expected: String? = nil, plannedAnswer: String? = nil, reachedName: String? = nil) {
        self.moves = moves
        self.expected = expected
        self.plannedAnswer = plannedAnswer
        self.reachedName = reachedName
    }
}

/// A move that leaves the course's lines: the name of the position it reaches and, after an opponent's move, what
/// happens to the answer the course teaches (never the engine's answer itself: that is the note's `answer`).
public struct CourseExit: Hashable, Sendable {
    /// The opening name of the position reached; nil when the list names nothing up to it.
    public var name: String?
    /// How the plan changes, in words; nil when the course's answer is still the engine's first choice, or for the
    /// learner's own move.
    public var plan: String?

    public init(name: String?, plan: String?) {
        self.name = name
        self.plan = plan
    }
}

/// Explains moves in any position with an engine, through the annotator: one code path for the build (every move of
/// the bundle) and for an app (positions beyond it, with its own Stockfish behind ``EngineOracle``).
///
/// ```swift
/// let explainer = Explainer(engine: myOracle)
/// let p = try Position(fen: "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2")
/// let (note, _) = explainer.explain(try p.move(san: "f6"), in: p, learner: .white)
/// note.verdict        // .mistake — an opponent's move: its refutation (Nxe5) is in note.answer / note.refutation,
/// note.text           // never in the text
/// ```
public struct Explainer: Sendable {
    public let engine: any EngineOracle
    public let options: AnnotationOptions
    /// Plies of a refutation line (the engine's best reply and what follows).
    public static let refutationPlies = ExplainerRules.standard.refutationPlies

    public init(engine: any EngineOracle, options: AnnotationOptions = AnnotationOptions()) {
        self.engine = engine
        self.options = options
    }

    /// The note on `move` played in `position` (the move must be legal there), for a learner playing `learner`;
    /// `previous` is the move that led to `position`, if known (tells a recapture from a capture). Positions the
    /// engine could not analyse leave the note without their parts (no grade, no refutation), and are returned.
    /// `course`, when given, says what the course plays here: a move it does not play gets ``Note/leaves``.
    public func explain(_ move: Move, in position: Position, learner: PieceColor, previous: Move? = nil, course: CourseContext? = nil)
        -> (note: Note, engineProblems: [EngineProblem]) {
        let after = position.playingUnchecked(move)
        var problems: [EngineProblem] = []
        let first = engine.analyse([position, after])
        func verdict(_ i: Int) -> EngineVerdict? {
            guard i < first.count else { return nil }
            switch first[i] {
            case .success(let v): return v
            case .failure(let p):
                if !p.isOmission { problems.append(p) }
                return nil
            }
        }
        let before = verdict(0)
        let afterVerdict = verdict(1)
        // A mistake read from a shallow line that loses no material is confirmed by a search after the best move too.
        var bestChild: (Position, EngineVerdict)?
        if let before, let child = options.confirmation.bestChild(of: move, in: position, before: before, after: afterVerdict) {
            switch engine.analyse([child]).first {
            case .success(let v)?: bestChild = (child, v)
            case .failure(let p)? where !p.isOmission: problems.append(p)
            case .failure?, nil: break
            }
        }
        let grade = before.flatMap {
            options.confirmation.grade(move, in: position, before: $0, after: afterVerdict, bestChild: bestChild?.1)
        }
        let reply = afterVerdict?.lines.first.flatMap { l in (try? after.move(uci: l.uci)).map { (l, $0) } }
        let best = before?.lines.first.flatMap { l in (try? position.move(uci: l.uci)).map { (l, $0) } }
        let wrong = (grade?.verdict ?? .best) >= .inaccuracy
        // An okay move (good, but its drop reaches the lesson threshold) names the better move too, with what it does.
        let namesBetter = grade.map(options.rules.namesBetter) ?? false

        // One annotator batch: the move followed by the engine's reply (the reply is the line's next move, so a
        // capture taken back is a trade and the answer is kept out of an opponent's text), and the better move.
        var known: [String: EngineVerdict] = [:]
        if let before { known[position.fen()] = before }
        if let afterVerdict { known[after.fen()] = afterVerdict }
        if let (p, v) = bestChild { known[p.fen()] = v }
        // Each line's words stand on its own next move: the engine's line after the reply, and after the better move, tells
        // a capture taken back (a trade) from one that is not (Nxf5 Nxe5: the knight is not taken back).
        var played = [LineMove(before: position, move: move)]
        var following: Move?
        var continuation: [Move] = []
        if let (l, r) = reply {
            played.append(LineMove(before: after, move: r))
            let line = LineMaterial(Array(l.pv.dropFirst()), from: after.playingUnchecked(r)).moves
            following = line.first
            continuation = Array(line.dropFirst())
        }
        var requests = [LineRequest(moves: played, learner: learner, previous: previous, following: following, continuation: continuation)]
        if namesBetter, let (l, b) = best, b != move {
            let next = l.pv.dropFirst().first.flatMap { try? position.playingUnchecked(b).move(uci: $0) }
            requests.append(LineRequest(moves: [LineMove(before: position, move: b)], learner: learner, previous: previous, following: next))
        }
        let annotator = Annotator(oracle: RememberingOracle(known: known, engine: engine), options: options)
        let (notes, more) = annotator.annotate(requests)
        problems += more
        let own = notes.first?.first

        var note = Note(uci: move.uci, san: position.san(move), fenBefore: position.fen(), mover: position.turn, grade: grade,
                        text: own?.explanation ?? "", motifs: own?.motifs ?? [], claim: own?.claim, arrows: own?.arrows ?? [])
        note.threat = Self.threat(note.motifs, after: after, floor: options.rules.threatFloor)
        note.depth = grade.flatMap { g in g.rank.flatMap { before?.lines[$0 - 1].depth } ?? afterVerdict?.depth }
        if let (line, _) = reply {
            let text = notes.first.flatMap { $0.count > 1 ? $0[1].explanation : nil }
            if wrong { note.refutation = Self.refutation(line, after: move, in: position, replyText: text, loss: grade?.centipawnLoss) }
            if position.turn != learner { note.answer = Self.noteLine(line, from: after, text: text, arrow: .green, plies: 1) }
        }
        if namesBetter, let (line, b) = best, b != move {
            note.better = Self.noteLine(line, from: position, text: notes.count > 1 ? notes[1].first?.explanation : nil, arrow: .green, plies: 1)
            // An inaccuracy or an okay move says in its own words what was better (a mistake's verdict already names it);
            // what that move does is its `better` words: "This is an inaccuracy: Nf3 was better."
            if let g = grade, g.verdict <= .inaccuracy, let san = note.better?.san.first, let sentence = Self.betterSentence(san, verdict: g.verdict,
                                                                                                    variety: SentenceWriter.variety(fen: position.fen(), uci: move.uci)),
               note.text.count + 1 + sentence.count <= SentenceWriter.maxLength {
                note.text += (note.text.isEmpty ? "" : " ") + sentence
            }
        }
        if let course, !course.moves.contains(move.uci) {
            let replyText = notes.first.flatMap { $0.count > 1 ? $0[1].explanation : nil }
            note.leaves = Self.exit(course, after: after, answer: reply?.1, answerText: replyText, opponentMoved: position.turn != learner,
                                    position: position)
        }
        return (note, problems)
    }

    /// The exit of a move the course does not play: the name of the position reached, and after an opponent's move how
    /// the learner's plan changes, in the learner's words, never naming the answer (that is the note's `answer`): the
    /// course's answer to its own move is not possible now (and the board's reason: "Your usual exd5 is not possible now:
    /// there is no pawn on d5 to take."), or is not the best answer now (the engine's search after the move); then what
    /// the answer to find does, from its own explanation without its name ("Look for the move that attacks the knight
    /// on c6."). Nil plan when the course's answer is still the engine's, or for the learner's own move.
    static func exit(_ course: CourseContext, after: Position, answer: Move?, answerText: String? = nil, opponentMoved: Bool,
                     position: Position) -> CourseExit {
        guard opponentMoved, let e = course.expected, let expected = try? position.move(uci: e), let a = course.plannedAnswer else {
            return CourseExit(name: course.reachedName, plan: nil)
        }
        let line = position.playingUnchecked(expected)
        guard let taught = try? line.move(uci: a) else { return CourseExit(name: course.reachedName, plan: nil) }
        let san = line.san(taught)
        let hint = answer.flatMap { m in answerText.flatMap { Self.hint($0, answerSAN: after.san(m)) } }.map { " Look for the move that \($0)." } ?? ""
        guard let here = try? after.move(uci: a) else {
            return CourseExit(name: course.reachedName, plan: "Your usual \(san) is not possible now: \(Self.whyNot(taught, in: line, after: after)).\(hint)")
        }
        guard let answer, answer != here else { return CourseExit(name: course.reachedName, plan: nil) }
        return CourseExit(name: course.reachedName, plan: "Your usual \(san) is not the best answer now.\(hint)")
    }

    /// The sentence an inaccuracy or an okay move gets about the better move `san`. What that move does stays in the
    /// note's `better` words: said here it would carry the better move's claims ("stops Nxe5, which would have won …")
    /// into a note that makes none, and make every text its own (the bundle stores each text once).
    /// Several forms of each, chosen by `variety` (``SentenceWriter/variety(fen:uci:)``): one verdict's words in many notes
    /// are no more than a small share of the bundle's sentences (scripts/note-metrics.sql: a template at most 2 %).
    static func betterSentence(_ san: String, verdict: MoveVerdict, variety: UInt64 = 0) -> String? {
        let forms: [String]
        switch verdict {
        case .inaccuracy:
            forms = ["This is an inaccuracy: \(san) was better.", "An inaccuracy: \(san) was the better move.",
                     "\(san) was better here, so this is an inaccuracy.", "This is an inaccuracy, as \(san) was stronger.",
                     "A slight inaccuracy: better was \(san).", "\(san) was the stronger choice: this is an inaccuracy."]
        case .good:
            forms = ["\(san) was a little better.", "\(san) was slightly better.", "A little better was \(san).",
                     "Slightly better was \(san)."]
        case .best, .mistake, .blunder: return nil
        }
        return forms[Int(variety % UInt64(forms.count))]
    }

    /// What an answer does, from its explanation's first sentence without its own name: "Nxe5 wins the pawn on e5."
    /// gives "wins the pawn on e5"; nil when the sentence is not about the answer, names it again, or is a verdict.
    static func hint(_ text: String, answerSAN: String) -> String? {
        guard let first = SentenceWriter.sentences(text).first, first.hasPrefix(answerSAN + " "), first.hasSuffix(".") else { return nil }
        let rest = String(first.dropFirst(answerSAN.count + 1).dropLast())
        guard !rest.isEmpty, !Note.names(answerSAN, in: rest, subject: ""), !rest.hasPrefix("only moves") else { return nil }
        return rest
    }

    /// Why `move`, legal in `planned` (the position the course expected), is not legal in `actual`, from the board:
    /// the piece is gone, nothing is left to take, the way is blocked, the king is in check or would be.
    static func whyNot(_ move: Move, in planned: Position, after actual: Position) -> String {
        let us = planned.turn
        let role = planned.board.role(at: move.from)
        if actual.board.color(at: move.from) != us || actual.board.role(at: move.from) != role {
            return "the \(role?.name ?? "piece") is no longer on \(move.from.name)"
        }
        if actual.isCheck { return "your king is in check" }
        if move.isCastle { return "castling is not possible here" }
        if move.isEnPassant { return "the pawn on \(Square(file: move.to.file, rank: move.from.rank).name) can no longer be taken en passant" }
        if let taken = move.capture, !move.isEnPassant, actual.board.color(at: move.to) != us.opposite {
            return "there is no \(taken.name) on \(move.to.name) to take"
        }
        if move.capture == nil, let r = actual.board.role(at: move.to) {
            return "the \(r.name) on \(move.to.name) is in the way"
        }
        if let blocker = (Attacks.between(move.from, move.to) & actual.board.occupied).first, let r = actual.board.role(at: blocker) {
            return "the \(r.name) on \(blocker.name) is in the way"
        }
        return "it would leave your king in check"
    }

    /// The prefix of a PV that is legal from `position`, in UCI and SAN.
    static func playable(_ pv: [String], from position: Position) -> (uci: [String], san: [String]) {
        var p = position
        var uci: [String] = []
        var san: [String] = []
        for text in pv {
            guard let m = try? p.move(uci: text) else { break }
            uci.append(m.uci)
            san.append(p.san(m))
            p.playUnchecked(m)
        }
        return (uci, san)
    }

    /// A note line from an engine line: its legal prefix, at most `plies` long, the first move's words and arrow.
    static func noteLine(_ line: EngineLine, from position: Position, text: String?, arrow: AnnotationColor, plies: Int) -> NoteLine {
        let pv = playable(line.pv, from: position)
        return NoteLine(uci: Array(pv.uci.prefix(plies)), san: Array(pv.san.prefix(plies)), score: line.score, text: text ?? "",
                        arrows: Self.arrow(arrow, pv.uci.first ?? line.uci))
    }

    /// The refutation of `move` (played in `position`): the engine's line from the position after it, shown to a quiet
    /// point and without the mover's later lapses (``LineMaterial/refutation(of:in:pv:)``), its words what the line does, counted on the board: a mate it ends in or the engine
    /// scores, else the material won by the end of the shown line (the move itself counted; "won back" when it only
    /// restores what the refuter was down before the move, `MaterialSwing.onlyRestores`), then the reply's own words.
    static func refutation(_ line: EngineLine, after move: Move, in position: Position, replyText: String?, loss: Int? = nil) -> NoteLine {
        let after = position.playingUnchecked(move)
        let pv = playable(line.pv, from: after)
        let shown = LineMaterial.refutation(of: move, in: position, pv: pv.uci).shown
        let san = Array(pv.san.prefix(shown.moves.count))
        let refuter = after.turn
        var words: [String] = []
        // The line's moves are the note's own field (its SAN is shown beside the words): the words do not repeat them,
        // so the same words serve many notes (the bundle stores each text once).
        if let end = shown.positions.last, end.isCheckmate {
            words.append("The line ends in checkmate.")
        } else if case .mate(let n) = line.score, n > 0 {
            words.append("\(san.first ?? line.san) starts a forced mate in \(n).")
        } else if let won = MaterialWon(move: move, in: position, line: shown).swing(for: refuter), loss.map({ won.agrees(withLoss: $0) }) ?? true {
            let back = won.onlyRestores(balance: LineMaterial.balance(position.board, refuter)) ? "back " : ""
            // The reply that itself wins it says so ("bxa6 wins a bishop: the one on a6"): the count is not said twice.
            if !(back.isEmpty && replyText?.contains("wins \(won.words)") == true) {
                words.append("By the end of the line, \(refuter.name) has won \(back)\(won.words).")
            }
        }
        if let t = replyText, !t.isEmpty { words.append(t) }
        return NoteLine(uci: shown.moves.map(\.uci), san: san, score: line.score, text: words.joined(separator: " "),
                        arrows: Self.arrow(.red, pv.uci.first ?? line.uci))
    }

    /// The longest refutation shown when an exchange runs on.
    public static let refutationMaxPlies = ExplainerRules.standard.refutationMaxPlies

    /// What the move threatens, as a line of one move played from the position with the move passed: the engine's
    /// threat (`threatens`, its null-move search) where it was asked, else the board's: a mate in one
    /// (`threatensMate`), else taking the most valuable piece the move newly attacks (`attacks`: one with no defender,
    /// or worth more than the attacker) when the exchange there wins at least `floor` (``ExplainerRules/threatFloor``). Nil when the move threatens
    /// none of these.
    static func threat(_ motifs: [Motif], after: Position, floor: Int) -> NoteLine? {
        for m in motifs {
            if case .threatens(let san, let uci, _, let e) = m { return NoteLine(uci: [uci], san: [san], score: e.score, text: "", arrows: Self.arrow(.red, uci)) }
        }
        for m in motifs {
            if case .threatensMate(let san, let uci) = m { return NoteLine(uci: [uci], san: [san], score: nil, text: "", arrows: Self.arrow(.red, uci)) }
        }
        let targets = motifs.compactMap { m -> (PlacedPiece, PlacedPiece)? in
            if case .attacks(let a, let t, _) = m { return (a, t) }
            return nil
        }
        guard let again = BoardFacts.passing(after),
              let (a, t) = targets.max(by: { BoardFacts.value($0.1.role) < BoardFacts.value($1.1.role) }),
              let take = again.legalMoves.first(where: { $0.from == a.square && $0.to == t.square && ($0.promotion == nil || $0.promotion == .queen) }),
              // A threat only when taking wins something by exchange: …Qe7 "attacks" the pawn on e4, but …Qxe4 loses the queen.
              BoardFacts.exchangeGain(again.board, on: t.square, by: again.turn) >= floor
        else { return nil }
        return NoteLine(uci: [take.uci], san: [again.san(take)], score: nil, text: "", arrows: Self.arrow(.red, take.uci))
    }
}

/// An engine that answers the positions it already knows from memory and asks `engine` for the rest: the explainer
/// searches the positions around a move once, though the annotator asks for them again.
struct RememberingOracle: EngineOracle {
    let known: [String: EngineVerdict]
    let engine: any EngineOracle

    func analyse(_ positions: [Position]) -> [Result<EngineVerdict, EngineProblem>] {
        let missing = positions.filter { known[$0.fen()] == nil }
        var fresh = engine.analyse(missing).makeIterator()
        return positions.map { p in
            if let v = known[p.fen()] { return .success(v) }
            return fresh.next() ?? .failure(EngineProblem(code: AnnotatorCode.noEngineVerdict, message: "the engine returned no result for \(p.fen())"))
        }
    }
}

extension Explainer {
    /// The arrow of a UCI move (`e2e4`, `e7e8q`): its from and to squares, in `color`; none for text that is no move.
    static func arrow(_ color: AnnotationColor, _ uci: String) -> [Arrow] {
        guard uci.count >= 4, let from = Square(uci.prefix(2)), let to = Square(uci.dropFirst(2).prefix(2)) else { return [] }
        return [Arrow(color: color, from: from, to: to)]
    }
}
