// SolverTests: the three solvers against brute force on small boards, scores, order and bad input.
import Foundation
import Testing
@testable import Words

/// A dense made-up dictionary over a small alphabet, so random boards hold many words.
func denseDictionary(alphabet: [Character] = ["a", "e", "r", "s", "t"], seed: UInt64 = 7) throws -> (WordDictionary, [String: Tier]) {
    var words: [String: Tier] = [:]
    var state = seed
    func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
    func grow(_ w: String) {
        if w.count >= 1 && next() % 3 == 0 { words[w] = Tier(rawValue: UInt8(1 + next() % 4)) }
        if w.count < 6 { for c in alphabet { grow(w + String(c)) } }
    }
    grow("")
    words["qua"] = .common
    words["quest"] = .common
    let sorted = words.map { TieredWord($0.key, $0.value) }.sorted()
    return (try WordDictionary(data: Data(try DAWGEncoder.encode(sorted))), words)
}

@Test func wordHuntMatchesBruteForce() throws {
    let (dict, words) = try denseDictionary()
    var rng = SystemRandomNumberGenerator()
    for round in 0..<4 {
        let letters = String((0..<9).map { _ in "aerst".randomElement(using: &rng) ?? "a" })
        let grid = try LetterGrid(parsing: letters, rows: 3, columns: 3)
        let maxTier: Tier = round == 0 ? .common : .insane
        let solved = WordHuntSolver.solve(grid, in: dict, maxTier: maxTier)
        // Brute force: every simple path of adjacent cells.
        var expected: Set<String> = []
        func walk(_ path: [Int]) {
            let w = String(path.map { letters[letters.index(letters.startIndex, offsetBy: $0)] })
            if w.count >= 3, let t = words[w], t <= maxTier { expected.insert(w) }
            for n in grid.neighbors(path[path.count - 1]) where !path.contains(n) { walk(path + [n]) }
        }
        for c in 0..<9 { walk([c]) }
        #expect(Set(solved.map(\.word)) == expected, "\(letters)")
        #expect(solved.count == expected.count)
        for s in solved {
            // Every path is a real path that spells the word.
            #expect(String(s.path.map { letters[letters.index(letters.startIndex, offsetBy: $0)] }) == s.word)
            #expect(Set(s.path).count == s.path.count)
            for (a, b) in zip(s.path, s.path.dropFirst()) { #expect(grid.neighbors(a).contains(b)) }
            #expect(s.score == WordHuntSolver.score(length: s.word.count))
        }
        #expect(solved == solved.sorted { $0.score != $1.score ? $0.score > $1.score : $0.word < $1.word })
    }
}

@Test func wordHuntQuTile() throws {
    let (dict, _) = try denseDictionary()
    let grid = try LetterGrid(parsing: "qes/tat/aaa", rows: 3, columns: 3, quTile: true)
    let words = WordHuntSolver.solve(grid, in: dict).map(\.word)
    #expect(words.contains("quest"))
    #expect(words.contains("qua"))
    let plain = try LetterGrid(parsing: "qes/tat/aaa", rows: 3, columns: 3)
    #expect(!WordHuntSolver.solve(plain, in: dict).map(\.word).contains("quest"))
}

@Test func scoresFollowWordHunt() {
    #expect([3, 4, 5, 6, 7, 8, 9].map(WordHuntSolver.score(length:)) == [100, 400, 800, 1200, 1600, 2000, 2400])
}

@Test func anagramsMatchBruteForce() throws {
    let (dict, words) = try denseDictionary()
    var rng = SystemRandomNumberGenerator()
    for _ in 0..<4 {
        let letters = String((0..<6).map { _ in "aerst".randomElement(using: &rng) ?? "a" })
        let solved = TileWordSolver.solve(try Tile.letters(letters, quTile: false), in: dict)
        var expected: Set<String> = []
        func pick(_ w: String, _ rest: [Character]) {
            if w.count >= 3 && words[w] != nil { expected.insert(w) }
            for i in rest.indices {
                var r = rest
                let c = r.remove(at: i)
                pick(w + String(c), r)
            }
        }
        pick("", Array(letters))
        #expect(Set(solved.map(\.word)) == expected, "\(letters)")
        #expect(solved.count == expected.count)
        #expect(solved.map(\.word.count) == solved.map(\.word.count).sorted(by: >))
    }
}

@Test func wordBitesMatchBruteForce() throws {
    let (dict, words) = try denseDictionary()
    let tiles = try ["ra", "e", "st", "t", "a", "er"].map { try Tile(parsing: $0) }
    let solved = TileWordSolver.solve(tiles, in: dict)
    var expected: Set<String> = []
    func pick(_ w: String, _ rest: [Tile]) {
        if w.count >= 3 && words[w] != nil { expected.insert(w) }
        for i in rest.indices {
            var r = rest
            let t = r.remove(at: i)
            pick(w + t.description, r)
        }
    }
    pick("", tiles)
    #expect(Set(solved.map(\.word)) == expected)
    for s in solved {
        #expect(s.tiles.map { tiles[$0].description }.joined() == s.word)
        #expect(Set(s.tiles).count == s.tiles.count)
    }
}

@Test func badSolverInputIsReported() {
    #expect(throws: WordsInputError.self) { try LetterGrid(parsing: "abc") }
    do {
        _ = try LetterGrid(parsing: "abcdefghijklmnoz1")
        Issue.record("expected an error")
    } catch {
        #expect(error.code == "WRD321")
        #expect(error.message.contains("\"1\""))
    }
    do {
        _ = try LetterGrid(parsing: "abcdefghijklmno")
        Issue.record("expected an error")
    } catch {
        #expect(error.code == "WRD320")
        #expect(error.message == "expected 16 letters (a 4×4 grid, row by row), found 15")
    }
    #expect(throws: WordsInputError(code: "WRD322", message: "expected a tile of 1 or 2 letters, found \"abc\" (3 letters)")) {
        try Tile(parsing: "abc")
    }
    #expect(throws: WordsInputError.self) { try Tile(parsing: "é") }
    #expect((try? LetterGrid(parsing: "ABCD/efgh/ijkl/mnop"))?.cells.count == 16)
}
