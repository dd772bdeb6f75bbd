// EngineAnswer: an engine's search turned into an Analysis only when it is true of the position and the profile.
import ChessCore

/// Why an engine's answer is refused: an illegal or missing move, no scored line, or a result that cannot be true.
public struct EngineAnswerRefused: Error, Hashable, Sendable {
    public var reason: String

    public init(_ reason: String) { self.reason = reason }
}

extension Analysis {
    /// The result `o` stands for in `p`: the search's moves checked against the position, its lines of the last
    /// finished iteration best first, and the whole checked as a stored result is (`problem(in:engine:profile:)`).
    /// Throws when the best move is missing or illegal, a PV move is illegal, no line has a score, or the result
    /// fails `Analysis.problem(in:engine:profile:)` (the check every stored result passes).
    public init(answer o: SearchOutcome, position p: Position, engine: String, profile: AnalysisProfile) throws(EngineAnswerRefused) {
        guard let best = o.bestMove else { throw EngineAnswerRefused("bestmove (none) in a position with legal moves: \(p.fen())") }
        let bestMove: Move
        do throws(UCIMoveError) {
            bestMove = try p.move(uci: best)
        } catch {
            throw EngineAnswerRefused("best move \(error.description)")
        }
        var lines: [AnalysisLine] = []
        // The last finished iteration: one depth, exact scores, full PVs. The raw last reports mix the
        // interrupted iteration's bounds (often a 1-2 ply PV) with the previous depth's lines.
        for info in o.completedLines.isEmpty ? o.lines : o.completedLines {
            guard let score = info.score, !info.pv.isEmpty else { continue }
            var q = p
            var pv: [String] = []
            var sanPV: [String] = []
            for text in info.pv {
                guard let m = try? q.move(uci: text) else {
                    throw EngineAnswerRefused("the PV move \(text) is not legal in \(q.fen()) (a PV of \(p.fen()))")
                }
                pv.append(m.uci)
                sanPV.append(q.san(m))
                q.playUnchecked(m)
            }
            guard let first = pv.first else { continue }
            lines.append(AnalysisLine(uci: first, san: sanPV[0], score: score.value, bound: score.bound, wdl: info.wdl,
                                      depth: info.depth ?? 0, pv: pv, sanPV: sanPV))
        }
        // Best first, as an app shows them; equal scores keep the engine's MultiPV order.
        lines = lines.enumerated().sorted { a, b in
            a.element.score != b.element.score ? a.element.score > b.element.score : a.offset < b.offset
        }.map(\.element)
        guard let top = lines.first else {
            throw EngineAnswerRefused("no scored line with a legal move for \(p.fen())")
        }
        let a = Analysis(bestMove: bestMove.uci, bestMoveSAN: p.san(bestMove), score: top.score,
                         whiteScore: p.turn == .white ? top.score : top.score.negated, wdl: top.wdl, terminal: nil,
                         lines: lines, depth: top.depth, nodes: o.nodes, engine: engine, profile: profile)
        // The answer is checked as a stored one is, before it is cached or used: an engine that breaks chess or the
        // profile (`mate 0` with legal moves, a 2,000-node search for a 120,000-node profile) poisons nothing.
        if let reason = a.problem(in: p, engine: engine, profile: profile) {
            throw EngineAnswerRefused("the engine's answer for \(p.fen()) cannot be true: \(reason)")
        }
        self = a
    }
}
