// FixtureTests: every PGN construct and error as a fixture file, with its FENs, diagnostics and export as data files.
import Foundation
import Testing

@testable import ChessPGN

@Suite struct FixtureTests {
    static let cases: [String] = (try? Fixture.names(in: "cases", ext: "pgn").filter { !$0.hasSuffix(".out.pgn") }) ?? []

    @Test(arguments: cases)
    func fensAndDiagnostics(_ name: String) throws {
        let base = "cases/" + name.dropLast(4)
        let (out, diags) = try exportFENs(try Fixture.bytes("cases/" + name), name: name, options: FENExportOptions(includeStart: true, variations: true))
        try Fixture.expect(out, equals: base + ".fen")
        try Fixture.expect(diags.map { $0 + "\n" }.joined(), equals: base + ".diag")
    }

    @Test(arguments: cases)
    func export(_ name: String) throws {
        let base = "cases/" + name.dropLast(4)
        let (games, written) = try roundTripGames(try Fixture.bytes("cases/" + name), name: name)
        try Fixture.expect(written, equals: base + ".out.pgn")
        for line in written.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.count <= 80 || !line.contains(" "), "line longer than 80: \(line)")
        }
        // The export reads back to the same trees, and writing it again changes nothing.
        let (again, rewritten) = try roundTripGames(Array(written.utf8), name: "out.pgn")
        #expect(rewritten == written)
        #expect(again.count == games.count)
        for (a, b) in zip(games, again) {
            #expect(a.nodes.map(\.san) == b.nodes.map(\.san))
            #expect(a.nodes.map(\.nags) == b.nodes.map(\.nags))
            #expect(a.nodes.map(\.comments) == b.nodes.map(\.comments))
        }
    }
}

@Suite struct FENToPGNFixtureTests {
    static let cases: [String] = (try? Fixture.names(in: "fen", ext: "fen")) ?? []

    @Test(arguments: cases)
    func gamesAndDiagnostics(_ name: String) throws {
        let base = "fen/" + name.dropLast(4)
        var converter = FENSequenceConverter(fileName: name, tags: [PGNTag(name: "Event", value: "Fixture")])
        var games: [String] = []
        var n = 0
        for line in try Fixture.text("fen/" + name).split(separator: "\n", omittingEmptySubsequences: false) {
            n += 1
            if let g = converter.line(String(line), number: n) { games.append(g) }
        }
        if let g = converter.finish() { games.append(g) }
        try Fixture.expect(games.joined(separator: "\n"), equals: base + ".out.pgn")
        try Fixture.expect(converter.takeDiagnostics().map { $0.text + "\n" }.joined(), equals: base + ".diag")
    }
}

/// GameLimits: what is beyond a limit is left out of the tree and counted, once per limit (PGN909).
@Test func gameTreeBuilderKeepsAGameWithinItsLimits() throws {
    let text = "[Event \"l\"]\n\n1. e4 {a} {b} {c} (1. d4) (1. c4) (1. Nf3 (1... d5 (1... Nf6))) e5 2. Nf3 Nc6 *\n"
    let limits = GameLimits(maxVariationDepth: 1, maxVariations: 2, maxComments: 2, maxCommentBytes: 1 << 20, maxMoves: 5)
    var b = GameTreeBuilder(replaying: true, fileName: "l.pgn", limits: limits)
    let reader = PGNReader(fileName: "l.pgn", text: text)
    #expect(try reader.readGame(&b))
    #expect(b.game.mainlineSAN == ["e4", "e5", "Nf3"])  // 5 moves kept: e4, d4, c4, e5, Nf3
    #expect(b.game.nodes[1].comments.map(\.text) == ["a", "b"])
    let messages = b.game.diagnostics.filter { $0.code == PGNCode.gameBeyondLimits }.map(\.message)
    #expect(messages == [
        "a game keeps at most 2 variations: … and 1 more left out",
        "a game keeps at most 2 comments (1 MiB): … and 1 more left out",
        "a game keeps at most 5 moves: … and 1 more left out",
    ])
    // Depth: a variation inside a variation is past depth 1.
    var d = GameTreeBuilder(replaying: true, fileName: "d.pgn", limits: GameLimits(maxVariationDepth: 1))
    #expect(try PGNReader(fileName: "d.pgn", text: "1. e4 (1. d4 (1. c4)) e5 *\n").readGame(&d))
    #expect(d.game.diagnostics.filter { $0.code == PGNCode.gameBeyondLimits }.map(\.message) == ["variations nested deeper than 1 are not kept: … and 1 more left out"])
}

/// pgn2fen's and classify's visitors do not read comments: the reader passes over them without parsing their command
/// annotations, so a malformed one (PGN120) is reported to the visitors that read comments (the tree builder) only.
@Test func commentsAreParsedOnlyForVisitorsThatReadThem() throws {
    let bytes = try Fixture.bytes("cases/comments.pgn")
    let positions = try exportFENs(bytes, name: "comments.pgn", options: FENExportOptions(includeStart: true, variations: true))
    #expect(!positions.diagnostics.contains { $0.contains("PGN120") })
    let reader = PGNReader(fileName: "comments.pgn", bytes: bytes)
    var builder = GameTreeBuilder(replaying: true)
    var found: [String] = []
    while try reader.readGame(&builder) { found += builder.game.diagnostics.map(\.text).filter { $0.contains("PGN120") } }
    #expect(found == ["comments.pgn:8:24: warning[PGN120]: command annotation \"[%cal Zz9]\" does not parse; kept as text"])
}

/// 100,000 distinct tag pairs in one game are read in linear time: the duplicate check is a set. Before, an array's
/// `contains` made it quadratic (4.5–7.5 s in a release build for 100,000; 500,000 ran past 120 s). The bound is
/// loose for a shared machine and a debug build; the quadratic reader needs minutes here.
@Test func manyDistinctTagsAreReadInLinearTime() throws {
    var text = ""
    text.reserveCapacity(2_000_000)
    for i in 0..<100_000 { text += "[T\(i) \"v\"]\n" }
    text += "[T7 \"again\"]\n\n1. e4 *\n"
    var b = GameTreeBuilder(replaying: true, fileName: "tags.pgn")
    let reader = PGNReader(fileName: "tags.pgn", text: text)
    let clock = ContinuousClock()
    var read = false
    let took = clock.measure { read = (try? reader.readGame(&b)) ?? false }
    #expect(read)
    #expect(took < .seconds(20), "\(took)")
    #expect(b.game.diagnostics.filter { $0.code == PGNCode.duplicateTag }.count == 1)
    #expect(b.game.mainlineSAN == ["e4"])
}
