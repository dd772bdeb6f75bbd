// Move numbers that name another move than the one after them: a located warning with the number to write, and the game read on.
import Testing

@testable import ChessPGN

@Suite struct MoveNumberTests {
    static func read(_ name: String) throws -> [GameTree] {
        let reader = PGNReader(fileName: name, bytes: try Fixture.bytes("move-numbers/" + name))
        var builder = GameTreeBuilder(replaying: true, fileName: name)
        var games: [GameTree] = []
        while try reader.readGame(&builder) { games.append(builder.game) }
        return games
    }

    @Test func wrongNumbersAreWarnedWithTheFix() throws {
        let games = try Self.read("move_numbers.pgn")
        #expect(games.count == 2)
        let found = games.flatMap(\.diagnostics).map(\.text).joined(separator: "\n") + "\n"
        try Fixture.expect(found, equals: "move-numbers/move_numbers.diag")
        // Read leniently: every move is still in the tree where it stands.
        #expect(games[0].mainlineSAN == ["e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "d4", "Nf6", "Nf3", "c6", "Bc4", "Bf5", "Bd2", "e6", "Qe2"])
        #expect(games[1].mainlineSAN == ["Nc6", "Bb5", "a6", "Ba4"])
        #expect(games.flatMap(\.diagnostics).allSatisfy { $0.code == PGNCode.moveNumberMismatch && $0.severity == .warning })
    }

    @Test func rightNumbersAreQuiet() throws {
        let reader = PGNReader(fileName: "g.pgn", text: "1. e4 e5 2. Nf3 {c} 2... Nc6 (2... d6 3. d4) 3. Bb5 3. ... a6 4.Ba4 4…Nf6 *")
        var builder = GameTreeBuilder(replaying: true, fileName: "g.pgn")
        _ = try reader.readGame(&builder)
        #expect(builder.game.diagnostics.map(\.text) == [])
        #expect(builder.game.mainlineSAN.count == 8)
    }
}
