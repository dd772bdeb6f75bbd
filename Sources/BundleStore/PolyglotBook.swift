// PolyglotBook: a Polyglot opening book's entries, sorted and serialised as 16-byte big-endian records.
import Foundation

/// One book entry: in the position with Polyglot key `key`, `move` is playable with `weight`.
public struct PolyglotEntry: Hashable, Sendable {
    /// The position's Polyglot Zobrist key.
    public var key: UInt64
    public var move: PolyglotMove
    /// Relative preference among the moves of one position; readers pick moves in proportion to it.
    public var weight: UInt16
    /// Learning data; always 0 in books this project writes.
    public var learn: UInt32

    public init(key: UInt64, move: PolyglotMove, weight: UInt16, learn: UInt32 = 0) {
        self.key = key
        self.move = move
        self.weight = weight
        self.learn = learn
    }
}

/// A Polyglot opening book (`.bin`): entries sorted by key, then by weight (highest first),
/// then by move encoding, so the same entries always give the same bytes.
///
/// Each entry is 16 bytes, every integer big-endian: key (8), move (2), weight (2), learn (4).
///
///     let book = PolyglotBook(entries: [
///         PolyglotEntry(key: 0x463B96181691FC9C, move: try PolyglotMove(from: 12, to: 28), weight: 100),
///     ])
///     try book.data.write(to: url)
package struct PolyglotBook: Hashable, Sendable {
    /// The entries in file order.
    package let entries: [PolyglotEntry]

    /// Sorts the entries. Two entries for the same key and move are merged into one that keeps
    /// the higher weight (a move reached by two lines is one book move).
    package init(entries: [PolyglotEntry]) {
        var best: [PolyglotBook.Slot: PolyglotEntry] = [:]
        for entry in entries {
            let slot = Slot(key: entry.key, move: entry.move.rawValue)
            if let kept = best[slot], (kept.weight, kept.learn) >= (entry.weight, entry.learn) { continue }
            best[slot] = entry
        }
        self.entries = best.values.sorted { a, b in
            if a.key != b.key { return a.key < b.key }
            if a.weight != b.weight { return a.weight > b.weight }
            if a.move != b.move { return a.move < b.move }
            return a.learn < b.learn
        }
    }

    private struct Slot: Hashable {
        var key: UInt64
        var move: UInt16
    }

    /// The book file's bytes.
    package var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(entries.count * 16)
        func append<T: FixedWidthInteger>(_ value: T) {
            var big = value.bigEndian
            withUnsafeBytes(of: &big) { out.append(contentsOf: $0) }
        }
        for entry in entries {
            append(entry.key)
            append(entry.move.rawValue)
            append(entry.weight)
            append(entry.learn)
        }
        return out
    }

    /// The book file's bytes as `Data`.
    package var data: Data { Data(bytes) }
}
