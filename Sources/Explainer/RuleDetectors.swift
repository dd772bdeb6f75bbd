// RuleDetectors: the motifs the rules alone establish, one small function per motif over a MoveContext.
import ChessCore

/// Detectors that need no engine. Each is pure: the same context gives the same motifs in the same order.
enum RuleDetectors {
    typealias Detector = @Sendable (MoveContext) -> [Motif]

    /// Every rule detector, in the order their motifs are listed.
    static let all: [Detector] = [
        castles, givesUpCastling, develops, occupiesCentre, controlsCentre, recapturesOrTrades, removesDefender, removesAttacker, opensFile, answersCheck, check,
        attacks, threatensMate, forks, pins, defends, supports, offersTrade, escapes, avoidsPawnPush, opensLine, preparesCastling, pawnBreak, pawnChain,
        preparesPush, takesSquare, gainsSpace, pawnStructure, kingShieldWeakened, makesLuft, kingInCentre,
    ]

    static func motifs(_ c: MoveContext) -> [Motif] {
        let found = all.flatMap { $0(c) }
        if c.after.isCheckmate { return found.filter { if case .check = $0 { true } else { false } } }
        return found
    }

    static func castles(_ c: MoveContext) -> [Motif] {
        guard c.move.isCastle else { return [] }
        let kingside = c.move.to.file > c.move.from.file
        let rookTo = Square(file: kingside ? BoardFacts.fileF : BoardFacts.fileD, rank: c.move.from.rank)
        return [.castles(kingside: kingside, king: c.move.to, rook: rookTo)]
    }

    /// A king move other than castling, or a rook move from its corner, that takes away castling rights the mover had:
    /// the king walk or rook lift is told by what it costs first, not by the squares it covers.
    static func givesUpCastling(_ c: MoveContext) -> [Motif] {
        guard !c.move.isCastle, let k = c.b0.king(of: c.us) else { return [] }
        let rights = c.before.castlingRights & c.b0.pieces(c.us, .rook)
        let lost = c.move.role == .king ? rights : rights & Bitboard(c.move.from)
        guard !lost.isEmpty else { return [] }
        return [.givesUpCastling(kingside: lost.contains { $0.file > k.file }, queenside: lost.contains { $0.file < k.file })]
    }

    static func develops(_ c: MoveContext) -> [Motif] {
        guard !c.move.isCastle, c.move.role == .knight || c.move.role == .bishop,
            BoardFacts.homeSquares(c.us, c.move.role).contains(c.move.from) else { return [] }
        let toward = BoardFacts.centreDistance(c.move.to) < BoardFacts.centreDistance(c.move.from) && !BoardFacts.isRim(c.move.to)
        return [.develops(piece: c.move.role, from: c.move.from, to: c.move.to, towardCentre: toward)]
    }

    static func occupiesCentre(_ c: MoveContext) -> [Motif] {
        guard BoardFacts.centre.contains(c.move.to), c.moved.role != .king, c.moved.role != .queen, c.move.capture == nil else { return [] }
        return [.occupiesCentre(piece: c.moved.role, square: c.move.to)]
    }

    static func controlsCentre(_ c: MoveContext) -> [Motif] {
        guard c.moved.role != .king else { return [] }
        let new = c.reachAfter & ~c.reachBefore & BoardFacts.centre & ~c.b1.pieces(c.us)
        return new.isEmpty ? [] : [.controlsCentre(piece: c.moved.role, squares: Array(new))]
    }

    /// A recapture on the square just captured on; or a capture the line's next move takes back (a trade); else the
    /// capture itself ("takes the bishop on c4"), which an engine motif that says more replaces (`Annotator.motifs`).
    static func recapturesOrTrades(_ c: MoveContext) -> [Motif] {
        guard let captured = c.move.capture else { return [] }
        let target = PlacedPiece(captured, c.move.isEnPassant ? Square(file: c.move.to.file, rank: c.move.from.rank) : c.move.to)
        if let p = c.previous, let lost = p.capture, p.to == c.move.to {
            // "Material is level again" is about the whole board once the exchange is over, not about the last two
            // captures: equal pieces taken, equal material on the board, and nothing more to win on the square
            // (after 3...dxc3 4.Nxc3 in the Smith-Morra, White has taken back a pawn and is still a pawn down).
            let level = BoardFacts.value(lost) == BoardFacts.value(captured)
                && BoardFacts.material(c.b1, c.us) == BoardFacts.material(c.b1, c.them)
                && BoardFacts.exchangeGain(c.b1, on: c.move.to, by: c.them) <= 0
            return [.recaptures(piece: c.move.role, target: target, evens: level)]
        }
        let given = BoardFacts.value(c.moved.role), got = BoardFacts.value(captured)
        // What the opponent wins back by exchange on the square, all recaptures counted (pawns and both queens).
        let back = BoardFacts.exchangeGain(c.b1, on: c.move.to, by: c.them)
        if let r = c.reply, r.capture != nil, r.to == c.move.to {
            // Taken back, but the exchange on the square loses nothing (14...Qxd6 15.Qxd6 cxd6: the pawn takes the queen
            // back): the capture stands, nothing was given up for it.
            if given > got, got - back >= 0 { return [.captures(piece: c.moved.role, target: target, outcome: .takes, evidence: nil)] }
            // "Gives up the knight for only the pawn" is about the material once the exchange is over: a unit the mover
            // wins straight after the recapture (one the capture uncovered: 6.Nxe5 Nxe5 7.Qxh5, the queen behind the
            // knight) is part of it, so the capture only takes.
            // And "for only" says the capture is bad: not of a move the engine grades good or best, a refutation's reply
            // above all (Nxf7, the engine's own choice, gives the knight for a perpetual check).
            if given > got, !BoardFacts.winningCaptures(c.after.playingUnchecked(r), by: c.us).isEmpty
                || (EngineDetectors.grade(c)?.verdict).map({ $0 < .inaccuracy }) == true {
                return [.captures(piece: c.moved.role, target: target, outcome: .takes, evidence: nil)]
            }
            // Nor is it given up when a line the engine gives after the move wins it back within the longest line a note
            // shows: its search after the move (Bxf7+ Kxf7 Bg5 Qf8 Qb3+ d5 Qxc3), or the line the move is
            // part of, a refutation's reply going on as the deeper search before it saw (Nxe4 Nxe4 Qh4+ g3
            // Qxh6). A claim that material is lost must hold on every line there is.
            let lines = (c.engine?.after?.lines.first.map { [$0.pv] } ?? []) + (c.line.count > 1 ? [c.line.map(\.uci)] : [])
            if given > got, lines.contains(where: { EngineDetectors.lineChange(c, $0, plies: Explainer.refutationMaxPlies + 1) > -c.options.rules.pawn }) {
                return [.captures(piece: c.moved.role, target: target, outcome: .takes, evidence: nil)]
            }
            return [.captures(piece: c.moved.role, target: target, outcome: .tradedFor(captured), evidence: nil)]
        }
        // No next move in the line (a better move shown alone): a capture of a piece of one value that the opponent takes
        // back by exchange is a trade ("Qxd1 trades queens on d1"), as the board's static exchange says.
        if c.reply == nil, given == got, back > 0 {
            return [.captures(piece: c.moved.role, target: target, outcome: .tradedFor(captured), evidence: nil)]
        }
        return [.captures(piece: c.moved.role, target: target, outcome: .takes, evidence: nil)]
    }

    /// The captured piece was the only guard of an enemy piece that the mover attacks.
    static func removesDefender(_ c: MoveContext) -> [Motif] {
        guard let captured = c.move.capture, !c.move.isEnPassant else { return [] }
        let guardReach = Attacks.of(Piece(c.them, captured), c.move.to, occupied: c.b0.occupied)
        for s in guardReach & c.b1.pieces(c.them) {
            guard let r = c.b1.role(at: s), r != .king,
                c.b0.attackers(of: s, by: c.them, occupied: c.b0.occupied) == Bitboard(c.move.to),
                c.b1.attackers(of: s, by: c.them, occupied: c.b1.occupied).isEmpty,
                c.b1.attackers(of: s, by: c.us, occupied: c.b1.occupied).isNotEmpty,
                !guardsAgainAfterTakingBack(c, s) else { continue }
            return [.removesDefender(captured: PlacedPiece(captured, c.move.to), guarded: PlacedPiece(r, s))]
        }
        return []
    }

    /// Whether the opponent's piece that takes the capturing unit straight back (``BoardFacts/takenBack(_:on:)``) guards
    /// `square` from there: 11...Qxd1 12.Rxd1 and the rook guards c1 again, so the queen removed no guard of it.
    static func guardsAgainAfterTakingBack(_ c: MoveContext, _ square: Square) -> Bool {
        guard let back = BoardFacts.takenBack(c.after, on: c.move.to) else { return false }
        let then = c.after.playingUnchecked(back)
        return Attacks.of(Piece(c.them, back.promotion ?? back.role), c.move.to, occupied: then.board.occupied).contains(square)
    }

    /// The captured piece attacked an own piece that was undefended or worth more than it (or the capturing piece itself).
    static func removesAttacker(_ c: MoveContext) -> [Motif] {
        guard let captured = c.move.capture, captured != .pawn, !c.move.isEnPassant else { return [] }
        let reach = Attacks.of(Piece(c.them, captured), c.move.to, occupied: c.b0.occupied)
        // Squares in order, the capturing piece's own square last: another target is the better reason.
        for s in Array(reach & c.b0.pieces(c.us)).sorted(by: { ($0 == c.move.from ? 1 : 0, $0) < ($1 == c.move.from ? 1 : 0, $1) }) {
            guard let r = c.b0.role(at: s), r != .king, r != .pawn else { continue }
            let defended = c.b0.attackers(of: s, by: c.us, occupied: c.b0.occupied).isNotEmpty
            // A real target: loose, worth more than the attacker, or the capturing piece itself (it takes first).
            if !defended || BoardFacts.value(r) > BoardFacts.value(captured) || s == c.move.from && BoardFacts.value(r) >= BoardFacts.value(captured) {
                return [.removesAttacker(captured: PlacedPiece(captured, c.move.to), target: PlacedPiece(r, s), wasTheMover: s == c.move.from)]
            }
        }
        return []
    }

    /// A pawn capture empties its file of the mover's pawns.
    static func opensFile(_ c: MoveContext) -> [Motif] {
        guard c.move.role == .pawn, c.move.capture != nil,
            (c.b1.pieces(c.us, .pawn) & Bitboard.file(c.move.from.file)).isEmpty else { return [] }
        return [.opensFile(file: c.move.from.file)]
    }

    static func answersCheck(_ c: MoveContext) -> [Motif] {
        guard c.before.isCheck, !c.move.isCastle, let k = c.b0.king(of: c.us) else { return [] }
        let blocks = c.move.role != .king && c.before.checkers.contains { Attacks.between($0, k).contains(c.move.to) }
        return [.answersCheck(piece: c.move.role, to: c.move.to, blocks: blocks)]
    }

    static func check(_ c: MoveContext) -> [Motif] {
        guard c.after.isCheck, let k = c.b1.king(of: c.them), let s = c.after.checkers.first, let r = c.b1.role(at: s) else { return [] }
        return [.check(checker: PlacedPiece(r, s), king: k, mate: c.after.isCheckmate)]
    }

    /// The moved piece newly attacks an undefended piece or pawn, or a piece worth more than itself, and could take it;
    /// not when the opponent takes the moved unit straight back without loss (``BoardFacts/takenBack(_:on:)``:
    /// 11...exd4 12.Nxd4, the pawn that "hits the knight on c3" is gone at once).
    static func attacks(_ c: MoveContext) -> [Motif] {
        guard let again = BoardFacts.passing(c.after), BoardFacts.takenBack(c.after, on: c.move.to) == nil else { return [] }
        var out: [Motif] = []
        for t in c.reachAfter & ~c.reachBefore & c.b1.pieces(c.them) {
            guard let tr = c.b1.role(at: t), tr != .king else { continue }
            let defended = c.b1.attackers(of: t, by: c.them, occupied: c.b1.occupied).isNotEmpty
            guard !defended || BoardFacts.value(tr) > BoardFacts.value(c.moved.role) else { continue }
            guard again.legalMoves.contains(where: { $0.from == c.move.to && $0.to == t }) else { continue }
            out.append(.attacks(attacker: PlacedPiece(c.moved.role, c.move.to), target: PlacedPiece(tr, t), defended: defended))
        }
        return out
    }

    /// Were the mover to move again, a move would mate at once, and none did before the move (the move itself gives
    /// no check: a check is said as such). The board's fact; the engine's `threatens` says it where the null-move search
    /// was asked, and then this one is dropped (`Annotator.motifs`).
    static func threatensMate(_ c: MoveContext) -> [Motif] {
        guard !c.after.isCheck, let again = BoardFacts.passing(c.after), let m = BoardFacts.mateInOne(again),
              BoardFacts.mateInOne(c.before) == nil else { return [] }
        return [.threatensMate(san: again.san(m), uci: m.uci)]
    }

    /// A fork: the moved piece hits two or more targets, and after every reply the mover still wins material
    /// on one of them (or the king is in check and another target falls after the reply).
    static func forks(_ c: MoveContext) -> [Motif] {
        var targets: [PlacedPiece] = []
        if c.after.checkers.contains(c.move.to), let k = c.b1.king(of: c.them) { targets.append(PlacedPiece(.king, k)) }
        for t in c.reachAfter & c.b1.pieces(c.them) {
            guard let tr = c.b1.role(at: t), tr != .king, tr != .pawn else { continue }
            targets.append(PlacedPiece(tr, t))
        }
        guard targets.count >= 2 else { return [] }
        let material = targets.filter { $0.role != .king }
        // Every reply leaves a capture on a target that wins material by exchange.
        for reply in c.after.legalMoves {
            let p = c.after.playingUnchecked(reply)
            let still = material.contains { t in
                p.board[t.square] == Piece(c.them, t.role) && p.board[c.move.to] == c.moved
                    && p.legalMoves.contains { $0.from == c.move.to && $0.to == t.square }
                    && BoardFacts.exchangeGain(p.board, on: t.square, by: c.us) > 0
            }
            if !still { return [] }
        }
        return [.forks(piece: PlacedPiece(c.moved.role, c.move.to), targets: targets)]
    }

    /// New pins: the pinned piece cannot move off the line without losing the piece behind it, or cannot legally
    /// leave it. A piece that can still move along the line (a pawn advancing on a file, a rook on a file) is not pinned.
    static func pins(_ c: MoveContext) -> [Motif] {
        let before = Set(BoardFacts.pins(c.b0, by: c.us).map { [$0.pinned, $0.behind] })
        var out: [Motif] = []
        for p in BoardFacts.pins(c.b1, by: c.us) where !before.contains([p.pinned, p.behind]) {
            guard let pinner = c.piece(at: p.pinner, c.b1), let pinned = c.piece(at: p.pinned, c.b1), let behind = c.piece(at: p.behind, c.b1)
            else { continue }
            if BoardFacts.canMoveAlongPin(c.after, pinner: p.pinner, pinned: p.pinned, behind: p.behind, side: c.them) { continue }
            out.append(.pins(pinner: pinner, pinned: pinned, behind: behind))
        }
        return out
    }

    /// An own piece the opponent could win by exchange before is safe now, and the moved piece guards it.
    static func defends(_ c: MoveContext) -> [Motif] {
        let safeAfter = Set(BoardFacts.winningCaptures(c.after, by: c.them).map(\.target))
        var out: [Motif] = []
        for t in BoardFacts.winningCaptures(c.before, by: c.them) where t.target != c.move.from && !safeAfter.contains(t.target) {
            guard c.b1[t.target]?.color == c.us, c.reachAfter.contains(t.target), let tr = c.b1.role(at: t.target),
                let a = c.piece(at: t.from, c.b1), c.b1[t.from]?.color == c.them else { continue }
            out.append(.defends(defender: PlacedPiece(c.moved.role, c.move.to), target: PlacedPiece(tr, t.target), attacker: a))
        }
        return out
    }

    /// The moved piece newly guards an own piece or pawn that an enemy piece (not the king) attacks, which was not winnable
    /// before (then it is `defends`): Re1 behind e4, Re8 behind e5.
    static func supports(_ c: MoveContext) -> [Motif] {
        guard c.move.role != .king, !c.move.isCastle else { return [] }
        let winnableBefore = Set(BoardFacts.winningCaptures(c.before, by: c.them).map(\.target))
        var out: [Motif] = []
        for t in c.reachAfter & ~c.reachBefore & c.b1.pieces(c.us) where !winnableBefore.contains(t) {
            let attackers = c.b1.attackers(of: t, by: c.them, occupied: c.b1.occupied) & ~c.b1.pieces(c.them, .king)
            guard let tr = c.b1.role(at: t), tr != .king, let a = BoardFacts.cheapestAttacker(c.b1, t, by: c.them, occupied: c.b1.occupied),
                attackers.contains(a.0) else { continue }
            out.append(.supports(defender: PlacedPiece(c.moved.role, c.move.to), target: PlacedPiece(tr, t), attacker: PlacedPiece(a.1, a.0)))
        }
        return out.prefix(1).map { $0 }
    }

    /// The moved piece and an enemy piece of the same kind attack each other, and the enemy one is defended: a trade offer.
    static func offersTrade(_ c: MoveContext) -> [Motif] {
        // A piece the opponent wins by exchange where it stands is lost, not offered in trade.
        guard c.moved.role != .pawn, c.moved.role != .king, BoardFacts.exchangeGain(c.b1, on: c.move.to, by: c.them) <= 0 else { return [] }
        for t in c.reachAfter & c.b1.pieces(c.them, c.moved.role) {
            let theirs = Attacks.of(Piece(c.them, c.moved.role), t, occupied: c.b1.occupied)
            guard theirs.contains(c.move.to), c.b1.attackers(of: c.move.to, by: c.us, occupied: c.b1.occupied).isNotEmpty else { continue }
            return [.offersTrade(piece: PlacedPiece(c.moved.role, c.move.to), target: PlacedPiece(c.moved.role, t))]
        }
        return []
    }

    /// The moved piece could be won where it stood and cannot be where it goes.
    static func escapes(_ c: MoveContext) -> [Motif] {
        guard c.move.role != .pawn, let t = BoardFacts.winningCaptures(c.before, by: c.them).first(where: { $0.target == c.move.from }),
            let attacker = c.piece(at: t.from, c.b0), c.b1[t.from] == c.b0[t.from] else { return [] }
        let stillLost = BoardFacts.winningCaptures(c.after, by: c.them).contains { $0.target == c.move.to }
        return stillLost ? [] : [.escapes(piece: c.move.role, from: c.move.from, to: c.move.to, attacker: attacker)]
    }

    /// The piece left a square an enemy pawn could attack with one legal push, for a square no single push reaches.
    static func avoidsPawnPush(_ c: MoveContext) -> [Motif] {
        guard c.move.role != .pawn, c.move.role != .king, !c.move.isCastle, c.move.capture == nil,
            let pass = BoardFacts.passing(c.before) else { return [] }
        func push(_ p: Position, hitting s: Square) -> Move? {
            p.legalMoves.first { m in
                m.role == .pawn && m.capture == nil && Attacks.pawn(c.them, m.to).contains(s)
                    && BoardFacts.exchangeGain(p.playingUnchecked(m).board, on: m.to, by: c.us) == 0
            }
        }
        // A piece a pawn already attacks leaves for that reason, and one that lands where a pawn takes it escapes nothing.
        guard (Attacks.pawn(c.us, c.move.from) & c.b0.pieces(c.them, .pawn)).isEmpty,
              (Attacks.pawn(c.us, c.move.to) & c.b1.pieces(c.them, .pawn)).isEmpty else { return [] }
        // After the move the opponent is to move: its pushes there must not reach the new square.
        guard let threat = push(pass, hitting: c.move.from), push(c.after, hitting: c.move.to) == nil else { return [] }
        return [.avoidsPawnPush(piece: c.move.role, from: c.move.from, to: c.move.to, push: pass.san(threat))]
    }

    /// Another bishop, rook or queen of the mover gains two or more squares through the vacated square.
    static func opensLine(_ c: MoveContext) -> [Motif] {
        guard !c.move.isCastle else { return [] }
        var freed: [PlacedPiece] = []
        let backRank = Bitboard.rank(c.us == .white ? 0 : 7)
        for s in c.b1.pieces(c.us) where s != c.move.to {
            guard let r = c.b1.role(at: s), r == .bishop || r == .rook || r == .queen else { continue }
            let gained = Attacks.of(Piece(c.us, r), s, occupied: c.b1.occupied) & ~Attacks.of(Piece(c.us, r), s, occupied: c.b0.occupied)
            let through = gained.filter { Attacks.aligned(s, c.move.from, $0) || $0 == c.move.from }
            if through.count >= 2, !through.allSatisfy({ backRank.contains($0) }) { freed.append(PlacedPiece(r, s)) }
        }
        return freed.isEmpty ? [] : [.opensLine(pieces: freed, through: c.move.from)]
    }

    static func preparesCastling(_ c: MoveContext) -> [Motif] {
        guard !c.move.isCastle, let k = c.b0.king(of: c.us) else { return [] }
        var out: [Motif] = []
        for rook in c.before.castlingRights & c.b0.pieces(c.us, .rook) {
            let between = Attacks.between(k, rook)
            if (between & c.b0.occupied).isNotEmpty && (between & c.b1.occupied).isEmpty && between.contains(c.move.from) {
                out.append(.preparesCastling(rook: rook, kingside: rook.file > k.file))
            }
        }
        return out
    }

    static func pawnBreak(_ c: MoveContext) -> [Motif] {
        guard c.move.role == .pawn, c.move.capture == nil else { return [] }
        return (Attacks.pawn(c.us, c.move.to) & c.b1.pieces(c.them, .pawn)).map { .pawnBreak(pawn: c.move.to, target: $0) }
    }

    static func pawnChain(_ c: MoveContext) -> [Motif] {
        guard c.move.role == .pawn else { return [] }
        let to = c.move.to
        let ours = c.b1.pieces(c.us, .pawn)
        if let back = (Attacks.pawn(c.them, to) & ours).first, to.relativeRank(for: c.us) >= 3 { return [.pawnChain(base: back, head: to)] }
        if let front = (Attacks.pawn(c.us, to) & ours).first, front.relativeRank(for: c.us) >= 3 { return [.pawnChain(base: to, head: front)] }
        return []
    }

    /// After the move a pawn of ours can advance to a central square with a pawn guarding it, which it could not before:
    /// the move prepares that push (c3 for d4).
    static func preparesPush(_ c: MoveContext) -> [Motif] {
        guard c.move.role == .pawn, c.move.capture == nil else { return [] }
        for target in BoardFacts.centre where c.b1[target] == nil {
            let supportAfter = Attacks.pawn(c.them, target) & c.b1.pieces(c.us, .pawn)
            let supportBefore = Attacks.pawn(c.them, target) & c.b0.pieces(c.us, .pawn)
            guard supportAfter.contains(c.move.to), supportBefore.isEmpty else { continue }
            // A pawn of ours on the same file, behind the target, with a free path to it, that gets there in one move:
            // one step, or two from its starting rank (a pawn on e6 does not "prepare ...e4").
            let file = Bitboard.file(target.file) & c.b1.pieces(c.us, .pawn)
            for p in file where p.relativeRank(for: c.us) < target.relativeRank(for: c.us) && p != c.move.to {
                let path = Attacks.between(p, target)
                let steps = target.relativeRank(for: c.us) - p.relativeRank(for: c.us)
                if (path & c.b1.occupied).isEmpty, steps == 1 || (steps == 2 && p.relativeRank(for: c.us) == 1) {
                    return [.preparesPush(push: target.name, supporter: c.move.to)]
                }
            }
        }
        return []
    }

    /// A non-capturing pawn move newly covers an empty square on the 4th rank or beyond that enemy pieces attack.
    static func takesSquare(_ c: MoveContext) -> [Motif] {
        guard c.move.role == .pawn, c.move.capture == nil else { return [] }
        var out: [Motif] = []
        for sq in Attacks.pawn(c.us, c.move.to) & ~Attacks.pawn(c.us, c.move.from) & ~c.b1.occupied where sq.relativeRank(for: c.us) >= 3 {
            let users = c.b1.attackers(of: sq, by: c.them, occupied: c.b1.occupied) & ~c.b1.pieces(c.them, .pawn) & ~c.b1.pieces(c.them, .king)
            let covered = c.b0.attackers(of: sq, by: c.us, occupied: c.b0.occupied) & c.b0.pieces(c.us, .pawn)
            if !users.isEmpty, covered.isEmpty {
                out.append(.takesSquare(square: sq, from: users.compactMap { c.piece(at: $0, c.b1) }))
            }
        }
        return out
    }

    static func gainsSpace(_ c: MoveContext) -> [Motif] {
        let to = c.move.to
        guard c.move.role == .pawn, c.move.capture == nil, to.relativeRank(for: c.us) >= 4, (1...6).contains(to.file),
            BoardFacts.exchangeGain(c.b1, on: to, by: c.them) == 0 else { return [] }
        return [.gainsSpace(square: to)]
    }

    /// New doubled, isolated or passed pawns, for either side; not on the capture square (or its file) while the capture
    /// can still be taken back: the structure there is in flux.
    static func pawnStructure(_ c: MoveContext) -> [Motif] {
        let inFlux = c.move.capture != nil && c.b1.attackers(of: c.move.to, by: c.them, occupied: c.b1.occupied).isNotEmpty
        return structureChanges(c).filter { m in
            guard inFlux else { return true }
            if case .doubledPawns(_, let file) = m { return file != c.move.to.file }
            if case .isolatedPawn(_, let s) = m { return s != c.move.to }
            if case .passedPawn(_, let s) = m { return s != c.move.to }
            return true
        }
    }

    static func structureChanges(_ c: MoveContext) -> [Motif] {
        var out: [Motif] = []
        for side in [c.us, c.them] {
            let doubledBefore = Set(BoardFacts.doubledFiles(c.b0, side))
            out += BoardFacts.doubledFiles(c.b1, side).filter { !doubledBefore.contains($0) }.map { .doubledPawns(side: side, file: $0) }
            let isolatedBefore = Set(BoardFacts.isolatedPawns(c.b0, side))
            for s in BoardFacts.isolatedPawns(c.b1, side) where !isolatedBefore.contains(s) && !(s == c.move.to && isolatedBefore.contains(c.move.from)) {
                out.append(.isolatedPawn(side: side, square: s))
            }
            let passedBefore = Set(BoardFacts.passedPawns(c.b0, side))
            for s in BoardFacts.passedPawns(c.b1, side) where !passedBefore.contains(s) && !(s == c.move.to && passedBefore.contains(c.move.from)) {
                out.append(.passedPawn(side: side, square: s))
            }
        }
        return out
    }

    static func kingShieldWeakened(_ c: MoveContext) -> [Motif] {
        guard c.move.role == .pawn, let k = c.b0.king(of: c.us), BoardFacts.isCastledKing(k, c.us),
            abs(c.move.from.file - k.file) <= 1, c.move.from.relativeRank(for: c.us) == 1 else { return [] }
        return [.kingShieldWeakened(king: k, pawn: c.move.from)]
    }

    /// A pawn in front of a castled king moves and leaves the king a free square on its second rank (no back-rank mate there).
    static func makesLuft(_ c: MoveContext) -> [Motif] {
        guard c.move.role == .pawn, c.move.capture == nil, let k = c.b1.king(of: c.us), BoardFacts.isCastledKing(k, c.us),
            c.move.from.relativeRank(for: c.us) == 1, abs(c.move.from.file - k.file) <= 1,
            c.b1.attackers(of: c.move.from, by: c.them, occupied: c.b1.occupied).isEmpty else { return [] }
        return [.makesLuft(king: k, square: c.move.from)]
    }

    static func kingInCentre(_ c: MoveContext) -> [Motif] {
        var out: [Motif] = []
        for side in [c.us, c.them] {
            guard let k = c.b1.king(of: side), k.relativeRank(for: side) == 0, k.file == BoardFacts.fileD || k.file == BoardFacts.fileE
            else { continue }
            let file = Bitboard.file(k.file)
            if (BoardFacts.pawns(c.b0, side) & file).isNotEmpty && (BoardFacts.pawns(c.b1, side) & file).isEmpty {
                out.append(.kingInCentre(side: side, king: k))
            }
        }
        return out
    }

    /// The principle a move follows when no other motif says anything: more squares for the piece, or nothing left loose.
    static func principle(_ c: MoveContext, allowNothingLoose: Bool = true) -> Motif? {
        // A piece that is taken back at once does not stay on its square: its squares are no reason.
        let tradedOff = c.move.capture != nil && c.reply.map { $0.capture != nil && $0.to == c.move.to } == true
        if tradedOff, let r = c.reply {
            let b2 = c.after.playingUnchecked(r).board
            return .principle(.materialAfterTrade(balance: BoardFacts.material(b2, c.us) - BoardFacts.material(b2, c.them)))
        }
        // No praise on a move the engine grades an inaccuracy or worse: "improves the queen" on a move that loses ground
        // is no reason; the squares it covers are said instead.
        let praised = (EngineDetectors.grade(c)?.verdict ?? .best) < .inaccuracy
        if praised, c.move.role != .pawn, c.move.role != .king, !c.move.isCastle {
            let own = c.b1.pieces(c.us)
            let now = (c.reachAfter & ~own).count
            let was = (c.reachBefore & ~c.b0.pieces(c.us)).count
            if now > was {
                return .principle(.activates(piece: PlacedPiece(c.moved.role, c.move.to), from: was, to: now))
            }
        }
        if c.moved.role == .rook, (c.b1.pieces(c.us, .pawn) & Bitboard.file(c.move.to.file)).isEmpty,
            c.move.to.file != c.move.from.file {
            return .principle(.rookOnOpenFile(rook: c.move.to))
        }
        let piece = PlacedPiece(c.moved.role, c.move.to)
        // What the move does before what it does not: the squares a piece newly covers (never a king's walk: its squares
        // are no reason), then a move that attacks and guards nothing new is called quiet; "nothing can be won" last.
        let king = c.moved.role == .king
        let kings = c.b1.pieces(c.us, .king) | c.b1.pieces(c.them, .king)
        let empty = (c.reachAfter & ~c.reachBefore & ~c.b1.occupied).without(c.move.from)
        // Squares first; else the pieces it newly guards or hits (Be2 covers f1 and f3: the rook and the knight).
        let touched = c.reachAfter & ~c.reachBefore & c.b1.occupied & ~kings
        if !king, let new = [empty, touched].first(where: { !$0.isEmpty }) {
            return .principle(.covers(piece: piece, squares: Array(new), new: true))
        }
        if touched.isEmpty { return .principle(.quiet(piece: piece)) }
        if allowNothingLoose, BoardFacts.winningCaptures(c.after, by: c.them).isEmpty { return .principle(.leavesNothingLoose) }
        if king { return .principle(.kingNextTo(king: c.move.to, pieces: touched.compactMap { c.piece(at: $0, c.b1) })) }
        let all = c.reachAfter & ~c.b1.pieces(c.us)
        if !all.isEmpty { return .principle(.covers(piece: piece, squares: Array(all), new: false)) }
        // Every square it reaches holds a piece of ours (9...h5 next to the knight on g4): it guards those.
        let guarded = c.reachAfter & c.b1.pieces(c.us)
        return guarded.isEmpty ? nil : .principle(.covers(piece: piece, squares: Array(guarded), new: false))
    }
}
