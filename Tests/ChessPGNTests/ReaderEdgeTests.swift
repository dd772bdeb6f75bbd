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
    #expect(try replayedCodes(pgn, file: "960.pgn") == ["PGN117"])
}

/// A result mid-movetext (`1. e4 1-0 e5`) ends the game at its result and the rest is one PGN911 at `e5`, read past:
/// one game, not two. Before, `e5` began a second game.
@Test func movesAfterAResultAreOneErrorNotASecondGame() throws {
    let pgn = "[Event \"a\"]\n\n1. e4 1-0 e5 2. Nf3 *\n\n[Event \"b\"]\n\n1. d4 *\n"
    let reader = PGNReader(fileName: "mid.pgn", text: pgn)
    var first = GameTreeBuilder(replaying: true, fileName: "mid.pgn")
    #expect(try reader.readGame(&first))
    let d = first.game.diagnostics
    #expect(d.map(\.code.string) == ["PGN911"], "\(d.map(\.text))")
    #expect(d.first?.location?.line == 3 && d.first?.location?.column == 11)
    var second = GameTreeBuilder(replaying: true, fileName: "mid.pgn")
    #expect(try reader.readGame(&second))
    #expect(second.game.tags.first { $0.name == "Event" }?.value == "b")
    var third = GameTreeBuilder(replaying: true, fileName: "mid.pgn")
    #expect(try reader.readGame(&third) == false)
}

/// A tag pair inside a line of movetext is one PGN912 and is read past; the game goes on after it. Only a `[` first on
/// its line starts the next game. Before, the tag began a second game with only a missing-result warning.
@Test func aTagPairInsideMovetextIsAnErrorAndTheGameGoesOn() throws {
    let pgn = "[Event \"a\"]\n\n1. e4 [Event \"x]y\"] e5 1-0\n"
    let reader = PGNReader(fileName: "tag.pgn", text: pgn)
    var first = GameTreeBuilder(replaying: true, fileName: "tag.pgn")
    #expect(try reader.readGame(&first))
    let d = first.game.diagnostics
    #expect(d.map(\.code.string) == ["PGN912"], "\(d.map(\.text))")
    #expect(d.first?.location?.column == 7)
    var second = GameTreeBuilder(replaying: true, fileName: "tag.pgn")
    #expect(try reader.readGame(&second) == false)
}

/// The FEN is judged when the movetext begins, not in file order: `[FEN]` before `[Variant "Chess960"]` is refused
/// once, as a variant (PGN117). Before, the FEN was judged first and refused as an illegal FEN (PGN107) too.
@Test func aChess960FENBeforeItsVariantTagIsRefusedAsAVariantOnly() throws {
    let pgn = """
        [Event "960"]
        [FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"]
        [SetUp "1"]
        [Variant "Chess960"]

        1. e4 e5 *
        """
    #expect(try replayedCodes(pgn, file: "960.pgn") == ["PGN117"])
    var exporter = FENExporter(options: FENExportOptions())
    let again = PGNReader(fileName: "960.pgn", text: pgn)
    #expect(try again.readGame(&exporter))
    #expect(exporter.takeDiagnostics().map(\.code.string) == ["PGN117"])
}

/// The codes a replaying tree builder reports for the first game of `pgn`.
private func replayedCodes(_ pgn: String, file: String) throws -> [String] {
    var builder = GameTreeBuilder(replaying: true, fileName: file)
    #expect(try PGNReader(fileName: file, text: pgn).readGame(&builder))
    return builder.game.diagnostics.map(\.code.string)
}
