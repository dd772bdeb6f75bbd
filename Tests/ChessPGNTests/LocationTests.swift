// LocationTests: the game tree keeps where tags and comments stand, and drops the follow-ons of an unclosed `(`.
import Testing

@testable import ChessPGN

@Suite struct LocationTests {
    static func read(_ text: String) throws -> GameTree {
        let reader = PGNReader(fileName: "g.pgn", text: text)
        var builder = GameTreeBuilder(replaying: true, fileName: "g.pgn")
        _ = try reader.readGame(&builder)
        return builder.game
    }

    @Test func tagsAndCommentsKnowWhereTheyStand() throws {
        let g = try Self.read("[Event \"x\"]\n  [ECO \"C50\"]\n\n1. e4 {first} e5\n  ( {[%dev phase=2]} 1... c5 ) *\n")
        #expect(g.tags.map { "\($0.name) \($0.location?.line ?? 0):\($0.location?.column ?? 0)" } == ["Event 1:1", "ECO 2:3"])
        let e4 = g.nodes[g.mainline[0]]
        #expect(e4.comments.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" } == ["4:7"])
        let c5 = try #require(g.nodes.first { $0.san == "c5" })
        #expect(c5.startingComments.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" } == ["5:5"])
        // Where a tag or comment stands is not part of its value.
        #expect(g.tags[0] == PGNTag(name: "Event", value: "x"))
    }

    @Test func anUnclosedVariationHidesNoMistakeAndAddsNone() throws {
        // The `(` on line 2 is never closed: 3. Bc4 is read inside it (illegal after 2...d6 3. d4), a follow-on.
        let g = try Self.read("1. e4 e5 2. Nf3 Nc6\n(2... d6 3. d4\n3. Bc4 Bc5 *\n")
        #expect(g.diagnostics.map { "\($0.code) \($0.location?.line ?? 0):\($0.location?.column ?? 0)" } == ["PGN106 2:1"])
        // A real illegal move outside the unclosed variation stays reported.
        let h = try Self.read("1. e4 e5 2. Bc5 (2. Nf3 Nc6\n3. Bb5 *\n")
        #expect(h.diagnostics.map { "\($0.code) \($0.location?.line ?? 0):\($0.location?.column ?? 0)" } == ["PGN102 1:13", "PGN106 1:17"])
    }
}
