// ReferenceTests: random games against python-chess golden outputs (scripts/gen/pgn_golden.sh), and the fast SAN path against ChessCore.
import Foundation
import Testing

@testable import ChessCore
@testable import ChessPGN

@Suite struct ReferenceTests {
    @Test func fensWithVariationsMatchPythonChess() throws {
        let (out, diags) = try exportFENs(try Fixture.bytes("random/rich.pgn"), name: "rich.pgn", options: FENExportOptions(includeStart: true, variations: true))
        #expect(diags.allSatisfy { $0.contains("warning") })
        #expect(out == (try Fixture.text("random/rich.fen")))
    }

    @Test func epdMatchesPythonChess() throws {
        let (out, diags) = try exportFENs(try Fixture.bytes("random/plain.pgn"), name: "plain.pgn", options: FENExportOptions(format: .epd))
        #expect(diags.isEmpty)
        // python-chess prints no blank line between games.
        #expect(out.split(separator: "\n") == (try Fixture.text("random/plain.epd")).split(separator: "\n"))
    }

    @Test func mainlinesMatchPythonChessAndSurviveTheWriter() throws {
        let (games, written) = try roundTripGames(try Fixture.bytes("random/rich.pgn"), name: "rich.pgn")
        let expected = try Fixture.text("random/rich.san").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(games.count == 120)
        for (i, g) in games.enumerated() {
            #expect(g.mainlineSAN.joined(separator: " ") == expected[i], "game \(i + 1)")
        }
        let (again, _) = try roundTripGames(Array(written.utf8), name: "written.pgn")
        #expect(again.map(\.mainlineSAN) == games.map(\.mainlineSAN))
        #expect(again.map { $0.nodes.count } == games.map { $0.nodes.count })
    }

    @Test func fastSANAgreesWithChessCore() throws {
        // Every move of the random games, plus every legal move in every position they reach, in canonical SAN.
        let (games, _) = try roundTripGames(try Fixture.bytes("random/rich.pgn"), name: "rich.pgn")
        var checked = 0
        for g in games {
            var p = g.start ?? .standard
            for i in g.mainline {
                for m in p.legalMoves {
                    let san = p.san(m)
                    if let fast = FastSAN.play(san, in: p) {
                        #expect(fast.move == m, "\(san) in \(p.fen())")
                        #expect(fast.after == p.playingUnchecked(m))
                        checked += 1
                    }
                }
                if let m = g.nodes[i].move { p.playUnchecked(m) } else { p = p.playingNullMoveUnchecked() }
            }
        }
        #expect(checked > 10_000)
        #expect(FastSAN.play("Ng1", in: .standard) == nil)
        // What it leaves to the full parser (a full from-square, as in `Ng1f3`, is long algebraic unless SAN needs it).
        let p = Position.standard
        for text in ["O-O", "Ng1f3", "Ng1-f3", "Pe4", "e2e4", "Nf9", "Ke2", "exd5", "Qd4"] {
            #expect(FastSAN.play(text, in: p) == nil, "\(text)")
        }
    }
}

extension Optional where Wrapped == (move: Move, after: Position) {
    static func == (a: Self, b: Self) -> Bool {
        switch (a, b) {
        case (.none, .none): true
        default: false
        }
    }
}
