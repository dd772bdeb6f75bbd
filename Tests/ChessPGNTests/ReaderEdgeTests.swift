// ReaderEdgeTests: rows of issue 46 the readers pin — a jsonl FEN with JSON escapes, a Chess960 game refused once as a variant.
import Testing
@testable import ChessPGN

/// A jsonl row's FEN is a JSON string: its escapes are decoded (`\u0072` is `r`, `\/` is `/`), as any JSON writer may
/// write them. Before, the bytes between the quotes were taken as they stood and the row was refused (FEN001).
@Test func aJSONLFENWithEscapesIsDecoded() throws {
    var conv = FENSequenceConverter(fileName: "esc.jsonl")
    _ = conv.line(#"{"game":1,"ply":0,"fen":"\u0072nbqkbn\u0072\/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}"#, number: 1)
    _ = conv.line(#"{"game":1,"ply":1,"fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"}"#, number: 2)
    let game = conv.finish()
    #expect(conv.takeDiagnostics().isEmpty)
    #expect(game?.hasSuffix("\n1. e4 *\n") == true)
    var bad = FENSequenceConverter(fileName: "bad.jsonl")
    _ = bad.line(#"{"game":1,"fen":"\u00"}"#, number: 1)
    _ = bad.finish()
    #expect(bad.takeDiagnostics().map(\.code.string) == ["PGN155"])
}

/// A Chess960 game (`[Variant "Chess960"]` then its FEN, as lichess exports it) is refused once, as a variant
/// (PGN117); before, its start was refused again as an illegal FEN (PGN107).
@Test func aChess960GameIsRefusedAsAVariantOnly() throws {
    let pgn = """
        [Event "960"]
        [Variant "Chess960"]
        [FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"]
        [SetUp "1"]

        1. e4 e5 *
        """
    var builder = GameTreeBuilder(replaying: true, fileName: "960.pgn")
    let reader = PGNReader(fileName: "960.pgn", text: pgn)
    #expect(try reader.readGame(&builder))
    #expect(builder.game.diagnostics.map(\.code.string) == ["PGN117"], "\(builder.game.diagnostics.map(\.text))")
}
