// NameKeyTable: the name list reduced to what naming a game needs — each named position's Polyglot key and its name —
// as a compact table that is compiled once and loaded without replaying the list.
import ChessCore

/// The names of the list's positions by Polyglot key: what `forge classify` looks up at every ply.
///
/// Reading the list means parsing and checking about 3,600 SAN lines (most of a short classify run); this table is the
/// result of that reading, written as bytes once (``encoded(sourceDigest:)``) and read back in microseconds
/// (``init(decoding:sourceDigest:)``), which refuses anything that is not exactly a table of the same list.
///
///     let table = NameKeyTable(list)                        // from a NameList read from the TSV files
///     table.name(ofKey: position.zobristKey)?.name         // "Italian Game"
public struct NameKeyTable: Sendable, Equatable {
    /// The keys, ascending, and for each the index of its name in `openings`.
    public private(set) var keys: [UInt64] = []
    private var nameIndex: [UInt32] = []
    /// The distinct names, in the order of their first key.
    public private(set) var openings: [OpeningName] = []
    /// Open addressing over `keys`: slot → index + 1 (0: empty); its size is a power of two, at least twice the keys.
    private var slots: [UInt32] = []
    private var mask = 0
    /// The occupied squares of the named positions, ascending, and their open-addressing slots: a position whose
    /// occupancy is not here has no name, found without computing its Zobrist key (most positions after the opening).
    public private(set) var occupancies: [UInt64] = []
    private var occupancySlots: [UInt64] = []
    private var occupancyMask = 0

    public init() { buildSlots() }

    /// The table of a list read from its files.
    public init(_ list: NameList) {
        self.init(list.names, occupancies: list.occupancies)
    }

    /// The table of a key → name map and the occupied squares of the named positions.
    public init(_ names: [UInt64: OpeningName], occupancies: Set<UInt64>) {
        self.occupancies = occupancies.sorted()
        var index: [OpeningName: UInt32] = [:]
        for (key, opening) in names.sorted(by: { $0.key < $1.key }) {
            let i: UInt32
            if let known = index[opening] {
                i = known
            } else {
                i = UInt32(openings.count)
                index[opening] = i
                openings.append(opening)
            }
            keys.append(key)
            nameIndex.append(i)
        }
        buildSlots()
    }

    public var count: Int { keys.count }

    /// The name of `position`, or nil: its occupied squares first (no Zobrist key for a position no named one has the
    /// pieces of), then its Polyglot key.
    @inline(__always) public func name(of position: Position) -> OpeningName? {
        let occupied = position.board.occupied.rawValue
        var slot = Int(truncatingIfNeeded: Self.mix(occupied)) & occupancyMask
        while true {
            let entry = occupancySlots[slot]
            if entry == occupied { return name(ofKey: position.zobristKey) }
            // 0 marks an empty slot: no position is empty, so no occupancy is 0.
            if entry == 0 { return nil }
            slot = (slot + 1) & occupancyMask
        }
    }

    /// Occupancies are not uniform (the same few squares stay occupied): their bits are mixed before indexing.
    @inline(__always) static func mix(_ v: UInt64) -> UInt64 {
        var x = v &* 0x9E37_79B9_7F4A_7C15
        x ^= x >> 29
        return x
    }

    /// The name of the position with this Polyglot key, or nil.
    @inline(__always) public func name(ofKey key: UInt64) -> OpeningName? {
        // The key is a Zobrist hash: its own bits are uniform, so they index the slots directly.
        var slot = Int(truncatingIfNeeded: key ^ (key >> 32)) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            let i = Int(entry - 1)
            if keys[i] == key { return openings[Int(nameIndex[i])] }
            slot = (slot + 1) & mask
        }
    }

    private mutating func buildSlots() {
        var size = 16
        while size < keys.count * 2 { size <<= 1 }
        mask = size - 1
        slots = Array(repeating: 0, count: size)
        for (i, key) in keys.enumerated() {
            var slot = Int(truncatingIfNeeded: key ^ (key >> 32)) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt32(i + 1)
        }
        var occupancySize = 16
        while occupancySize < occupancies.count * 2 { occupancySize <<= 1 }
        occupancyMask = occupancySize - 1
        occupancySlots = Array(repeating: 0, count: occupancySize)
        for o in occupancies where o != 0 {
            var slot = Int(truncatingIfNeeded: Self.mix(o)) & occupancyMask
            while occupancySlots[slot] != 0 { slot = (slot + 1) & occupancyMask }
            occupancySlots[slot] = o
        }
    }

    public static func == (a: NameKeyTable, b: NameKeyTable) -> Bool {
        a.keys == b.keys && a.nameIndex == b.nameIndex && a.openings == b.openings && a.occupancies == b.occupancies
    }
}

extension NameKeyTable {
    /// `CFNK`, then the format version.
    static let magic: [UInt8] = Array("CFNK".utf8)
    static let formatVersion: UInt32 = 2

    /// The table as bytes, stamped with `sourceDigest` (the digest of the files it was read from, at most 255 bytes):
    /// magic, version, digest, then the counts, the keys and name indices (little-endian), the names as
    /// `eco NUL name NUL`, and a checksum of everything before it.
    public func encoded(sourceDigest: [UInt8]) -> [UInt8] {
        var out = Self.magic
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { out += $0 } }
        u32(Self.formatVersion)
        out.append(UInt8(min(sourceDigest.count, 255)))
        out += sourceDigest.prefix(255)
        u32(UInt32(keys.count))
        u32(UInt32(openings.count))
        u32(UInt32(occupancies.count))
        for k in keys { withUnsafeBytes(of: k.littleEndian) { out += $0 } }
        for o in occupancies { withUnsafeBytes(of: o.littleEndian) { out += $0 } }
        for i in nameIndex { u32(i) }
        for o in openings {
            out += Array(o.eco.utf8) + [0] + Array(o.name.utf8) + [0]
        }
        withUnsafeBytes(of: Self.checksum(out[...]).littleEndian) { out += $0 }
        return out
    }

    /// Reads bytes written by ``encoded(sourceDigest:)``; nil unless they are a whole, undamaged table of this format
    /// stamped with exactly `sourceDigest` (a table of another list, a truncated or altered file is never used).
    public init?(decoding bytes: [UInt8], sourceDigest: [UInt8]) {
        guard bytes.count >= 8 + 8, bytes.starts(with: Self.magic) else { return nil }
        let body = bytes[..<(bytes.count - 8)]
        var stored: UInt64 = 0
        for (i, b) in bytes.suffix(8).enumerated() { stored |= UInt64(b) << (8 * UInt64(i)) }
        guard Self.checksum(body) == stored else { return nil }
        var at = Self.magic.count
        func u32() -> UInt32? {
            guard at + 4 <= body.count else { return nil }
            var v: UInt32 = 0
            for i in 0..<4 { v |= UInt32(body[at + i]) << (8 * UInt32(i)) }
            at += 4
            return v
        }
        guard u32() == Self.formatVersion, at < body.count else { return nil }
        let digestLength = Int(body[at])
        at += 1
        guard at + digestLength <= body.count, Array(body[at..<(at + digestLength)]) == sourceDigest else { return nil }
        at += digestLength
        guard let keyCount = u32().map(Int.init), let nameCount = u32().map(Int.init), let occupancyCount = u32().map(Int.init),
              keyCount <= body.count, nameCount <= keyCount, occupancyCount <= keyCount,
              at + keyCount * 12 + occupancyCount * 8 <= body.count else { return nil }
        var table = NameKeyTable()
        func u64s(_ n: Int) -> [UInt64] {
            var out: [UInt64] = []
            out.reserveCapacity(n)
            for k in 0..<n {
                var v: UInt64 = 0
                for i in 0..<8 { v |= UInt64(body[at + 8 * k + i]) << (8 * UInt64(i)) }
                out.append(v)
            }
            at += 8 * n
            return out
        }
        table.keys = u64s(keyCount)
        table.occupancies = u64s(occupancyCount)
        for _ in 0..<keyCount {
            guard let i = u32(), Int(i) < nameCount else { return nil }
            table.nameIndex.append(i)
        }
        var fields: [String] = []
        fields.reserveCapacity(2 * nameCount)
        var start = at
        while at < body.count, fields.count < 2 * nameCount {
            if body[at] == 0 {
                fields.append(String(decoding: body[start..<at], as: UTF8.self))
                start = at + 1
            }
            at += 1
        }
        guard fields.count == 2 * nameCount, at == body.count else { return nil }
        for n in 0..<nameCount { table.openings.append(OpeningName(eco: fields[2 * n], name: fields[2 * n + 1])) }
        // Keys ascend strictly: a table that says otherwise was not written by `encoded`.
        for i in table.keys.indices.dropFirst() where table.keys[i - 1] >= table.keys[i] { return nil }
        for i in table.occupancies.indices.dropFirst() where table.occupancies[i - 1] >= table.occupancies[i] { return nil }
        if table.occupancies.first == 0 { return nil }
        table.buildSlots()
        self = table
    }

    /// FNV-1a over the bytes: catches a damaged or truncated file (the digest in the header names the list).
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes {
            h ^= UInt64(b)
            h &*= 0x0000_0100_0000_01B3
        }
        return h
    }
}
