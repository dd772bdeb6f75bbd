// EngineReading: the motifs only the engine can judge — a move that loses ground, compensation for material, prophylaxis.
import ChessCore

/// What the engine said around one move: before it (mover to move), after it (opponent to move),
/// and in the position before it with the opponent to move (what the opponent wanted to do).
struct EngineView {
    var before: EngineVerdict?
    var after: EngineVerdict?
    var pass: EngineVerdict?
}

enum EngineReading {
    /// A score as centipawns for differences; mates become ±(20 000 − distance).
    static func cp(_ s: EngineScore) -> Int {
        switch s {
        case .centipawns(let c): max(-10_000, min(10_000, c))
        case .mate(let n): n > 0 ? 20_000 - n : -20_000 - n
        }
    }

    /// The mover's score after the move, from the mover's point of view.
    static func playedScore(_ move: Move, _ v: EngineView) -> EngineScore? {
        if let line = v.before?.lines.first(where: { $0.uci == move.uci }) { return line.score }
        return v.after?.score.negated
    }

    /// Engine motifs, and the gift-of-material motif given its judgement.
    static func apply(_ motifs: inout [Motif], before: Position, move: Move, view v: EngineView, options: AnnotationOptions) {
        let after = before.playingUnchecked(move)
        let us = before.turn
        let played = playedScore(move, v)

        if let i = motifs.firstIndex(where: { $0.kind == .givesUpMaterial }), let played {
            motifs[i].compensation = cp(played) >= options.compensationFloor
        }

        // Loses ground: the best move was clearly better than the one played.
        if !after.isCheckmate, let vb = v.before, let best = vb.lines.first, best.uci != move.uci, let played,
            let bestMove = try? before.move(uci: best.uci)
        {
            let loss = cp(best.score) - cp(played)
            if loss > options.mistakeThreshold {
                var m = Motif(.losesGround, [bestMove.from, bestMove.to], side: us, role: bestMove.role, san: best.san,
                              amount: min(loss, 1000))
                m.reply = v.after?.lines.first?.san
                if case .mate(let n) = played, n < 0 { m.amount = 1001 }
                motifs.append(m)
            }
        }

        // Prophylaxis: what the opponent wanted to play before this move goes to a square this move now covers,
        // and it is no longer the opponent's first choice.
        if let idea = v.pass?.lines.first, let passing = BoardFacts.passing(before), let ideaMove = try? passing.move(uci: idea.uci),
            ideaMove.capture == nil, ideaMove.role != .pawn, !after.isCheck,
            BoardFacts.value(move.promotion ?? move.role) < BoardFacts.value(ideaMove.role)
        {
            // The idea must have dropped out of the opponent's good moves: not among the top lines within half a pawn.
            let top = v.after?.lines ?? []
            let bestNow = top.first.map { cp($0.score) } ?? 0
            let stillGood = top.contains { $0.uci == idea.uci && cp($0.score) >= bestNow - 50 }
            let target = ideaMove.to
            let b0 = before.board
            let b1 = after.board
            let coveredBefore = !(b0.attackers(of: target, by: us, occupied: b0.occupied)).isEmpty
            let reach = Attacks.of(Piece(us, move.promotion ?? move.role), move.to, occupied: b1.occupied)
            if !stillGood, !coveredBefore, reach.contains(target) {
                motifs.append(Motif(.prophylaxis, [target], side: us, role: move.role, targets: [ideaMove.role], san: idea.san))
            }
        }
    }
}
