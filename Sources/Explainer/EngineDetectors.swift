// EngineDetectors: the material and evaluative motifs — threats, what a move prevents, material won or offered, mistakes —
// each written only when the engine's search agrees, and carrying the score it stands on.
import ChessCore

enum EngineDetectors {
    typealias Detector = @Sendable (MoveContext) -> [Motif]

    static let all: [Detector] = [threatens, prevents, winsMaterial, offersMaterial, losesGround]

    static func motifs(_ c: MoveContext) -> [Motif] {
        guard c.engine != nil, !c.after.isCheckmate else { return [] }
        return all.flatMap { $0(c) }
    }

    /// What `move` gains in `p` (its side to move): a mate at once, or a piece won by exchange. Nil: nothing concrete.
    static func gain(of move: Move, in p: Position) -> ThreatGain? {
        if p.playingUnchecked(move).isCheckmate { return .mate }
        guard move.capture != nil, !move.isEnPassant, let r = p.board.role(at: move.to) else { return nil }
        // "Wins the knight" only when the exchange on the square nets the piece, or a minor piece's worth of it (the
        // queen for a knight): Nxe4 dxe4 Bxe4 trades knights and wins a pawn, not the knight.
        let net = BoardFacts.exchangeGain(p.board, on: move.to, by: p.turn)
        guard net > 0, net >= min(BoardFacts.value(r), BoardFacts.value(.knight)) else { return nil }
        return .wins(PlacedPiece(r, move.to))
    }

    /// The threat: the engine's best move in the null-move position after the move (the mover to move again),
    /// named when it mates or wins material on the board and the null-move score beats the real one by a pawn or more.
    static func threatens(_ c: MoveContext) -> [Motif] {
        guard let v = c.engine?.passAfter, let best = v.lines.first, let pass = BoardFacts.passing(c.after),
            let m = try? pass.move(uci: best.uci), let gain = gain(of: m, in: pass), let now = c.playedScore else { return [] }
        // The same gain was available before the move: not a new threat.
        if case .wins(let p) = gain, BoardFacts.winningCaptures(c.before, by: c.us).contains(where: { $0.target == p.square }) { return [] }
        guard best.score.isBetter(than: now, by: c.options.rules.threatMargin) else { return [] }
        return [.threatens(san: best.san, uci: best.uci, gain: gain, evidence: c.evidence(best.score, of: v))]
    }

    /// What the move prevents: the opponent's best move before it (in the null-move position before the move) mated
    /// or won material, scored a pawn or more above the position after the move, and no longer does.
    static func prevents(_ c: MoveContext) -> [Motif] {
        guard let v = c.engine?.passBefore, let best = v.lines.first, let pass = BoardFacts.passing(c.before),
            let m = try? pass.move(uci: best.uci), let gain = gain(of: m, in: pass), let now = c.playedScore else { return [] }
        // The opponent's score: its idea before the move, against what it has after the move.
        guard best.score.isBetter(than: now.negated, by: c.options.rules.threatMargin) else { return [] }
        let stillWorks: Bool = {
            guard c.after.isLegal(m) else { return false }
            switch gain {
            case .mate: return c.after.playingUnchecked(m).isCheckmate
            case .wins: return BoardFacts.exchangeGain(c.b1, on: m.to, by: c.them) > 0
            }
        }()
        if stillWorks { return [] }
        // The moved piece itself was the target: that is an escape, said by `escapes`.
        if case .wins(let p) = gain, p.square == c.move.from { return [] }
        return [.prevents(san: best.san, gain: gain, evidence: c.evidence(best.score.negated, of: v))]
    }

    /// A capture that wins material by exchange, which the engine does not call a mistake.
    static func winsMaterial(_ c: MoveContext) -> [Motif] {
        guard let captured = c.move.capture, let v = c.engine?.after, let played = c.playedScore else { return [] }
        let loss = BoardFacts.exchangeGain(c.b1, on: c.move.to, by: c.them)
        let net = BoardFacts.value(captured) - loss
        // Material really ahead on the board (not a pawn won back), and the engine agrees the mover stands better.
        let balance = BoardFacts.material(c.b1, c.us) - BoardFacts.material(c.b1, c.them) - loss
        guard net >= c.options.rules.pawn, balance >= c.options.rules.pawn, played.isBetter(than: .centipawns(c.options.rules.winningScore), by: 0), !isMistake(c)
        else { return [] }
        if let p = c.previous, p.capture != nil, p.to == c.move.to { return [] }   // a recapture restores, it does not win
        // The engine's line after the capture, to a quiet point, must leave the mover a pawn or more up on the board:
        // a capture the line wins back (a pawn trade by another route) wins nothing; and keep the unit it names, less a
        // pawn at most (Nxe5 "wins a knight" while …axb5 takes the other knight, a pawn net).
        if let best = v.lines.first, Self.lineChange(c, best) < max(c.options.rules.pawn, net - c.options.rules.pawn) { return [] }
        let target = PlacedPiece(captured, c.move.isEnPassant ? Square(file: c.move.to.file, rank: c.move.from.rank) : c.move.to)
        return [.captures(piece: c.moved.role, target: target, outcome: .winsMaterial, evidence: c.evidence(played, of: v))]
    }

    /// Material the opponent can now win by exchange (net of what the move took), judged by the engine: a gambit
    /// when the mover keeps enough (its score at least `compensationFloor` and the move no mistake), else a loss.
    static func offersMaterial(_ c: MoveContext) -> [Motif] {
        guard let v = c.engine?.after, let played = c.playedScore else { return [] }
        // A capture the line takes back at once is a trade, not an offer.
        if let r = c.reply, r.capture != nil, r.to == c.move.to, c.move.capture != nil { return [] }
        let taken = c.move.capture.map(BoardFacts.value) ?? 0
        let offeredBefore = Set(BoardFacts.winningCaptures(c.before, by: c.them).map(\.target))
        var best: (Square, Int)?
        for t in BoardFacts.winningCaptures(c.after, by: c.them) where !offeredBefore.contains(t.target) || t.target == c.move.to {
            // Net of what the move itself took, wherever the offer is: cxb5 exd5 trades pawns, it offers none.
            let net = t.gain - taken
            if net >= c.options.rules.pawn, net > (best?.1 ?? 0) { best = (t.target, net) }
        }
        guard let (square, _) = best, let r = c.b1.role(at: square) else { return [] }
        // A real offer: taking it is among the engine's top replies (otherwise the material is not really there to take).
        guard v.lines.contains(where: { l in (try? c.after.move(uci: l.uci)).map { $0.capture != nil && $0.to == square } ?? false })
        else { return [] }
        // Taken and taken straight back on the square, the material level again (b4 c5 bxc5 dxc5): the move offers a
        // trade of pawns, no gambit. A pawn won back later (the Queen's Gambit's …dxc4 and Bxc4) is.
        if v.lines.contains(where: { takenStraightBack(c, square, $0) }) { return [] }
        // Material the engine's line wins back (the move and its best reply line, to a quiet point) was not given:
        // a piece so won back is no "sacrifice", and nothing, not even a pawn, is "left to be won" (…c5 dxc5 Qa5+ and
        // …Qxc5). A pawn's gambit stands on the engine's score alone: the play for it is often the pawn's return.
        let wonBack = v.lines.first.map { lineChange(c, $0) > -c.options.rules.pawn } ?? false
        if r != .pawn, wonBack { return [] }
        let mistake = isMistake(c)
        // A unit left to be won is the move's cost only when the engine's loss bears it out (a pawn is not the cost of a
        // move that loses seven).
        if mistake, let loss = grade(c)?.centipawnLoss, !MaterialSwing(won: [r], given: []).agrees(withLoss: loss) { return [] }
        let compensated = played.isBetter(than: .centipawns(c.options.rules.compensationFloor), by: 0) && !mistake
        // Neither enough play nor a mistake (every move was as bad): no claim either way.
        if !compensated && (!mistake || wonBack) { return [] }
        return [.offersMaterial(piece: PlacedPiece(r, square), compensated: compensated, evidence: c.evidence(played, of: v))]
    }

    /// Whether `line` (an engine line after the move) takes on `square` and the mover's next move takes straight back
    /// there, leaving the mover's material no lower than before the move.
    static func takenStraightBack(_ c: MoveContext, _ square: Square, _ line: EngineLine) -> Bool {
        let played = LineMaterial([c.move.uci] + line.pv.prefix(2), from: c.before)
        guard played.moves.count == 3, played.moves[1].capture != nil, played.moves[1].to == square,
              played.moves[2].capture != nil, played.moves[2].to == square else { return false }
        return played.change(for: c.us) >= 0
    }

    /// The mover's material change over the move and the engine's line after it, shown to a quiet point as a
    /// refutation is (``LineMaterial/toQuietPoint(plies:atMost:)``), counted on the board.
    /// `plies`: where the count may stop at the earliest (default: the refutation's length and the move).
    static func lineChange(_ c: MoveContext, _ line: EngineLine, plies: Int = Explainer.refutationPlies + 1) -> Int {
        lineChange(c, line.pv, plies: plies)
    }

    /// The same count over `pv`, UCI moves from the position after the move (the opponent's reply first).
    static func lineChange(_ c: MoveContext, _ pv: [String], plies: Int = Explainer.refutationPlies + 1) -> Int {
        LineMaterial([c.move.uci] + pv, from: c.before)
            .toQuietPoint(plies: plies, atMost: max(plies, Explainer.refutationMaxPlies + 1)).withoutLapses(of: c.us).change(for: c.us)
    }

    /// The move's grade against the engine's best move (the verdict table of the options), nil without both scores.
    static func grade(_ c: MoveContext) -> MoveGrade? {
        guard let e = c.engine, let before = e.before else { return nil }
        return c.options.confirmation.grade(c.move, in: c.before, before: before, after: e.after, bestChild: e.bestChild)
    }

    /// Graded a mistake or a blunder. (An inaccuracy is a note's verdict, not worth a sentence of its own.)
    static func isMistake(_ c: MoveContext) -> Bool {
        (grade(c)?.verdict ?? .best) >= .mistake
    }

    static func losesGround(_ c: MoveContext) -> [Motif] {
        guard let g = grade(c), g.verdict >= .mistake, let v = c.engine?.before, let best = v.lines.first else { return [] }
        // What the engine's line after the move wins, counted on the board where the refutation the note shows ends.
        let lost = c.engine?.after?.lines.first.flatMap { l in
            MaterialWon(move: c.move, in: c.before, line: LineMaterial.refutation(of: c.move, in: c.before, pv: l.pv)).swing(for: c.them)
        }
        // The loss is measured against the best move: when the better move wins more than the line after the move
        // takes (Rxd1 takes back the queen the move leaves on d1, the line after it a pawn), the verdict names that.
        // A swing the engine's loss does not bear out (a line cut before its point, a gain given back off the line) is not named.
        let agrees = { (s: MaterialSwing) in g.centipawnLoss.map { s.agrees(withLoss: $0) } ?? true }
        let loses = lost.flatMap { agrees($0) ? $0 : nil }
        let misses = missed(c, best).flatMap { agrees($0.swing) ? $0 : nil }
        let missesMore = misses.map { m in loses.map { m.swing.value > $0.value } ?? true } ?? false
        return [.losesGround(better: best.san, betterUCI: best.uci, best: g.best, verdict: g.verdict, loses: missesMore ? nil : loses,
                             misses: missesMore ? misses : nil, evidence: c.evidence(g.played, of: v))]
    }

    /// What the better move wins for the mover by force, the material the move played lets go ("misses Bxe5, which wins
    /// back a knight"): counted on the board at its line's quiet point as a refutation is
    /// (``LineMaterial/refutation(of:in:pv:)``), and said only when the line wins it early, not by the opponent's own
    /// later gift (Nge7 f5?! exf5), nor from a line cut before a lapse of the other side: the better move is a capture that wins by exchange (then its words are that capture's
    /// unit when the line's end keeps it, less a pawn at most), or the line's third move takes a unit the better move already left to be won by
    /// exchange. `back` when the better move recaptures, or the mover was behind on the board before the move and the
    /// gain leaves it at most a pawn ahead.
    static func missed(_ c: MoveContext, _ best: EngineLine) -> MissedMaterial? {
        guard let m = try? c.before.move(uci: best.uci), m != c.move else { return nil }
        let line = LineMaterial.refutation(of: m, in: c.before, pv: Array(best.pv.dropFirst()))
        // A line cut before a lapse of the other side counts what that side kept by its error (or its desperado: Qxe4 d5
        // Bxd5, the bishop forked anyway): the gain is not sure, none is named.
        let quiet = LineMaterial(Array(best.pv.dropFirst()), from: c.before.playingUnchecked(m))
            .toQuietPoint(plies: Explainer.refutationPlies, atMost: Explainer.refutationMaxPlies)
        guard line.moves.count == quiet.moves.count, var swing = MaterialWon(move: m, in: c.before, line: line).swing(for: c.us) else { return nil }
        let early = LineMaterial([m.uci] + best.pv.dropFirst(), from: c.before)
        if let taken = m.capture, !m.isEnPassant, BoardFacts.exchangeGain(c.b0, on: m.to, by: c.us) >= BoardFacts.value(taken) {
            // A unit simply taken (Rxd1 taking back the queen): its words, when the line keeps it, less a pawn at most
            // (Rxd1 Bxc5: "a queen"); else the line's own count (Qxe4 d5 Bxd5 Qxd5 keeps a pawn, not the knight).
            if swing.value >= BoardFacts.value(taken) - c.options.rules.pawn { swing = MaterialSwing(won: [taken], given: []) }
        } else {
            guard early.moves.count >= 3, let third = early.moves[2].capture, !early.moves[2].isEnPassant, third != .king,
                  early.positions[1].board[early.moves[2].to] == early.positions[2].board[early.moves[2].to],
                  BoardFacts.exchangeGain(early.positions[1].board, on: early.moves[2].to, by: c.us) > 0 else { return nil }
        }
        let before = LineMaterial.balance(c.b0, c.us)
        let gain = swing.value
        // Said only when the material is at least half of what the engine says the move loses: a pawn the better move
        // would win does not explain a loss of five.
        guard let g = grade(c), let drop = g.best.centipawns(minus: g.played), gain * 2 >= drop else { return nil }
        // Back: the better move takes on the square the opponent's last capture landed on, or the gain leaves the mover
        // at most a pawn ahead where it was behind.
        let recapture = c.previous.map { $0.capture != nil && $0.to == m.to } ?? false
        return MissedMaterial(swing: swing, back: recapture || swing.onlyRestores(balance: before))
    }
}
