// Move: one legal move of standard chess, with what it captures and promotes to.

/// A move. Castling is the king's two-square move (`e1g1`), with `isCastle` set.
public struct Move: Hashable, Sendable, CustomStringConvertible {
    public let from: Square
    public let to: Square
    /// The piece that moves (a pawn for promotions).
    public let role: Role
    /// The piece taken, if any (a pawn for en passant).
    public let capture: Role?
    public let promotion: Role?
    public let isEnPassant: Bool
    public let isCastle: Bool

    public init(from: Square, to: Square, role: Role, capture: Role? = nil, promotion: Role? = nil,
                isEnPassant: Bool = false, isCastle: Bool = false) {
        self.from = from
        self.to = to
        self.role = role
        self.capture = capture
        self.promotion = promotion
        self.isEnPassant = isEnPassant
        self.isCastle = isCastle
    }

    public var isCapture: Bool { capture != nil }
    /// The square of the captured piece (differs from `to` for en passant).
    public var captureSquare: Square? {
        guard capture != nil else { return nil }
        return isEnPassant ? Square(file: to.file, rank: from.rank) : to
    }
    /// Whether this castles on the king's side (toward the h-file).
    public var isKingsideCastle: Bool { isCastle && to.file == 6 }

    public var description: String { uci }
}

/// A move applied to a setup; unchecked (the caller asserts legality). Used by `Position.playing`.
extension Board {
    @inline(__always) mutating func apply(_ m: Move, by us: PieceColor) {
        if let captured = m.capture {
            let sq = m.isEnPassant ? Square(file: m.to.file, rank: m.from.rank) : m.to
            toggle(us.opposite, captured, Bitboard(sq))
        }
        if let promo = m.promotion {
            toggle(us, .pawn, Bitboard(m.from))
            toggle(us, promo, Bitboard(m.to))
        } else {
            toggle(us, m.role, Bitboard(m.from) | Bitboard(m.to))
        }
        if m.isCastle {
            let rank = m.from.rank
            let (rf, rt) = m.to.file == 6 ? (7, 5) : (0, 3)
            toggle(us, .rook, Bitboard(Square(file: rf, rank: rank)) | Bitboard(Square(file: rt, rank: rank)))
        }
    }
}
