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
        let b = p.board
        for rank in stride(from: 7, through: 0, by: -1) {
            var empty: UInt8 = 0
            for file in 0..<8 {
                if let piece = b[Square(file: file, rank: rank)] {
                    if empty > 0 {
                        out.append(48 + empty)
                        empty = 0
                    }
                    out.append(piece.fenChar.asciiValue ?? 63)
                } else {
                    empty += 1
                }
            }
            if empty > 0 { out.append(48 + empty) }
            if rank > 0 { out.append(47) }
        }
        out.append(32)
        out.append(p.turn == .white ? 119 : 98)
        out.append(32)
        let s = p.setup(.always)
        out.append(contentsOf: s.castlingFEN.utf8)
        out.append(32)
        if let ep = p.epSquare {
            out.append(97 + UInt8(ep.file))
            out.append(49 + UInt8(ep.rank))
        } else {
            out.append(45)
        }
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
