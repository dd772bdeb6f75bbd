// SolverTests: the three solvers against brute force on small boards, scores, order and bad input.
import Diagnostics
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
    return (try WordDictionary(bytes: try DAWGEncoder.encode(sorted)), words)
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
    let words = WordHuntSolver.solve(grid, in: dict, maxTier: .insane).map(\.word)
    #expect(words.contains("quest"))
    #expect(words.contains("qua"))
    let plain = try LetterGrid(parsing: "qes/tat/aaa", rows: 3, columns: 3)
    #expect(!WordHuntSolver.solve(plain, in: dict, maxTier: .insane).map(\.word).contains("quest"))
}

@Test func scoresFollowTheGamesTables() {
    #expect((3...10).map(WordHuntSolver.score(length:)) == [100, 400, 800, 1400, 1800, 2200, 2600, 3000])
    #expect((3...10).map(WordGame.wordHunt.score(length:)) == [100, 400, 800, 1400, 1800, 2200, 2600, 3000])
    #expect((3...9).map(WordGame.wordBites.score(length:)) == [100, 400, 800, 1400, 1800, 2200, 2600])
    #expect((3...7).map(WordGame.anagrams.score(length:)) == [100, 400, 1200, 2000, 3000])
    #expect(WordGame.anagrams.score(length: 8) == 0)
    #expect(WordGame.wordBites.score(length: 10) == 0)
    #expect(WordGame.wordHunt.score(length: 2) == 0)
    #expect(WordGame.allCases.allSatisfy { $0.defaultTier == .standard })
}

@Test func aWordFitsAGameWhenItsCellsFitTheBoard() {
    // A Word Hunt cell may be `qu`, so each `qu` of a word may take one of the 16 cells.
    #expect(WordGame.wordHunt.cells(of: "disqualifications") == 16)
    #expect(WordGame.wordHunt.cells(of: "quququ") == 3)
    #expect(WordGame.wordHunt.cells(of: "qqu") == 2)
    #expect(WordGame.anagrams.cells(of: "quiet") == 5)
    #expect(WordGame.wordHunt.canPlay("disqualifications"))
    #expect(WordGame.wordHunt.refusal(of: "counterrevolutionaries") == "a Word Hunt grid has 16 cells and this word needs 22")
    #expect(WordGame.wordHunt.refusal(of: "incomprehensibly") == nil)
    #expect(WordGame.wordHunt.refusal(of: "at") == "Word Hunt plays words of 3 letters or more")
    #expect(WordGame.anagrams.refusal(of: "asterns") == nil)
    #expect(WordGame.anagrams.refusal(of: "asternal") == "an Anagrams rack holds 7 letters at most")
    #expect(WordGame.wordBites.refusal(of: "abcdefghij") == "a Word Bites board is 9 rows tall")
    #expect(WordGame.allCases.map(\.lengths) == [3...32, 3...7, 3...9])
}

@Test func solversKeepToTheDefaultTierUnlessTold() throws {
    let (dict, words) = try denseDictionary()
    let grid = try LetterGrid(parsing: "aers/taer/sate/rats")
    let byDefault = WordHuntSolver.solve(grid, in: dict)
    #expect(!byDefault.isEmpty)
    #expect(byDefault.allSatisfy { $0.tier <= .standard && words[$0.word] == $0.tier })
    let wide = WordHuntSolver.solve(grid, in: dict, maxTier: .full)
    #expect(wide.count > byDefault.count)
    #expect(Set(byDefault.map(\.word)).isSubset(of: Set(wide.map(\.word))))
}

/// Brute force over racks: every arrangement of some of the letters.
func rackWords(_ letters: [Character], _ words: [String: Tier], _ maxTier: Tier) -> Set<String> {
    var expected: Set<String> = []
    func pick(_ w: String, _ rest: [Character]) {
        if w.count >= 3, let t = words[w], t <= maxTier { expected.insert(w) }
        for i in rest.indices {
            var r = rest
            let c = r.remove(at: i)
            pick(w + String(c), r)
        }
    }
    pick("", letters)
    return expected
}

@Test func anagramsMatchBruteForceAndNeverExceedTheRack() throws {
    let (dict, words) = try denseDictionary()
    var rng = SeededRandom(seed: 5)
    for round in 0..<6 {
        let n = 6 + round % 2
        let letters = (0..<n).map { _ in Array("aerst")[Int(rng.next() % 5)] }
        let rack = try Rack(parsing: String(letters))
        let solved = AnagramsSolver.solve(rack, in: dict, maxTier: .insane)
        #expect(Set(solved.map(\.word)) == rackWords(letters, words, .insane), "\(String(letters))")
        #expect(solved.count == Set(solved.map(\.word)).count)
        for s in solved {
            #expect(s.word.count <= n)
            #expect(s.tiles.map { letters[$0] } == Array(s.word))
            #expect(Set(s.tiles).count == s.tiles.count)
            #expect(s.score == WordGame.anagrams.score(length: s.word.count))
        }
        #expect(solved == solved.sorted { $0.score != $1.score ? $0.score > $1.score : $0.word < $1.word })
    }
    // A word longer than the rack is never returned, even when the dictionary has it.
    let long = try WordDictionary(bytes: try DAWGEncoder.encode(["aerst", "aerstae", "aerstaer", "era"].map { TieredWord($0, .common) }))
    #expect(AnagramsSolver.solve(try Rack(parsing: "aerstae"), in: long).map(\.word) == ["aerstae", "aerst", "era"])
}

@Test func anagramsRackIsSixOrSevenLetters() {
    for bad in ["abcde", "abcdefgh", "abcdefghijklmnopqrst", ""] {
        #expect(throws: WordsInputError.self) { try Rack(parsing: bad) }
        do { _ = try Rack(parsing: bad) } catch { #expect(error.code == "WRD501") }
    }
    #expect((try? Rack(parsing: "t a r s i n"))?.letters.count == 6)
    #expect((try? Rack(parsing: "TARSINE"))?.letters.count == 7)
}

@Test func wordBitesMatchesBruteForceWithOrientation() throws {
    let (dict, words) = try denseDictionary()
    let tiles: [BitesTile] = try ["h:ra", "e", "v:st", "t", "a", "h:er"].map { try BitesTile(parsing: $0) }
    let solved = WordBitesSolver.solve(tiles, in: dict, maxTier: .insane)
    // Brute force: per direction, each tile gives its options (both letters in its own
    // direction, one of them across it), at most 8 letters across and 9 down.
    var expected: Set<String> = []
    for direction in BitesDirection.allCases {
        func pick(_ w: String, _ rest: [BitesTile]) {
            if w.count >= 3, words[w] != nil { expected.insert(w) }
            for i in rest.indices {
                var r = rest
                let t = r.remove(at: i)
                for o in t.options(direction) where w.count + o.count <= direction.maxLength {
                    pick(w + String(decoding: o.map { $0 + 97 }, as: UTF8.self), r)
                }
            }
        }
        pick("", tiles)
    }
    #expect(Set(solved.map(\.word)) == expected)
    for s in solved {
        #expect(s.parts.joined() == s.word)
        #expect(Set(s.tiles).count == s.tiles.count)
        #expect(s.word.count <= s.direction.maxLength)
        #expect(s.score == WordGame.wordBites.score(length: s.word.count))
        for (i, part) in zip(s.tiles, s.parts) {
            switch (tiles[i], s.direction) {
            case (.horizontal, .across), (.vertical, .down): #expect(part.count == 2)
            case (.horizontal, .down), (.vertical, .across), (.single, _): #expect(part.count == 1)
            }
        }
    }
}

@Test func wordBitesReadsAVerticalTileOnlyDown() throws {
    let dict = try WordDictionary(bytes: try DAWGEncoder.encode(["eat", "het", "teh", "the"].map { TieredWord($0, .common) }))
    // t over h standing, e alone: "the" reads down through t,h then e; across, the tile gives t or h only.
    let solved = WordBitesSolver.solve([try BitesTile(parsing: "v:th"), try BitesTile(parsing: "e")], in: dict)
    #expect(solved.map(\.word) == ["the"])
    #expect(solved.first?.direction == .down)
    #expect(solved.first?.parts == ["th", "e"])
    // Lying across, the same letters read "the" across instead.
    let across = WordBitesSolver.solve([try BitesTile(parsing: "h:th"), try BitesTile(parsing: "e")], in: dict)
    #expect(across.map(\.word) == ["the"])
    #expect(across.first?.direction == .across)
    #expect(throws: WordsInputError.self) { try BitesTile(parsing: "th") }
    do { _ = try BitesTile(parsing: "er") } catch { #expect(error.code == "WRD502") }
    do { _ = try BitesTile(parsing: "x:er") } catch { #expect(error.code == "WRD502") }
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
    #expect(throws: WordsInputError(code: WordsCode.badTile, message: "expected a tile of 1 or 2 letters, found \"abc\" (3 letters)")) {
        try Tile(parsing: "abc")
    }
    #expect(throws: WordsInputError.self) { try Tile(parsing: "é") }
    #expect((try? LetterGrid(parsing: "ABCD/efgh/ijkl/mnop"))?.cells.count == 16)
}
