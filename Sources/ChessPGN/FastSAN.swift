// FastSAN: the common SAN moves resolved from attack sets, without generating every legal move.
import ChessCore

/// Resolves plain SAN (`e4`, `exd5`, `Nbd7`, `R1e2`, `e8=Q`, with `+`/`#`) by looking only at the
/// pieces that can reach the destination, and checks legality by playing the move. Anything else
/// (castling, en passant, odd spellings, errors) returns `nil` and goes to ChessCore's full parser,
/// which also words the errors. A test checks it agrees with `Position.parseSAN` on every move.
enum FastSAN {
    static func play(_ text: String, in p: Position) -> (move: Move, after: Position)? {
        var t = text
        return t.withUTF8 { play(utf8: $0, in: p) }
    }

    /// The same, over the token's bytes.
    static func play(utf8 u: UnsafeBufferPointer<UInt8>, in p: Position) -> (move: Move, after: Position)? {
        var n = u.count
        while n > 0, u[n &- 1] == 43 || u[n &- 1] == 35 { n &-= 1 }  // + #
        guard n >= 2 else { return nil }
        var i = 0
        var role = Role.pawn
        switch u[0] {
        case 78: role = .knight
        case 66: role = .bishop
        case 82: role = .rook
        case 81: role = .queen
        case 75: role = .king
        default: break
        }
        if role != .pawn { i = 1 }
        var promotion: Role? = nil
        if role == .pawn, n >= 4, u[n &- 2] == 61 {  // =Q
            switch u[n &- 1] {
            case 81: promotion = .queen
            case 78: promotion = .knight
            case 82: promotion = .rook
            case 66: promotion = .bishop
            default: return nil
            }
            n &-= 2
        }
        guard n &- i >= 2 else { return nil }
        let tf = Int(u[n &- 2]) &- 97
        let tr = Int(u[n &- 1]) &- 49
        guard tf >= 0, tf < 8, tr >= 0, tr < 8 else { return nil }
        n &-= 2
        var capture = false
        if n > i, u[n &- 1] == 120 {  // x
            capture = true
            n &-= 1
        }
        var fromFile = -1
        var fromRank = -1
        if n > i {
            let c = Int(u[i])
            if c >= 97 && c <= 104 {
                fromFile = c &- 97
                i &+= 1
            }
        }
        if n > i {
            let c = Int(u[i])
            if c >= 49 && c <= 56 {
                fromRank = c &- 49
                i &+= 1
            }
        }
        // A full from-square (`Ng1f3`) is long algebraic unless SAN needs it: the full parser decides and reports.
        guard i == n, fromFile < 0 || fromRank < 0 else { return nil }
        let to = Square(file: tf, rank: tr)
        let us = p.turn
        let board = p.board
        let ours = board.pieces(us)
        if ours.contains(to) { return nil }
        let target = board.role(at: to)
        if capture != (target != nil) { return nil }  // `exd6` en passant and odd spellings: the full parser
        var candidates: Bitboard
        if role == .pawn {
            let lastRank = us == .white ? 7 : 0
            if (tr == lastRank) != (promotion != nil) { return nil }
            let dir = us == .white ? -1 : 1
            let pawns = ours & board.pieces(.pawn)
            if capture {
                guard fromFile >= 0, fromRank < 0, (fromFile &- tf == 1 || tf &- fromFile == 1), tr &+ dir >= 0, tr &+ dir < 8 else { return nil }
                candidates = pawns & Bitboard(Square(file: fromFile, rank: tr &+ dir))
            } else {
                guard fromFile < 0 || fromFile == tf, fromRank < 0, tr &+ dir >= 0, tr &+ dir < 8 else { return nil }
                let one = Square(file: tf, rank: tr &+ dir)
                if pawns.contains(one) {
                    candidates = Bitboard(one)
                } else if tr == (us == .white ? 3 : 4), !board.occupied.contains(one) {
                    candidates = pawns & Bitboard(Square(file: tf, rank: tr &+ 2 &* dir))
                } else {
                    return nil
                }
            }
        } else {
            let occ = board.occupied
            let reach: Bitboard
            switch role {
            case .knight: reach = Attacks.knight(to)
            case .bishop: reach = Attacks.bishop(to, occupied: occ)
            case .rook: reach = Attacks.rook(to, occupied: occ)
            case .queen: reach = Attacks.queen(to, occupied: occ)
            default: reach = Attacks.king(to)
            }
            candidates = reach & ours & board.pieces(role)
            if fromFile >= 0 { candidates &= Bitboard.file(fromFile) }
            if fromRank >= 0 { candidates &= Bitboard.rank(fromRank) }
        }
        var found: (Move, Position)? = nil
        for from in candidates {
            let m = Move(from: from, to: to, role: role, capture: target, promotion: promotion)
            let after = p.playingUnchecked(m)
            guard let king = after.board.king(of: us) else { return nil }
            if after.board.attackers(of: king, by: us.opposite, occupied: after.board.occupied).isEmpty {
                if found != nil { return nil }  // ambiguous: the full parser words it
                found = (m, after)
            }
        }
        return found
    }
}
