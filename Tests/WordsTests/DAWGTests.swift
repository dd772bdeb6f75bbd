// DAWGTests: words.dawg answers exactly its word set (every word, every non-word prefix), with tiers; damaged files fail safely.
import Diagnostics
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

/// The fixture dictionary's bytes.
func fixtureDawg() throws -> [UInt8] {
    try DAWGEncoder.encode(WordList(entries: try fixtureEntries()).words)
}

/// Opens `bytes` and returns the error, or nil when they open.
func openError(_ bytes: [UInt8]) -> WordDictionaryError? {
    do {
        _ = try WordDictionary(bytes: bytes)
        return nil
    } catch {
        return error
    }
}

/// Rewrites the checksum so damaged bytes pass the check: what a crafted file looks like.
func resigned(_ bytes: [UInt8]) -> [UInt8] {
    var b = bytes
    let sum = DAWGFormat.checksum(header: Array(b[0..<64]), area: Array(b[64...]))
    for j in 0..<8 { b[56 + j] = UInt8(truncatingIfNeeded: sum >> (8 * UInt64(j))) }
    return b
}

@Test func xxh64MatchesTheReferenceVectors() {
    #expect(DAWGFormat.xxh64([]) == 0xEF46_DB37_51D8_E999)
    #expect(DAWGFormat.xxh64(Array("a".utf8)) == 0xD24E_C4F1_A98C_6E5B)
    #expect(DAWGFormat.xxh64(Array("abc".utf8)) == 0x44BC_2CF5_AD77_0999)
    #expect(DAWGFormat.xxh64(Array("Nobody inspects the spammish repetition".utf8)) == 0xFBCE_A83C_8A37_8BF1)
}

@Test func everyTruncationIsRefused() throws {
    let bytes = try fixtureDawg()
    #expect(openError(bytes) == nil)
    for n in 0..<bytes.count {
        let e = openError(Array(bytes.prefix(n)))
        #expect(e != nil, "prefix of \(n) bytes opened")
        if n < 64 { #expect(e == .tooShort(bytes: n)) } else { #expect(e == .wrongSize(expected: bytes.count, found: n)) }
    }
    #expect(openError(bytes + [0]) == .wrongSize(expected: bytes.count, found: bytes.count + 1))
}

@Test func everyFlippedByteIsRefused() throws {
    let bytes = try fixtureDawg()
    for i in bytes.indices {
        for bit in [0, 3, 7] {
            var bad = bytes
            bad[i] ^= 1 << bit
            let e = openError(bad)
            #expect(e != nil, "byte \(i) bit \(bit) flipped and the file opened")
            if i >= 64 { #expect(e?.code == "WRD607") }
        }
    }
}

@Test func foreignFilesAreRefusedWithTheirReason() throws {
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 100)
    #expect(openError(png) == .badMagic(found: [0x89, 0x50, 0x4E, 0x47]))
    #expect(openError(Array("SQLite format 3\0".utf8) + [UInt8](repeating: 7, count: 200))?.code == "WRD603")
    #expect(openError(Array(String(repeating: "cat\n", count: 50).utf8))?.code == "WRD603")
    #expect(openError([]) == .tooShort(bytes: 0))
    var v1 = try fixtureDawg()
    v1[4] = 1
    #expect(openError(v1) == .unsupportedVersion(1))
    #expect(openError(v1)?.description.contains("forge words build") == true)
    // From a file: the same errors, and a missing file is unreadable.
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("dawg-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let file = dir.appendingPathComponent("words.dawg")
    try Data(png).write(to: file)
    #expect(throws: WordDictionaryError.badMagic(found: [0x89, 0x50, 0x4E, 0x47])) { try WordDictionary(contentsOf: file) }
    do {
        _ = try WordDictionary(contentsOf: dir.appendingPathComponent("none.dawg"))
        Issue.record("a missing file opened")
    } catch {
        #expect(error.code == "WRD601")
    }
}

@Test func craftedBytesThatPassTheChecksumStillNeverTrapOrHang() throws {
    let bytes = try fixtureDawg()
    var rng = SeededRandom(seed: 42)
    var opened = 0
    for round in 0..<300 {
        var junk = bytes
        for _ in 0..<(1 + round % 12) {
            let i = 64 + Int(rng.next() % UInt64(junk.count - 64))
            junk[i] = UInt8(truncatingIfNeeded: rng.next())
        }
        guard let dict = try? WordDictionary(bytes: resigned(junk)) else { continue }
        opened += 1
        _ = dict.allWords()
        _ = dict.isPrefix("cat")
        _ = dict.tier(of: "zyzzyva")
        if let grid = try? LetterGrid(parsing: "catsdogzebrateas") { _ = WordHuntSolver.solve(grid, in: dict, maxTier: .insane) }
        if let rack = try? Rack(parsing: "teasrc") { _ = AnagramsSolver.solve(rack, in: dict, maxTier: .insane) }
        _ = WordBitesSolver.solve([.single(2), .horizontal(0, 19), .vertical(4, 18)], in: dict, maxTier: .insane)
    }
    #expect(opened > 200)
}

/// SplitMix64, so the crafted-bytes test is the same on every run.
struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
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
    let dict = try WordDictionary(bytes: try DAWGEncoder.encode(list.words))
    expectExactly(list.words, in: dict)
    for w in ["the", "cat", "house", "water", "friend"] { #expect(dict.tier(of: w) == .common, "\(w)") }
    #expect(dict.tier(of: "zyzzyva") == .full)
    #expect(dict.tier(of: "cafe") == nil)
    #expect(dict.tier(of: "khz") == nil)
    #expect(dict.tier(of: "colour") == nil)
}
