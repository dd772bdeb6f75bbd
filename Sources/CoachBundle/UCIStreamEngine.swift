// UCIStreamEngine: a ChessEngine that speaks UCI over any pair of byte streams (an embedded engine's, a process's pipes).
import BundleStore
import ChessCore
import Explainer
import UCIProtocol

/// A UCI engine reached through its two byte streams: what it prints (an `AsyncSequence` of byte chunks) and a
/// function that writes to it. No process, no file handle: an app wraps its embedded Stockfish in a few lines,
///
///     let (output, sink) = AsyncStream<[UInt8]>.makeStream()
///     stockfish.onOutput = { bytes in sink.yield(bytes) }          // the engine's stdout, however the app gets it
///     let engine = UCIStreamEngine(output: output) { bytes in stockfish.input(bytes) }
///     let verdict = try await engine.analyse(position, search: EngineSearch(nodes: 30_000, lines: 3))
///
/// and a command-line program passes a process's pipes the same way. Searches run one at a time, deterministically
/// (`Threads 1`, a fixed `Hash`, `ucinewgame` before each position, a node limit). A cancelled search sends `stop`,
/// reads the engine's `bestmove` and throws `CancellationError`; the engine is ready for the next. The replies are
/// read by UCIProtocol's parser and `SearchReading` (the last finished iteration), as the build reads them.
public actor UCIStreamEngine: ChessEngine {
    /// `id name`, once the handshake is done (`Stockfish 15.1`).
    public private(set) var name: String?
    private let write: @Sendable ([UInt8]) async throws -> Void
    private let lines: LineQueue
    private let reader: Task<Void, Never>
    private var ready = false
    private var multiPV = 0
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private let hashMegabytes: Int

    /// `output`: the engine's output as it arrives, in chunks of any size; `write`: sends bytes to the engine's input.
    public init<Output: AsyncSequence & Sendable>(
        output: Output, hashMegabytes: Int = 16, write: @escaping @Sendable ([UInt8]) async throws -> Void
    ) where Output.Element == [UInt8] {
        let lines = LineQueue()
        self.lines = lines
        self.write = write
        self.hashMegabytes = hashMegabytes
        reader = Task {
            var pending: [UInt8] = []
            do {
                for try await chunk in output {
                    pending += chunk
                    while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        await lines.push(String(decoding: pending[..<newline], as: UTF8.self))
                        pending.removeSubrange(...newline)
                    }
                    // A line longer than any UCI reply is not one: cut it rather than grow without bound.
                    if pending.count > LineQueue.maximumLineBytes {
                        await lines.push(String(decoding: pending, as: UTF8.self))
                        pending.removeAll()
                    }
                }
            } catch {}
            if !pending.isEmpty { await lines.push(String(decoding: pending, as: UTF8.self)) }
            await lines.finish()
        }
    }

    deinit { reader.cancel() }

    public func analyse(_ position: Position, search: EngineSearch) async throws -> EngineVerdict {
        let profile = "nodes=\(search.nodes);multipv=\(search.lines);threads=1;hash=\(hashMegabytes)"
        if let verdict = terminalVerdict(position, engine: name ?? "UCI engine", profile: profile) { return verdict }
        await acquire()
        defer { release() }
        try Task.checkCancellation()
        try await handshake()
        if multiPV != search.lines {
            try await send([.setOption(name: "MultiPV", value: String(search.lines)), .isReady])
            _ = try await read(until: { if case .readyOK = $0 { true } else { false } })
            multiPV = search.lines
        }
        try await send([.uciNewGame, .isReady])
        _ = try await read(until: { if case .readyOK = $0 { true } else { false } })
        try await send([.position(fen: position.fen(), moves: []), .go(SearchLimits(nodes: search.nodes))])
        let outcome = try await withTaskCancellationHandler {
            try await readSearch()
        } onCancel: {
            Task { try? await self.stop() }
        }
        try Task.checkCancellation()
        let checked = outcome.checkedLines(in: position)
        guard let top = checked.first else {
            throw EngineProblem(code: BundleCode.engineProtocol, message: "the engine gave no scored line with a legal move for \(position.fen())")
        }
        return EngineVerdict(
            score: top.score, wdl: top.wdl.map { [$0.win, $0.draw, $0.loss] },
            lines: checked.map { EngineLine(uci: $0.uci, san: $0.san, score: $0.score, pv: $0.pv, depth: $0.depth) },
            depth: top.depth, nodes: outcome.nodes, engine: name ?? "UCI engine", profile: profile)
    }

    /// Sends `quit`; the engine's owner ends its process or thread.
    public func quit() async {
        try? await send([.quit])
    }

    private func stop() async throws {
        try await send([.stop])
    }

    private func handshake() async throws {
        guard !ready else { return }
        try await send([.uci])
        for reply in try await read(until: { if case .uciOK = $0 { true } else { false } }) {
            if case .idName(let n) = reply { name = n }
        }
        try await send([
            .setOption(name: "Threads", value: "1"), .setOption(name: "Hash", value: String(hashMegabytes)),
            .setOption(name: "UCI_ShowWDL", value: "true"), .isReady,
        ])
        _ = try await read(until: { if case .readyOK = $0 { true } else { false } })
        ready = true
    }

    private func readSearch() async throws -> SearchOutcome {
        var search = SearchReading()
        while true {
            guard let line = await lines.next() else { throw ended() }
            switch UCIReply(line: line) {
            case .info(let info): search.read(info)
            case .bestMove(let move, _): return search.outcome(bestMove: move)
            case .malformed(let text, let reason) where UCIReply.isBestMoveLine(text):
                throw EngineProblem(code: BundleCode.engineProtocol, message: "unreadable bestmove \"\(text)\": \(reason)")
            default: continue
            }
        }
    }

    /// The replies up to and including the first that `isLast` accepts.
    private func read(until isLast: (UCIReply) -> Bool) async throws -> [UCIReply] {
        var replies: [UCIReply] = []
        while true {
            guard let line = await lines.next() else { throw ended() }
            let reply = UCIReply(line: line)
            replies.append(reply)
            if isLast(reply) { return replies }
        }
    }

    private func send(_ commands: [UCICommand]) async throws {
        try await write(Array((commands.map(\.text).joined(separator: "\n") + "\n").utf8))
    }

    private func ended() -> EngineProblem {
        ready = false
        return EngineProblem(code: BundleCode.engineEnded, message: "the engine's output ended (it quit or crashed)")
    }

    // One search at a time: the actor is re-entrant while a search waits for lines.
    private func acquire() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
    }
}

/// The engine's output lines, waited for one at a time.
actor LineQueue {
    /// Longer than any UCI reply (a 3-line `info` with a 60-ply PV is under 1 KB).
    static let maximumLineBytes = 1 << 16
    private var lines: [String] = []
    private var head = 0
    private var finished = false
    private var waiter: CheckedContinuation<String?, Never>?

    func push(_ line: String) {
        if let waiter {
            self.waiter = nil
            waiter.resume(returning: line)
        } else {
            lines.append(line)
        }
    }

    func finish() {
        finished = true
        waiter?.resume(returning: nil)
        waiter = nil
    }

    /// The next line; nil once the output has ended and every line was read.
    func next() async -> String? {
        if head < lines.count {
            defer {
                head += 1
                if head == lines.count {
                    lines.removeAll(keepingCapacity: true)
                    head = 0
                }
            }
            return lines[head]
        }
        if finished { return nil }
        return await withCheckedContinuation { waiter = $0 }
    }
}
