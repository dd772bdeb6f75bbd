// ScoreTests: the one score type — python-chess's total order over centipawns and mates, negation, notation, coding.
import ChessCore
import Foundation
import Testing

@Suite struct ScoreTests {
    /// python-chess's documented order (chess.engine.Score): Mate(-0) < Mate(-1) < Cp(-50) < Cp(200) < Mate(4) < Mate(1).
    @Test func totalOrderIsPythonChess() {
        let ascending: [Score] = [.mate(0), .mate(-1), .mate(-7), .centipawns(-50_000), .centipawns(-50), .centipawns(0),
                                  .centipawns(200), .centipawns(50_000), .mate(9), .mate(4), .mate(1)]
        for (i, a) in ascending.enumerated() {
            for (j, b) in ascending.enumerated() {
                #expect((a < b) == (i < j), "\(a.text) < \(b.text)")
            }
        }
        #expect(ascending.shuffled().sorted() == ascending)
    }

    @Test func negationTurnsTheOrderAround() {
        let scores: [Score] = [.mate(-2), .centipawns(-30), .centipawns(45), .mate(3)]
        for a in scores {
            #expect(a.negated.negated == a)
            for b in scores where a < b { #expect(b.negated < a.negated) }
        }
    }

    @Test func oneNotation() {
        #expect(Score.centipawns(35).text == "+0.35")
        #expect(Score.centipawns(-120).text == "-1.20")
        #expect(Score.centipawns(-5).text == "-0.05")
        #expect(Score.centipawns(0).text == "+0.00")
        #expect(Score.mate(3).text == "#3")
        #expect(Score.mate(-2).text == "#-2")
    }

    @Test func marginsApplyBetweenCentipawnsOnly() {
        #expect(Score.centipawns(150).isBetter(than: .centipawns(40), by: 100))
        #expect(!Score.centipawns(120).isBetter(than: .centipawns(40), by: 100))
        #expect(Score.mate(5).isBetter(than: .centipawns(9_000), by: 100_000))
        #expect(Score.mate(-5).isBetter(than: .mate(-2)))  // mated later is better
        #expect(Score.centipawns(50).centipawns(minus: .mate(1)) == nil)
    }

    @Test func codedAsCpOrMate() throws {
        let data = try JSONEncoder().encode([Score.centipawns(-12), .mate(4)])
        #expect(String(decoding: data, as: UTF8.self) == #"[{"cp":-12},{"mate":4}]"#)
        #expect(try JSONDecoder().decode([Score].self, from: data) == [.centipawns(-12), .mate(4)])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Score.self, from: Data("{}".utf8)) }
    }
}
