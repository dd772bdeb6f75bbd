// FENText: writes a position's FEN or EPD straight into a byte buffer (the hot path of pgn2fen).
import ChessCore

/// FEN and EPD as bytes, with en passant after every double push (`EnPassantPolicy.always`).
/// Same text as `Position.fen()` and `Position.epd()`, without building a String per position.
public enum FENText {
    public static func appendFEN(_ p: Position, to out: inout [UInt8]) {
        write(p, counters: true, to: &out)
    }

    public static func appendEPD(_ p: Position, to out: inout [UInt8]) {
        write(p, counters: false, to: &out)
    }

    /// Builds the line in a stack buffer and appends it once: appending byte by byte to an array
    /// (a uniqueness check per byte) was a quarter of pgn2fen's time.
    private static func write(_ p: Position, counters: Bool, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 192) { buf in
            var n = 0
            // The placement: each rank's occupancy (8 bits) picks a precomputed plan of piece and
            // digit tokens, so the loop has no branch that depends on the position.
            let b = p.board
            let whiteSet = b.pieces(.white).rawValue
            let sets = (b.pieces(.pawn).rawValue, b.pieces(.knight).rawValue, b.pieces(.bishop).rawValue,
                        b.pieces(.rook).rawValue, b.pieces(.queen).rawValue, b.pieces(.king).rawValue)
            let occupied = sets.0 | sets.1 | sets.2 | sets.3 | sets.4 | sets.5
            var cells = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
            withUnsafeMutableBytes(of: &cells) { cells in
                func mark(_ set: UInt64, _ ch: UInt8) {
                    var w = set & whiteSet
                    while w != 0 {
                        cells[w.trailingZeroBitCount] = ch
                        w &= w &- 1
                    }
                    var k = set & ~whiteSet
                    while k != 0 {
                        cells[k.trailingZeroBitCount] = ch | 0x20
                        k &= k &- 1
                    }
                }
                mark(sets.0, 80)
                mark(sets.1, 78)
                mark(sets.2, 66)
                mark(sets.3, 82)
                mark(sets.4, 81)
                mark(sets.5, 75)
                plans.withUnsafeBufferPointer { plans in
                    for rank in stride(from: 7, through: 0, by: -1) {
                        var plan = plans[Int((occupied >> UInt64(rank &* 8)) & 0xFF)]
                        var count = Int(plan & 0xF)
                        plan >>= 4
                        let row = rank &* 8
                        while count > 0 {
                            let code = Int(plan & 0xF)
                            plan >>= 4
                            buf[n] = code < 8 ? cells[row &+ code] : UInt8(truncatingIfNeeded: 41 &+ code)
                            n &+= 1
                            count &-= 1
                        }
                        if rank > 0 {
                            buf[n] = 47
                            n &+= 1
                        }
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
            } else if (rights & ~standardRooks).isEmpty, standardCastlingRooks(p) {
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

    private static let standardRooks = Bitboard([.a1, .h1, .a8, .h8])
    private static let whiteRooks = Bitboard([.a1, .h1])
    private static let blackRooks = Bitboard([.a8, .h8])

    /// For each rank occupancy (bit f = a piece on file f): token count in the low 4 bits, then
    /// 4-bit tokens: 0–7 a piece on that file, 8–15 a run of 1–8 empty squares (digit = token - 7).
    private static let plans: [UInt64] = (0..<256).map { (mask: Int) -> UInt64 in
        var tokens: [UInt64] = []
        var empty: UInt64 = 0
        for f in 0..<8 {
            if mask & (1 << f) != 0 {
                if empty > 0 { tokens.append(7 + empty) }
                empty = 0
                tokens.append(UInt64(f))
            } else {
                empty += 1
            }
        }
        if empty > 0 { tokens.append(7 + empty) }
        var plan = UInt64(tokens.count)
        for (i, t) in tokens.enumerated() { plan |= t << UInt64(4 + 4 * i) }
        return plan
    }

    /// Kings on e1/e8 for the sides with rights: then KQkq is the castling text.
    private static func standardCastlingRooks(_ p: Position) -> Bool {
        let r = p.castlingRights
        if (r & whiteRooks).isNotEmpty, p.board.king(of: .white) != .e1 { return false }
        if (r & blackRooks).isNotEmpty, p.board.king(of: .black) != .e8 { return false }
        return true
    }
}
