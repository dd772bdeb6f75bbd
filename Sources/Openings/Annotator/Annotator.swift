// Annotator: explains every move of a line — motifs from the rules and the engine, sentences, concepts, arrows.
import ChessCore

/// Options of the annotator.
public struct AnnotationOptions: Hashable, Sendable {
    /// Append the generated text after an authored comment instead of keeping the authored one alone.
    public var appendGeneratedToAuthored: Bool
    /// Centipawns below the engine's best from which a move "loses ground".
    public var mistakeThreshold: Int
    /// The mover's score (centipawns) from which a gift of material counts as compensated.
    public var compensationFloor: Int

    public init(appendGeneratedToAuthored: Bool = false, mistakeThreshold: Int = 80, compensationFloor: Int = -60) {
        self.appendGeneratedToAuthored = appendGeneratedToAuthored
        self.mistakeThreshold = mistakeThreshold
        self.compensationFloor = compensationFloor
    }
}

/// One line to annotate.
public struct LineRequest: Sendable {
    public var moves: [LineMove]
    /// Authored explanation per move (`nil` or empty: none). Shorter than `moves` means none for the rest.
    public var authored: [String?]
    /// Authored `[%cal]` arrows per move (`Gg1f3`); they replace the generated ones for that move.
    public var authoredArrows: [[String]]
    public var role: LineRole
    public var learner: Color
    /// For a deviation: the main line's move (SAN) in the position where the deviation starts.
    public var mainLineSAN: String?
    /// The move before the line's first move, if any (tells a recapture from a capture).
    public var previous: Move?

    public init(moves: [LineMove], authored: [String?] = [], authoredArrows: [[String]] = [], role: LineRole = .main,
                learner: Color, mainLineSAN: String? = nil, previous: Move? = nil) {
        self.moves = moves
        self.authored = authored
        self.authoredArrows = authoredArrows
        self.role = role
        self.learner = learner
        self.mainLineSAN = mainLineSAN
        self.previous = previous
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
    public let options: AnnotationOptions

    public init(oracle: (any EngineOracle)? = nil, options: AnnotationOptions = AnnotationOptions()) {
        self.oracle = oracle
        self.options = options
    }

    /// Annotates one line. See `annotate(_:)` for several lines with one engine batch.
    public func annotate(line: [LineMove], authored: [String?] = [], role: LineRole = .main, learner: Color,
                         mainLineSAN: String? = nil) -> [MoveAnnotation] {
        annotate([LineRequest(moves: line, authored: authored, role: role, learner: learner, mainLineSAN: mainLineSAN)]).lines.first ?? []
    }

    /// The annotations of several lines, and the engine's problems (positions it could not analyse:
    /// their moves are annotated from the rules alone).
    public func annotate(_ requests: [LineRequest]) -> (lines: [[MoveAnnotation]], engineProblems: [EngineProblem]) {
        // One engine batch for every position any line needs.
        var keys: [String: Int] = [:]
        var positions: [Position] = []
        func index(_ p: Position) -> Int {
            let k = p.fen()
            if let i = keys[k] { return i }
            keys[k] = positions.count
            positions.append(p)
            return positions.count - 1
        }
        var slots: [[(Int, Int, Int?)]] = []
        if oracle != nil {
            for r in requests {
                slots.append(r.moves.map { lm in
                    (index(lm.before), index(lm.before.playingUnchecked(lm.move)), BoardFacts.passing(lm.before).map(index))
                })
            }
        }
        var verdicts: [EngineVerdict?] = []
        var problems: [EngineProblem] = []
        if let oracle, !positions.isEmpty {
            let results = oracle.analyse(positions)
            for (i, _) in positions.enumerated() {
                if i < results.count, case .success(let v) = results[i] {
                    verdicts.append(v)
                } else {
                    verdicts.append(nil)
                    if i < results.count, case .failure(let p) = results[i] { problems.append(p) }
                }
            }
        }
        var out: [[MoveAnnotation]] = []
        for (li, r) in requests.enumerated() {
            out.append(annotateLine(r, views: oracle == nil ? nil : slots[li].map { s in
                EngineView(before: verdicts[s.0], after: verdicts[s.1], pass: s.2.flatMap { verdicts[$0] })
            }))
        }
        return (out, problems)
    }

    func annotateLine(_ r: LineRequest, views: [EngineView]?) -> [MoveAnnotation] {
        var writer = SentenceWriter()
        var result: [MoveAnnotation] = []
        var previous = r.previous
        for (i, lm) in r.moves.enumerated() {
            let before = lm.before
            let move = lm.move
            var motifs = MotifDetector.motifs(before: before, move: move, previous: previous)
            if let views, i < views.count {
                EngineReading.apply(&motifs, before: before, move: move, view: views[i], options: options)
            }
            let after = before.playingUnchecked(move)
            let san = before.san(move)
            let ply = (before.fullmoveNumber - 1) * 2 + (before.turn == .white ? 1 : 2)
            let next = i + 1 < r.moves.count ? r.moves[i + 1] : nil
            let context = SentenceContext(
                san: san, mover: before.turn, learner: r.learner, role: r.role, index: i, ply: ply,
                mainLineSAN: i == 0 ? r.mainLineSAN : nil,
                nextSAN: next.map { $0.before.san($0.move) },
                learnerUndeveloped: BoardFacts.undevelopedMinors(after.board, r.learner))
            let authored = (i < r.authored.count ? r.authored[i] : nil).flatMap { $0.isEmpty ? nil : $0 }
            let explanation: String
            let source: ExplanationSource
            if let authored {
                source = .authored
                explanation = options.appendGeneratedToAuthored ? authored + " " + writer.write(motifs, context) : authored
            } else {
                source = .generated
                explanation = writer.write(motifs, context)
            }
            var arrows = Self.arrows(motifs, move: move, mover: before.turn, learner: r.learner, next: next?.move)
            if i < r.authoredArrows.count, !r.authoredArrows[i].isEmpty { arrows = r.authoredArrows[i] }
            let concepts = Set(motifs.flatMap(\.kind.concepts)).sorted().map(\.rawValue)
            result.append(MoveAnnotation(ply: ply, san: san, uci: move.uci, fenBefore: before.fen(), motifs: motifs,
                                         concepts: concepts, explanation: explanation, source: source, arrows: arrows))
            previous = move
        }
        return result
    }

    /// Green for the recommended move (the learner's own move, or the engine's better one when the learner's move
    /// loses ground; after an opponent's move, the learner's answer in the line), red for threats the move makes.
    static func arrows(_ motifs: [Motif], move: Move, mover: Color, learner: Color, next: Move?) -> [String] {
        var out: [String] = []
        func add(_ c: Character, _ a: Square, _ b: Square) {
            let s = String(c) + a.name + b.name
            if !out.contains(s) { out.append(s) }
        }
        if mover == learner {
            if let better = motifs.first(where: { $0.kind == .losesGround }) {
                add("G", better.squares[0], better.squares[1])
            } else {
                add("G", move.from, move.to)
            }
        } else if let next {
            add("G", next.from, next.to)
        } else if let better = motifs.first(where: { $0.kind == .losesGround }) {
            add("G", better.squares[0], better.squares[1])
        }
        for m in motifs {
            switch m.kind {
            case .threatensCapture, .threatensMate: add("R", m.squares[0], m.squares[1])
            case .forks: for t in m.squares.dropFirst() { add("R", m.squares[0], t) }
            default: break
            }
        }
        return out
    }
}

extension Annotator {
    /// Annotates every line of an opening source with one engine batch: the main line whole, each deviation
    /// and alternative from where it branches. `result[i]` is aligned with `source.lines[i].ownMoves`.
    /// Authored comments and `[%cal]` arrows of the source win; the learner is the `LearnerSide` tag (White
    /// when missing).
    ///
    /// ```swift
    /// let notes = Annotator(oracle: oracle).annotate(source: source)
    /// for (line, moves) in zip(source.lines, notes.lines) { … moves[k] explains line.ownMoves[line.branchPly + k] }
    /// ```
    public func annotate(source: OpeningSource) -> (lines: [[MoveAnnotation]], engineProblems: [EngineProblem]) {
        let learner = source.learner ?? .white
        let requests = source.lines.map { line -> LineRequest in
            let own = Array(line.ownMoves)
            let parent = line.parent < source.lines.count ? source.lines[line.parent] : nil
            let mainSAN = line.role == .main ? nil
                : parent.flatMap { line.branchPly < $0.moves.count ? $0.moves[line.branchPly].san : nil }
            let previous = line.branchPly > 0 && line.branchPly - 1 < line.moves.count ? line.moves[line.branchPly - 1].move : nil
            return LineRequest(moves: own, authored: own.map(\.comment), authoredArrows: own.map(\.arrows), role: line.role,
                               learner: learner, mainLineSAN: mainSAN, previous: previous)
        }
        return annotate(requests)
    }
}
