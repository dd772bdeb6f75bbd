// Tile: one playing piece of one or two letters, and parsing letters and tiles from user text.

/// One tile: its letters (0 = a … 25 = z), one or two of them.
public struct Tile: Sendable, Hashable, CustomStringConvertible {
    public let letters: [UInt8]

    /// A tile of 1 or 2 letters, from text such as `a`, `qu`, `ER` (case is folded).
    /// Rejects anything else with WRD321 (not a letter) or WRD322 (length).
    public init(parsing text: some StringProtocol) throws(WordsInputError) {
        let lower = text.lowercased()
        var letters: [UInt8] = []
        for u in lower.unicodeScalars {
            guard u.value >= 97 && u.value <= 122 else {
                throw WordsInputError(code: WordsCode.notALetter, message: "expected letters a–z in tile \"\(text)\", found \"\(u)\"")
            }
            letters.append(UInt8(u.value - 97))
        }
        guard (1...2).contains(letters.count) else {
            throw WordsInputError(code: WordsCode.badTile, message: "expected a tile of 1 or 2 letters, found \"\(text)\" (\(letters.count) letters)")
        }
        self.letters = letters
    }

    init(letters: [UInt8]) { self.letters = letters }

    /// The `qu` tile of games that print Qu on one face.
    public static let qu = Tile(letters: [16, 20])

    public var description: String { String(decoding: letters.map { $0 + 97 }, as: UTF8.self) }

    /// Single-letter tiles from text such as `tearsin` (case folded); with `quTile`, each `q`
    /// is the two-letter tile `qu`. Separators `/`, `,`, `-` and spaces are ignored.
    /// Rejects any other character with WRD321, naming its position (counting from 1).
    public static func letters(_ text: some StringProtocol, quTile: Bool) throws(WordsInputError) -> [Tile] {
        var tiles: [Tile] = []
        var position = 0
        for u in text.unicodeScalars {
            position += 1
            if u == "/" || u == "," || u == " " || u == "-" { continue }
            var v = u.value
            if v >= 65 && v <= 90 { v += 32 }
            guard v >= 97 && v <= 122 else {
                throw WordsInputError(code: WordsCode.notALetter, message: "expected a letter a–z, found \"\(u)\" at position \(position) of \"\(text)\"")
            }
            let l = UInt8(v - 97)
            tiles.append(quTile && l == 16 ? .qu : Tile(letters: [l]))
        }
        return tiles
    }
}
