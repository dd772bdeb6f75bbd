// FENTextTests: the byte writer pgn2fen uses gives the same text as ChessCore, position after position.
import ChessCore
import Testing
@testable import ChessPGN

@Suite struct FENTextTests {
    @Test func sameTextAsChessCoreOverRandomGames() {
        var rng = SeededGenerator(state: 7)  // MutationTests.swift: the same games on every run
        var writer = FENText()  // one writer for every position, as pgn2fen uses it
        var checked = 0
        for _ in 0..<300 {
            var p = Position.standard
            for _ in 0..<120 {
                let moves = p.legalMoves
                guard let m = moves.randomElement(using: &rng) else { break }
                p.playUnchecked(m)
                var fen: [UInt8] = []
                writer.appendFEN(p, to: &fen)
                #expect(String(decoding: fen, as: UTF8.self) == p.fen())
                var epd: [UInt8] = []
                writer.appendEPD(p, to: &epd)
                #expect(String(decoding: epd, as: UTF8.self) == p.setup(.always).epd)
                checked += 1
            }
        }
        #expect(checked > 20_000)
    }

    @Test func rankTextOfKnownRanks() {
        // key: byte 0 white pieces, bytes 1–6 pawns, knights, bishops, rooks, queens, kings; bit f = file f.
        func key(white: UInt64, _ roles: [UInt64]) -> UInt64 {
            roles.enumerated().reduce(white) { $0 | $1.element << UInt64(8 * ($1.offset + 1)) }
        }
        let plans = (0..<256).flatMap { (m: Int) -> [UInt64] in
            let (plan, length) = FENText.plan(UInt64(m))
            return [plan, length]
        }
        func text(_ k: UInt64) -> String {
            let (t, n) = plans.withUnsafeBufferPointer { FENText.rankText(k, plans: $0) }
            return String(decoding: withUnsafeBytes(of: t.littleEndian) { Array($0.prefix(Int(n))) }, as: UTF8.self)
        }
        #expect(text(0) == "8")
        #expect(text(key(white: 0xFF, [0xFF, 0, 0, 0, 0, 0])) == "PPPPPPPP")
        #expect(text(key(white: 0, [0, 0x42, 0x24, 0x81, 0x08, 0x10])) == "rnbqkbnr")
        #expect(text(key(white: 0x01, [0, 0, 0, 0, 0, 0x01 | 0x80])) == "K6k")
        #expect(text(key(white: 0, [0x10, 0, 0, 0, 0, 0])) == "4p3")
    }
}
