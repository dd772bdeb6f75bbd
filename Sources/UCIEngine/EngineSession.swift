// EngineSession: the UCI conversation over one transport: handshake, options, ucinewgame, position, go, stop, quit.
import Foundation

/// Who the engine says it is (`id name`, `id author`). The name carries the version: `Stockfish 15.1`.
public struct EngineID: Hashable, Sendable, Codable {
    /// The whole `id name` value, as the cache key uses it.
    public var name: String
    public var author: String?

    public init(name: String, author: String? = nil) {
        self.name = name
        self.author = author
    }

    /// The last word of the name when it starts with a digit (`15.1` in `Stockfish 15.1`).
    public var version: String? {
        guard let last = name.split(separator: " ").last, name.contains(" "), last.first?.isNumber == true else { return nil }
        return String(last)
    }
}

/// One UCI conversation. Every wait has a deadline from `watchdog`; when it passes, or when
/// the engine's output ends, the transport is terminated and the call throws
/// `.hung` or `.died`. After a throw the session is dead: make a new one.
///
/// ```swift
/// let session = EngineSession(transport: try ProcessTransport(executable: "/usr/games/stockfish"))
/// let id = try session.handshake()             // EngineID(name: "Stockfish 15.1", …)
/// try session.configure(for: AnalysisProfile(nodes: 10_000, multiPV: 3))
/// let outcome = try session.search(fen: "…", limits: SearchLimits(nodes: 10_000))
/// ```
public final class EngineSession {
    public let transport: any LineTransport
    public let watchdog: Watchdog
    public private(set) var id: EngineID?
    /// Options the engine declared, keyed by lowercased name (UCI option names ignore case).
    public private(set) var declaredOptions: [String: UCIOptionDeclaration] = [:]
    private let log: EngineLog
    /// Number of `go` commands sent.
    public private(set) var searches = 0

    public init(transport: any LineTransport, watchdog: Watchdog = Watchdog(), log: @escaping EngineLog = { _ in }) {
        self.transport = transport
        self.watchdog = watchdog
        self.log = log
    }

    /// `uci` → `id …`, `option …`, `uciok`. Throws `.protocolViolation` without an `id name`.
    @discardableResult
    public func handshake() throws(EngineFailure) -> EngineID {
        try send(.uci)
        let deadline = Date(timeIntervalSinceNow: watchdog.handshakeSeconds)
        var name: String?
        var author: String?
        while true {
            switch try next(awaiting: "uciok", command: "uci", deadline: deadline, seconds: watchdog.handshakeSeconds) {
            case .idName(let n): name = n
            case .idAuthor(let a): author = a
            case .option(let o): declaredOptions[o.name.lowercased()] = o
            case .uciOK:
                guard let name, !name.isEmpty else {
                    transport.terminate()
                    throw .protocolViolation("no \"id name\" before uciok")
                }
                let id = EngineID(name: name, author: author)
                self.id = id
                return id
            default: continue
            }
        }
    }

    /// `setoption`, after checking the name and value against the engine's declarations.
    public func setOption(_ name: String, _ value: String?) throws(EngineFailure) {
        guard let declared = declaredOptions[name.lowercased()] else {
            throw .unsupportedOption(name: name, reason: "the engine does not declare it")
        }
        if let problem = declared.problem(with: value) {
            throw .unsupportedOption(name: declared.name, reason: problem)
        }
        try send(.setOption(name: declared.name, value: value))
    }

    /// Sets the profile's options (`UCI_ShowWDL` only when the engine has it), then waits until ready.
    public func configure(for profile: AnalysisProfile) throws(EngineFailure) {
        try setOption("Threads", String(profile.threads))
        try setOption("Hash", String(profile.hashMegabytes))
        try setOption("MultiPV", String(profile.multiPV))
        if profile.showWDL, declaredOptions["uci_showwdl"] != nil {
            try setOption("UCI_ShowWDL", "true")
        }
        try waitUntilReady()
    }

    /// `isready` → `readyok`.
    public func waitUntilReady() throws(EngineFailure) {
        try send(.isReady)
        try awaitReadyOK()
    }

    /// Reads until `readyok`, after `isready` was sent.
    private func awaitReadyOK() throws(EngineFailure) {
        let deadline = Date(timeIntervalSinceNow: watchdog.readySeconds)
        while true {
            if case .readyOK = try next(awaiting: "readyok", command: "isready", deadline: deadline, seconds: watchdog.readySeconds) {
                return
            }
        }
    }

    /// `ucinewgame`, then waits until ready (the engine clears its hash).
    public func newGame() throws(EngineFailure) {
        try send(.uciNewGame)
        try waitUntilReady()
    }

    /// `position fen …`, `go …`, then reads `info` lines until `bestmove`.
    /// The caller must have checked that `fen` is a legal position.
    public func search(fen: String, limits: SearchLimits) throws(EngineFailure) -> SearchOutcome {
        try send(.position(fen: fen, moves: []))
        let go = UCICommand.go(limits)
        try send(go)
        return try readSearch(go, limits: limits)
    }

    /// `ucinewgame`, `isready`, `position fen …` and `go …` written at once (one write, no round
    /// trip: the engine reads them in order, as a command file would give them), then `readyok`
    /// is awaited and the search read as `search` does. The engine goes straight from clearing
    /// its hash to searching.
    public func newGameAndSearch(fen: String, limits: SearchLimits) throws(EngineFailure) -> SearchOutcome {
        let go = UCICommand.go(limits)
        try send([.uciNewGame, .isReady, .position(fen: fen, moves: []), go])
        try awaitReadyOK()
        return try readSearch(go, limits: limits)
    }

    /// Reads `info` lines until `bestmove`, after `go` was sent. A `bestmove` that cannot be read ends
    /// the search at once with `.protocolViolation` (the engine is killed), not at the watchdog.
    private func readSearch(_ go: UCICommand, limits: SearchLimits) throws(EngineFailure) -> SearchOutcome {
        searches += 1
        let seconds = watchdog.searchSeconds(limits)
        let deadline = Date(timeIntervalSinceNow: seconds)
        var search = SearchReading()
        while true {
            switch try next(awaiting: "bestmove", command: go.text, deadline: deadline, seconds: seconds) {
            case .info(let info):
                search.read(info)
            case .bestMove(let move, _):
                return search.outcome(bestMove: move)
            case .malformed(let line, let reason) where UCIReply.isBestMoveLine(line):
                // The search is over and its answer unreadable: waiting on would only reach the watchdog.
                transport.terminate()
                throw .protocolViolation("unreadable reply to \"\(go.text)\": \(reason) in \"\(line)\"")
            default: continue
            }
        }
    }

    /// `stop`: asks a running search to end now; its `bestmove` still has to be read.
    public func stop() throws(EngineFailure) {
        try send(.stop)
    }

    /// `quit`, then ends the process (killing it if it lingers).
    public func quit() {
        try? send(.quit)
        if let process = transport as? ProcessTransport {
            process.finish(grace: 1.0)
        } else {
            transport.terminate()
        }
    }

    private func send(_ command: UCICommand) throws(EngineFailure) {
        try send([command])
    }

    /// Several commands in one write; a failure names the first.
    private func send(_ commands: [UCICommand]) throws(EngineFailure) {
        do {
            try transport.send(commands.map(\.text).joined(separator: "\n"))
        } catch {
            transport.terminate()
            let first = commands.first?.text ?? ""
            switch error {
            case .closed(let status): throw .died(status: status, awaiting: "a reply to \"\(first)\"")
            case .timedOut: throw .hung(command: first, seconds: 0)
            }
        }
    }

    /// The next line as a reply, logging the ones that cannot be used.
    private func next(awaiting: String, command: String, deadline: Date, seconds: Double) throws(EngineFailure) -> UCIReply {
        let remaining = deadline.timeIntervalSinceNow
        let line: String
        do throws(TransportError) {
            guard remaining > 0 else { throw TransportError.timedOut }
            line = try transport.receive(timeout: remaining)
        } catch {
            transport.terminate()
            switch error {
            case .closed(let status): throw .died(status: status, awaiting: awaiting)
            case .timedOut: throw .hung(command: command, seconds: seconds)
            }
        }
        let reply = UCIReply(line: line)
        switch reply {
        case .unknown(let l) where !l.isEmpty: log(.unknownLine(l))
        case .malformed(let l, let reason): log(.malformedLine(l, reason: reason))
        default: break
        }
        return reply
    }
}
