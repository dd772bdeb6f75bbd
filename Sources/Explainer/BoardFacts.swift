// BoardFacts: the rule-level facts motifs are built from — exchanges, pins, pawn structure, passing the move.
import ChessCore

/// Pure questions about a board, answered from ChessCore's attack tables.
package enum BoardFacts {
    /// Piece values in centipawns for exchange counting; the king counts so much that no exchange ends with it.
    static func value(_ role: Role) -> Int {
        switch role {
        case .pawn: 100
        case .knight: 300
        case .bishop: 300
        case .rook: 500
        case .queen: 900
        case .king: 10_000
        }
    }

    /// The material of `side` on the board, kings left out.
    static func material(_ board: Board, _ side: PieceColor) -> Int {
        board.pieces(side).reduce(0) { sum, s in sum + (board.role(at: s).map { $0 == .king ? 0 : value($0) } ?? 0) }
    }

    /// The position with the other side to move (a "pass"), or nil when that is not a legal position
    /// (the side that just moved would be giving check).
    package static func passing(_ p: Position) -> Position? {
        var s = p.setup()
        s.turn = p.turn.opposite
        s.epSquare = nil
        // Counters as if a move had been played, so they stay consistent with the side to move.
        s.halfmoveClock = 0
        if p.turn == .black { s.fullmoveNumber += 1 }
        return try? Position(s)
    }

    /// The first legal move (in move-generation order) that mates at once, if any.
    static func mateInOne(_ p: Position) -> Move? {
        p.legalMoves.first { p.playingUnchecked($0).isCheckmate }
    }

    /// The cheapest piece of `side` attacking `square` within `occupied`.
    static func cheapestAttacker(_ board: Board, _ square: Square, by side: PieceColor, occupied: Bitboard,
                                 excluding: Bitboard = .empty) -> (Square, Role)? {
        var best: (Square, Role)?
        for s in board.attackers(of: square, by: side, occupied: occupied) & occupied & ~excluding {
            guard let r = board.role(at: s) else { continue }
            if best == nil || value(r) < value(best?.1 ?? .king) { best = (s, r) }
        }
        return best
    }

    /// What `side` wins by starting captures on `square` (static exchange, both sides choosing
    /// to stop when it pays): 0 when it should not capture, positive when it wins material.
    /// A piece pinned to its own king takes part only when `square` is on its pin line (it takes the pinner, or the
    /// square lies between): Nd2 pinned by Bb4 does not defend e4 ("defends the pawn on e4").
    static func exchangeGain(_ board: Board, on square: Square, by side: PieceColor) -> Int {
        guard let target = board.role(at: square), board.color(at: square) == side.opposite else { return 0 }
        var occ = board.occupied
        // Most squares asked about (every enemy piece, from `winningCaptures`) have no attacker at all: no pins to find.
        guard cheapestAttacker(board, square, by: side, occupied: occ) != nil else { return 0 }
        // Out of the exchange: a piece of either side pinned to its king off this square's line, while its pinner and its
        // king still stand (a pinner that takes on the square frees it: Qxg7 Bxg7 with the bishop pinned from h8). The
        // pinned piece still blocks the lines through it.
        let offLine = [PieceColor.white, .black].flatMap { c in
            pins(board, by: c).filter { $0.absolute && !Attacks.between($0.pinner, $0.behind).with($0.pinner).contains(square) }
        }
        func pinned(_ occ: Bitboard) -> Bitboard {
            offLine.reduce(Bitboard.empty) { occ.contains($1.pinner) && occ.contains($1.behind) ? $0.with($1.pinned) : $0 }
        }
        var gain = [Int](repeating: 0, count: 34)
        var d = 0
        var mover = side
        gain[0] = value(target)
        guard var attacker = cheapestAttacker(board, square, by: mover, occupied: occ, excluding: pinned(occ)) else { return 0 }
        while d < 32 {
            d += 1
            gain[d] = value(attacker.1) - gain[d - 1]
            if max(-gain[d - 1], gain[d]) < 0 { break }
            occ.remove(attacker.0)
            mover = mover.opposite
            guard let next = cheapestAttacker(board, square, by: mover, occupied: occ, excluding: pinned(occ)) else { break }
            attacker = next
        }
        while d > 1 {
            d -= 1
            gain[d - 1] = -max(-gain[d - 1], gain[d])
        }
        return max(0, gain[0])
    }

    /// The capture that takes the unit on `square` straight back: the cheapest legal capture of it by the side to move in
    /// `position`, when the exchange that follows (the other side recapturing as it pays) loses that side nothing. Nil when
    /// no capture takes it back without loss (11...exd4 12.Nxd4? Nxd4 and the queen cannot retake: the pawn stays).
    static func takenBack(_ position: Position, on square: Square) -> Move? {
        takeBack(position, on: square)?.move
    }

    /// ``takenBack(_:on:)`` with what it regains: the unit's value less what the exchange after it wins back.
    static func takeBack(_ position: Position, on square: Square) -> (move: Move, regained: Int)? {
        guard let unit = position.board.role(at: square), position.board.color(at: square) == position.turn.opposite else { return nil }
        let captures = position.legalMoves.filter { $0.to == square && $0.capture != nil }
        guard let take = captures.min(by: { value($0.role) < value($1.role) }) else { return nil }
        let then = position.playingUnchecked(take)
        let regained = value(unit) - exchangeGain(then.board, on: square, by: then.turn)
        return regained >= 0 ? (take, regained) : nil
    }

    /// The opponent pieces `side` can win material against by capturing first, when it is `side`'s move:
    /// target square, gain, and the cheapest capturing piece. Only captures legal in `position` count
    /// when it is `side` to move there.
    static func winningCaptures(_ position: Position, by side: PieceColor) -> [(target: Square, gain: Int, from: Square)] {
        let board = position.board
        var out: [(Square, Int, Square)] = []
        let legal = position.turn == side ? position.legalMoves.filter { $0.capture != nil } : nil
        for t in board.pieces(side.opposite) {
            guard board.role(at: t) != .king else { continue }
            let g = exchangeGain(board, on: t, by: side)
            guard g > 0 else { continue }
            if let legal {
                let froms = legal.filter { $0.to == t }.map(\.from)
                guard !froms.isEmpty else { continue }
                let cheapest = froms.min { value(board.role(at: $0) ?? .king) < value(board.role(at: $1) ?? .king) } ?? froms[0]
                out.append((t, g, cheapest))
            } else if let a = cheapestAttacker(board, t, by: side, occupied: board.occupied) {
                out.append((t, g, a.0))
            }
        }
        return out
    }

    /// Pins made by `side`'s sliders: pinner, pinned enemy piece, and the enemy piece behind it
    /// (the king, or a piece worth more than the pinned one). All three are on one line, with
    /// nothing else between them.
    static func pins(_ board: Board, by side: PieceColor) -> [(pinner: Square, pinned: Square, behind: Square, absolute: Bool)] {
        var out: [(Square, Square, Square, Bool)] = []
        let occ = board.occupied
        let enemy = board.pieces(side.opposite)
        for s in board.pieces(side) {
            guard let r = board.role(at: s), r == .bishop || r == .rook || r == .queen else { continue }
            let reach = Attacks.of(Piece(side, r), s, occupied: occ)
            for pinned in reach & enemy {
                guard let pr = board.role(at: pinned), pr != .king else { continue }
                let through = Attacks.of(Piece(side, r), s, occupied: occ.without(pinned))
                // The first piece behind `pinned` on the same line, seen through it.
                for behind in (through & ~reach) & enemy where Attacks.aligned(s, pinned, behind) {
                    guard Attacks.between(s, behind).contains(pinned), let br = board.role(at: behind) else { continue }
                    guard (Attacks.between(s, behind) & occ) == Bitboard(pinned) else { continue }
                    if br == .king {
                        out.append((s, pinned, behind, true))
                    } else if pr != .pawn, value(br) > value(pr),
                        value(br) > value(r) || board.attackers(of: behind, by: side.opposite, occupied: occ).isEmpty
                    {
                        out.append((s, pinned, behind, false))
                    }
                }
            }
        }
        return out
    }

    /// Whether the pinned piece (its side to move in `position`) has a legal move along the pin line or onto the
    /// pinner: then it is not pinned in the sense a beginner needs (a pawn pushing up a file, a rook sliding on it).
    static func canMoveAlongPin(_ position: Position, pinner: Square, pinned: Square, behind: Square, side: PieceColor) -> Bool {
        guard position.turn == side else { return false }
        let line = Attacks.between(pinner, behind).with(pinner)
        return position.legalMoves.contains { $0.from == pinned && line.contains($0.to) }
    }

    /// Files by name, for the few rules that need them.
    static let fileD = 3
    static let fileE = 4
    static let fileF = 5

    /// A king on its back rank on the a, b, c, g or h file: castled, or where castling puts it.
    static func isCastledKing(_ k: Square, _ side: PieceColor) -> Bool {
        k.relativeRank(for: side) == 0 && [0, 1, 2, 6, 7].contains(k.file)
    }

    // MARK: pawn structure

    static func pawns(_ board: Board, _ side: PieceColor) -> Bitboard { board.pieces(side, .pawn) }

    /// Files (0–7) on which `side` has two or more pawns.
    static func doubledFiles(_ board: Board, _ side: PieceColor) -> [Int] {
        (0..<8).filter { (pawns(board, side) & Bitboard.file($0)).count >= 2 }
    }

    /// Pawns of `side` with no pawn of their own on a neighbouring file.
    static func isolatedPawns(_ board: Board, _ side: PieceColor) -> [Square] {
        let p = pawns(board, side)
        return p.filter { s in
            var adj = Bitboard.empty
            if s.file > 0 { adj |= Bitboard.file(s.file - 1) }
            if s.file < 7 { adj |= Bitboard.file(s.file + 1) }
            return (p & adj).isEmpty
        }
    }

    /// Pawns of `side` with no enemy pawn in front of them on their own or a neighbouring file.
    static func passedPawns(_ board: Board, _ side: PieceColor) -> [Square] {
        let theirs = pawns(board, side.opposite)
        return pawns(board, side).filter { s in
            for t in theirs where abs(t.file - s.file) <= 1 {
                if side == .white ? t.rank > s.rank : t.rank < s.rank { return false }
            }
            return true
        }
    }

    /// Distance to the four central squares (0.5 on them, 3.5 in a corner), doubled to stay integral.
    static func centreDistance(_ s: Square) -> Int {
        max(abs(2 * s.file - 7), abs(2 * s.rank - 7))
    }

    static func isRim(_ s: Square) -> Bool { s.file == 0 || s.file == 7 || s.rank == 0 || s.rank == 7 }

    static let centre: Bitboard = Bitboard([.d4, .e4, .d5, .e5])

    /// Where each side's knights and bishops start.
    static func homeSquares(_ side: PieceColor, _ role: Role) -> [Square] {
        let rank = side == .white ? 0 : 7
        switch role {
        case .knight: return [Square(file: 1, rank: rank), Square(file: 6, rank: rank)]
        case .bishop: return [Square(file: 2, rank: rank), Square(file: 5, rank: rank)]
        default: return []
        }
    }

    /// Minor pieces of `side` still on their home squares.
    static func undevelopedMinors(_ board: Board, _ side: PieceColor) -> [(Square, Role)] {
        var out: [(Square, Role)] = []
        for r in [Role.knight, .bishop] {
            for s in homeSquares(side, r) where board[s] == Piece(side, r) { out.append((s, r)) }
        }
        return out.sorted { $0.0 < $1.0 }
    }
}
