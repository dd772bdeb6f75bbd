// Board: the placement of pieces, nothing else (no side to move, no castling, no counters).

/// Where the pieces stand. A plain value of eight bitboards: copying it allocates nothing.
public struct Board: Hashable, Sendable {
    @usableFromInline var white: Bitboard
    @usableFromInline var black: Bitboard
    @usableFromInline var pawns: Bitboard
    @usableFromInline var knights: Bitboard
    @usableFromInline var bishops: Bitboard
    @usableFromInline var rooks: Bitboard
    @usableFromInline var queens: Bitboard
    @usableFromInline var kings: Bitboard

    /// A board with no pieces.
    public static let empty = Board(white: .empty, black: .empty, pawns: .empty, knights: .empty,
                                    bishops: .empty, rooks: .empty, queens: .empty, kings: .empty)

    /// The initial placement.
    public static let standard = Board(
        white: Bitboard(0xFFFF), black: Bitboard(0xFFFF_0000_0000_0000),
        pawns: Bitboard(0x00FF_0000_0000_FF00), knights: Bitboard(0x4200_0000_0000_0042),
        bishops: Bitboard(0x2400_0000_0000_0024), rooks: Bitboard(0x8100_0000_0000_0081),
        queens: Bitboard(0x0800_0000_0000_0008), kings: Bitboard(0x1000_0000_0000_0010))

    init(white: Bitboard, black: Bitboard, pawns: Bitboard, knights: Bitboard, bishops: Bitboard,
         rooks: Bitboard, queens: Bitboard, kings: Bitboard) {
        self.white = white
        self.black = black
        self.pawns = pawns
        self.knights = knights
        self.bishops = bishops
        self.rooks = rooks
        self.queens = queens
        self.kings = kings
    }

    @inlinable @inline(__always) public var occupied: Bitboard { white | black }
    @inlinable @inline(__always) public func pieces(_ color: PieceColor) -> Bitboard { color == .white ? white : black }
    @inlinable @inline(__always) public func pieces(_ role: Role) -> Bitboard {
        switch role {
        case .pawn: pawns
        case .knight: knights
        case .bishop: bishops
        case .rook: rooks
        case .queen: queens
        case .king: kings
        }
    }
    @inlinable @inline(__always) public func pieces(_ piece: Piece) -> Bitboard { pieces(piece.color) & pieces(piece.role) }
    @inlinable @inline(__always) public func pieces(_ color: PieceColor, _ role: Role) -> Bitboard { pieces(color) & pieces(role) }
    /// Bishops and queens: the pieces that attack along diagonals.
    @usableFromInline @inline(__always) var diagonalSliders: Bitboard { bishops | queens }
    /// Rooks and queens: the pieces that attack along ranks and files.
    @usableFromInline @inline(__always) var straightSliders: Bitboard { rooks | queens }

    /// The square of `color`'s king, or `nil` when there is none (or the lowest of several).
    @inlinable @inline(__always) public func king(of color: PieceColor) -> Square? { (kings & pieces(color)).first }

    @inlinable @inline(__always) public func role(at square: Square) -> Role? {
        let b = Bitboard(square)
        if (occupied & b).isEmpty { return nil }
        if (pawns & b).isNotEmpty { return .pawn }
        if (knights & b).isNotEmpty { return .knight }
        if (bishops & b).isNotEmpty { return .bishop }
        if (rooks & b).isNotEmpty { return .rook }
        if (queens & b).isNotEmpty { return .queen }
        return .king
    }

    @inlinable @inline(__always) public func color(at square: Square) -> PieceColor? {
        if white.contains(square) { return .white }
        if black.contains(square) { return .black }
        return nil
    }

    /// The piece on `square`; setting `nil` empties it.
    public subscript(_ square: Square) -> Piece? {
        get {
            guard let role = role(at: square), let color = color(at: square) else { return nil }
            return Piece(color, role)
        }
        set {
            remove(at: square)
            if let p = newValue { put(p, at: square) }
        }
    }

    @inline(__always) mutating func remove(at square: Square) {
        let m = ~Bitboard(square)
        white &= m; black &= m; pawns &= m; knights &= m; bishops &= m; rooks &= m; queens &= m; kings &= m
    }

    /// Puts `piece` on an empty square.
    @inline(__always) mutating func put(_ piece: Piece, at square: Square) {
        let b = Bitboard(square)
        if piece.color == .white { white |= b } else { black |= b }
        switch piece.role {
        case .pawn: pawns |= b
        case .knight: knights |= b
        case .bishop: bishops |= b
        case .rook: rooks |= b
        case .queen: queens |= b
        case .king: kings |= b
        }
    }

    @inline(__always) mutating func toggle(_ color: PieceColor, _ role: Role, _ mask: Bitboard) {
        if color == .white { white ^= mask } else { black ^= mask }
        switch role {
        case .pawn: pawns ^= mask
        case .knight: knights ^= mask
        case .bishop: bishops ^= mask
        case .rook: rooks ^= mask
        case .queen: queens ^= mask
        case .king: kings ^= mask
        }
    }

    /// The pieces of `color` that attack `square`, given the occupied squares (pass a modified set to look through pieces).
    @inlinable @inline(__always) public func attackers(of square: Square, by color: PieceColor, occupied: Bitboard) -> Bitboard {
        let them = pieces(color)
        let a = (Attacks.rook(square, occupied: occupied) & straightSliders)
            | (Attacks.bishop(square, occupied: occupied) & diagonalSliders)
            | (Attacks.knight(square) & knights)
            | (Attacks.king(square) & kings)
            | (Attacks.pawn(color.opposite, square) & pawns)
        return a & them
    }

    /// Every square `color` attacks.
    public func attacked(by color: PieceColor, occupied: Bitboard? = nil) -> Bitboard {
        let occ = occupied ?? self.occupied
        var result = Bitboard.empty
        for s in pieces(color) {
            guard let role = role(at: s) else { continue }
            result |= Attacks.of(Piece(color, role), s, occupied: occ)
        }
        return result
    }

    /// The piece-placement field of a FEN: `rnbqkbnr/pppppppp/8/…`.
    public var placementFEN: String {
        var s = ""
        for rank in stride(from: 7, through: 0, by: -1) {
            var empty = 0
            for file in 0..<8 {
                if let p = self[Square(file: file, rank: rank)] {
                    if empty > 0 { s += String(empty); empty = 0 }
                    s.append(p.fenChar)
                } else {
                    empty += 1
                }
            }
            if empty > 0 { s += String(empty) }
            if rank > 0 { s += "/" }
        }
        return s
    }
}
