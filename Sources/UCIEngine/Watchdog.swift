// Watchdog: how long the client waits for each kind of reply before it declares the engine hung.

/// Time limits on every command. A node-limited search still gets one: an engine that stops
/// answering is killed when its limit passes.
public struct Watchdog: Hashable, Sendable {
    /// `uci` → `uciok`.
    public var handshakeSeconds: Double
    /// `isready` → `readyok` (also after `ucinewgame`, which clears the hash).
    public var readySeconds: Double
    /// A search gets this much, plus its node limit at `slowestNodesPerSecond`.
    public var searchBaseSeconds: Double
    public var slowestNodesPerSecond: Double

    public init(handshakeSeconds: Double = 10, readySeconds: Double = 10, searchBaseSeconds: Double = 10,
                slowestNodesPerSecond: Double = 20_000) {
        self.handshakeSeconds = handshakeSeconds
        self.readySeconds = readySeconds
        self.searchBaseSeconds = searchBaseSeconds
        self.slowestNodesPerSecond = slowestNodesPerSecond
    }

    /// The limit for one `go` with these limits.
    public func searchSeconds(_ limits: SearchLimits) -> Double {
        let nodes = Double(limits.nodes ?? 0)
        let time = Double(limits.moveTimeMilliseconds ?? 0) / 1000
        return searchBaseSeconds + nodes / slowestNodesPerSecond + time * 2
    }
}
