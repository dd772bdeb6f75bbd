// Annotator: explains every move of a line — motifs from the rules and the engine, sentences, concepts, arrows.
import ChessCore
import ChessPGN

/// Options of the annotator.
public struct AnnotationOptions: Hashable, Sendable {
    /// Append the generated text after an authored comment instead of keeping the authored one alone.
    public var appendGeneratedToAuthored: Bool
    /// The verdict table (``VerdictThresholds``): a move graded a mistake or worse "loses ground", and its text
    /// names the verdict; the same table grades every note (``Explainer``).
    public var verdicts: VerdictThresholds
    /// Every other threshold: a pawn, the exchange, the tolerances, the windows, the writer's widths (``ExplainerRules``).
    public var rules: ExplainerRules

    public init(appendGeneratedToAuthored: Bool = false, verdicts: VerdictThresholds = .standard, rules: ExplainerRules = .standard) {
        self.appendGeneratedToAuthored = appendGeneratedToAuthored
        self.verdicts = verdicts
        self.rules = rules
    }

    /// The confirmation policy these options grade by: their rules and verdict table (``ConfirmationPolicy``).
    public var confirmation: ConfirmationPolicy { ConfirmationPolicy(rules: rules, verdicts: verdicts) }
}

/// One line to annotate.
public struct LineRequest: Sendable {
    public var moves: [LineMove]
    /// Authored explanation per move (`nil` or empty: none). Shorter than `moves` means none for the rest.
    public var authored: [String?]
    /// Authored `[%cal]` arrows per move; they replace the generated ones for that move.
    public var authoredArrows: [[Arrow]]
    public var role: LineRole
    public var learner: PieceColor
    /// For a deviation: the main line's move (SAN) in the position where the deviation starts.
    public var mainLineSAN: String?
    /// The move before the line's first move, if any (tells a recapture from a capture).
    public var previous: Move?
    /// The move after the line's last move, if known (the engine's line goes on): not explained, but it tells a capture
    /// the line takes back (a trade) from one it does not, as the next move of the line does for the others.
    public var following: Move?
    /// The engine's line after `following`, each move legal in turn (not explained): a claim that a move gives material
    /// up is checked on it too.
    public var continuation: [Move]

    public init(moves: [LineMove], authored: [String?] = [], authoredArrows: [[Arrow]] = [], role: LineRole = .main,
                learner: PieceColor, mainLineSAN: String? = nil, previous: Move? = nil, following: Move? = nil,
                continuation: [Move] = []) {
        self.moves = moves
        self.authored = authored
        self.authoredArrows = authoredArrows
        self.role = role
        self.learner = learner
        self.mainLineSAN = mainLineSAN
        self.previous = previous
        self.following = following
        self.continuation = continuation
    }
}

/// Explains moves for a player under 1000 Elo. Every sentence comes from a motif that the rules
/// (ChessCore) or the engine established; without an oracle, engine motifs are left out.
///
/// ```swift
/// let annotator = Annotator(oracle: myOracle)
/// let notes = annotator.annotate(line: moves, authored: [], role: .main, learner: .white)
/// print(notes[0].explanation)   // "e4 puts a pawn on the central square e4 and opens lines for …"
/// ```
public struct Annotator: Sendable {
    public let oracle: (any EngineOracle)?
    /// Answers the searches that confirm a verdict (the positions after the best moves), asked once the parents' results
    /// are known; nil: `oracle`. A shard of the analysis passes its unfiltered engine here, as the shard that holds a
    /// parent is the only one that knows the child is needed, whatever the child's own shard.
    public let confirmingOracle: (any EngineOracle)?
    public let options: AnnotationOptions

    public init(oracle: (any EngineOracle)? = nil, confirmingOracle: (any EngineOracle)? = nil,
                options: AnnotationOptions = AnnotationOptions()) {
        self.oracle = oracle
        self.confirmingOracle = confirmingOracle
        self.options = options
    }

    /// Annotates one line. See `annotate(_:)` for several lines with one engine batch.
    public func annotate(line: [LineMove], authored: [String?] = [], role: LineRole = .main, learner: PieceColor,
                         mainLineSAN: String? = nil) -> [MoveAnnotation] {
        annotate([LineRequest(moves: line, authored: authored, role: role, learner: learner, mainLineSAN: mainLineSAN)]).lines.first ?? []
    }

    /// The annotations of several lines, and the engine's problems (positions it could not analyse:
    /// their moves are annotated from the rules alone).
    public func annotate(_ requests: [LineRequest]) -> (lines: [[MoveAnnotation]], engineProblems: [EngineProblem]) {
        // One engine batch for every position any line needs: before and after each move, and both with the other
        // side to move (the null-move positions: what the opponent wanted, what the mover threatens).
        var keys: [String: Int] = [:]
        var positions: [Position] = []
        func index(_ p: Position?) -> Int? {
            guard let p else { return nil }
            let k = p.fen()
            if let i = keys[k] { return i }
            keys[k] = positions.count
            positions.append(p)
            return positions.count - 1
        }
        var slots: [[[Int?]]] = []
        if oracle != nil {
            for r in requests {
                slots.append(r.moves.map { lm in
                    let after = lm.before.playingUnchecked(lm.move)
                    return [index(lm.before), index(after), index(BoardFacts.passing(lm.before)), index(BoardFacts.passing(after))]
                })
            }
        }
        var verdicts: [EngineVerdict?] = Array(repeating: nil, count: positions.count)
        var problems: [EngineProblem] = []
        if let oracle, !positions.isEmpty {
            for (i, r) in oracle.analyse(positions).enumerated() where i < positions.count {
                switch r {
                case .success(let v): verdicts[i] = v
                case .failure(let p) where p.isOmission: continue
                case .failure(let p): problems.append(p)
                }
            }
        }
        var views: [[EngineView]] = []
        for (li, r) in requests.enumerated() where oracle != nil {
            views.append(zip(r.moves, slots[li]).map { lm, s in
                let v = s.map { $0.flatMap { verdicts[$0] } }
                var view = EngineView(before: v[0], after: v[1], passBefore: v[2], passAfter: v[3])
                if let before = view.before {
                    view.confirming = options.confirmation.bestChild(of: lm.move, in: lm.before, before: before, after: view.after)
                }
                return view
            })
        }
        // A second batch: the searches that confirm a verdict of inaccuracy or worse read from a shallow line (ConfirmationPolicy).
        var seen: Set<Position> = []
        let confirming = views.joined().compactMap(\.confirming).filter { seen.insert($0).inserted }
        if let second = confirmingOracle ?? oracle, !confirming.isEmpty {
            var found: [Position: EngineVerdict] = [:]
            for (p, r) in zip(confirming, second.analyse(confirming)) {
                switch r {
                case .success(let v): found[p] = v
                case .failure(let f) where f.isOmission: continue
                case .failure(let f): problems.append(f)
                }
            }
            views = views.map { $0.map { v in var v = v; v.bestChild = v.confirming.flatMap { found[$0] }; return v } }
        }
        var out: [[MoveAnnotation]] = []
        for (li, r) in requests.enumerated() {
            out.append(annotateLine(r, views: oracle == nil ? nil : views[li]))
        }
        return (out, problems)
    }

    /// The rule-level motifs of one move (no engine), as `forge validate` uses them: `reply` is the line's next move.
    public static func ruleMotifs(before: Position, move: Move, previous: Move? = nil, reply: Move? = nil) -> [Motif] {
        RuleDetectors.motifs(MoveContext(before: before, move: move, previous: previous, reply: reply, engine: nil, options: AnnotationOptions()))
    }

    /// Every motif of one move: the rules', the engine's when a view is given, and a principle when nothing says why.
    static func motifs(_ c: MoveContext) -> [Motif] {
        var found = RuleDetectors.motifs(c) + EngineDetectors.motifs(c)
        // A threat or a fork already names its target: a plain attack on it adds nothing.
        let named = Set(found.flatMap { m -> [Square] in
            if case .threatens(_, _, .wins(let p), _) = m { return [p.square] }
            if case .forks(_, let t) = m { return t.map(\.square) }
            return []
        })
        found.removeAll { if case .attacks(_, let t, _) = $0 { named.contains(t.square) } else { false } }
        // The engine's mating threat, where its null-move search was asked, already says what the board's does.
        if found.contains(where: { if case .threatens(_, _, .mate, _) = $0 { true } else { false } }) {
            found.removeAll { $0.kind == .threatensMate }
        }
        // "Wins the knight on c4", "removes the knight that was the only guard …" already name what was taken.
        if found.contains(where: { [.winsMaterial, .removesDefender, .removesAttacker].contains($0.kind) }) {
            found.removeAll { $0.kind == .takes }
        }
        // A capture that wins by exchange is no trade, though its line takes back (hxg4 Nxg4: the bishop for a pawn).
        if found.contains(where: { $0.kind == .winsMaterial }) { found.removeAll { $0.kind == .trades } }
        // A fork with check already says it checks.
        if found.contains(where: { if case .forks(_, let t) = $0 { t.contains { $0.role == .king } } else { false } }) {
            found.removeAll { if case .check(_, _, false) = $0 { true } else { false } }
        }
        // "Stops Nxe5, which would have won the pawn on e5" already says the pawn is defended now.
        let saved = Set(found.compactMap { m -> Square? in if case .prevents(_, .wins(let p), _) = m { p.square } else { nil } })
        found.removeAll { if case .defends(_, let t, _) = $0 { saved.contains(t.square) } else { false } }
        // A mistake's verdict says the move is bad, not what it does: without another reason the principle is said too
        // (never "keeps everything protected" of a mistake, which the refutation may well contradict).
        let mistake = found.contains { $0.kind == .losesGround }
        if !found.contains(where: { saysWhy($0) && $0.kind != .losesGround }), !c.after.isCheckmate,
           let p = RuleDetectors.principle(c, allowNothingLoose: !mistake) { found.append(p) }
        // A capture with nothing to say for it but the verdict: the verdict's material ("it loses a knight for a pawn")
        // names it; a sentence naming only the capture would say no why.
        // (Motifs with engine evidence other than the one claim are not written: only the rule motifs count here.)
        if mistake, !found.contains(where: { saysWhy($0) && $0.evidence == nil }) { found.removeAll { $0.kind == .takes } }
        return found
    }

    /// Whether a motif gives a reason on its own; a bare trade or recapture only names the capture.
    static func saysWhy(_ m: Motif) -> Bool {
        switch m {
        case .captures(_, _, .tradedFor, _), .captures(_, _, .takes, _), .recaptures(_, _, false): false
        case .kingShieldWeakened, .doubledPawns, .isolatedPawn, .passedPawn, .kingInCentre: false
        case .develops, .occupiesCentre, .controlsCentre, .castles, .givesUpCastling, .preparesCastling, .opensLine, .attacks, .threatens, .threatensMate, .prevents,
             .check, .answersCheck, .defends, .supports, .offersTrade, .escapes, .avoidsPawnPush, .pins, .forks, .captures, .recaptures, .removesDefender,
             .removesAttacker, .opensFile,
             .offersMaterial, .losesGround, .pawnChain, .pawnBreak, .preparesPush, .gainsSpace, .takesSquare, .makesLuft, .principle:
            true
        }
    }

    func annotateLine(_ r: LineRequest, views: [EngineView]?) -> [MoveAnnotation] {
        var writer = SentenceWriter(rules: options.rules)
        var result: [MoveAnnotation] = []
        var previous = r.previous
        // The line's moves, then the moves known to follow it: each move's reply and what comes after.
        let known = r.moves.map(\.move) + (r.following.map { [$0] + r.continuation } ?? [])
        for (i, lm) in r.moves.enumerated() {
            let before = lm.before
            let move = lm.move
            let next = i + 1 < r.moves.count ? r.moves[i + 1] : nil
            let context = MoveContext(before: before, move: move, previous: previous, reply: known.dropFirst(i + 1).first,
                                      then: Array(known.dropFirst(i + 2).prefix(Explainer.refutationMaxPlies)),
                                      engine: views.flatMap { i < $0.count ? $0[i] : nil }, options: options)
            var motifs = Self.motifs(context)
            let san = before.san(move)
            let ply = (before.fullmoveNumber - 1) * 2 + (before.turn == .white ? 1 : 2)
            let answer: RecommendedAnswer? = before.turn == r.learner ? nil : next.map {
                RecommendedAnswer(uci: $0.move.uci, san: $0.before.san($0.move), arrows: [Arrow(color: .green, from: $0.move.from, to: $0.move.to)])
            }
            let sc = SentenceContext(san: san, mover: before.turn, learner: r.learner, role: r.role, index: i, ply: ply,
                                     mainLineSAN: i == 0 ? r.mainLineSAN : nil, answerSAN: answer?.san,
                                     variety: SentenceWriter.variety(fen: before.fen(), uci: move.uci))
            let authored = (i < r.authored.count ? r.authored[i] : nil).flatMap { $0.isEmpty ? nil : $0 }
            let explanation: String
            let source: ExplanationSource
            var claim: ExplanationClaim?
            if let authored, !options.appendGeneratedToAuthored {
                source = .authored
                explanation = authored
            } else {
                var (text, claimMotif) = writer.write(motifs, sc)
                // Every reason was held back (it would name the answer): the principle the move follows is still true.
                if text.isEmpty, !motifs.contains(where: { if case .principle = $0 { true } else { false } }),
                   let p = RuleDetectors.principle(context) {
                    motifs.append(p)
                    (text, claimMotif) = writer.write(motifs, sc)
                }
                claim = claimMotif.flatMap { m in m.evidence.map { ExplanationClaim(kind: m.kind, evidence: $0) } }
                source = authored == nil ? .generated : .authored
                explanation = authored.map { $0 + " " + text } ?? text
            }
            var arrows = Self.arrows(motifs, move: move, mover: before.turn, learner: r.learner)
            if i < r.authoredArrows.count, !r.authoredArrows[i].isEmpty { arrows = r.authoredArrows[i] }
            var concepts = Set(motifs.flatMap(\.concepts))
            if let authored { concepts.formUnion(Concept.named(in: AuthoredComment(authored))) }
            // A trap line's moves get the `trap` concept.
            if r.role.deviation?.kind == .trap, i == 0 || motifs.contains(where: { $0.evidence != nil }) { concepts.insert(.trap) }
            result.append(MoveAnnotation(ply: ply, san: san, uci: move.uci, fenBefore: before.fen(), motifs: motifs,
                                         concepts: concepts.sorted().map(\.rawValue), explanation: explanation, source: source,
                                         arrows: arrows, answer: answer, claim: claim))
            previous = move
        }
        return result
    }

    /// Green for the learner's own move (or the engine's better one when it is a mistake), red for the threats a move
    /// makes. An opponent's move gets no green arrow: the learner's answer is `MoveAnnotation.answer`.
    static func arrows(_ motifs: [Motif], move: Move, mover: PieceColor, learner: PieceColor) -> [Arrow] {
        var out: [Arrow] = []
        func add(_ c: AnnotationColor, _ squares: [Square]) {
            guard squares.count >= 2 else { return }
            let a = Arrow(color: c, from: squares[0], to: squares[1])
            if !out.contains(a) { out.append(a) }
        }
        if mover == learner {
            if let better = motifs.first(where: { $0.kind == .losesGround }) { add(.green, better.squares) } else { add(.green, [move.from, move.to]) }
        }
        for m in motifs {
            if case .threatens(_, let uci, _, _) = m { add(.red, Motif.uciSquares(uci)) }
            if case .threatensMate(_, let uci) = m { add(.red, Motif.uciSquares(uci)) }
            if case .forks(let p, let targets) = m { for t in targets { add(.red, [p.square, t.square]) } }
        }
        return out
    }
}
