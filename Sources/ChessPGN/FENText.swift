// FENText: writes a position's FEN or EPD straight into a byte buffer (the hot path of pgn2fen).
import ChessCore

/// FEN and EPD as bytes, with en passant after every double push (`EnPassantPolicy.always`).
/// Same text as `Position.fen()` and `Position.epd()`, without building a String per position.
///
/// A writer remembers the text of the ranks of the last position it wrote: a move changes one or
/// two ranks, and only those are written again (without a branch that depends on the pieces).
/// Keep one writer per stream of positions.
///
/// ```swift
/// var writer = FENText()
/// var out: [UInt8] = []
/// writer.appendEPD(.standard, to: &out)   // "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
/// ```
public struct FENText: Sendable {
    /// For each rank of the last position written, its text length and its text (little-endian);
    /// then that position's seven piece sets (white, pawns … kings); then 1 once it is set; then
    /// the 256 rank plans (see `plan(_:)`), kept here rather than in a global (whose lazy
    /// initialisation is checked on every access); then a cache of rank texts (see `rankCache`).
    private var table: [UInt64]
    private static let lastBase = 0
    private static let lastSets = lastBase + 16
    private static let lastValid = lastSets + 7
    private static let plans = lastValid + 1
    /// Rank texts by rank key, direct-mapped: per slot the key with bit 63 set (0 for an empty
    /// slot), the text and its length. The ranks of a game's positions repeat (`pppppppp`, `8`,
    /// `rnbqkbnr`, …): a hit costs a hash and a compare instead of composing the text.
    private static let rankCache = plans + 512
    private static let rankCacheBits: UInt64 = 12

    public init() {
        table = Array(repeating: 0, count: Self.rankCache + 3 << Int(Self.rankCacheBits))
        for occupancy in 0..<256 {
            let (plan, length) = Self.plan(UInt64(occupancy))
            table[Self.plans + 2 * occupancy] = plan
            table[Self.plans + 2 * occupancy + 1] = length
        }
    }

    public mutating func appendFEN(_ p: Position, to out: inout [UInt8]) {
        write(p, counters: true, to: &out)
    }

    public mutating func appendEPD(_ p: Position, to out: inout [UInt8]) {
        write(p, counters: false, to: &out)
    }

    /// The FEN (`counters`) or EPD followed by a line feed, in one append.
    mutating func appendLine(_ p: Position, counters: Bool, to out: inout [UInt8]) {
        write(p, counters: counters, newline: true, to: &out)
    }

    /// Builds the line in a stack buffer and appends it once: appending byte by byte to an array
    /// (a uniqueness check per byte) was a quarter of pgn2fen's time.
    private mutating func write(_ p: Position, counters: Bool, newline: Bool = false, to out: inout [UInt8]) {
        let b = p.board
        let sets = (b.pieces(.white).rawValue, b.pieces(.pawn).rawValue, b.pieces(.knight).rawValue, b.pieces(.bishop).rawValue,
                    b.pieces(.rook).rawValue, b.pieces(.queen).rawValue, b.pieces(.king).rawValue)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 192) { buf in
            let base = UnsafeMutableRawPointer(buf.baseAddress!)
            let n = table.withUnsafeMutableBufferPointer { t -> Int in
                var n = 0  // a local of this closure, so that it stays in a register
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
                let plans = UnsafeBufferPointer(rebasing: t[Self.plans...])
                for rank in stride(from: 7, through: 0, by: -1) {
                    let shift = UInt64(truncatingIfNeeded: rank &* 8)
                    let last = Self.lastBase &+ rank &* 2
                    if (changed &>> shift) & 0xFF != 0 {
                        let key = (sets.0 &>> shift) & 0xFF | ((sets.1 &>> shift) & 0xFF) &<< 8 | ((sets.2 &>> shift) & 0xFF) &<< 16
                            | ((sets.3 &>> shift) & 0xFF) &<< 24 | ((sets.4 &>> shift) & 0xFF) &<< 32
                            | ((sets.5 &>> shift) & 0xFF) &<< 40 | ((sets.6 &>> shift) & 0xFF) &<< 48
                        let slot = Self.rankCache &+ 3 &* Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> (64 &- Self.rankCacheBits))
                        let tag = key | 1 &<< 63
                        if t[slot] != tag {
                            let (text, length) = Self.rankText(key, plans: plans)
                            t[slot] = tag
                            t[slot &+ 1] = text
                            t[slot &+ 2] = length
                        }
                        t[last] = t[slot &+ 2]
                        t[last &+ 1] = t[slot &+ 1]
                    }
                    // Eight bytes stored, `length` of them kept: the buffer has room past the end.
                    base.storeBytes(of: t[last &+ 1].littleEndian, toByteOffset: n, as: UInt64.self)
                    n &+= Int(truncatingIfNeeded: t[last])
                    if rank > 0 {
                        buf[n] = 47
                        n &+= 1
                    }
                }
                return n
            }
            // A cursor value rather than local functions that capture `n`: a captured variable is
            // boxed, and every access to it was checked for exclusivity at run time.
            var w = ByteCursor(base: buf.baseAddress!, count: n)
            w.put(32)
            w.put(p.turn == .white ? 119 : 98)
            w.put(32)
            let rights = p.castlingRights
            if rights.isEmpty {
                w.put(45)
            } else if (rights & ~Self.standardRooks).isEmpty, Self.standardCastlingRooks(p) {
                if rights.contains(.h1) { w.put(75) }
                if rights.contains(.a1) { w.put(81) }
                if rights.contains(.h8) { w.put(107) }
                if rights.contains(.a8) { w.put(113) }
            } else {
                for c in p.setup(.always).castlingFEN.utf8.prefix(16) { w.put(c) }
            }
            w.put(32)
            if let ep = p.epSquare {
                w.put(97 &+ UInt8(ep.file))
                w.put(49 &+ UInt8(ep.rank))
            } else {
                w.put(45)
            }
            if counters {
                w.put(32)
                w.putInt(p.halfmoveClock)
                w.put(32)
                w.putInt(p.fullmoveNumber)
            }
            if newline { w.put(10) }
            out.append(contentsOf: UnsafeBufferPointer(start: w.base, count: w.count))
        }
    }

    // Literals, not `static let`s: a global's lazy initialisation check cost 1% of pgn2fen.
    @inline(__always) private static var standardRooks: Bitboard { Bitboard(0x8100_0000_0000_0081) }
    @inline(__always) private static var whiteRooks: Bitboard { Bitboard(0x81) }
    @inline(__always) private static var blackRooks: Bitboard { Bitboard(0x8100_0000_0000_0000) }

    /// The FEN text of one rank from its key (byte 0: white pieces, bytes 1–6: pawns … kings;
    /// bit f of each byte is file f), packed little-endian (bytes past `length` are undefined), and
    /// its length (1–8). No branch depends on the pieces: the letters of the eight files are
    /// computed at once, and the occupancy's plan places them and the digits.
    static func rankText(_ key: UInt64, plans: UnsafeBufferPointer<UInt64>) -> (text: UInt64, length: UInt64) {
        /// Bit f of `x` to byte f (0 or 1).
        @inline(__always) func spread(_ x: UInt64) -> UInt64 {
            (((x & 0x7F) &* 0x0002_0408_1020_4081) & 0x0101_0101_0101_0101) | ((x & 0x80) &<< 49)
        }
        // Masking shifts (`&>>`, `&<<`): the amounts are below 64, and a plain shift checks them.
        @inline(__always) func byte(_ i: UInt64) -> UInt64 { (key &>> (i &<< 3)) & 0xFF }
        let occupied = byte(1) | byte(2) | byte(3) | byte(4) | byte(5) | byte(6)
        // P N B R Q K, lower case (+ 0x20) for black.
        let letters = spread(byte(1)) &* 80 &+ spread(byte(2)) &* 78 &+ spread(byte(3)) &* 66 &+ spread(byte(4)) &* 82
            &+ spread(byte(5)) &* 81 &+ spread(byte(6)) &* 75 &+ spread(occupied & ~byte(0)) &* 0x20
        let i = Int(truncatingIfNeeded: occupied) &* 2
        let plan = plans[i]
        var text: UInt64 = 0
        var j: UInt64 = 0
        while j < 64 {
            let step = (plan &>> j) & 0xFF
            let letter = (letters &>> ((step & 7) &<< 3)) & 0xFF
            text |= (step & 0x80 != 0 ? step & 0x7F : letter) &<< j
            j &+= 8
        }
        return (text, plans[i &+ 1])
    }

    /// For a rank occupancy (bit f: a piece on file f), what each byte of the rank's text is: a file
    /// whose letter goes there (0–7), or 0x80 plus the digit of a run of empty squares; and the length.
    static func plan(_ occupancy: UInt64) -> (plan: UInt64, length: UInt64) {
        var plan: UInt64 = 0
        var length: UInt64 = 0
        var empty: UInt64 = 0
        for f in 0..<8 {
            if occupancy & (1 << UInt64(f)) != 0 {
                if empty > 0 {
                    plan |= (0x80 | (48 + empty)) << (8 * length)
                    length += 1
                }
                empty = 0
                plan |= UInt64(f) << (8 * length)
                length += 1
            } else {
                empty += 1
            }
        }
        if empty > 0 {
            plan |= (0x80 | (48 + empty)) << (8 * length)
            length += 1
        }
        return (plan, length)
    }

    /// Kings on e1/e8 for the sides with rights: then KQkq is the castling text.
    private static func standardCastlingRooks(_ p: Position) -> Bool {
        let r = p.castlingRights
        if (r & whiteRooks).isNotEmpty, p.board.king(of: .white) != .e1 { return false }
        if (r & blackRooks).isNotEmpty, p.board.king(of: .black) != .e8 { return false }
        return true
    }
}

/// Bytes written into a stack buffer that has room for them (a FEN line is at most 192 bytes).
private struct ByteCursor {
    let base: UnsafeMutablePointer<UInt8>
    var count: Int

    @inline(__always) mutating func put(_ c: UInt8) {
        base[count] = c
        count &+= 1
    }

    /// The decimal digits of `v` (with `-` when negative).
    @inline(__always) mutating func putInt(_ v: Int) {
        if v < 0 { put(45) }
        var m = v.magnitude
        let first = count
        repeat {
            put(48 &+ UInt8(truncatingIfNeeded: m % 10))
            m /= 10
        } while m > 0
        // The digits came out lowest first: reverse them in place.
        var i = first
        var j = count &- 1
        while i < j {
            let t = base[i]
            base[i] = base[j]
            base[j] = t
            i &+= 1
            j &-= 1
        }
    }
}
