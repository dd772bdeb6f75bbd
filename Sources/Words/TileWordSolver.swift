// TileWordSolver: Anagrams and Word Bites — every word made from a set of tiles, each tile used at most once.

/// One word made from tiles: the indices of the tiles it uses, in order.
public struct TileWordSolution: Sendable, Hashable, Codable {
    public var word: String
    public var tiles: [Int]
    public var tier: Tier
}

/// Anagrams (single letters, or the `qu` tile) and Word Bites (tiles of one or two letters,
/// a two-letter tile used whole and in order).
public enum TileWordSolver {
    /// Every word spelled by some of the tiles, longest first, then alphabetically; each word
    /// once, with the first tile choice found (tiles tried in input order).
    ///
    /// `solve(try Tile.letters("tca", quTile: false), in: dict)` finds `act` and `cat`.
    public static func solve(_ tiles: [Tile], in dictionary: WordDictionary, minLength: Int = 3, maxTier: Tier = .insane) -> [TileWordSolution] {
        guard tiles.count <= 64 else { return [] }
        var found: [TileWordSolution] = []
        var seen: Set<[UInt8]> = []
        dictionary.withAutomaton { a in
            var letters: [UInt8] = []
            var used: [Int] = []
            func extend(_ state: Int, _ mask: UInt64) {
                var tried: Set<[UInt8]> = []
                for (i, tile) in tiles.enumerated() where mask & (1 << UInt64(i)) == 0 {
                    // Two equal tiles lead to the same words: try the first only.
                    if !tried.insert(tile.letters).inserted { continue }
                    var s = state
                    for l in tile.letters {
                        s = a.child(s, l)
                        if s < 0 { break }
                    }
                    if s < 0 { continue }
                    letters.append(contentsOf: tile.letters)
                    used.append(i)
                    let t = a.tier(s)
                    if t != 0 && t <= maxTier.rawValue && letters.count >= minLength && !seen.contains(letters) {
                        seen.insert(letters)
                        found.append(TileWordSolution(
                            word: String(decoding: letters.map { $0 + 97 }, as: UTF8.self), tiles: used,
                            tier: Tier(rawValue: t) ?? .insane))
                    }
                    extend(s, mask | (1 << UInt64(i)))
                    letters.removeLast(tile.letters.count)
                    used.removeLast()
                }
            }
            extend(a.root, 0)
        }
        return found.sorted {
            let (x, y) = ($0.word.utf8.count, $1.word.utf8.count)
            return x != y ? x > y : $0.word < $1.word
        }
    }
}
