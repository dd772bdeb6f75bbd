// SearchOutcome: what one search returned, as the engine said it, before it is checked (EngineAnswer).

/// What one search returned, before it is checked against the position.
public struct SearchOutcome: Hashable, Sendable {
    /// `nil` when the engine answered `bestmove (none)`.
    public var bestMove: String?
    /// The last scored `info` line of each MultiPV index, in index order (1, 2, …). When a node
    /// limit stops the search inside an iteration these mix depths, and the line being searched
    /// may be a bound with a 1–2 ply PV.
    public var lines: [UCIInfo]
    /// The lines of the deepest iteration the engine finished: every MultiPV index reported with an
    /// exact score at that depth (its last report there). Empty when no iteration finished.
    /// Not part of equality: it is derived from the same `info` lines as ``lines``.
    public var completedLines: [UCIInfo] = []
    /// The largest node count reported.
    public var nodes: Int
    /// The engine's own search time (its last `time`), in milliseconds. Not part of equality:
    /// it is the only thing that differs between two runs.
    public var engineMilliseconds: Int

    public init(bestMove: String?, lines: [UCIInfo], nodes: Int, engineMilliseconds: Int = 0) {
        self.bestMove = bestMove
        self.lines = lines
        self.nodes = nodes
        self.engineMilliseconds = engineMilliseconds
    }

    public static func == (a: SearchOutcome, b: SearchOutcome) -> Bool {
        a.bestMove == b.bestMove && a.lines == b.lines && a.nodes == b.nodes
    }

    public func hash(into h: inout Hasher) {
        h.combine(bestMove)
        h.combine(lines)
        h.combine(nodes)
    }
}
