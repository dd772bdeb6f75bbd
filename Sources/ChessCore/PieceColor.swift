// PieceColor: the two sides.

/// White or Black.
public enum PieceColor: UInt8, Sendable, CaseIterable, Hashable {
    case white = 0
    case black = 1

    @inlinable @inline(__always) public var opposite: PieceColor { self == .white ? .black : .white }
    /// The side-to-move field of a FEN: `w` or `b`.
    public var fenChar: Character { self == .white ? "w" : "b" }
    /// `White` or `Black`, as PGN tags and messages write it.
    public var name: String { self == .white ? "White" : "Black" }
    @usableFromInline @inline(__always) var index: Int { Int(rawValue) }
}
