// MoveContext: everything a detector may look at for one move — the positions around it, the line's neighbours, the engine's verdicts.
import ChessCore

/// What the engine said around one move. Mover's point of view is obtained with `Score.negated` where needed.
struct EngineView {
    /// Before the move, mover to move.
    var before: EngineVerdict?
    /// After the move, opponent to move.
    var after: EngineVerdict?
    /// Before the move with the opponent to move (what the opponent wanted to play: what this move may prevent).
    var passBefore: EngineVerdict?
    /// After the move with the mover to move again (the null-move search: what this move threatens).
    var passAfter: EngineVerdict?
    /// After the engine's best move instead, when the move's grade needs confirming (``ConfirmationPolicy``).
    var bestChild: EngineVerdict? = nil
    /// The position `bestChild` is the search of (nil: the grade needs no confirming).
    var confirming: Position? = nil
}

/// One move in its line, with the values every detector shares. Built once per move.
struct MoveContext {
    let before: Position
    let move: Move
    let after: Position
    /// The move that led to `before`, if any (tells a recapture from a capture).
    let previous: Move?
    /// The line's next move, the opponent's answer (tells a trade: a capture that is taken back).
    let reply: Move?
    /// The moves known to follow `reply` (the rest of the line and the engine's line after it, ``LineRequest/following``,
    /// ``LineRequest/continuation``), not yet checked: ``line`` plays them.
    let more: [Move]
    let engine: EngineView?
    let options: AnnotationOptions

    var us: PieceColor { before.turn }
    var them: PieceColor { before.turn.opposite }
    var b0: Board { before.board }
    var b1: Board { after.board }
    /// The piece on the destination square after the move (the promoted piece for a promotion).
    var moved: Piece { Piece(us, move.promotion ?? move.role) }
    /// Squares the moved piece attacks after the move, and attacked from its old square before it.
    let reachAfter: Bitboard
    let reachBefore: Bitboard

    init(before: Position, move: Move, previous: Move?, reply: Move?, then more: [Move] = [], engine: EngineView?, options: AnnotationOptions) {
        self.before = before
        self.move = move
        let after = before.playingUnchecked(move)
        self.after = after
        self.previous = previous
        self.reply = reply.flatMap { after.isLegal($0) ? $0 : nil }
        self.more = more
        self.engine = engine
        self.options = options
        let b1 = after.board
        reachAfter = Attacks.of(Piece(before.turn, move.promotion ?? move.role), move.to, occupied: b1.occupied)
        reachBefore = move.isCastle ? .empty : Attacks.of(Piece(before.turn, move.role), move.from, occupied: before.board.occupied)
    }

    /// The moves known to follow this one, `reply` first, each legal in turn, as far as a note's longest line reaches.
    var line: [Move] {
        guard let r = reply else { return [] }
        var p = after.playingUnchecked(r)
        var line = [r]
        for m in more.prefix(Explainer.refutationMaxPlies) {
            guard p.isLegal(m) else { break }
            p.playUnchecked(m)
            line.append(m)
        }
        return line
    }

    /// The mover's score after the move: its own line in the search before the move, else the search after it negated.
    var playedScore: Score? {
        if let line = engine?.before?.lines.first(where: { $0.uci == move.uci }) { return line.score }
        return engine?.after?.score.negated
    }

    /// Evidence from a verdict, with the score given from the mover's point of view.
    func evidence(_ score: Score, of v: EngineVerdict) -> EngineEvidence {
        EngineEvidence(score: score, depth: v.depth, nodes: v.nodes)
    }

    func piece(at s: Square, _ board: Board) -> PlacedPiece? { board.role(at: s).map { PlacedPiece($0, s) } }
}
