// FENText: writes a position's FEN or EPD straight into a byte buffer (the hot path of pgn2fen).
import ChessCore

/// FEN and EPD as bytes, with en passant after every double push (`EnPassantPolicy.always`).
/// Same text as `Position.fen()` and `Position.epd()`, without building a String per position.
public enum FENText {
    public static func appendFEN(_ p: Position, to out: inout [UInt8]) {
        appendEPD(p, to: &out)
        out.append(32)
        appendInt(p.halfmoveClock, to: &out)
        out.append(32)
        appendInt(p.fullmoveNumber, to: &out)
    }

    public static func appendEPD(_ p: Position, to out: inout [UInt8]) {
        // One pass over the twelve piece sets, then the 64 squares from a8 down: no per-square lookups.
        var squares = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        withUnsafeMutableBytes(of: &squares) { cells in
            let b = p.board
            for role in Role.allCases {
                let ch = letters[Int(role.rawValue)]
                for s in b.pieces(.white, role) { cells[Int(s.rawValue)] = ch }
                for s in b.pieces(.black, role) { cells[Int(s.rawValue)] = ch | 0x20 }
            }
            for rank in stride(from: 7, through: 0, by: -1) {
                var empty: UInt8 = 0
                for file in 0..<8 {
                    let c = cells[rank * 8 + file]
                    if c == 0 {
                        empty += 1
                    } else {
                        if empty > 0 {
                            out.append(48 + empty)
                            empty = 0
                        }
                        out.append(c)
                    }
                }
                if empty > 0 { out.append(48 + empty) }
                if rank > 0 { out.append(47) }
            }
        }
        out.append(32)
        out.append(p.turn == .white ? 119 : 98)
        out.append(32)
        let rights = p.castlingRights
        if rights.isEmpty {
            out.append(45)
        } else if (rights & ~Bitboard([.a1, .h1, .a8, .h8])).isEmpty, standardCastlingRooks(p) {
            if rights.contains(.h1) { out.append(75) }
            if rights.contains(.a1) { out.append(81) }
            if rights.contains(.h8) { out.append(107) }
            if rights.contains(.a8) { out.append(113) }
        } else {
            out.append(contentsOf: p.setup(.always).castlingFEN.utf8)
        }
        out.append(32)
        if let ep = p.epSquare {
            out.append(97 + UInt8(ep.file))
            out.append(49 + UInt8(ep.rank))
        } else {
            out.append(45)
        }
    }

    /// P N B R Q K, indexed by `Role.rawValue`.
    private static let letters: [UInt8] = [80, 78, 66, 82, 81, 75]

    /// Kings on e1/e8 for the sides with rights: then KQkq is the castling text.
    private static func standardCastlingRooks(_ p: Position) -> Bool {
        let r = p.castlingRights
        if (r & Bitboard([.a1, .h1])).isNotEmpty, p.board.king(of: .white) != .e1 { return false }
        if (r & Bitboard([.a8, .h8])).isNotEmpty, p.board.king(of: .black) != .e8 { return false }
        return true
    }

    static func appendInt(_ n: Int, to out: inout [UInt8]) {
        if n < 0 { out.append(45) }
        var m = n.magnitude
        var digits: [UInt8] = []
        repeat {
            digits.append(48 + UInt8(m % 10))
            m /= 10
        } while m > 0
        out.append(contentsOf: digits.reversed())
    }
}
