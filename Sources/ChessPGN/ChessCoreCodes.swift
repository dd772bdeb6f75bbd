// ChessCoreCodes: the catalogue of ChessCore's codes (FEN0xx, POS0xx, SAN0xx, MOV0xx), which ChessCore reports as plain strings.
//
// ChessCore imports nothing (it is linked into apps as the bare rules), so its error types carry their code as a
// String; this catalogue, in the first module that reports them as Diagnostics, gives each one its severity and
// summary, and `code(for:)` turns a ChessCore error's string into the typed code. A test walks every ChessCore
// error reason and checks its string is here.
import Diagnostics

/// ChessCore's codes: FEN syntax (FEN0xx), position legality (POS0xx), SAN (SAN0xx) and UCI moves (MOV0xx).
public enum ChessCoreCode {
    public static let fenFieldCount = DiagnosticCode("FEN001", .error, "a FEN without its six fields (four in EPD) separated by single spaces")
    public static let fenPlacementCharacter = DiagnosticCode("FEN002", .error, "a FEN placement character that is no piece letter, digit 1-8 or \"/\"")
    public static let fenRankCount = DiagnosticCode("FEN003", .error, "a FEN placement without exactly 8 ranks")
    public static let fenRankWidth = DiagnosticCode("FEN004", .error, "a FEN rank without exactly 8 squares")
    public static let fenSideToMove = DiagnosticCode("FEN005", .error, "a FEN side to move that is not w or b")
    public static let fenCastling = DiagnosticCode("FEN006", .error, "a FEN castling field that is not K, Q, k, q (each at most once) or -")
    public static let fenEnPassant = DiagnosticCode("FEN007", .error, "a FEN en-passant field that is not a square the side to move could take on")
    public static let fenHalfmoveClock = DiagnosticCode("FEN008", .error, "a FEN halfmove clock that is not a whole number")
    public static let fenFullmoveNumber = DiagnosticCode("FEN009", .error, "a FEN fullmove number that is not a whole number from 1")
    public static let fenSpacing = DiagnosticCode("FEN010", .error, "a FEN with a tab, a line break or a double space between its fields")
    public static let fenAdjacentDigits = DiagnosticCode("FEN011", .error, "a FEN rank with two digits in a row (44 for 8)")
    public static let illegalPosition = DiagnosticCode("POS000", .error, "an illegal position (no single reason recorded)")
    public static let missingKing = DiagnosticCode("POS001", .error, "a side has no king")
    public static let tooManyKings = DiagnosticCode("POS002", .error, "a side has more than one king")
    public static let pawnsOnBackrank = DiagnosticCode("POS003", .error, "a pawn stands on the first or last rank")
    public static let tooManyPieces = DiagnosticCode("POS004", .error, "a side has more pieces than a game can give it")
    public static let tooManyPawns = DiagnosticCode("POS005", .error, "a side has more than 8 pawns")
    public static let invalidCastlingRights = DiagnosticCode("POS006", .error, "a castling right without the king and rook on their home squares")
    public static let invalidEnPassant = DiagnosticCode("POS007", .error, "the en-passant square does not follow a double pawn push")
    public static let oppositeCheck = DiagnosticCode("POS008", .error, "the side not to move is in check")
    public static let impossibleCheck = DiagnosticCode("POS009", .error, "the checks on the king could not come from one move")
    public static let inconsistentCounters = DiagnosticCode("POS010", .error, "the move counters contradict the position")
    public static let sanSyntax = DiagnosticCode("SAN001", .error, "a move that is not SAN")
    public static let sanIllegal = DiagnosticCode("SAN002", .error, "a SAN move that is not legal in its position")
    public static let sanAmbiguous = DiagnosticCode("SAN003", .error, "a SAN move that more than one legal move matches")
    public static let uciMoveSyntax = DiagnosticCode("MOV001", .error, "a move that is not UCI notation (e2e4, e7e8q)")
    public static let uciMoveIllegal = DiagnosticCode("MOV002", .error, "a UCI move that is not legal in its position")

    /// Every code above, in number order; `DiagnosticCatalogue` (Pipeline) joins the modules' lists.
    public static let all: [DiagnosticCode] = [
        fenFieldCount, fenPlacementCharacter, fenRankCount, fenRankWidth, fenSideToMove, fenCastling, fenEnPassant,
        fenHalfmoveClock, fenFullmoveNumber, fenSpacing, fenAdjacentDigits, illegalPosition, missingKing, tooManyKings, pawnsOnBackrank,
        tooManyPieces, tooManyPawns, invalidCastlingRights, invalidEnPassant, oppositeCheck, impossibleCheck,
        inconsistentCounters, sanSyntax, sanIllegal, sanAmbiguous, uciMoveSyntax, uciMoveIllegal,
    ]
}

extension ChessCoreCode {
    /// The catalogue entry of a ChessCore error's code string (`FENError.code`, `PositionError.code`,
    /// `SANError.code`…). A string missing from the catalogue (a test forbids it) keeps its text as an error.
    public static func code(for string: String) -> DiagnosticCode {
        byString[string] ?? DiagnosticCode(string, .error, "")
    }

    private static let byString: [String: DiagnosticCode] = Dictionary(uniqueKeysWithValues: all.map { ($0.string, $0) })
}
