// FEN: reading Forsyth–Edwards Notation into a Setup, with errors that name the field, text and column.

/// A FEN that cannot be read. `field` is 1…6 (0 for the whole text); `column` is 1-based in the FEN text.
///
/// `description` reads like `field 4 (en passant): "e9" is not a square`.
public struct FENError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Stable code: FEN001 field count, FEN002 placement character, FEN003 rank count, FEN004 rank width,
    /// FEN005 side to move, FEN006 castling, FEN007 en passant, FEN008 halfmove clock, FEN009 fullmove number,
    /// FEN010 spacing, FEN011 two digits in a row in a rank (`44` for `8`).
    public let code: String
    public let field: Int
    public let column: Int
    public let text: String
    public let message: String

    public static let fieldNames = ["FEN", "placement", "side to move", "castling", "en passant", "halfmove clock", "fullmove number"]

    public var description: String {
        field == 0 ? message : "field \(field) (\(Self.fieldNames[field])): \(message)"
    }
}

extension Setup {
    /// Reads a FEN. Accepts exactly six fields separated by single spaces (four when `requireCounters` is false,
    /// as EPD writes them; the counters then default to `0 1`). Castling letters may come in any order but not twice.
    ///
    /// ```swift
    /// let setup = try Setup(fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
    /// ```
    /// Throws `FENError` for syntax only; legality is `Position`'s business.
    public init(fen: some StringProtocol, requireCounters: Bool = true) throws(FENError) {
        let text = String(fen)
        let bytes = Array(text.utf8)
        // Split on single spaces, remembering where each field starts.
        var fields: [(start: Int, bytes: ArraySlice<UInt8>)] = []
        var start = 0
        for i in 0...bytes.count {
            if i == bytes.count || bytes[i] == 32 {
                if i == start {
                    throw FENError(code: "FEN010", field: 0, column: i + 1, text: text,
                                   message: i == 0 ? "a FEN must not start with a space or be empty" : "expected one space between fields, found two at column \(i + 1)")
                }
                fields.append((start, bytes[start..<i]))
                start = i + 1
            } else if bytes[i] == 9 || bytes[i] == 10 || bytes[i] == 13 {
                throw FENError(code: "FEN010", field: 0, column: i + 1, text: text, message: "unexpected tab or line break at column \(i + 1)")
            }
        }
        let allowed = requireCounters ? [6] : [4, 6]
        guard allowed.contains(fields.count) else {
            throw FENError(code: "FEN001", field: 0, column: 1, text: text,
                           message: "expected \(requireCounters ? "6" : "4 or 6") fields separated by spaces, found \(fields.count)")
        }
        func err(_ code: String, _ field: Int, _ column: Int, _ found: some StringProtocol, _ what: String) -> FENError {
            FENError(code: code, field: field, column: column, text: String(found), message: "\"\(found)\" \(what)")
        }
        func str(_ s: ArraySlice<UInt8>) -> String { String(decoding: s, as: UTF8.self) }

        // Field 1: placement.
        var board = Board.empty
        let (pStart, placement) = fields[0]
        var rank = 7, file = 0, rankCount = 1
        var rankStart = pStart
        // Runs of empty squares are one digit: `44` or `11111111` for `8` is malformed, as in python-chess.
        var previousWasDigit = false
        var i = placement.startIndex
        while i < placement.endIndex {
            let c = placement[i]
            let col = i + 1
            if c == 47 { // "/"
                if file != 8 {
                    throw err("FEN004", 1, rankStart + 1, str(bytes[rankStart..<i]), "has \(file) squares; every rank needs 8")
                }
                rank -= 1; file = 0; rankCount += 1; rankStart = i + 1
                previousWasDigit = false
                if rank < 0 { throw err("FEN003", 1, col, str(placement), "has more than 8 ranks") }
            } else if (49...56).contains(c) {
                if previousWasDigit {
                    let run = Int(bytes[i - 1] - 48) + Int(c - 48)
                    throw err("FEN011", 1, col - 1, str(bytes[(i - 1)...i]),
                              "is two digits in a row: a run of empty squares is one digit" + (run <= 8 ? " (write \(run))" : ""))
                }
                previousWasDigit = true
                file += Int(c - 48)
                if file > 8 { throw err("FEN004", 1, rankStart + 1, str(bytes[rankStart..<min(i + 1, placement.endIndex)]), "has more than 8 squares") }
            } else if let piece = Piece(fenChar: Character(Unicode.Scalar(c))), c < 128 {
                if file >= 8 { throw err("FEN004", 1, rankStart + 1, str(bytes[rankStart...i]), "has more than 8 squares") }
                board.put(piece, at: Square(file: file, rank: rank))
                file += 1
                previousWasDigit = false
            } else {
                let scalarEnd = Self.scalarEnd(bytes, i)
                throw err("FEN002", 1, col, str(bytes[i..<scalarEnd]), "is not a piece letter (PNBRQK, pnbrqk), a digit 1-8 or \"/\"")
            }
            i += 1
        }
        if file != 8 { throw err("FEN004", 1, rankStart + 1, str(bytes[rankStart..<placement.endIndex]), "has \(file) squares; every rank needs 8") }
        if rankCount != 8 { throw err("FEN003", 1, pStart + 1, str(placement), "has \(rankCount) ranks; a board has 8") }

        // Field 2: side to move.
        let (tStart, turnField) = fields[1]
        let turn: PieceColor
        switch str(turnField) {
        case "w": turn = .white
        case "b": turn = .black
        default: throw err("FEN005", 2, tStart + 1, str(turnField), "is not a side to move (w or b)")
        }

        // Field 3: castling.
        let (cStart, castling) = fields[2]
        var rights = Bitboard.empty
        if str(castling) != "-" {
            for j in castling.indices {
                let sq: Square
                switch castling[j] {
                case 75: sq = .h1 // K
                case 81: sq = .a1 // Q
                case 107: sq = .h8 // k
                case 113: sq = .a8 // q
                default:
                    throw err("FEN006", 3, j + 1, str(bytes[j..<Self.scalarEnd(bytes, j)]), "is not a castling right (K, Q, k, q or -)")
                }
                if rights.contains(sq) { throw err("FEN006", 3, j + 1, str(castling), "names a castling right twice") }
                rights.insert(sq)
            }
        }
        _ = cStart

        // Field 4: en passant.
        let (eStart, epField) = fields[3]
        var ep: Square?
        if str(epField) != "-" {
            guard let sq = Square(str(epField)) else {
                throw err("FEN007", 4, eStart + 1, str(epField), "is not a square")
            }
            guard sq.rank == (turn == .white ? 5 : 2) else {
                throw err("FEN007", 4, eStart + 1, str(epField), "cannot be an en-passant square with \(turn.name) to move (it must be on rank \(turn == .white ? 6 : 3))")
            }
            ep = sq
        }

        var half = 0, full = 1
        if fields.count == 6 {
            let (hStart, h) = fields[4]
            guard let hv = Self.number(h) else { throw err("FEN008", 5, hStart + 1, str(h), "is not a halfmove clock (a whole number ≥ 0)") }
            let (fStart, f) = fields[5]
            guard let fv = Self.number(f) else { throw err("FEN009", 6, fStart + 1, str(f), "is not a fullmove number (a whole number ≥ 1)") }
            guard fv >= 1 else { throw err("FEN009", 6, fStart + 1, str(f), "is not a fullmove number: it counts from 1") }
            half = hv
            full = fv
        }
        self.init(board: board, turn: turn, castlingRights: rights, epSquare: ep, halfmoveClock: half, fullmoveNumber: full)
    }

    /// A decimal number without sign or leading zeros, below a million; `nil` otherwise.
    static func number(_ s: ArraySlice<UInt8>) -> Int? {
        guard !s.isEmpty, s.count <= 6, s.allSatisfy({ (48...57).contains($0) }) else { return nil }
        if s.count > 1 && s.first == 48 { return nil }
        return s.reduce(0) { $0 * 10 + Int($1 - 48) }
    }

    /// The end of the UTF-8 scalar starting at `i`, so a message quotes a whole character.
    static func scalarEnd(_ bytes: [UInt8], _ i: Int) -> Int {
        var j = i + 1
        while j < bytes.count && bytes[j] & 0xC0 == 0x80 { j += 1 }
        return j
    }
}
