// Bitboard: a set of squares as 64 bits, bit n for square n.

/// A set of squares. Iterates in ascending square order (a1 first).
public struct Bitboard: Hashable, Sendable, Sequence {
    public var rawValue: UInt64

    @inlinable @inline(__always) public init(_ raw: UInt64) { rawValue = raw }
    @inlinable @inline(__always) public init(_ square: Square) { rawValue = 1 &<< UInt64(square.rawValue) }
    public init(_ squares: [Square]) {
        rawValue = 0
        for s in squares { rawValue |= 1 << UInt64(s.rawValue) }
    }

    public static let empty = Bitboard(0)
    public static let all = Bitboard(~0)
    /// The squares of file `f` (0 = a).
    @inlinable @inline(__always) public static func file(_ f: Int) -> Bitboard { Bitboard(0x0101_0101_0101_0101 &<< UInt64(f)) }
    /// The squares of rank `r` (0 = rank 1).
    @inlinable @inline(__always) public static func rank(_ r: Int) -> Bitboard { Bitboard(0xFF &<< UInt64(truncatingIfNeeded: 8 &* r)) }
    public static let lightSquares = Bitboard(0x55AA_55AA_55AA_55AA)
    public static let darkSquares = Bitboard(0xAA55_AA55_AA55_AA55)
    public static let center = Bitboard([.d4, .e4, .d5, .e5])

    @inlinable @inline(__always) public func contains(_ s: Square) -> Bool { rawValue & (1 &<< UInt64(s.rawValue)) != 0 }
    @inlinable @inline(__always) public var count: Int { rawValue.nonzeroBitCount }
    @inlinable @inline(__always) public var isEmpty: Bool { rawValue == 0 }
    @inlinable @inline(__always) public var isNotEmpty: Bool { rawValue != 0 }
    @inlinable @inline(__always) public var hasMoreThanOne: Bool { rawValue & (rawValue &- 1) != 0 }
    /// The lowest square, or `nil` when empty.
    @inlinable @inline(__always) public var first: Square? { rawValue == 0 ? nil : Square(rawValue.trailingZeroBitCount) }
    /// The highest square, or `nil` when empty.
    @inlinable @inline(__always) public var last: Square? { rawValue == 0 ? nil : Square(63 &- rawValue.leadingZeroBitCount) }
    /// The lowest square; the set must not be empty.
    @inlinable @inline(__always) var lsb: Square { Square(rawValue.trailingZeroBitCount) }

    @inlinable @inline(__always) public func with(_ s: Square) -> Bitboard { Bitboard(rawValue | (1 &<< UInt64(s.rawValue))) }
    @inlinable @inline(__always) public func without(_ s: Square) -> Bitboard { Bitboard(rawValue & ~(1 &<< UInt64(s.rawValue))) }
    @inlinable @inline(__always) public mutating func insert(_ s: Square) { rawValue |= 1 &<< UInt64(s.rawValue) }
    @inlinable @inline(__always) public mutating func remove(_ s: Square) { rawValue &= ~(1 &<< UInt64(s.rawValue)) }
    /// Removes and returns the lowest square; the set must not be empty.
    @inline(__always) mutating func popFirst() -> Square {
        let s = Square(rawValue.trailingZeroBitCount)
        rawValue &= rawValue &- 1
        return s
    }

    @inlinable @inline(__always) public static func | (a: Bitboard, b: Bitboard) -> Bitboard { Bitboard(a.rawValue | b.rawValue) }
    @inlinable @inline(__always) public static func & (a: Bitboard, b: Bitboard) -> Bitboard { Bitboard(a.rawValue & b.rawValue) }
    @inlinable @inline(__always) public static func ^ (a: Bitboard, b: Bitboard) -> Bitboard { Bitboard(a.rawValue ^ b.rawValue) }
    @inlinable @inline(__always) public static prefix func ~ (a: Bitboard) -> Bitboard { Bitboard(~a.rawValue) }
    @inlinable @inline(__always) public static func |= (a: inout Bitboard, b: Bitboard) { a.rawValue |= b.rawValue }
    @inlinable @inline(__always) public static func &= (a: inout Bitboard, b: Bitboard) { a.rawValue &= b.rawValue }
    @inlinable @inline(__always) public static func ^= (a: inout Bitboard, b: Bitboard) { a.rawValue ^= b.rawValue }

    /// The set moved one rank toward the opponent of `color` (a pawn's push direction).
    @inline(__always) func shiftedForward(_ color: PieceColor) -> Bitboard {
        color == .white ? Bitboard(rawValue &<< 8) : Bitboard(rawValue &>> 8)
    }

    public struct Iterator: IteratorProtocol {
        @usableFromInline var remaining: UInt64
        @inlinable @inline(__always) init(remaining: UInt64) { self.remaining = remaining }
        @inlinable @inline(__always) public mutating func next() -> Square? {
            if remaining == 0 { return nil }
            let s = Square(remaining.trailingZeroBitCount)
            remaining &= remaining &- 1
            return s
        }
    }
    @inlinable @inline(__always) public func makeIterator() -> Iterator { Iterator(remaining: rawValue) }
    @inlinable public var underestimatedCount: Int { count }
}
