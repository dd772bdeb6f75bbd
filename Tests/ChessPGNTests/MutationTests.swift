// MutationTests: seeded random mutations of the fixtures through every parser; nothing may crash, and what the writer writes reads back clean.
import Foundation
import Testing

@testable import ChessCore
@testable import ChessPGN

/// SplitMix64: a small seeded generator, so every run mutates the same way.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct MutationTests {
    static let interesting: [[UInt8]] = ["{", "}", "(", ")", "[", "]", "\"", "\\", "$", "%", ";", "\n", "\r", "1-0", "½", "…", "--", "O-O", "=Q", "e.p.", "\u{FEFF}", "[%cal ", "\u{00}", "\u{FF}"].map { Array($0.utf8) }

    static func mutate(_ input: [UInt8], _ rng: inout SeededGenerator) -> [UInt8] {
        var b = input
        for _ in 0..<Int.random(in: 1...8, using: &rng) {
            let at = b.isEmpty ? 0 : Int.random(in: 0..<b.count, using: &rng)
            switch Int.random(in: 0..<6, using: &rng) {
            case 0 where !b.isEmpty: b.remove(at: at)
            case 1: b.insert(UInt8.random(in: 0...255, using: &rng), at: at)
            case 2 where !b.isEmpty: b[at] = UInt8.random(in: 32...126, using: &rng)
            case 3: b.insert(contentsOf: interesting[Int.random(in: 0..<interesting.count, using: &rng)], at: at)
            case 4 where !b.isEmpty:
                let n = min(b.count - at, Int.random(in: 1...40, using: &rng))
                b.removeSubrange(at..<(at + n))
            default:
                if !b.isEmpty {
                    let n = min(b.count - at, Int.random(in: 1...40, using: &rng))
                    b.insert(contentsOf: b[at..<(at + n)], at: at)
                }
            }
        }
        return b
    }

    @Test func mutatedFixturesNeverCrashAndExportsReadBackClean() throws {
        let names = try Fixture.names(in: "cases", ext: "pgn")
        let seeds = try names.map { try Fixture.bytes("cases/" + $0) }
        let iterations = Int(ProcessInfo.processInfo.environment["FUZZ_ITERATIONS"] ?? "") ?? 400
        var rng = SeededGenerator(state: 20_261_122)
        var gamesChecked = 0
        for _ in 0..<iterations {
            let input = Self.mutate(seeds[Int.random(in: 0..<seeds.count, using: &rng)], &rng)
            _ = try exportFENs(input, name: "m.pgn", options: FENExportOptions(format: .jsonl, includeStart: true, variations: true))
            let (games, written) = try roundTripGames(input, name: "m.pgn")
            // The writer writes only what replayed: reading it back finds no error and the same main lines.
            let (again, _) = try roundTripGames(Array(written.utf8), name: "w.pgn")
            #expect(again.count == games.count)
            for (a, b) in zip(games, again) {
                #expect(!b.hasErrors || a.start == nil, "\(b.diagnostics.map(\.text))")
                if a.start != nil { #expect(a.mainlineSAN == b.mainlineSAN) }
                gamesChecked += 1
            }
            // The FEN and SAN parsers on pieces of the same bytes.
            let text = String(decoding: input.prefix(100), as: UTF8.self)
            _ = try? Position(fen: text)
            _ = try? Position.standard.parseSAN(String(text.prefix(8)))
        }
        #expect(gamesChecked > iterations / 2)
    }

    @Test func variationsNestedVeryDeepUseNoRecursion() throws {
        let depth = 100_000
        var text = "1. e4 e5 "
        for _ in 0..<depth { text += "(1... d5 " }
        text += String(repeating: ")", count: depth) + " 2. Nf3 *"
        let (out, diags) = try exportFENs(Array(text.utf8), name: "deep.pgn", options: FENExportOptions())
        #expect(diags.isEmpty)
        #expect(out.split(separator: "\n").count == 3)
        // The tree keeps variations nested up to GameLimits' depth; the deeper ones are counted (PGN909).
        let (games, written) = try roundTripGames(Array(text.utf8), name: "deep.pgn")
        #expect(games.first?.nodes.count == GameLimits.standard.maxVariationDepth + 4)
        #expect(games.first?.diagnostics.map(\.code) == [PGNCode.gameBeyondLimits])
        #expect(written.hasSuffix("2. Nf3 *\n"))
    }

    @Test func ellipsisCutByTheEndOfInput() throws {
        // Found by libFuzzer: `…` (E2 80 A6) cut after its first bytes at the end of the input.
        for tail: [UInt8] in [[0xE2], [0xE2, 0x80], [0xE2, 0x80, 0x41]] {
            let (out, diags) = try exportFENs(Array("1. e4 ".utf8) + tail, name: "cut.pgn", options: FENExportOptions())
            #expect(out.split(separator: "\n").count == 1)
            #expect(diags.contains { $0.contains("PGN100") })
        }
    }

    @Test func hugeCommentIsCutNotHeld() throws {
        var bytes = Array("1. e4 {".utf8)
        bytes += [UInt8](repeating: 97, count: 3 << 20)
        bytes += Array("} e5 *".utf8)
        let (out, diags) = try exportFENs(bytes, name: "big.pgn", options: FENExportOptions())
        #expect(diags.count == 1 && diags[0].contains("PGN114"))
        #expect(out.split(separator: "\n").count == 2)
    }

    @Test func chunkBoundariesDoNotMatter() throws {
        let bytes = try Fixture.bytes("cases/comments.pgn") + Fixture.bytes("cases/bom_crlf.pgn")
        let whole = try exportFENs(bytes, name: "x.pgn", options: FENExportOptions(includeStart: true, variations: true))
        for chunk in [1, 2, 3, 7, 64] {
            var offset = 0
            let reader = PGNReader(fileName: "x.pgn", chunkSize: chunk) { buf in
                let n = min(buf.count, chunk, bytes.count - offset)
                for i in 0..<n { buf[i] = bytes[offset + i] }
                offset += n
                return n
            }
            var exporter = FENExporter(options: FENExportOptions(includeStart: true, variations: true))
            var out: [UInt8] = []
            var diags: [String] = []
            while try reader.readGame(&exporter) {
                out += exporter.takeOutput()
                diags += exporter.takeDiagnostics().map(\.text)
            }
            #expect(String(decoding: out, as: UTF8.self) == whole.output, "chunk \(chunk)")
            #expect(diags == whole.diagnostics, "chunk \(chunk)")
        }
    }
}

/// Hostile input: binary files are one error, a game stops at its first unreadable token, a game's problems are capped.
@Suite struct HostileInputTests {
    @Test func binaryInputIsOneErrorAtOnce() throws {
        var rng = SeededGenerator(state: 19)
        let random = (0..<(1 << 20)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let zeros = [UInt8](repeating: 0, count: 1 << 20)
        let elfLike = [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0] + [UInt8](repeating: 0, count: 4000) + Array("1. e4 e5 *".utf8)
        for bytes in [random, zeros, elfLike] {
            let (out, diags) = try exportFENs(bytes, name: "bin", options: FENExportOptions())
            #expect(out.isEmpty)
            #expect(diags == ["bin:1:1: error[PGN902]: this is not a text file (NUL bytes or mostly bytes that are not UTF-8): nothing more is read from it"])
        }
        // Text, then binary: the games before it are read; one error for the rest.
        let mixed = Array("1. e4 e5 *\n\n".utf8) + [UInt8](repeating: 0x41, count: (1 << 16) - 12) + zeros
        let (out, diags) = try exportFENs(mixed, name: "mixed", options: FENExportOptions())
        #expect(out.split(separator: "\n").count == 2)
        #expect(diags.last?.contains("PGN902") == true)
        #expect(diags.filter { $0.contains("PGN902") }.count == 1)
        // Latin-1 text is not binary.
        let latin1 = Array("[White \"M\u{00FC}ller\"]\n\n1. e4 *\n".utf8).map { $0 == 0xC3 ? 0xFC : $0 }.filter { $0 != 0xBC }
        #expect(try exportFENs(latin1, name: "l1", options: FENExportOptions()).diagnostics.allSatisfy { !$0.contains("PGN902") })
    }

    @Test func endlessZerosFromAStreamStopAtTheFirstChunk() throws {
        var calls = 0
        let reader = PGNReader(fileName: "/dev/zero") { buffer in
            calls += 1
            for i in 0..<buffer.count { buffer[i] = 0 }
            return buffer.count
        }
        var exporter = FENExporter(options: FENExportOptions())
        #expect(throws: PGNBinaryInput.self) { while try reader.readGame(&exporter) {} }
        #expect(calls == 1)
        #expect(try reader.readGame(&exporter) == false)
    }

    @Test func aGameStopsAtItsFirstUnreadableToken() throws {
        let (out, diags) = try exportFENs(Array("1. e4 e5 2. \u{2658}f3 Nc6 *\n".utf8), name: "k.pgn", options: FENExportOptions())
        #expect(out.split(separator: "\n").count == 2)  // e4 e5, and not the pawn move f3
        #expect(diags == ["k.pgn:1:13: error[PGN100]: unexpected character \"\u{2658}\" in movetext; the rest of the game is skipped"])
    }

    @Test func aGamesProblemsAreCapped() throws {
        var text = "[Event \"many bad tags\"]\n"
        for _ in 0..<5_000 { text += "[ \"no name\"]\n" }
        text += "\n1. e4 *\n"
        let (out, diags) = try exportFENs(Array(text.utf8), name: "t.pgn", options: FENExportOptions())
        #expect(out.split(separator: "\n").count == 1)
        #expect(diags.count == PGNReader.maxProblemsPerGame + 1)
        #expect(diags.last?.contains("error[PGN903]: game 1: … and 4950 more problem(s) not shown") == true)
    }
}
