// UCICommand: the commands this client sends to a UCI engine, as values, and their one-line text.

/// What a `go` command asks for. A deterministic search uses `nodes` (or `depth`), never time.
public struct SearchLimits: Hashable, Sendable, Codable {
    public var nodes: Int?
    public var depth: Int?
    public var moveTimeMilliseconds: Int?

    public init(nodes: Int? = nil, depth: Int? = nil, moveTimeMilliseconds: Int? = nil) {
        self.nodes = nodes
        self.depth = depth
        self.moveTimeMilliseconds = moveTimeMilliseconds
    }
}

/// One command of the UCI protocol (client to engine).
///
/// ```swift
/// UCICommand.go(SearchLimits(nodes: 1000)).text   // "go nodes 1000"
/// UCICommand.setOption(name: "MultiPV", value: "3").text  // "setoption name MultiPV value 3"
/// ```
public enum UCICommand: Hashable, Sendable {
    case uci
    case isReady
    /// `value` is nil for a button option.
    case setOption(name: String, value: String?)
    case uciNewGame
    /// `fen` nil means `startpos`; `moves` are UCI moves played from it.
    case position(fen: String?, moves: [String])
    case go(SearchLimits)
    case stop
    case quit

    /// The line sent to the engine, without the newline.
    public var text: String {
        switch self {
        case .uci: return "uci"
        case .isReady: return "isready"
        case .setOption(let name, let value):
            if let value { return "setoption name \(name) value \(value)" }
            return "setoption name \(name)"
        case .uciNewGame: return "ucinewgame"
        case .position(let fen, let moves):
            var s = fen.map { "position fen \($0)" } ?? "position startpos"
            if !moves.isEmpty { s += " moves " + moves.joined(separator: " ") }
            return s
        case .go(let limits):
            var parts = ["go"]
            if let n = limits.nodes { parts.append("nodes \(n)") }
            if let d = limits.depth { parts.append("depth \(d)") }
            if let t = limits.moveTimeMilliseconds { parts.append("movetime \(t)") }
            if parts.count == 1 { parts.append("infinite") }
            return parts.joined(separator: " ")
        case .stop: return "stop"
        case .quit: return "quit"
        }
    }
}
