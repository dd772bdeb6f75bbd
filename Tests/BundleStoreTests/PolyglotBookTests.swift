// PolyglotBookTests: move encoding, sorting, bytes, and the reader, checked against python-chess's reader.
import Foundation
import Testing

@testable import BundleStore

@Suite struct PolyglotBookTests {
    @Test func encodesMovesAsThePolyglotSpecSays() throws {
        #expect(try PolyglotMove(from: 12, to: 28).rawValue == 0x031C)  // e2e4
        #expect(try PolyglotMove(from: 12, to: 28).uci == "e2e4")
        // Castling: the king takes its own rook.
        #expect(try PolyglotMove(from: 4, to: 6, castling: true).uci == "e1h1")
        #expect(try PolyglotMove(from: 4, to: 2, castling: true).uci == "e1a1")
        #expect(try PolyglotMove(from: 60, to: 62, castling: true).uci == "e8h8")
        #expect(try PolyglotMove(from: 60, to: 58, castling: true).rawValue == 56 | 60 << 6)
        // Promotions: knight 1, bishop 2, rook 3, queen 4 in bits 12-14.
        let queen = try PolyglotMove(from: 48, to: 56, promotion: 4)
        #expect(queen.rawValue == 56 | 48 << 6 | 4 << 12)
        #expect(queen.uci == "a7a8q" && queen.from == 48 && queen.to == 56 && queen.promotion == 4)
        #expect(try PolyglotMove(from: 9, to: 0, promotion: 1).uci == "b2a1n")
        // Round trip through the raw value.
        #expect(try PolyglotMove(rawValue: queen.rawValue) == queen)
    }

    @Test func rejectsWhatIsNotAMove() {
        #expect(throws: BundleError.self) { try PolyglotMove(from: 64, to: 0) }
        #expect(throws: BundleError.self) { try PolyglotMove(from: -1, to: 0) }
        #expect(throws: BundleError.self) { try PolyglotMove(from: 12, to: 12) }
        #expect(throws: BundleError.self) { try PolyglotMove(from: 48, to: 56, promotion: 5) }
        #expect(throws: BundleError.self) { try PolyglotMove(from: 12, to: 14, castling: true) }
        #expect(throws: BundleError.self) { try PolyglotMove(from: 4, to: 7, castling: true) }
        #expect(throws: BundleError.self) { try PolyglotMove(rawValue: 5 << 12) }
        #expect(throws: BundleError.self) { try PolyglotMove(rawValue: 0x8000) }
    }

    @Test func sortsByKeyThenWeightThenMoveAndMergesDuplicates() throws {
        let e4 = try PolyglotMove(from: 12, to: 28)
        let d4 = try PolyglotMove(from: 11, to: 27)
        let c4 = try PolyglotMove(from: 10, to: 26)
        let book = PolyglotBook(entries: [
            PolyglotEntry(key: 9, move: e4, weight: 1),
            PolyglotEntry(key: 5, move: d4, weight: 10),
            PolyglotEntry(key: 5, move: e4, weight: 100),
            PolyglotEntry(key: 5, move: c4, weight: 10),
            PolyglotEntry(key: 5, move: e4, weight: 50),  // same move again: the higher weight stays
        ])
        #expect(book.entries.map(\.key) == [5, 5, 5, 9])
        #expect(book.entries.map(\.move.uci) == ["e2e4", "c2c4", "d2d4", "e2e4"])
        #expect(book.entries.map(\.weight) == [100, 10, 10, 1])
        #expect(book.bytes.count == 64)
        #expect(Array(book.bytes[0..<16]) == [0, 0, 0, 0, 0, 0, 0, 5, 0x03, 0x1C, 0, 100, 0, 0, 0, 0])
        // The input order does not matter.
        #expect(PolyglotBook(entries: book.entries.reversed()).bytes == book.bytes)
    }

    /// The entries of polyglot-entries.txt (keys computed by python-chess).
    func fixtureEntries() throws -> [PolyglotEntry] {
        let text = String(decoding: try fixtureData("polyglot-entries.txt"), as: UTF8.self)
        return try text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let f = line.split(separator: " ")
            try #require(f.count == 6)
            return PolyglotEntry(
                key: try #require(UInt64(f[0], radix: 16)),
                move: try PolyglotMove(
                    from: try #require(Int(f[1])), to: try #require(Int(f[2])), promotion: try #require(Int(f[3])),
                    castling: f[4] == "1"),
                weight: try #require(UInt16(f[5])))
        }
    }

    /// Set BUNDLESTORE_UPDATE_GOLDEN=1 to rewrite Fixtures/polyglot-book.bin, then run read-polyglot-book.py.
    @Test func theWriterProducesTheFixtureBook() throws {
        let book = PolyglotBook(entries: try fixtureEntries())
        if ProcessInfo.processInfo.environment["BUNDLESTORE_UPDATE_GOLDEN"] == "1" {
            try book.data.write(to: URL(fileURLWithPath: fixtureSourcePath("polyglot-book.bin")))
        }
        #expect(book.data == (try fixtureData("polyglot-book.bin")))
    }

    @Test func theReaderAgreesWithPythonChess() throws {
        let reader = try PolyglotBookReader(data: try fixtureData("polyglot-book.bin"))
        let text = String(decoding: try fixtureData("polyglot-python.txt"), as: UTF8.self)
        let lines = text.split(separator: "\n")
        let lookupsStart = try #require(lines.firstIndex { $0.hasPrefix("# lookups") })
        // Every entry in file order, as python-chess iterates them.
        let python = lines[1..<lookupsStart].map(String.init)
        let swift = reader.entries.map {
            "\(String($0.key, radix: 16).leftPadded(16)) \($0.move.rawValue) \($0.weight) \($0.learn) \($0.move.uci)"
        }
        #expect(swift == python)
        #expect(reader.entries.count == 18)
        // Lookups by position: python-chess plays castling as the king's move.
        var lookups = 0
        for line in lines[(lookupsStart + 1)...] {
            let parts = line.split(separator: "|", omittingEmptySubsequences: false)
            let key = try #require(UInt64(parts[0].trimmingCharacters(in: .whitespaces), radix: 16))
            let expected = parts[1].split(separator: " ").map(String.init)
            let found = reader.entries(forKey: key).map { entry -> String in
                var uci = entry.move.uci
                if uci == "e1h1" { uci = "e1g1" } else if uci == "e8a8" { uci = "e8c8" }
                return "\(uci):\(entry.weight)"
            }
            #expect(found == expected, "key \(String(key, radix: 16))")
            lookups += 1
        }
        #expect(lookups == 5)
        #expect(reader.entries(forKey: 0x463B_9618_1691_FC9C).map(\.move.uci) == ["e2e4", "c2c4", "d2d4"])
        #expect(reader.entries(forKey: 1).isEmpty)
        #expect(reader.entries(forKey: .max).isEmpty)
    }

    @Test func theReaderRejectsMalformedBooks() throws {
        #expect(throws: BundleError.self) { try PolyglotBookReader(bytes: [UInt8](repeating: 0, count: 15)) }
        var unsorted = PolyglotBook(entries: [
            PolyglotEntry(key: 1, move: try PolyglotMove(from: 12, to: 28), weight: 1),
            PolyglotEntry(key: 2, move: try PolyglotMove(from: 12, to: 28), weight: 1),
        ]).bytes
        unsorted.swapAt(7, 23)
        #expect(throws: BundleError.self) { try PolyglotBookReader(bytes: unsorted) }
        #expect(try PolyglotBookReader(bytes: []).entries.isEmpty)
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
