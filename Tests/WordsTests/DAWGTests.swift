// DAWGTests: words.dawg answers exactly its word set (every word, every non-word prefix), with tiers; damaged files fail safely.
import Foundation
import Testing
@testable import Words

/// Reads a fixture SCOWL directory the way the pipeline does (english + american, level ≤ max).
func fixtureEntries(maxLevel: Int = 80, region: String = "american") throws -> [SourceEntry] {
    let dir = try #require(Bundle.module.url(forResource: "Fixtures/scowl", withExtension: nil))
    var out: [SourceEntry] = []
    for name in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() {
        guard name.hasPrefix("english-words.") || name.hasPrefix("\(region)-words."),
              let level = Int(name.split(separator: ".").last ?? "") else { continue }
        let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
        for (i, line) in text.split(separator: "\n").enumerated() {
            out.append(SourceEntry(text: String(line), level: level, file: name, line: i + 1))
        }
    }
    return out
}

/// Checks the automaton against the set, walking both together: at every prefix of a word
/// the state's tier is the word's (or none), and the state's outgoing letters are exactly
/// the letters that extend the prefix towards some word — so every word is accepted with
/// its tier and every other string is rejected, and its non-word prefixes are not prefixes.
func expectExactly(_ words: [TieredWord], in dict: WordDictionary) {
    let bytes = words.map { Array($0.word.utf8) }
    var mismatches: [String] = []
    dict.withAutomaton { a in
        var kids: [(UInt8, Int)] = []
        func check(_ lo: Int, _ hi: Int, _ depth: Int, _ state: Int) {
            var lo = lo
            var expectedTier: UInt8 = 0
            if bytes[lo].count == depth {
                expectedTier = words[lo].tier.rawValue
                lo += 1
            }
            if a.tier(state) != expectedTier { mismatches.append("tier of \(String(decoding: bytes[lo - 1].prefix(depth), as: UTF8.self))") }
            var groups: [(UInt8, Int, Int)] = []
            var i = lo
            while i < hi {
                let c = bytes[i][depth]
                var j = i
                while j < hi && bytes[j][depth] == c { j += 1 }
                groups.append((c - 97, i, j))
                i = j
            }
            a.children(state, into: &kids)
            let edges = kids
            if edges.map(\.0) != groups.map(\.0) {
                mismatches.append("edges after \(String(decoding: bytes[max(lo - 1, 0)].prefix(depth), as: UTF8.self))")
                return
            }
            for (g, e) in zip(groups, edges) {
                #expect(a.child(state, g.0) == e.1)
                check(g.1, g.2, depth + 1, e.1)
            }
        }
        if words.isEmpty { return }
        check(0, words.count, 0, a.root)
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    #expect(dict.wordCount == words.count)
    // The public queries agree on a sample, including non-words one letter off.
    for w in words.prefix(200) + words.suffix(200) {
        #expect(dict.tier(of: w.word) == w.tier)
        #expect(dict.isPrefix(w.word))
        #expect(dict.isPrefix(String(w.word.dropLast())))
    }
}

@Test func fixtureDictionaryAnswersExactlyItsWords() throws {
    let list = WordList(entries: try fixtureEntries())
    let bytes = try DAWGEncoder.encode(list.words)
    let dict = try WordDictionary(data: Data(bytes))
    expectExactly(list.words, in: dict)
    #expect(dict.allWords() == list.words)
    #expect(dict.tier(of: "cat") == .common)
    #expect(dict.tier(of: "zebra") == .standard)
    #expect(dict.tier(of: "zyzzyva") == .full)
    #expect(dict.tier(of: "color") == .common)
    #expect(dict.tier(of: "colour") == nil)
    #expect(dict.tier(of: "qwxz") == nil)
    #expect(dict.tier(of: "cat's") == nil)
    #expect(dict.tier(of: "cats's") == nil)
    #expect(dict.tier(of: "café") == nil)
    #expect(dict.tier(of: "khz") == nil)
    #expect(dict.tier(of: "paris") == nil)
    #expect(dict.tier(of: "CAT") == nil)
    #expect(dict.words(withPrefix: "cat").map(\.word) == ["cat", "catalog", "catalogs", "cats"])
    #expect(dict.words(withPrefix: "cat", limit: 2).map(\.word) == ["cat", "catalog"])
    #expect(dict.words(withPrefix: "catz").isEmpty)
    #expect(dict.verifyChecksum())
}

@Test func encodingIsDeterministicAndMinimal() throws {
    // walk, walks, walked, talk, talks, talked share their suffix states when tiers agree.
    let words = ["talk", "talked", "talks", "walk", "walked", "walks"].map { TieredWord($0, .common) }
    let a = try DAWGEncoder.encode(words)
    #expect(a == (try DAWGEncoder.encode(words)))
    let dict = try WordDictionary(data: Data(a))
    // root; one state after t or w; a; l; k (final); e; one final leaf after ed or s: 7 states.
    #expect(dict.nodeCount == 7)
    // A different tier on one word splits the shared suffix.
    var mixed = words
    mixed[5] = TieredWord("walks", .full)
    let split = try WordDictionary(data: Data(try DAWGEncoder.encode(mixed)))
    #expect(split.nodeCount > dict.nodeCount)
    expectExactly(mixed, in: split)
}

@Test func emptyAndSingleLetterDictionaries() throws {
    let empty = try WordDictionary(data: Data(try DAWGEncoder.encode([])))
    #expect(empty.allWords().isEmpty)
    #expect(!empty.isPrefix(""))
    #expect(!empty.contains("a"))
    let one = try WordDictionary(data: Data(try DAWGEncoder.encode([TieredWord("a", .insane)])))
    #expect(one.tier(of: "a") == .insane)
    #expect(one.isPrefix(""))
    #expect(!one.isPrefix("b"))
}

@Test func encoderRejectsBadInput() {
    #expect(throws: DAWGEncoderError.unsorted(index: 1, word: "a")) {
        try DAWGEncoder.encode([TieredWord("b", .common), TieredWord("a", .common)])
    }
    #expect(throws: DAWGEncoderError.unsorted(index: 1, word: "a")) {
        try DAWGEncoder.encode([TieredWord("a", .common), TieredWord("a", .common)])
    }
    #expect(throws: DAWGEncoderError.invalidWord("Cat")) { try DAWGEncoder.encode([TieredWord("Cat", .common)]) }
}

@Test func damagedFilesAreRejectedOrAnsweredSafely() throws {
    let list = WordList(entries: try fixtureEntries())
    let bytes = try DAWGEncoder.encode(list.words)
    #expect(throws: WordDictionaryError.tooShort(bytes: 10)) { try WordDictionary(data: Data(bytes.prefix(10))) }
    var bad = bytes
    bad[0] = 0x58
    #expect(throws: WordDictionaryError.badMagic) { try WordDictionary(data: Data(bad)) }
    var v2 = bytes
    v2[4] = 2
    #expect(throws: WordDictionaryError.unsupportedVersion(2)) { try WordDictionary(data: Data(v2)) }
    #expect(throws: WordDictionaryError.self) { try WordDictionary(data: Data(bytes.dropLast())) }

    // Scrambled node areas: every query returns, whatever it answers.
    var rng = SystemRandomNumberGenerator()
    for _ in 0..<50 {
        var junk = bytes
        for _ in 0..<20 {
            let i = Int.random(in: DAWGFormat.headerSize..<junk.count, using: &rng)
            junk[i] = UInt8.random(in: 0...255, using: &rng)
        }
        let dict = try WordDictionary(data: Data(junk))
        _ = dict.allWords()
        _ = dict.isPrefix("cat")
        _ = dict.tier(of: "zyzzyva")
        if let grid = try? LetterGrid(parsing: "catsdogzebrateas") { _ = WordHuntSolver.solve(grid, in: dict) }
        #expect(!dict.verifyChecksum() || junk == bytes)
    }
}

@Test func realSCOWLDictionaryAnswersExactlyItsWords() throws {
    let dir = "/usr/share/dict/scowl"
    guard FileManager.default.fileExists(atPath: dir + "/english-words.10") else { return }
    var entries: [SourceEntry] = []
    for list in ["english-words", "american-words"] {
        for level in [10, 20, 35, 40, 50, 55, 60, 70, 80] {
            let path = "\(dir)/\(list).\(level)"
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") { entries.append(SourceEntry(text: String(line), level: level, file: path, line: 0)) }
        }
    }
    let list = WordList(entries: entries)
    let dict = try WordDictionary(data: Data(try DAWGEncoder.encode(list.words)))
    expectExactly(list.words, in: dict)
    for w in ["the", "cat", "house", "water", "friend"] { #expect(dict.tier(of: w) == .common, "\(w)") }
    #expect(dict.tier(of: "zyzzyva") == .full)
    #expect(dict.tier(of: "cafe") == nil)
    #expect(dict.tier(of: "khz") == nil)
    #expect(dict.tier(of: "colour") == nil)
}
