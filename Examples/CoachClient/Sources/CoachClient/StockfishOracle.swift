// StockfishOracle: the app's own engine behind the explainer's EngineOracle protocol: a Stockfish process, one position at a time.
import ChessCore
import Diagnostics
import Explainer
import Foundation

/// What an app writes to give `Explainer` its engine. MultiPV 1 keeps it short: the explainer scores a move that is
/// not the engine's best from the search after it. (The project's own engine, `Pipeline.AnalyzerOracle`, is not a
/// library product: it runs processes, which an iOS app cannot.)
final class StockfishOracle: EngineOracle, @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer = Data()
    private let nodes: Int

    init(path: String, nodes: Int) throws {
        self.nodes = nodes
        process.executableURL = URL(fileURLWithPath: path)
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        send("uci")
        _ = read(until: "uciok")
        send("setoption name Threads value 1\nsetoption name Hash value 16\nisready")
        _ = read(until: "readyok")
    }

    deinit {
        send("quit")
        process.waitUntilExit()
    }

    private func send(_ text: String) {
        input.fileHandleForWriting.write(Data((text + "\n").utf8))
    }

    /// The lines up to and including the first that starts with `prefix`; nil when the engine's output ends.
    private func read(until prefix: String) -> [String]? {
        var lines: [String] = []
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                lines.append(line)
                if line.hasPrefix(prefix) { return lines }
                continue
            }
            let more = output.fileHandleForReading.availableData
            if more.isEmpty { return nil }
            buffer.append(more)
        }
    }

    func analyse(_ positions: [Position]) -> [Result<EngineVerdict, EngineProblem>] {
        positions.map { p in
            guard let verdict = search(p) else {
                return .failure(EngineProblem(code: ClientCode.engineFailed, message: "no result for \(p.fen())"))
            }
            return .success(verdict)
        }
    }

    /// The last exact score and PV the search reported, with the PV's legal prefix.
    private func search(_ p: Position) -> EngineVerdict? {
        if p.isCheckmate { return EngineVerdict(score: .mate(0), wdl: nil, lines: [], depth: 0, nodes: 0, engine: "Stockfish", profile: "example") }
        if p.isStalemate { return EngineVerdict(score: .centipawns(0), wdl: nil, lines: [], depth: 0, nodes: 0, engine: "Stockfish", profile: "example") }
        send("ucinewgame\nposition fen \(p.fen())\ngo nodes \(nodes)")
        guard let lines = read(until: "bestmove") else { return nil }
        var found: (score: Score, depth: Int, pv: [String])?
        for line in lines where line.hasPrefix("info ") && !line.contains("bound") {
            let words = line.split(separator: " ").map(String.init)
            guard let s = words.firstIndex(of: "score"), s + 2 < words.count, let value = Int(words[s + 2]),
                  let pvAt = words.firstIndex(of: "pv"), let d = words.firstIndex(of: "depth"), d + 1 < words.count,
                  let depth = Int(words[d + 1]) else { continue }
            found = (words[s + 1] == "mate" ? .mate(value) : .centipawns(value), depth, Array(words[(pvAt + 1)...]))
        }
        guard let found else { return nil }
        var q = p
        var pv: [String] = []
        var firstSAN = ""
        for text in found.pv {
            guard let m = try? q.move(uci: text) else { break }
            if pv.isEmpty { firstSAN = q.san(m) }
            pv.append(m.uci)
            q.playUnchecked(m)
        }
        guard let first = pv.first else { return nil }
        let line = EngineLine(uci: first, san: firstSAN, score: found.score, pv: pv, depth: found.depth)
        return EngineVerdict(score: found.score, wdl: nil, lines: [line], depth: found.depth, nodes: nodes, engine: "Stockfish", profile: "example")
    }
}
