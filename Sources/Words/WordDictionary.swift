// WordDictionary: the reader of words.dawg; opening checks the header and the node area's checksum, so bad bytes are refused, not answered.
import Diagnostics
import Foundation

/// Why bytes are not a usable `words.dawg` dictionary. Each reason has a stable code
/// (`code`) and a message that says what was expected and what was found.
public enum WordDictionaryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// WRD601: the file cannot be read at all.
    case unreadable(path: String, reason: String)
    /// WRD602: fewer bytes than the 64-byte header.
    case tooShort(bytes: Int)
    /// WRD603: not a words.dawg file (another file, or a damaged start).
    case badMagic(found: [UInt8])
    /// WRD604: a words.dawg of a format version this reader does not read.
    case unsupportedVersion(UInt16)
    /// WRD605: the file is shorter or longer than its header says (truncated or padded).
    case wrongSize(expected: Int, found: Int)
    /// WRD606: header fields contradict each other.
    case badLayout(String)
    /// WRD607: the bytes do not hash to the header's checksum (damaged).
    case checksumMismatch(expected: UInt64, found: UInt64)

    public var description: String {
        switch self {
        case .unreadable(let p, let r): "cannot read \(p): \(r)"
        case .tooShort(let n):
            "expected a words.dawg file of at least \(DAWGFormat.headerSize) bytes, found \(n) (truncated or not a dictionary)"
        case .badMagic(let m):
            "expected the magic \"CFWD\" at the start of the file, found \(m.map { String(format: "%02x", $0) }.joined(separator: " ")) (not a words.dawg file)"
        case .unsupportedVersion(let v):
            "expected words.dawg format version \(DAWGFormat.version), found \(v) (rebuild it with this forge: forge words build)"
        case .wrongSize(let e, let f): "expected \(e) bytes as the header says, found \(f) (the file is truncated or damaged)"
        case .badLayout(let s): "inconsistent header: \(s) (the file is damaged)"
        case .checksumMismatch(let e, let f):
            "expected the file to hash to \(String(e, radix: 16)) (its XXH64 checksum), found \(String(f, radix: 16)) (the file is damaged)"
        }
    }

    /// The stable diagnostic code of this reason: WRD601…WRD607.
    public var code: DiagnosticCode {
        switch self {
        case .unreadable: WordsCode.dictionaryUnreadable
        case .tooShort: WordsCode.dictionaryTooShort
        case .badMagic: WordsCode.dictionaryBadMagic
        case .unsupportedVersion: WordsCode.dictionaryVersion
        case .wrongSize: WordsCode.dictionaryWrongSize
        case .badLayout: WordsCode.dictionaryBadLayout
        case .checksumMismatch: WordsCode.dictionaryChecksum
        }
    }
}

/// A compact dictionary of words with tiers, read straight from the bytes of a
/// `words.dawg` file.
///
/// Opening checks the whole file before any query: magic, format version, header fields,
/// the exact size, and the XXH64 checksum of the node area (about 0.1 ms for the 540 kB
/// bundle dictionary), so a truncated, damaged or foreign file is a thrown
/// `WordDictionaryError`, never a wrong answer. Queries still bound every read, so even
/// bytes crafted to pass the checksum cannot make a query read outside the file or loop.
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
    public let checksum: UInt64

    /// Opens a dictionary from its bytes (a mapped file, a download, or bytes built in
    /// memory), verifying them first. Throws `WordDictionaryError` for anything that is not
    /// an intact words.dawg of this format version; never traps, whatever the bytes.
    ///
    /// `try WordDictionary(data: Data(bytes))`
    public init(data: Data) throws(WordDictionaryError) {
        guard data.count >= DAWGFormat.headerSize else { throw .tooShort(bytes: data.count) }
        let h = [UInt8](data.prefix(DAWGFormat.headerSize))
        func u32(_ at: Int) -> Int { Int(h[at]) | Int(h[at + 1]) << 8 | Int(h[at + 2]) << 16 | Int(h[at + 3]) << 24 }
        func u16(_ at: Int) -> UInt16 { UInt16(h[at]) | UInt16(h[at + 1]) << 8 }
        guard Array(h[0..<4]) == DAWGFormat.magic else { throw .badMagic(found: Array(h[0..<4])) }
        let version = u16(DAWGFormat.oVersion)
        guard version == DAWGFormat.version else { throw .unsupportedVersion(version) }
        let start = u32(DAWGFormat.oNodeAreaOffset)
        let length = u32(DAWGFormat.oNodeAreaLength)
        guard Int(u16(DAWGFormat.oHeaderSize)) == DAWGFormat.headerSize, start == DAWGFormat.headerSize else {
            throw .badLayout("node area must start at byte \(DAWGFormat.headerSize)")
        }
        guard start + length == data.count else { throw .wrongSize(expected: start + length, found: data.count) }
        guard length >= 1 else { throw .badLayout("empty node area") }
        let root = u32(DAWGFormat.oRoot)
        guard root < length else { throw .badLayout("root offset \(root) is outside the node area") }
        let tierCounts = (0..<5).map { u32(DAWGFormat.oTierCounts + 4 * $0) }
        let wordCount = u32(DAWGFormat.oWordCount)
        guard tierCounts.reduce(0, +) == wordCount else {
            throw .badLayout("tier counts add up to \(tierCounts.reduce(0, +)), word count is \(wordCount)")
        }
        let minLength = Int(h[DAWGFormat.oMinLength]), maxLength = Int(h[DAWGFormat.oMaxLength])
        guard minLength <= maxLength else { throw .badLayout("shortest word \(minLength) is longer than longest \(maxLength)") }
        let expected = UInt64(u32(DAWGFormat.oChecksum)) | UInt64(u32(DAWGFormat.oChecksum + 4)) << 32
        let found = data.withUnsafeBytes { raw in
            DAWGFormat.checksum(header: UnsafeRawBufferPointer(rebasing: raw[0..<start]),
                                area: UnsafeRawBufferPointer(rebasing: raw[start..<(start + length)]))
        }
        guard found == expected else { throw .checksumMismatch(expected: expected, found: found) }
        self.storage = data
        self.areaStart = start
        self.areaLength = length
        self.root = root
        self.wordCount = wordCount
        self.nodeCount = u32(DAWGFormat.oNodeCount)
        self.edgeCount = u32(DAWGFormat.oEdgeCount)
        self.tierCounts = tierCounts
        self.minLength = minLength
        self.maxLength = maxLength
        self.checksum = expected
    }

    /// Opens a dictionary from bytes in an array; the same checks as `init(data:)`.
    public init(bytes: [UInt8]) throws(WordDictionaryError) {
        try self.init(data: Data(bytes))
    }

    /// Opens `url` memory-mapped (`Data.ReadingOptions.alwaysMapped`) and verifies it; the
    /// pages are read once, by the checksum, and stay mapped for the queries.
    public init(contentsOf url: URL) throws(WordDictionaryError) {
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            throw .unreadable(path: url.path, reason: (error as NSError).localizedFailureReason ?? error.localizedDescription)
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

    /// Whether the bytes still match the checksum in the header (they did at open).
    public func verifyChecksum() -> Bool {
        storage.withUnsafeBytes { raw in
            DAWGFormat.checksum(header: UnsafeRawBufferPointer(rebasing: raw[0..<areaStart]),
                                area: UnsafeRawBufferPointer(rebasing: raw[areaStart..<(areaStart + areaLength)])) == checksum
        }
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

    /// Depth-first, letters in order. `budget` bounds the states visited, so even a file
    /// crafted with a cycle (a valid checksum over a backward pointer) ends.
    func enumerate(from state: Int, buffer: inout [UInt8], limit: Int, into out: inout [TieredWord]) {
        var budget = 64 * area.count + 1024
        enumerate(from: state, buffer: &buffer, limit: limit, budget: &budget, into: &out)
    }

    func enumerate(from state: Int, buffer: inout [UInt8], limit: Int, budget: inout Int, into out: inout [TieredWord]) {
        budget -= 1
        guard budget > 0, out.count < limit, buffer.count <= max(maxLength, 1) + 1 else { return }
        let t = tier(state)
        if t != 0, let tier = Tier(rawValue: t) {
            out.append(TieredWord(String(decoding: buffer, as: UTF8.self), tier))
        }
        var kids: [(UInt8, Int)] = []
        children(state, into: &kids)
        for (letter, target) in kids {
            buffer.append(letter + 97)
            enumerate(from: target, buffer: &buffer, limit: limit, budget: &budget, into: &out)
            buffer.removeLast()
        }
    }

    /// The edges of `state` decoded into `letters` and `targets` (room for 26 each), in letter
    /// order; returns how many. One pass over the state's bytes, every read bounded: the
    /// solvers' inner loop.
    @inline(__always)
    package func edges(_ state: Int, letters: UnsafeMutablePointer<UInt8>, targets: UnsafeMutablePointer<Int32>) -> Int {
        let count = area.count
        guard state >= 0 && state < count, let base = area.baseAddress else { return 0 }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        var p = state
        let first = bytes[p]
        if first & DAWGFormat.letterMask >= DAWGFormat.finalBase {
            if first & DAWGFormat.leafBit != 0 { return 0 }
            p &+= 1
        }
        var n = 0
        // Edges that point at "the next state" (several may, when they share a target).
        var pendingNext: UInt32 = 0
        while p < count && n < 26 {
            let e = bytes[p]
            p &+= 1
            let mode = Int(e &>> 6)
            let letter = e & DAWGFormat.letterMask
            guard letter < 26 else { return 0 }
            letters[n] = letter
            if mode == 0 {
                pendingNext |= 1 &<< UInt32(n)
            } else {
                guard p &+ mode <= count else { return 0 }
                var o = Int(bytes[p])
                if mode > 1 { o |= Int(bytes[p &+ 1]) &<< 8 }
                if mode > 2 { o |= Int(bytes[p &+ 2]) &<< 16 }
                targets[n] = Int32(truncatingIfNeeded: o)
                p &+= mode
            }
            n &+= 1
            if e & DAWGFormat.lastEdgeBit != 0 {
                while pendingNext != 0 {
                    targets[pendingNext.trailingZeroBitCount] = Int32(truncatingIfNeeded: p)
                    pendingNext &= pendingNext &- 1
                }
                return n
            }
        }
        return 0
    }
}
