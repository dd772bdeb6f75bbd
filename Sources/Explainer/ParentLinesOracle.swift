// ParentLinesOracle: answers the positions around a move from one search of the position before it (MultiPV over every move).
import ChessCore

/// An engine for the explainer at one position (the parent) whose search scored every legal move (MultiPV = the
/// number of legal moves): the positions the notes of its moves need are answered from that search where they can be,
/// so a note for every legal move costs one search, not one per move (docs/coach-notes.md).
///
/// - the parent: its own search;
/// - a child (the parent after one of its moves): from the parent's line for that move: the score seen from the other
///   side one ply later, the line's tail (the engine's reply and what follows) as its one line, one ply less deep;
///   a child given in `searched` (a position with a real search of its own, a bundle position) uses that instead;
/// - a grandchild (a child after the reply its line gives): the same, one ply further;
/// - the parent with the move passed (what the opponent wanted): `passing`, when the caller searched it;
/// - anything else (the passing positions after a move, positions off the lines): not searched, by design. The
///   answer is a ``EngineProblem/isOmission`` problem, which the annotator and the explainer treat as "no engine
///   motif here" and do not report.
///
/// ```swift
/// let oracle = ParentLinesOracle(parent: p, verdict: allMoves, passing: passSearch)
/// let (note, _) = Explainer(engine: oracle).explain(move, in: p, learner: .white)   // no further search
/// ```
public struct ParentLinesOracle: EngineOracle {
    private var known: [String: EngineVerdict] = [:]

    /// `verdict` is the parent's search (its lines, best first); `passing` the search of the parent with the move
    /// passed (nil: not searched); `searched` real searches of other positions (children that are bundle positions),
    /// which win over derived ones.
    public init(parent: Position, verdict: EngineVerdict, passing: EngineVerdict? = nil, searched: [Position: EngineVerdict] = [:]) {
        for line in verdict.lines {
            guard let move = try? parent.move(uci: line.uci) else { continue }
            let child = parent.playingUnchecked(move)
            let derived = Self.derived(from: line, at: child, parent: verdict)
            known[child.fen()] = derived
            if let reply = derived.lines.first, let r = try? child.move(uci: reply.uci) {
                known[child.playingUnchecked(r).fen()] = Self.derived(from: reply, at: child.playingUnchecked(r), parent: derived)
            }
        }
        for (p, v) in searched { known[p.fen()] = v }
        if let passing, let pass = BoardFacts.passing(parent) { known[pass.fen()] = passing }
        known[parent.fen()] = verdict
    }

    /// The parent's verdict with each of `moves` scored by the real search of the position after it (`children`, by
    /// position): the move's score is the child's seen one ply back (``onePlyBack(_:)``), its PV the move and the
    /// child's line, its depth the child's plus one; the lines best first (equal scores in the parent's order). A move
    /// without a child search keeps its line; a move with neither is left out. The build grades every note from such
    /// deeper lines (docs/coach-notes.md, "Graded from the position after the move").
    ///
    /// ```swift
    /// let v = ParentLinesOracle.graded(p, verdict: allMoves, moves: p.legalMoves, children: searched)
    /// v.lines.first?.uci   // the move whose child search is best for the mover
    /// ```
    public static func graded(_ parent: Position, verdict: EngineVerdict, moves: [Move], children: [Position: EngineVerdict]) -> EngineVerdict {
        let order = Dictionary(verdict.lines.enumerated().map { ($1.uci, $0) }, uniquingKeysWith: { a, _ in a })
        var lines: [(line: EngineLine, order: Int)] = []
        for (k, m) in moves.enumerated() {
            let own = verdict.lines.first { $0.uci == m.uci }
            let rank = order[m.uci] ?? verdict.lines.count + k
            guard let child = children[parent.playingUnchecked(m)] else {
                if let own { lines.append((own, rank)) }
                continue
            }
            let pv = [m.uci] + (child.lines.first?.pv ?? [])
            lines.append((EngineLine(uci: m.uci, san: parent.san(m), score: Self.onePlyBack(child.score), pv: pv, depth: child.depth + 1), rank))
        }
        lines.sort { $0.line.score != $1.line.score ? $0.line.score > $1.line.score : $0.order < $1.order }
        let ranked = lines.map(\.line)
        var out = verdict
        out.lines = ranked
        if let best = ranked.first {
            out.score = best.score
            out.depth = max(verdict.depth, best.depth)
        }
        return out
    }

    /// The score of the side to move in a child, seen by the side that played into it: the inverse of
    /// `onePlyOn(_:)` (centipawns negated; `#-2` becomes `#3`, `#0` (mated) `#1`, `#2` `#-2`).
    public static func onePlyBack(_ s: Score) -> Score {
        switch s {
        case .centipawns(let c): .centipawns(-c)
        case .mate(let n): n <= 0 ? .mate(-n + 1) : .mate(-n)
        }
    }

    /// The parent with the move passed, whose search the oracle takes as `passing` (nil when the side not to move is
    /// in check: no such position).
    public static func passing(_ parent: Position) -> Position? { BoardFacts.passing(parent) }

    public func analyse(_ positions: [Position]) -> [Result<EngineVerdict, EngineProblem>] {
        positions.map { p in
            known[p.fen()].map { .success($0) } ?? .failure(.omitted(p))
        }
    }

    /// The verdict of the position `line`'s first move reaches, read from the line: its score from the new side to
    /// move, one ply on; the line's tail as its only line (none when the line ends there).
    static func derived(from line: EngineLine, at position: Position, parent: EngineVerdict) -> EngineVerdict {
        let score = Self.onePlyOn(line.score)
        var lines: [EngineLine] = []
        if line.pv.count >= 2, let reply = try? position.move(uci: line.pv[1]) {
            lines = [EngineLine(uci: reply.uci, san: position.san(reply), score: score, pv: Array(line.pv.dropFirst()),
                                depth: max(0, line.depth - 1))]
        }
        return EngineVerdict(score: score, wdl: nil, lines: lines, depth: max(0, line.depth - 1), nodes: parent.nodes,
                             engine: parent.engine, profile: parent.profile)
    }

    /// A score of the side that plays a line's first move, seen by the other side once that move is played: centipawns
    /// negated; a mate one move nearer for the side that mates (`#3` becomes `#-2`, `#-2` becomes `#2`, `#1` `#0`:
    /// mated).
    static func onePlyOn(_ s: Score) -> Score {
        switch s {
        case .centipawns(let c): .centipawns(-c)
        case .mate(let n): n > 0 ? .mate(-(n - 1)) : .mate(-n)
        }
    }
}

extension EngineProblem {
    /// A position an oracle did not search by design (``ParentLinesOracle``): no engine motif there, nothing to report.
    public static func omitted(_ p: Position) -> EngineProblem {
        EngineProblem(code: AnnotatorCode.noEngineVerdict, message: "not searched by design: \(p.fen())", isOmission: true)
    }
}
