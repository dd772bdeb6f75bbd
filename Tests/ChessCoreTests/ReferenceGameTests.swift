// Replays python-chess's random games (Fixtures/random-games.txt) and compares SAN and FEN ply by ply.
import Foundation
import Testing
@testable import ChessCore

@Test func randomGamesMatchReferenceImplementation() throws {
    let url = try #require(Bundle.module.url(forResource: "Fixtures/random-games", withExtension: "txt"))
    let text = try String(contentsOf: url, encoding: .utf8)
    let games = text.components(separatedBy: "\n\n").map { $0.split(separator: "\n").filter { !$0.hasPrefix("#") } }
        .filter { !$0.isEmpty }
    #expect(games.count == 150)
    var plies = 0
    for game in games {
        var p = Position.standard
        for line in game {
            let f = line.split(separator: "\t").map(String.init)
            try #require(f.count == 3)
            let m = try p.move(uci: f[0])
            #expect(p.san(m) == f[1], "SAN of \(f[0]) in \(p.fen())")
            #expect(try p.move(san: f[1]) == m)
            p.playUnchecked(m)
            #expect(p.fen() == f[2])
            #expect(try Position(fen: f[2]) == p)
            plies += 1
        }
    }
    #expect(plies > 10_000)
}
