// The opening tree: shared positions merged, transpositions found, names given and inherited by the stated rule.
@testable import Explainer
@testable import Openings
import ChessPGN
import Diagnostics
import Testing

func source(_ pgn: String, file: String) throws -> OpeningSource {
    let reader = PGNReader(fileName: file, text: pgn)
    var builder = GameTreeBuilder(replaying: true, fileName: file)
    #expect(try reader.readGame(&builder))
    #expect(builder.game.diagnostics.isEmpty)
    var ds: [Diagnostic] = []
    let s = try #require(SourceReader.source(from: builder.game, file: file, diagnostics: &ds))
    #expect(ds.isEmpty)
    return s
}

@Test func transpositionsAreMergedAndCounted() throws {
    let a = try source("[Opening \"Alpha\"]\n\n1. d4 Nf6 2. c4 e6 3. Nc3 *", file: "openings/coach/a.pgn")
    let b = try source("[Opening \"Beta\"]\n\n1. c4 e6 2. d4 Nf6 3. Nf3 *", file: "openings/coach/b.pgn")
    let tree = OpeningTree.build([a, b])
    // The start, A's five positions, then B's own: after 1.c4, 1...e6, 2.d4 and 3.Nf3 (2...Nf6 is A's).
    #expect(tree.nodes.count == 1 + 5 + 4)
    #expect(tree.transpositions == 1)
    #expect(tree.edges.count == 10)
    let shared = try #require(tree.nodes.first { $0.position.fen(.legal).hasPrefix("rnbqkb1r/pppp1ppp/4pn2/8/2PP4/8/PP2PPPP/RNBQKBNR w KQkq") })
    // Without a name list nothing is named (names come from the list only: NameListTests).
    #expect(shared.name == nil && !shared.nameIsInherited)
    #expect(tree.nodes.allSatisfy { $0.name == nil })
}

@Test func deviationsBranchFromTheirParentLine() throws {
    let pgn = """
        [Opening "Italian Game"]

        1. e4 e5 2. Nf3 Nc6 3. Bc4 ( {[%dev phase=3 name="Ruy Lopez"]} 3. Bb5 a6 ) 3... Bc5 *
        """
    let s = try source(pgn, file: "openings/coach/i.pgn")
    #expect(s.lines.count == 2)
    #expect(s.lines[1].role == .deviation(Deviation(phase: 3, kind: .deviation, reason: nil)) && s.lines[1].branchPly == 4)
    let tree = OpeningTree.build([s])
    #expect(tree.nodes.count == 9)
    #expect(tree.lines.map(\.parent) == [1, 1])
    #expect(tree.lines[1].edges.count == 6)
    #expect(tree.lines[1].edges.prefix(4) == tree.lines[0].edges.prefix(4))
}

@Test func sharedTrunkIsMergedOnce() throws {
    let a = try source("[Opening \"Alpha\"]\n\n1. e4 e5 2. Nf3 *", file: "a.pgn")
    let b = try source("[Opening \"Beta\"]\n\n1. e4 e5 2. Bc4 *", file: "b.pgn")
    let tree = OpeningTree.build([a, b])
    #expect(tree.nodes.count == 5)
    #expect(tree.edges.map(\.san) == ["e4", "e5", "Nf3", "Bc4"])
    #expect(tree.transpositions == 0)
}
