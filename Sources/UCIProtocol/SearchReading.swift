// SearchReading: one search's `info` lines read into its outcome (the last finished iteration) and its checked lines.
import ChessCore

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

/// The `info` lines of one search, read as they arrive; ``outcome(bestMove:)`` at its `bestmove`. UCIEngine's
/// session and CoachBundle's byte-stream engine both read a search with it, so both keep the same lines.
public struct SearchReading: Sendable {
    private var byIndex: [Int: UCIInfo] = [:]
    // Exact, non-empty lines by depth and MultiPV index: the last finished iteration is read from these.
    private var exactByDepth: [Int: [Int: UCIInfo]] = [:]
    // The deepest depth reported so far. When a node limit stops an iteration, Stockfish re-reports the
    // MultiPV slots it had not searched yet at the previous depth, with the move now in that slot (the
    // interrupted iteration re-sorted them) and the score that slot held: such a line is not the finished
    // iteration's, and letting it overwrite that iteration listed one move twice (e5, e5, Nd2 after
    // 1.e4 c6 2.d4 d5, Nc3 lost). Only reports at the deepest depth seen so far count.
    private var deepest = 0
    private var nodes = 0
    private var milliseconds = 0

    public init() {}

    /// Reads one `info` line of the search.
    public mutating func read(_ line: UCIInfo) {
        var info = line
        if let n = info.nodes { nodes = max(nodes, n) }
        if let t = info.timeMilliseconds { milliseconds = max(milliseconds, t) }
        // Speed and time vary from run to run; results must not.
        info.nps = nil
        info.timeMilliseconds = nil
        guard let score = info.score else { return }
        byIndex[info.multiPV ?? 1] = info
        if let depth = info.depth, depth >= deepest {
            deepest = depth
            if score.bound == .exact, !info.pv.isEmpty {
                exactByDepth[depth, default: [:]][info.multiPV ?? 1] = info
            }
        }
    }

    /// The search's outcome once `bestmove` (`move`, nil for `(none)`) arrived.
    public func outcome(bestMove move: String?) -> SearchOutcome {
        let lines = byIndex.keys.sorted().compactMap { byIndex[$0] }
        var outcome = SearchOutcome(bestMove: move, lines: lines, nodes: nodes, engineMilliseconds: milliseconds)
        // Finished: every slot reported exactly at that depth, each with its own move.
        let finished = exactByDepth.filter { d in
            d.value.count == byIndex.count && Set(d.value.values.compactMap(\.pv.first)).count == d.value.count
        }.keys.max()
        if let depth = finished, let iteration = exactByDepth[depth] {
            outcome.completedLines = iteration.keys.sorted().compactMap { iteration[$0] }
        }
        return outcome
    }
}

/// A line of a search with its moves checked against the position: the legal prefix of its PV, with SAN.
public struct CheckedLine: Hashable, Sendable {
    public var uci: String
    public var san: String
    public var score: Score
    public var bound: ScoreBound
    public var wdl: WDL?
    public var depth: Int
    public var pv: [String]
    public var sanPV: [String]
}

extension SearchOutcome {
    /// The lines to keep, best first (equal scores keep the engine's MultiPV order): the last finished iteration
    /// (one depth, exact scores, full PVs; the raw last reports mix the interrupted iteration's bounds, often with a
    /// 1-2 ply PV, with the previous depth's lines), or the last reports when no iteration finished. Each PV is cut
    /// at its first illegal move (the rest is noise); a line with no legal first move is left out.
    public func checkedLines(in p: Position) -> [CheckedLine] {
        var lines: [CheckedLine] = []
        for info in completedLines.isEmpty ? self.lines : completedLines {
            guard let score = info.score, !info.pv.isEmpty else { continue }
            var q = p
            var pv: [String] = []
            var sanPV: [String] = []
            for text in info.pv {
                guard let m = try? q.move(uci: text) else { break }
                pv.append(m.uci)
                sanPV.append(q.san(m))
                q.playUnchecked(m)
            }
            guard let first = pv.first else { continue }
            lines.append(CheckedLine(uci: first, san: sanPV[0], score: score.value, bound: score.bound, wdl: info.wdl,
                                     depth: info.depth ?? 0, pv: pv, sanPV: sanPV))
        }
        return lines.enumerated().sorted { a, b in
            a.element.score != b.element.score ? a.element.score > b.element.score : a.offset < b.offset
        }.map(\.element)
    }
}
