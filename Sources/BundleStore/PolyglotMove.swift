// PolyglotMove: a move as a Polyglot book encodes it in 16 bits.
/// A move in Polyglot's encoding: bits 0–2 to-file, 3–5 to-row, 6–8 from-file, 9–11 from-row,
/// 12–14 promotion (0 none, 1 knight, 2 bishop, 3 rook, 4 queen). With squares numbered
/// a1 = 0 … h8 = 63 (file + 8 × rank), that is `to | from << 6 | promotion << 12`.
///
/// Castling is written as the king taking its own rook (`e1h1`, `e1a1`, `e8h8`, `e8a8`), which
/// is how every Polyglot reader expects it; pass the king's move (`e1g1`) with `castling: true`.
///
///     try PolyglotMove(from: 12, to: 28).rawValue                   // e2e4: 0x031C
///     try PolyglotMove(from: 4, to: 6, castling: true).uci          // "e1h1"
///     try PolyglotMove(from: 48, to: 56, promotion: 4).uci          // "a7a8q"
///
/// ChessCore's `Role.rawValue` of a promotion piece (knight 1 … queen 4) is its Polyglot code.
public struct PolyglotMove: Hashable, Sendable, Comparable {
    /// The 16-bit encoding.
    public let rawValue: UInt16

    /// Wraps an encoding read from a book; rejects bits 15 set and promotion codes above 4.
    public init(rawValue: UInt16) throws(BundleError) {
        guard rawValue >> 15 == 0, (rawValue >> 12) & 7 <= 4 else {
            throw .invalidPolyglot("move bits 0x\(String(rawValue, radix: 16)) are not a Polyglot move")
        }
        self.rawValue = rawValue
    }

    /// Encodes a move from its squares (0…63, a1 = 0) and promotion code (0…4).
    /// With `castling`, `from` must be e1 or e8 and `to` the g- or c-file square of the same rank.
    public init(from: Int, to: Int, promotion: Int = 0, castling: Bool = false) throws(BundleError) {
        guard (0..<64).contains(from), (0..<64).contains(to), from != to else {
            throw .invalidPolyglot("squares \(from) → \(to) are not a move (squares are 0…63, a1 = 0)")
        }
        guard (0...4).contains(promotion) else {
            throw .invalidPolyglot("promotion code \(promotion) is not 0 (none), 1 (knight), 2 (bishop), 3 (rook) or 4 (queen)")
        }
        var target = to
        if castling {
            guard promotion == 0, from == 4 || from == 60, to == from + 2 || to == from - 2 else {
                throw .invalidPolyglot(
                    "\(Self.name(from))\(Self.name(to)) is not a castling king move (e1g1, e1c1, e8g8, e8c8)")
            }
            target = to > from ? from + 3 : from - 4  // the rook's square: h-file or a-file
        }
        rawValue = UInt16(target) | UInt16(from) << 6 | UInt16(promotion) << 12
    }

    /// The destination square as stored (for castling, the rook's square).
    public var to: Int { Int(rawValue & 0x3F) }
    /// The origin square.
    public var from: Int { Int(rawValue >> 6 & 0x3F) }
    /// The promotion code: 0 none, 1 knight, 2 bishop, 3 rook, 4 queen.
    public var promotion: Int { Int(rawValue >> 12 & 0x7) }

    /// The move in UCI as stored, castling as king-takes-rook: `e2e4`, `a7a8q`, `e1h1`.
    public var uci: String {
        let suffix = ["", "n", "b", "r", "q"][promotion]
        return Self.name(from) + Self.name(to) + suffix
    }

    public static func < (a: PolyglotMove, b: PolyglotMove) -> Bool { a.rawValue < b.rawValue }

    static func name(_ square: Int) -> String {
        let files = Array("abcdefgh")
        return "\(files[square & 7])\(square >> 3 + 1)"
    }
}
