// AnalysisShard: `--shard K/N`, the share of positions one machine analyses, chosen by position key.
import ChessCore

/// Shard `index` of `count` (1-based): the positions whose Polyglot key is `index - 1` modulo `count`.
/// The key depends only on the position, so a position's shard never changes when other content is
/// added or removed, and shards 1…N together cover every position exactly once.
///
/// ```swift
/// let shard = try AnalysisShard(parsing: "2/4")
/// shard.contains(Position.standard)   // whether shard 2 of 4 analyses the start position
/// ```
public struct AnalysisShard: Hashable, Sendable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    /// Throws `ShardError` unless 1 ≤ index ≤ count ≤ 100,000.
    public init(index: Int, count: Int) throws(ShardError) {
        guard count >= 1, count <= 100_000, index >= 1, index <= count else {
            throw ShardError(text: "\(index)/\(count)")
        }
        self.index = index
        self.count = count
    }

    /// Reads `K/N` (`3/8`). Throws `ShardError` for anything else (`0/4`, `5/4`, `3`, `a/b`).
    public init(parsing text: String) throws(ShardError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else { throw ShardError(text: text) }
        do throws(ShardError) {
            try self.init(index: k, count: n)
        } catch {
            throw ShardError(text: text)
        }
    }

    /// Shard 1 of 1: every position.
    static let whole = AnalysisShard(unchecked: 1, of: 1)
    private init(unchecked index: Int, of count: Int) {
        self.index = index
        self.count = count
    }

    public func contains(key: UInt64) -> Bool { key % UInt64(count) == UInt64(index - 1) }
    public func contains(_ position: Position) -> Bool { contains(key: position.zobristKey) }

    public var description: String { "\(index)/\(count)" }
}

/// A `--shard` value that is not `K/N` with 1 ≤ K ≤ N.
public struct ShardError: Error, Hashable, Sendable, CustomStringConvertible {
    public var text: String
    public var description: String { "expected --shard K/N with 1 ≤ K ≤ N (for example 2/4), found \"\(text)\"" }
}
