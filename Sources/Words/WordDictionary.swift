// WordDictionary: the reader of words.dawg; opens a mapped file by checking its header only.
import Foundation

/// Why a `words.dawg` file cannot be opened.
public enum WordDictionaryError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case tooShort(bytes: Int)
    case badMagic
    case unsupportedVersion(UInt16)
    /// The header's node area does not match the file's size.
    case badLayout(String)

    public var description: String {
        switch self {
        case .unreadable(let p, let r): "cannot read \(p): \(r)"
        case .tooShort(let n): "expected a words.dawg file of at least \(DAWGFormat.headerSize) bytes, found \(n)"
        case .badMagic: "expected the magic \"CFWD\" at the start of the file (not a words.dawg file)"
        case .unsupportedVersion(let v): "expected format version \(DAWGFormat.version), found \(v)"
        case .badLayout(let s): "inconsistent header: \(s)"
        }
    }

    /// The stable diagnostic code: WRD330.
    public var code: String { "WRD330" }
}

/// A compact dictionary of words with tiers, read straight from the bytes of a
/// `words.dawg` file. Opening checks the 64-byte header and nothing else; every query walks
/// the mapped bytes, with bounds checks, so a damaged file gives wrong answers, never a crash.
///
/// ```swift
/// let dict = try WordDictionary(contentsOf: URL(fileURLWithPath: "data/bundle/words/words.dawg"))
/// dict.tier(of: "cat")          // .common
/// dict.isPrefix("ca")           // true
/// dict.words(withPrefix: "zyz") // [TieredWord("zyzzyva", .full), …]
/// ```
public struct WordDictionary: @unchecked Sendable {
    // @unchecked: `Data` is a value; a mapped region is never written.
    let storage: Data
    let areaStart: Int
    let areaLength: Int
    let root: Int

    /// How many words, per tier from common to insane.
    public let tierCounts: [Int]
    public let wordCount: Int
    public let nodeCount: Int
    public let edgeCount: Int
    public let minLength: Int
    public let maxLength: Int
    public let checksum: UInt32

    /// Opens a dictionary from its bytes (a mapped file, or bytes built in memory).
    public init(data: Data) throws(WordDictionaryError) {
        guard data.count >= DAWGFormat.headerSize else { throw .tooShort(bytes: data.count) }
        let h = [UInt8](data.prefix(DAWGFormat.headerSize))
        func u32(_ at: Int) -> Int { Int(h[at]) | Int(h[at + 1]) << 8 | Int(h[at + 2]) << 16 | Int(h[at + 3]) << 24 }
        func u16(_ at: Int) -> UInt16 { UInt16(h[at]) | UInt16(h[at + 1]) << 8 }
        guard Array(h[0..<4]) == DAWGFormat.magic else { throw .badMagic }
        let version = u16(DAWGFormat.oVersion)
        guard version == DAWGFormat.version else { throw .unsupportedVersion(version) }
        let start = u32(DAWGFormat.oNodeAreaOffset)
        let length = u32(DAWGFormat.oNodeAreaLength)
        guard Int(u16(DAWGFormat.oHeaderSize)) == DAWGFormat.headerSize, start == DAWGFormat.headerSize else {
            throw .badLayout("node area must start at byte \(DAWGFormat.headerSize)")
        }
        guard start + length == data.count else {
            throw .badLayout("header says \(start + length) bytes, file has \(data.count)")
        }
        let root = u32(DAWGFormat.oRoot)
        guard root < length else { throw .badLayout("root offset \(root) is outside the node area") }
        self.storage = data
        self.areaStart = start
        self.areaLength = length
        self.root = root
        self.wordCount = u32(DAWGFormat.oWordCount)
        self.nodeCount = u32(DAWGFormat.oNodeCount)
        self.edgeCount = u32(DAWGFormat.oEdgeCount)
        self.tierCounts = (0..<5).map { u32(DAWGFormat.oTierCounts + 4 * $0) }
        self.minLength = Int(h[DAWGFormat.oMinLength])
        self.maxLength = Int(h[DAWGFormat.oMaxLength])
        self.checksum = UInt32(truncatingIfNeeded: u32(DAWGFormat.oChecksum))
    }

    /// Opens `url` memory-mapped (`Data.ReadingOptions.alwaysMapped`): nothing is read or parsed
    /// beyond the header until a query touches the pages it needs.
    public init(contentsOf url: URL) throws(WordDictionaryError) {
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        try self.init(data: data)
    }

    /// Runs `body` with the automaton over the dictionary's bytes; solvers do all their work
    /// inside one call.
    public func withAutomaton<R>(_ body: (DAWGAutomaton) throws -> R) rethrows -> R {
        try storage.withUnsafeBytes { raw in
            let area = UnsafeRawBufferPointer(rebasing: raw[areaStart..<(areaStart + areaLength)])
            return try body(DAWGAutomaton(area: area, root: root, maxLength: maxLength))
        }
    }

    /// The word's tier, or nil when it is not a word. Upper-case letters are not folded.
    public func tier(of word: some StringProtocol) -> Tier? {
        withAutomaton { a in
            guard let s = a.walk(word.utf8) else { return nil }
            return Tier(rawValue: a.tier(s))
        }
    }

    /// Whether `word` is in the dictionary (at any tier).
    public func contains(_ word: some StringProtocol) -> Bool { tier(of: word) != nil }

    /// Whether some word starts with `prefix` (a word is a prefix of itself; "" is a prefix
    /// when the dictionary has any word).
    public func isPrefix(_ prefix: some StringProtocol) -> Bool {
        withAutomaton { a in
            guard let s = a.walk(prefix.utf8) else { return false }
            return a.tier(s) != 0 || a.hasEdges(s)
        }
    }

    /// The words that start with `prefix`, in alphabetical order, at most `limit`.
    public func words(withPrefix prefix: some StringProtocol, limit: Int = .max) -> [TieredWord] {
        withAutomaton { a in
            guard let s = a.walk(prefix.utf8) else { return [] }
            var out: [TieredWord] = []
            var buffer = Array(prefix.utf8)
            a.enumerate(from: s, buffer: &buffer, limit: limit, into: &out)
            return out
        }
    }

    /// Every word, in alphabetical order.
    public func allWords() -> [TieredWord] { words(withPrefix: "") }

    /// Whether the node area matches the checksum in the header (reads the whole file).
    public func verifyChecksum() -> Bool {
        withAutomaton { a in DAWGFormat.checksum(a.area) == checksum }
    }
}

/// A view of the automaton's states over borrowed bytes. A state is a byte offset into the
/// node area; `-1` means "no state". Valid only inside `WordDictionary.withAutomaton`.
public struct DAWGAutomaton {
    let area: UnsafeRawBufferPointer
    /// The start state.
    public let root: Int
    let maxLength: Int

    /// The tier code of a state: 0 when no word ends there, else `Tier.rawValue`.
    @inline(__always)
    public func tier(_ state: Int) -> UInt8 {
        guard state >= 0 && state < area.count else { return 0 }
        let b = area[state]
        let code = b & DAWGFormat.letterMask
        return code >= DAWGFormat.finalBase && code < DAWGFormat.emptyRootCode ? code - DAWGFormat.finalBase + 1 : 0
    }

    /// Whether any edge leaves the state.
    public func hasEdges(_ state: Int) -> Bool {
        guard state >= 0 && state < area.count else { return false }
        let b = area[state]
        return (b & DAWGFormat.letterMask) < DAWGFormat.finalBase || b & DAWGFormat.leafBit == 0
    }

    /// The state reached from `state` by `letter` (0 = a … 25 = z), or -1.
    @inline(__always)
    public func child(_ state: Int, _ letter: UInt8) -> Int {
        guard state >= 0 && state < area.count else { return -1 }
        var p = state
        let first = area[p]
        if first & DAWGFormat.letterMask >= DAWGFormat.finalBase {
            if first & DAWGFormat.leafBit != 0 { return -1 }
            p += 1
        }
        var found = -1
        var foundNext = false
        var edges = 0
        while p < area.count && edges < 26 {
            let e = area[p]
            edges += 1
            p += 1
            let mode = Int(e >> 6)
            let isMatch = e & DAWGFormat.letterMask == letter
            if mode == 0 {
                if isMatch { foundNext = true }
            } else {
                guard p + mode <= area.count else { return -1 }
                if isMatch {
                    var o = 0
                    for j in 0..<mode { o |= Int(area[p + j]) << (8 * j) }
                    found = o
                }
                p += mode
            }
            if e & DAWGFormat.lastEdgeBit != 0 {
                return foundNext ? p : found
            }
            // Edges are sorted: once past the letter, only a "next" match still needs the list's end.
            if !foundNext && found < 0 && e & DAWGFormat.letterMask > letter { return -1 }
            if found >= 0 { return found }
        }
        return -1
    }

    /// The edges of `state` as (letter, target) pairs, in letter order; `count` of them fill `into`.
    public func children(_ state: Int, into out: inout [(UInt8, Int)]) {
        out.removeAll(keepingCapacity: true)
        guard state >= 0 && state < area.count else { return }
        var p = state
        let first = area[p]
        if first & DAWGFormat.letterMask >= DAWGFormat.finalBase {
            if first & DAWGFormat.leafBit != 0 { return }
            p += 1
        }
        var pendingNext: [Int] = []
        while p < area.count && out.count < 26 {
            let e = area[p]
            p += 1
            let mode = Int(e >> 6)
            let letter = e & DAWGFormat.letterMask
            if mode == 0 {
                pendingNext.append(out.count)
                out.append((letter, -1))
            } else {
                guard p + mode <= area.count else { break }
                var o = 0
                for j in 0..<mode { o |= Int(area[p + j]) << (8 * j) }
                out.append((letter, o))
                p += mode
            }
            if e & DAWGFormat.lastEdgeBit != 0 { break }
        }
        for k in pendingNext { out[k].1 = p }
    }

    /// The state reached by the ASCII bytes of a word, or nil (any byte outside a–z).
    public func walk(_ bytes: some Sequence<UInt8>) -> Int? {
        var s = root
        for b in bytes {
            guard b >= 97 && b <= 122 else { return nil }
            s = child(s, b - 97)
            if s < 0 { return nil }
        }
        return s
    }

    func enumerate(from state: Int, buffer: inout [UInt8], limit: Int, into out: inout [TieredWord]) {
        guard out.count < limit, buffer.count <= max(maxLength, 1) + 1 else { return }
        let t = tier(state)
        if t != 0, let tier = Tier(rawValue: t) {
            out.append(TieredWord(String(decoding: buffer, as: UTF8.self), tier))
        }
        var kids: [(UInt8, Int)] = []
        children(state, into: &kids)
        for (letter, target) in kids {
            buffer.append(letter + 97)
            enumerate(from: target, buffer: &buffer, limit: limit, into: &out)
            buffer.removeLast()
        }
    }
}
