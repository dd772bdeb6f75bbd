// MoveGeneration: legal moves, generated directly (pins, checks, castling and en passant handled exactly).

/// Receives generated moves. Counting and listing share one generator; specialisation keeps both fast.
protocol MoveSink {
    /// Non-pawn moves of the piece on `from` to each square of `targets`.
    mutating func add(from: Square, targets: Bitboard, role: Role)
    /// Pawn moves from `from`; targets on the last rank are promotions (four moves each).
    mutating func addPawn(from: Square, targets: Bitboard)
    /// En passant and castling.
    mutating func addSpecial(_ move: Move)
    /// Whether the sink only counts moves: then pawn moves may be passed as whole sets (each target square
    /// one move, or four on the last rank) with a meaningless `from`.
    static var countsOnly: Bool { get }
}

extension MoveSink {
    @inline(__always) static var countsOnly: Bool { false }
}

let backRanks = Bitboard.rank(0) | Bitboard.rank(7)

struct CountSink: MoveSink {
    var count = 0
    @inline(__always) static var countsOnly: Bool { true }
    @inline(__always) mutating func add(from: Square, targets: Bitboard, role: Role) { count &+= targets.count }
    @inline(__always) mutating func addPawn(from: Square, targets: Bitboard) {
        count &+= targets.count
        let promotions = targets & backRanks
        if promotions.isNotEmpty { count &+= 3 &* promotions.count }
    }
    @inline(__always) mutating func addSpecial(_ move: Move) { count &+= 1 }
}

struct EnPassantSink: MoveSink {
    var found = false
    mutating func add(from: Square, targets: Bitboard, role: Role) {}
    mutating func addPawn(from: Square, targets: Bitboard) {}
    mutating func addSpecial(_ move: Move) { found = true }
}

/// Promotions come in this order: queen, rook, bishop, knight.
let promotionRoles: [Role] = [.queen, .rook, .bishop, .knight]

struct ListSink: MoveSink {
    var moves: [Move] = []
    var board = Board.empty
    var turn = PieceColor.white
    @inline(__always) mutating func add(from: Square, targets: Bitboard, role: Role) {
        for to in targets { moves.append(Move(from: from, to: to, role: role, capture: board.role(at: to))) }
    }
    @inline(__always) mutating func addPawn(from: Square, targets: Bitboard) {
        for to in targets {
            let capture = board.role(at: to)
            if backRanks.contains(to) {
                for r in promotionRoles { moves.append(Move(from: from, to: to, role: .pawn, capture: capture, promotion: r)) }
            } else {
                moves.append(Move(from: from, to: to, role: .pawn, capture: capture))
            }
        }
    }
    @inline(__always) mutating func addSpecial(_ move: Move) { moves.append(move) }
}

/// Writes moves into caller-provided storage (perft's stack buffer); capacity 256 exceeds the 218-move maximum.
struct BufferSink: MoveSink {
    let buffer: UnsafeMutablePointer<Move>
    var count = 0
    let board: Board
    @inline(__always) mutating func push(_ m: Move) {
        buffer[count] = m
        count &+= 1
    }
    @inline(__always) mutating func add(from: Square, targets: Bitboard, role: Role) {
        for to in targets { push(Move(from: from, to: to, role: role, capture: board.role(at: to))) }
    }
    @inline(__always) mutating func addPawn(from: Square, targets: Bitboard) {
        for to in targets {
            let capture = board.role(at: to)
            if backRanks.contains(to) {
                push(Move(from: from, to: to, role: .pawn, capture: capture, promotion: .queen))
                push(Move(from: from, to: to, role: .pawn, capture: capture, promotion: .rook))
                push(Move(from: from, to: to, role: .pawn, capture: capture, promotion: .bishop))
                push(Move(from: from, to: to, role: .pawn, capture: capture, promotion: .knight))
            } else {
                push(Move(from: from, to: to, role: .pawn, capture: capture))
            }
        }
    }
    @inline(__always) mutating func addSpecial(_ move: Move) { push(move) }
}

extension Position {
    /// Our pieces that are pinned to our king.
    @inline(__always) func pinned(king k: Square) -> Bitboard {
        let theirs = them
        let occ = board.occupied
        let snipers = ((Attacks.rook(k, occupied: theirs) & board.straightSliders)
            | (Attacks.bishop(k, occupied: theirs) & board.diagonalSliders)) & theirs
        var pinned = Bitboard.empty
        for s in snipers {
            let between = Attacks.between(k, s) & occ
            if between.isNotEmpty && !between.hasMoreThanOne && (between & us).isNotEmpty { pinned |= between }
        }
        return pinned
    }

    @inline(__always) func generate<S: MoveSink>(into sink: inout S) {
        let color = turn
        let enemy = color.opposite
        let occ = board.occupied
        let ours = us
        let theirs = them
        let k = ourKing
        let checkers = board.attackers(of: k, by: enemy, occupied: occ)

        // King moves: to squares no enemy attacks once the king has left its square.
        let occWithoutKing = occ.without(k)
        var safe = Bitboard.empty
        for to in Attacks.king(k) & ~ours where board.attackers(of: to, by: enemy, occupied: occWithoutKing).isEmpty {
            safe.insert(to)
        }
        sink.add(from: k, targets: safe, role: .king)
        if checkers.hasMoreThanOne { return }

        let target: Bitboard
        if let checker = checkers.first {
            target = Attacks.between(k, checker).with(checker)
        } else {
            target = ~ours
            generateCastling(king: k, into: &sink)
        }
        let pinned = pinned(king: k)

        for from in board.knights & ours & ~pinned {
            sink.add(from: from, targets: Attacks.knight(from) & target, role: .knight)
        }
        for from in board.bishops & ours {
            var t = Attacks.bishop(from, occupied: occ) & target
            if pinned.contains(from) { t &= Attacks.ray(k, from) }
            sink.add(from: from, targets: t, role: .bishop)
        }
        for from in board.rooks & ours {
            var t = Attacks.rook(from, occupied: occ) & target
            if pinned.contains(from) { t &= Attacks.ray(k, from) }
            sink.add(from: from, targets: t, role: .rook)
        }
        for from in board.queens & ours {
            var t = Attacks.queen(from, occupied: occ) & target
            if pinned.contains(from) { t &= Attacks.ray(k, from) }
            sink.add(from: from, targets: t, role: .queen)
        }
        var pawns = board.pawns & ours
        if S.countsOnly {
            // Counting: the pawns that are not pinned move as sets, one population count per kind of move
            // (each target square is then one pawn's move), instead of one or two per pawn.
            let free = pawns & ~pinned
            pawns &= pinned
            let empty = ~occ.rawValue
            let f = free.rawValue
            let notFileA: UInt64 = 0xFEFE_FEFE_FEFE_FEFE
            let notFileH: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            let single, double, towardA, towardH: UInt64
            if color == .white {
                single = (f &<< 8) & empty
                double = ((single & 0x0000_0000_00FF_0000) &<< 8) & empty
                towardA = ((f & notFileA) &<< 7) & theirs.rawValue
                towardH = ((f & notFileH) &<< 9) & theirs.rawValue
            } else {
                single = (f &>> 8) & empty
                double = ((single & 0x0000_FF00_0000_0000) &>> 8) & empty
                towardA = ((f & notFileA) &>> 9) & theirs.rawValue
                towardH = ((f & notFileH) &>> 7) & theirs.rawValue
            }
            sink.addPawn(from: k, targets: Bitboard(single) & target)
            sink.addPawn(from: k, targets: Bitboard(double) & target)
            sink.addPawn(from: k, targets: Bitboard(towardA) & target)
            sink.addPawn(from: k, targets: Bitboard(towardH) & target)
        }
        let startRank = color == .white ? 1 : 6
        let step = color == .white ? 8 : -8
        for from in pawns {
            var t = Attacks.pawn(color, from) & theirs
            let one = Square(from.index &+ step)
            if !occ.contains(one) {
                t.insert(one)
                if from.rank == startRank {
                    let two = Square(one.index &+ step)
                    if !occ.contains(two) { t.insert(two) }
                }
            }
            t &= target
            if pinned.contains(from) { t &= Attacks.ray(k, from) }
            sink.addPawn(from: from, targets: t)
        }
        if let ep = epSquare { generateEnPassant(ep, into: &sink) }
    }

    /// En-passant captures, each checked by replaying it on the occupancy (this catches the rank pin that
    /// removing two pawns from one rank can uncover).
    @inline(__always) func generateEnPassant<S: MoveSink>(_ ep: Square, into sink: inout S) {
        let color = turn
        let enemy = color.opposite
        let captured = Square(file: ep.file, rank: color == .white ? 4 : 3)
        guard board.pieces(enemy, .pawn).contains(captured) else { return }
        let k = ourKing
        let occ = board.occupied
        for from in Attacks.pawn(enemy, ep) & board.pieces(color, .pawn) {
            let after = occ.without(from).without(captured).with(ep)
            if (board.attackers(of: k, by: enemy, occupied: after) & ~Bitboard(captured)).isEmpty {
                sink.addSpecial(Move(from: from, to: ep, role: .pawn, capture: .pawn, isEnPassant: true))
            }
        }
    }

    /// Castling: king and rook on their squares, the squares between them empty, and the king not in check,
    /// not passing through or landing on an attacked square. Called only when not in check.
    @inline(__always) func generateCastling<S: MoveSink>(king k: Square, into sink: inout S) {
        let backRank = turn == .white ? 0 : 7
        let rights = castlingRights & Bitboard.rank(backRank)
        guard rights.isNotEmpty, k.file == 4, k.rank == backRank else { return }
        let occ = board.occupied
        let enemy = turn.opposite
        for rook in rights {
            guard (Attacks.between(k, rook) & occ).isEmpty else { continue }
            let kingside = rook.file > k.file
            let to = Square(file: kingside ? 6 : 2, rank: backRank)
            let pass = Square(file: kingside ? 5 : 3, rank: backRank)
            if board.attackers(of: pass, by: enemy, occupied: occ).isEmpty
                && board.attackers(of: to, by: enemy, occupied: occ).isEmpty {
                sink.addSpecial(Move(from: k, to: to, role: .king, isCastle: true))
            }
        }
    }
}
