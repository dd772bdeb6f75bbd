// Square: one of the 64 squares, a1 = 0 through h8 = 63.

/// A square of the board. `rawValue` counts a1 = 0, b1 = 1, …, h1 = 7, a2 = 8, …, h8 = 63.
public struct Square: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8

    /// `index` must be in 0...63.
    @inlinable @inline(__always) public init(_ index: Int) { rawValue = UInt8(truncatingIfNeeded: index) }
    @usableFromInline @inline(__always) init(raw: UInt8) { rawValue = raw }
    /// `file` and `rank` count from 0 (file a, rank 1).
    @inlinable @inline(__always) public init(file: Int, rank: Int) { self.init(rank &* 8 &+ file) }

    /// Parses `e4`; `nil` for anything that is not a file letter a–h followed by a rank digit 1–8.
    public init?(_ name: some StringProtocol) {
        let u = Array(name.utf8)
        guard u.count == 2, (97...104).contains(u[0]), (49...56).contains(u[1]) else { return nil }
        self.init(file: Int(u[0] - 97), rank: Int(u[1] - 49))
    }

    @inlinable @inline(__always) public var index: Int { Int(rawValue) }
    @inlinable @inline(__always) public var file: Int { Int(rawValue & 7) }
    @inlinable @inline(__always) public var rank: Int { Int(rawValue >> 3) }
    public var fileChar: Character { Character(Unicode.Scalar(UInt8(97 + file))) }
    public var rankChar: Character { Character(Unicode.Scalar(UInt8(49 + rank))) }
    /// `e4`.
    public var name: String { String(fileChar) + String(rankChar) }
    public var description: String { name }
    /// The same square seen from the other side (a1 <-> a8).
    @inlinable @inline(__always) public var flippedVertically: Square { Square(raw: rawValue ^ 56) }
    /// The rank counted from `color`'s side: rank 1 for White is rank 8 for Black.
    @inlinable @inline(__always) public func relativeRank(for color: PieceColor) -> Int { color == .white ? rank : 7 &- rank }

    public static func < (a: Square, b: Square) -> Bool { a.rawValue < b.rawValue }

    /// All 64 squares, a1 first.
    public static let all: [Square] = (0..<64).map { Square($0) }

    public static let a1 = Square(0)
    public static let b1 = Square(1)
    public static let c1 = Square(2)
    public static let d1 = Square(3)
    public static let e1 = Square(4)
    public static let f1 = Square(5)
    public static let g1 = Square(6)
    public static let h1 = Square(7)
    public static let a2 = Square(8)
    public static let b2 = Square(9)
    public static let c2 = Square(10)
    public static let d2 = Square(11)
    public static let e2 = Square(12)
    public static let f2 = Square(13)
    public static let g2 = Square(14)
    public static let h2 = Square(15)
    public static let a3 = Square(16)
    public static let b3 = Square(17)
    public static let c3 = Square(18)
    public static let d3 = Square(19)
    public static let e3 = Square(20)
    public static let f3 = Square(21)
    public static let g3 = Square(22)
    public static let h3 = Square(23)
    public static let a4 = Square(24)
    public static let b4 = Square(25)
    public static let c4 = Square(26)
    public static let d4 = Square(27)
    public static let e4 = Square(28)
    public static let f4 = Square(29)
    public static let g4 = Square(30)
    public static let h4 = Square(31)
    public static let a5 = Square(32)
    public static let b5 = Square(33)
    public static let c5 = Square(34)
    public static let d5 = Square(35)
    public static let e5 = Square(36)
    public static let f5 = Square(37)
    public static let g5 = Square(38)
    public static let h5 = Square(39)
    public static let a6 = Square(40)
    public static let b6 = Square(41)
    public static let c6 = Square(42)
    public static let d6 = Square(43)
    public static let e6 = Square(44)
    public static let f6 = Square(45)
    public static let g6 = Square(46)
    public static let h6 = Square(47)
    public static let a7 = Square(48)
    public static let b7 = Square(49)
    public static let c7 = Square(50)
    public static let d7 = Square(51)
    public static let e7 = Square(52)
    public static let f7 = Square(53)
    public static let g7 = Square(54)
    public static let h7 = Square(55)
    public static let a8 = Square(56)
    public static let b8 = Square(57)
    public static let c8 = Square(58)
    public static let d8 = Square(59)
    public static let e8 = Square(60)
    public static let f8 = Square(61)
    public static let g8 = Square(62)
    public static let h8 = Square(63)
}
