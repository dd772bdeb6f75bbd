// AnagramsSolver: every word from a rack of 6 or 7 letters, each letter used once, by score.

/// An Anagrams rack: 6 or 7 letters, as the game deals them.
public struct Rack: Sendable, Hashable {
    /// The letters, 0 = a … 25 = z, in the order typed.
    public let letters: [UInt8]

    /// The game deals 6 or 7 letters.
    public static let sizes = 6...7

    /// A rack from text such as `tarsine` or `T A R S I N E` (case folded; spaces, `/`, `,`,
    /// `-` ignored). WRD321 for a character that is not a letter, WRD501 for a rack that is
    /// not 6 or 7 letters.
    public init(parsing text: some StringProtocol) throws(WordsInputError) {
        let tiles = try Tile.letters(text, quTile: false)
        guard Rack.sizes.contains(tiles.count) else {
            throw WordsInputError(
                code: WordsCode.badRack,
                message: "expected a rack of 6 or 7 letters (Anagrams deals 6 or 7), found \(tiles.count) in \"\(text)\"")
        }
        letters = tiles.map { $0.letters[0] }
    }
}

/// One word made from a rack: the rack positions it uses, in order, and its points.
package struct AnagramsSolution: Sendable, Hashable, Codable {
    package var word: String
    package var tiles: [Int]
    package var score: Int
    package var tier: Tier
}

/// Anagrams: words of 3 letters or more from the rack's letters, each letter at most as often
/// as the rack holds it, scored by `WordGame.anagrams`' table.
package enum AnagramsSolver {
    /// Every word the rack spells, by score (highest first), then alphabetically; never
    /// longer than the rack. Words rarer than `maxTier` are left out.
    ///
    /// `solve(try Rack(parsing: "tarsin"), in: dict)` finds `trains` (2000) first.
    package static func solve(_ rack: Rack, in dictionary: WordDictionary, maxTier: Tier = WordGame.anagrams.defaultTier) -> [AnagramsSolution] {
        var counts = [Int](repeating: 0, count: 26)
        for l in rack.letters { counts[Int(l)] += 1 }
        var found: [(letters: [UInt8], tier: UInt8)] = []
        dictionary.withAutomaton { a in
            let edgeLetters = UnsafeMutablePointer<UInt8>.allocate(capacity: 26 * (rack.letters.count + 1))
            let edgeTargets = UnsafeMutablePointer<Int32>.allocate(capacity: 26 * (rack.letters.count + 1))
            defer {
                edgeLetters.deallocate()
                edgeTargets.deallocate()
            }
            var word: [UInt8] = []
            // Each distinct letter is tried once per position, so every word comes out once.
            func extend(_ state: Int, _ depth: Int) {
                let t = a.tier(state)
                if t != 0 && t <= maxTier.rawValue && word.count >= WordGame.anagrams.lengths.lowerBound { found.append((word, t)) }
                guard depth < rack.letters.count else { return }
                let letters = edgeLetters + depth * 26, targets = edgeTargets + depth * 26
                let n = a.edges(state, letters: letters, targets: targets)
                for k in 0..<n where counts[Int(letters[k])] > 0 {
                    let l = Int(letters[k])
                    counts[l] -= 1
                    word.append(letters[k])
                    extend(Int(targets[k]), depth + 1)
                    word.removeLast()
                    counts[l] += 1
                }
            }
            extend(a.root, 0)
        }
        var out = found.map { f -> AnagramsSolution in
            var used = [Bool](repeating: false, count: rack.letters.count)
            let tiles = f.letters.map { l -> Int in
                let i = rack.letters.indices.first { !used[$0] && rack.letters[$0] == l } ?? 0
                used[i] = true
                return i
            }
            return AnagramsSolution(
                word: String(decoding: f.letters.map { $0 + 97 }, as: UTF8.self), tiles: tiles,
                score: WordGame.anagrams.score(length: f.letters.count), tier: Tier(rawValue: f.tier) ?? .insane)
        }
        out.sort { $0.score != $1.score ? $0.score > $1.score : $0.word < $1.word }
        return out
    }
}
