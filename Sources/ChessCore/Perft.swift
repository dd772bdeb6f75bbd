// Perft: counts the leaf nodes of the legal move tree, the standard test of a move generator.

/// Perft counts. Depth 1 counts moves without playing them (bulk counting).
public enum Perft {
    /// The number of leaf nodes `depth` plies below `position`.
    ///
    /// ```swift
    /// Perft.count(.standard, depth: 3)  // 8902
    /// ```
    public static func count(_ position: Position, depth: Int) -> UInt64 {
        if depth <= 0 { return 1 }
        if depth == 1 {
            var sink = CountSink()
            position.generate(into: &sink)
            return UInt64(sink.count)
        }
        return withUnsafeTemporaryAllocation(of: Move.self, capacity: 256) { buffer -> UInt64 in
            guard let base = buffer.baseAddress else { return 0 }
            var sink = BufferSink(buffer: base, board: position.board)
            position.generate(into: &sink)
            var total: UInt64 = 0
            var i = 0
            while i < sink.count {
                total &+= count(position.playingUnchecked(base[i]), depth: depth &- 1)
                i &+= 1
            }
            return total
        }
    }

    /// Per legal move, the leaf count below it; the moves in `legalMoves` order.
    public static func divide(_ position: Position, depth: Int) -> [(move: Move, nodes: UInt64)] {
        guard depth >= 1 else { return [] }
        return position.legalMoves.map { ($0, count(position.playingUnchecked($0), depth: depth - 1)) }
    }
}
