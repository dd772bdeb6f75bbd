// PolyglotBookReader: finds a position's moves in a Polyglot book's bytes by binary search.
import Foundation

/// Reads a Polyglot book held in memory.
///
///     let reader = try PolyglotBookReader(data: Data(contentsOf: url))
///     for entry in reader.entries(forKey: 0x463B96181691FC9C) { print(entry.move.uci, entry.weight) }
///
/// Rejects a size that is not a multiple of 16, entries not sorted by key, and malformed moves.
public struct PolyglotBookReader: Sendable {
    /// Every entry, in file order.
    public let entries: [PolyglotEntry]

    public init(data: Data) throws(BundleError) {
        try self.init(bytes: [UInt8](data))
    }

    public init(bytes: [UInt8]) throws(BundleError) {
        guard bytes.count % 16 == 0 else {
            throw .invalidPolyglot("a Polyglot book is a whole number of 16-byte entries; found \(bytes.count) bytes")
        }
        func integer(at offset: Int, size: Int) -> UInt64 {
            var value: UInt64 = 0
            for i in offset..<offset + size { value = value << 8 | UInt64(bytes[i]) }
            return value
        }
        var entries: [PolyglotEntry] = []
        entries.reserveCapacity(bytes.count / 16)
        for base in stride(from: 0, to: bytes.count, by: 16) {
            let key = integer(at: base, size: 8)
            if let previous = entries.last, previous.key > key {
                throw .invalidPolyglot("entry \(entries.count) is out of order: its key is lower than the previous entry's")
            }
            entries.append(
                PolyglotEntry(
                    key: key,
                    move: try PolyglotMove(rawValue: UInt16(truncatingIfNeeded: integer(at: base + 8, size: 2))),
                    weight: UInt16(truncatingIfNeeded: integer(at: base + 10, size: 2)),
                    learn: UInt32(truncatingIfNeeded: integer(at: base + 12, size: 4))))
        }
        self.entries = entries
    }

    /// The entries for a position's key, in file order (highest weight first); empty when absent.
    public func entries(forKey key: UInt64) -> [PolyglotEntry] {
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].key < key { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < entries.count, entries[end].key == key { end += 1 }
        return Array(entries[low..<end])
    }
}
