// FENText: writes a position's FEN or EPD straight into a byte buffer (the hot path of pgn2fen).
import ChessCore

/// FEN and EPD as bytes, with en passant after every double push (`EnPassantPolicy.always`).
/// Same text as `Position.fen()` and `Position.epd()`, without building a String per position.
///
/// A writer remembers the text of the ranks it has written (a rank's pieces fit in a 56-bit key):
/// first those of the last position, which a move changes in one or two ranks, then a table of
/// the ranks seen so far. Keep one writer per stream of positions.
///
/// ```swift
/// var writer = FENText()
/// var out: [UInt8] = []
/// writer.appendEPD(.standard, to: &out)   // "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
/// ```
public struct FENText: Sendable {
    /// Two words per slot: the rank's key with its text length in the top byte (0: empty slot),
    /// then its text, little-endian. The table's slots; then one slot per rank of the last position
    /// written; then that position's seven piece sets (white, pawns … kings); then 1 once it is set.
    private var table: [UInt64]
    private static let slotBits = 12
    private static let lastBase = 2 << slotBits
    private static let lastSets = lastBase + 16
    private static let lastValid = lastSets + 7

    public init() {
        table = Array(repeating: 0, count: Self.lastValid + 1)
    }

    public mutating func appendFEN(_ p: Position, to out: inout [UInt8]) {
        write(p, counters: true, to: &out)
    }

    public mutating func appendEPD(_ p: Position, to out: inout [UInt8]) {
        write(p, counters: false, to: &out)
    }

    /// Builds the line in a stack buffer and appends it once: appending byte by byte to an array
    /// (a uniqueness check per byte) was a quarter of pgn2fen's time.
    private mutating func write(_ p: Position, counters: Bool, to out: inout [UInt8]) {
        let b = p.board
        let sets = (b.pieces(.white).rawValue, b.pieces(.pawn).rawValue, b.pieces(.knight).rawValue, b.pieces(.bishop).rawValue,
                    b.pieces(.rook).rawValue, b.pieces(.queen).rawValue, b.pieces(.king).rawValue)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 192) { buf in
            var n = 0
            let base = UnsafeMutableRawPointer(buf.baseAddress!)
            table.withUnsafeMutableBufferPointer { t in
                // Squares whose piece differs from the last position written: only their ranks
                // need a new text (a move changes one or two).
                let l = Self.lastSets
                let changed = t[Self.lastValid] == 0 ? ~UInt64(0)
                    : (sets.0 ^ t[l]) | (sets.1 ^ t[l &+ 1]) | (sets.2 ^ t[l &+ 2]) | (sets.3 ^ t[l &+ 3])
                        | (sets.4 ^ t[l &+ 4]) | (sets.5 ^ t[l &+ 5]) | (sets.6 ^ t[l &+ 6])
                if changed != 0 {
                    (t[l], t[l &+ 1], t[l &+ 2], t[l &+ 3]) = (sets.0, sets.1, sets.2, sets.3)
                    (t[l &+ 4], t[l &+ 5], t[l &+ 6]) = (sets.4, sets.5, sets.6)
                    t[Self.lastValid] = 1
                }
                for rank in stride(from: 7, through: 0, by: -1) {
                    let shift = UInt64(truncatingIfNeeded: rank &* 8)
                    let last = Self.lastBase &+ rank &* 2
                    if (changed >> shift) & 0xFF != 0 {
                        let key = (sets.0 >> shift) & 0xFF | ((sets.1 >> shift) & 0xFF) << 8 | ((sets.2 >> shift) & 0xFF) << 16
                            | ((sets.3 >> shift) & 0xFF) << 24 | ((sets.4 >> shift) & 0xFF) << 32
                            | ((sets.5 >> shift) & 0xFF) << 40 | ((sets.6 >> shift) & 0xFF) << 48
                        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - Self.slotBits)) &* 2
                        if t[slot] & 0x00FF_FFFF_FFFF_FFFF != key || t[slot] >> 56 == 0 {
                            let (text, length) = Self.rankText(key)
                            t[slot] = key | UInt64(length) << 56
                            t[slot &+ 1] = text
                        }
                        t[last] = t[slot]
                        t[last &+ 1] = t[slot &+ 1]
                    }
                    // Eight bytes stored, `length` of them kept: the buffer has room past the end.
                    base.storeBytes(of: t[last &+ 1].littleEndian, toByteOffset: n, as: UInt64.self)
                    n &+= Int(truncatingIfNeeded: t[last] >> 56)
                    if rank > 0 {
                        buf[n] = 47
                        n &+= 1
                    }
                }
            }
            func put(_ c: UInt8) {
                buf[n] = c
                n &+= 1
            }
            put(32)
            put(p.turn == .white ? 119 : 98)
            put(32)
            let rights = p.castlingRights
            if rights.isEmpty {
                put(45)
            } else if (rights & ~Self.standardRooks).isEmpty, Self.standardCastlingRooks(p) {
                if rights.contains(.h1) { put(75) }
                if rights.contains(.a1) { put(81) }
                if rights.contains(.h8) { put(107) }
                if rights.contains(.a8) { put(113) }
            } else {
                for c in p.setup(.always).castlingFEN.utf8.prefix(16) { put(c) }
            }
            put(32)
            if let ep = p.epSquare {
                put(97 &+ UInt8(ep.file))
                put(49 &+ UInt8(ep.rank))
            } else {
                put(45)
            }
            if counters {
                put(32)
                putInt(p.halfmoveClock)
                put(32)
                putInt(p.fullmoveNumber)
            }
            func putInt(_ v: Int) {
                if v < 0 { put(45) }
                var m = v.magnitude
                var digits = (UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0),
                              UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0))
                var k = 0
                withUnsafeMutableBytes(of: &digits) { d in
                    repeat {
                        d[k] = 48 &+ UInt8(m % 10)
                        m /= 10
                        k &+= 1
                    } while m > 0
                    while k > 0 {
                        k &-= 1
                        put(d[k])
                    }
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buf[0..<n]))
        }
    }

    // Literals, not `static let`s: a global's lazy initialisation check cost 1% of pgn2fen.
    @inline(__always) private static var standardRooks: Bitboard { Bitboard(0x8100_0000_0000_0081) }
    @inline(__always) private static var whiteRooks: Bitboard { Bitboard(0x81) }
    @inline(__always) private static var blackRooks: Bitboard { Bitboard(0x8100_0000_0000_0000) }

    /// The FEN text of one rank from its key (byte 0: white pieces, bytes 1–6: pawns … kings;
    /// bit f of each byte is file f), packed little-endian, and its length (1–8).
    static func rankText(_ key: UInt64) -> (text: UInt64, length: Int) {
        let white = key & 0xFF
        let occupied = (key >> 8 | key >> 16 | key >> 24 | key >> 32 | key >> 40 | key >> 48) & 0xFF
        var text: UInt64 = 0
        var length: UInt64 = 0
        var file = 0
        var rest = occupied
        while rest != 0 {
            let f = rest.trailingZeroBitCount
            if f > file {
                text |= UInt64(48 + f - file) << (8 &* length)
                length += 1
            }
            let bit = UInt64(1) << UInt64(f)
            var letter: UInt64 =
                (key >> 8) & bit != 0 ? 80 : (key >> 16) & bit != 0 ? 78 : (key >> 24) & bit != 0 ? 66
                : (key >> 32) & bit != 0 ? 82 : (key >> 40) & bit != 0 ? 81 : 75  // P N B R Q K
            if white & bit == 0 { letter |= 0x20 }
            text |= letter << (8 &* length)
            length += 1
            file = f + 1
            rest &= rest &- 1
        }
        if file < 8 {
            text |= UInt64(56 - file) << (8 &* length)
            length += 1
        }
        return (text, Int(length))
    }

    /// Kings on e1/e8 for the sides with rights: then KQkq is the castling text.
    private static func standardCastlingRooks(_ p: Position) -> Bool {
        let r = p.castlingRights
        if (r & whiteRooks).isNotEmpty, p.board.king(of: .white) != .e1 { return false }
        if (r & blackRooks).isNotEmpty, p.board.king(of: .black) != .e8 { return false }
        return true
    }
}
