// MotifDetector: what a move does by the rules alone — development, centre, castling, attacks, pins, forks, pawns, king.
import ChessCore

/// Finds the rule-level motifs of one move. Pure: the same position and move give the same motifs, in the same order.
///
/// ```swift
/// let p = try Position(fen: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
/// let motifs = MotifDetector.motifs(before: p, move: try p.move(san: "Nf3"))
/// // develops g1 f3 (toward the centre), controls-centre d4 e5, threatens-capture f3 e5
/// ```
public enum MotifDetector {
    /// The motifs of `move` (which must be legal in `before`). `previous` is the move that led to `before`, if any
    /// (it tells a recapture from a capture).
    public static func motifs(before: Position, move: Move, previous: Move? = nil) -> [Motif] {
        let after = before.playingUnchecked(move)
        let us = before.turn
        let them = us.opposite
        let b0 = before.board
        let b1 = after.board
        let moved = Piece(us, move.promotion ?? move.role)
        var out: [Motif] = []

        // Castling.
        if move.isCastle {
            let kingside = move.to.file == 6
            let rank = move.from.rank
            let rookFrom = Square(file: kingside ? 7 : 0, rank: rank)
            let rookTo = Square(file: kingside ? 5 : 3, rank: rank)
            out.append(Motif(.castles, [move.from, move.to, rookFrom, rookTo], side: us, role: .king, flag: kingside))
        }

        // Development: a knight or bishop leaving its home square.
        if !move.isCastle, move.role == .knight || move.role == .bishop,
            BoardFacts.homeSquares(us, move.role).contains(move.from)
        {
            let toward = BoardFacts.centreDistance(move.to) < BoardFacts.centreDistance(move.from) && !BoardFacts.isRim(move.to)
            out.append(Motif(.develops, [move.from, move.to], side: us, role: move.role, flag: toward))
        }

        // Centre: occupying it, and newly attacking central squares.
        if BoardFacts.centre.contains(move.to), moved.role != .king, moved.role != .queen {
            out.append(Motif(.occupiesCentre, [move.to], side: us, role: moved.role))
        }
        let reachAfter = Attacks.of(moved, move.to, occupied: b1.occupied)
        let reachBefore = move.isCastle ? Bitboard.empty : Attacks.of(Piece(us, move.role), move.from, occupied: b0.occupied)
        if moved.role != .king {
            let newCentre = reachAfter & ~reachBefore & BoardFacts.centre & ~b1.pieces(us)
            if !newCentre.isEmpty {
                out.append(Motif(.controlsCentre, Array(newCentre), side: us, role: moved.role))
            }
        }

        // Captures, recaptures, trades.
        if let captured = move.capture {
            // En passant takes the pawn beside the pawn's starting square, not on the square it moves to.
            let victim = move.isEnPassant ? Square(file: move.to.file, rank: move.from.rank) : move.to
            let square = move.to
            let isRecapture = previous.map { $0.capture != nil && $0.to == move.to } ?? false
            let canBeTakenBack = !(b1.attackers(of: square, by: them, occupied: b1.occupied)).isEmpty
            if isRecapture {
                let even = previous?.capture.map { BoardFacts.value($0) == BoardFacts.value(captured) } ?? false
                out.append(Motif(.recaptures, [move.from, square], side: us, role: move.role, targets: [captured], flag: even))
            } else if BoardFacts.value(captured) == BoardFacts.value(move.role) && canBeTakenBack && captured != .pawn {
                out.append(Motif(.trades, [move.from, square], side: us, role: move.role, targets: [captured]))
            } else {
                out.append(Motif(.captures, [move.from, victim], side: us, role: move.role, targets: [captured]))
            }
        }

        // Answering a check: block, capture the checker, or step away.
        if before.isCheck, !move.isCastle {
            let blocks = before.checkers.contains { Attacks.between($0, b0.king(of: us) ?? move.from).contains(move.to) }
            out.append(Motif(.answersCheck, [move.from, move.to], side: us, role: move.role, flag: blocks && move.role != .king))
        }

        // Check and checkmate.
        if after.isCheck, let k = b1.king(of: them) {
            out.append(Motif(.check, Array(after.checkers) + [k], side: us, role: moved.role, flag: after.isCheckmate))
        }

        // Threats, seen by letting us move again.
        let again = BoardFacts.passing(after)
        let threatsBefore = Set(BoardFacts.winningCaptures(before, by: us).map(\.target))
        var threatened: Set<Square> = []
        if let again, !after.isCheckmate {
            for t in BoardFacts.winningCaptures(again, by: us) where !threatsBefore.contains(t.target) {
                guard let tr = b1.role(at: t.target), let ar = b1.role(at: t.from) else { continue }
                let defended = !(b1.attackers(of: t.target, by: them, occupied: b1.occupied)).isEmpty
                let capture = again.legalMoves.first { $0.from == t.from && $0.to == t.target }
                out.append(Motif(.threatensCapture, [t.from, t.target], side: us, role: ar, targets: [tr], flag: defended,
                                 san: capture.map { again.san($0) }))
                threatened.insert(t.target)
            }
            // Mate threat: a mating move now that was not there before.
            if !hasMateInOne(before) {
                if let m = again.legalMoves.first(where: { again.playingUnchecked($0).isCheckmate }) {
                    out.append(Motif(.threatensMate, [m.from, m.to], side: us, role: m.role, san: again.san(m)))
                }
            }
        }

        // Plain attacks by the moved piece on pieces, or on undefended pawns.
        for t in (reachAfter & ~reachBefore & b1.pieces(them)) where !threatened.contains(t) {
            guard let tr = b1.role(at: t), tr != .king else { continue }
            let defended = !(b1.attackers(of: t, by: them, occupied: b1.occupied)).isEmpty
            if tr == .pawn && defended { continue }
            if let again, !again.legalMoves.contains(where: { $0.from == move.to && $0.to == t }) { continue }
            out.append(Motif(.attacks, [move.to, t], side: us, role: moved.role, targets: [tr], flag: defended))
        }

        // Forks: the moved piece hits two targets it could win, or the king and one.
        var forkTargets: [Square] = []
        if after.checkers.contains(move.to), let k = b1.king(of: them) { forkTargets.append(k) }
        for t in reachAfter & b1.pieces(them) {
            guard let tr = b1.role(at: t), tr != .king else { continue }
            let defended = !(b1.attackers(of: t, by: them, occupied: b1.occupied)).isEmpty
            if tr != .pawn && (!defended || BoardFacts.value(tr) > BoardFacts.value(moved.role)) { forkTargets.append(t) }
        }
        if forkTargets.count >= 2 {
            out.append(Motif(.forks, [move.to] + forkTargets, side: us, role: moved.role,
                             targets: forkTargets.compactMap { b1.role(at: $0) }))
        }

        // Pins that are new.
        let pinsBefore = Set(BoardFacts.pins(b0, by: us).map { "\($0.pinned.name)\($0.behind.name)" })
        for p in BoardFacts.pins(b1, by: us) where !pinsBefore.contains("\(p.pinned.name)\(p.behind.name)") {
            guard let pr = b1.role(at: p.pinned), let br = b1.role(at: p.behind), let pinner = b1.role(at: p.pinner) else { continue }
            out.append(Motif(.pins, [p.pinner, p.pinned, p.behind], side: us, role: pinner, targets: [pr, br], flag: p.absolute))
        }

        // Defending an attacked piece, or taking the moved piece out of an attack.
        let threatsAgainstUsBefore = BoardFacts.winningCaptures(before, by: them)
        let threatsAgainstUsAfter = Set(BoardFacts.winningCaptures(after, by: them).map(\.target))
        for t in threatsAgainstUsBefore {
            if t.target == move.from {
                if !threatsAgainstUsAfter.contains(move.to), let ar = b0.role(at: t.from), let ac = b0[t.from],
                    !Attacks.of(ac, t.from, occupied: b1.occupied).contains(move.to), b1[t.from] == ac
                {
                    out.append(Motif(.escapes, [move.from, move.to, t.from], side: us, role: move.role, targets: [ar]))
                }
            } else if !threatsAgainstUsAfter.contains(t.target), b1[t.target]?.color == us,
                reachAfter.contains(t.target), let tr = b1.role(at: t.target)
            {
                out.append(Motif(.defends, [move.to, t.target], side: us, role: moved.role, targets: [tr]))
            }
        }

        // Stepping away from a trade offered by an equal piece.
        if !out.contains(where: { $0.kind == .escapes || $0.kind == .develops }), move.role != .pawn, move.role != .king, !move.isCastle,
            move.capture == nil
        {
            for a in b0.attackers(of: move.from, by: them, occupied: b0.occupied) {
                guard let ar = b0.role(at: a), BoardFacts.value(ar) == BoardFacts.value(move.role), b1[a] == b0[a],
                    !(b1.attackers(of: move.to, by: them, occupied: b1.occupied)).contains(a)
                else { continue }
                out.append(Motif(.escapes, [move.from, move.to, a], side: us, role: move.role, targets: [ar], flag: true))
                break
            }
        }

        // Giving up material: something of ours the opponent can now win that it could not before.
        let capturedValue = move.capture.map(BoardFacts.value) ?? 0
        let offeredBefore = Set(threatsAgainstUsBefore.map(\.target))
        var bestOffer: (Square, Int)?
        for t in BoardFacts.winningCaptures(after, by: them) where !offeredBefore.contains(t.target) || t.target == move.to {
            let net = t.gain - (t.target == move.to ? capturedValue : 0)
            if net >= 100, net > (bestOffer?.1 ?? 0) { bestOffer = (t.target, net) }
        }
        if let (square, net) = bestOffer, let r = b1.role(at: square), !after.isCheckmate {
            out.append(Motif(.givesUpMaterial, [square], side: us, role: r, amount: net))
        }

        // Lines opened for our other long-range pieces through the square we left.
        if !move.isCastle {
            for s in b1.pieces(us) where s != move.to {
                guard let r = b1.role(at: s), r == .bishop || r == .rook || r == .queen else { continue }
                let gained = Attacks.of(Piece(us, r), s, occupied: b1.occupied) & ~Attacks.of(Piece(us, r), s, occupied: b0.occupied)
                let throughFrom = gained.filter { Attacks.aligned(s, move.from, $0) || $0 == move.from }
                // A piece that only gains squares along its own back rank has not really been freed.
                let backRank = Bitboard.rank(us == .white ? 0 : 7)
                if throughFrom.count >= 2, !throughFrom.allSatisfy({ backRank.contains($0) }) {
                    out.append(Motif(.opensLine, [s, move.from], side: us, role: r))
                }
            }
        }

        // Preparing castling: the squares between king and rook are now all empty.
        if !move.isCastle, let k = b0.king(of: us) {
            for rook in before.castlingRights & b0.pieces(us, .rook) {
                let between = Attacks.between(k, rook)
                if (between & b0.occupied).isNotEmpty && (between & b1.occupied).isEmpty && between.contains(move.from) {
                    out.append(Motif(.preparesCastling, [k, rook] + Array(between), side: us, role: move.role, flag: rook.file > k.file))
                }
            }
        }

        // Pawn moves: break, chain, space.
        if move.role == .pawn {
            let to = move.to
            if move.capture == nil {
                for t in Attacks.pawn(us, to) & b1.pieces(them, .pawn) {
                    out.append(Motif(.pawnBreak, [to, t], side: us, role: .pawn, targets: [.pawn]))
                }
            }
            let rel = to.relativeRank(for: us)
            let ourPawns = b1.pieces(us, .pawn)
            let supporters = Attacks.pawn(them, to) & ourPawns  // our pawns diagonally behind
            let supported = Attacks.pawn(us, to) & ourPawns     // our pawns diagonally ahead
            if let back = supporters.first, rel >= 3 {
                out.append(Motif(.pawnChain, [back, to], side: us, role: .pawn))
            } else if let front = supported.first, front.relativeRank(for: us) >= 3 {
                out.append(Motif(.pawnChain, [to, front], side: us, role: .pawn))
            }
            for sq in Attacks.pawn(us, to) & ~Attacks.pawn(us, move.from) & ~b1.occupied where move.capture == nil {
                guard sq.relativeRank(for: us) >= 3 else { continue }
                let users = b1.attackers(of: sq, by: them, occupied: b1.occupied) & ~b1.pieces(them, .pawn) & ~b1.pieces(them, .king)
                if !users.isEmpty, (b0.attackers(of: sq, by: us, occupied: b0.occupied) & b0.pieces(us, .pawn)).isEmpty {
                    out.append(Motif(.takesSquare, [to, sq] + Array(users), side: us, role: .pawn,
                                     targets: users.compactMap { b1.role(at: $0) }))
                }
            }
            if rel >= 4, move.capture == nil, (1...6).contains(to.file), BoardFacts.exchangeGain(b1, on: to, by: them) == 0 {
                out.append(Motif(.gainsSpace, [to], side: us, role: .pawn))
            }
        }

        // Pawn structure changes, for both sides; not while a capture can still be taken back (the structure is in flux).
        let inFlux = move.capture != nil && !(b1.attackers(of: move.to, by: them, occupied: b1.occupied)).isEmpty
        var structure: [Motif] = []
        for side in [us, them] {
            let doubledBefore = Set(BoardFacts.doubledFiles(b0, side))
            for f in BoardFacts.doubledFiles(b1, side) where !doubledBefore.contains(f) {
                let squares = Array(BoardFacts.pawns(b1, side) & Bitboard.file(f))
                structure.append(Motif(.doubledPawns, squares, side: side, role: .pawn))
            }
            let isolatedBefore = Set(BoardFacts.isolatedPawns(b0, side))
            for s in BoardFacts.isolatedPawns(b1, side) where !isolatedBefore.contains(s) && !(s == move.to && isolatedBefore.contains(move.from)) {
                structure.append(Motif(.isolatedPawn, [s], side: side, role: .pawn))
            }
            let passedBefore = Set(BoardFacts.passedPawns(b0, side))
            for s in BoardFacts.passedPawns(b1, side) where !passedBefore.contains(s) && !(s == move.to && passedBefore.contains(move.from)) {
                structure.append(Motif(.passedPawn, [s], side: side, role: .pawn))
            }
        }
        out += structure.filter { !inFlux || !$0.squares.contains(move.to) }

        // King safety: a pawn in front of our castled king moved; a king in the centre losing its file's pawn.
        if move.role == .pawn, let k = b0.king(of: us), k.relativeRank(for: us) == 0, [0, 1, 2, 6, 7].contains(k.file),
            abs(move.from.file - k.file) <= 1, move.from.relativeRank(for: us) == 1
        {
            out.append(Motif(.kingShieldWeakened, [k, move.from, move.to], side: us, role: .pawn))
        }
        for side in [us, them] {
            guard let k = b1.king(of: side), k.relativeRank(for: side) == 0, k.file == 3 || k.file == 4 else { continue }
            let file = Bitboard.file(k.file)
            if (BoardFacts.pawns(b0, side) & file).isNotEmpty && (BoardFacts.pawns(b1, side) & file).isEmpty {
                out.append(Motif(.kingInCentre, [k], side: side, role: .king))
            }
        }
        if after.isCheckmate { return out.filter { $0.kind == .check || $0.kind == .captures || $0.kind == .castles } }
        return out
    }

    /// Whether the side to move has a mating move.
    static func hasMateInOne(_ p: Position) -> Bool {
        p.legalMoves.contains { p.playingUnchecked($0).isCheckmate }
    }
}
