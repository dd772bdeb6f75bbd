// CachedResultCheck: a result — the engine's answer, a cached row, a store row — is used only if it is true of its position and profile.
import ChessCore

extension Analysis {
    /// Why this result cannot be the analysis of `position` by `engine` under `profile`, or nil when
    /// it can: every move legal where it is played, SAN matching the move, a terminal state only
    /// where the game is over, the engine and profile it names, the profile's node budget searched
    /// (`nodesProblem`), and every line's score true of its PV and of its WDL (`AnalysisLine.scoreProblem`).
    /// An engine can be broken or an impostor, a cache file or a store row edited, copied from another
    /// tool or corrupted: the engine's answer that fails here is never stored, a stored one is re-analysed,
    /// never served. One check for all three, so a rule added here holds everywhere.
    ///
    /// ```swift
    /// if let reason = cached.problem(in: position, engine: "Stockfish 15.1", profile: profile) { … re-analyse … }
    /// ```
    public func problem(in position: Position, engine: String, profile: AnalysisProfile) -> String? {
        if self.engine != engine { return "it names the engine \"\(self.engine)\", not \"\(engine)\"" }
        if self.profile != profile { return "it names the profile \(self.profile.key), not \(profile.key)" }
        // Scores and WDL are range-checked as they decode (`Score.checked`); the counts here.
        if depth < 0 || nodes < 0 || lines.contains(where: { $0.depth < 0 }) { return "a negative depth or node count" }
        if let terminal {
            let actual: TerminalState? = position.isCheckmate ? .checkmate : position.isStalemate ? .stalemate : nil
            guard actual == terminal else { return "it says \(terminal.rawValue) but the position is not" }
            return bestMove == nil && lines.isEmpty ? nil : "a \(terminal.rawValue) result with moves"
        }
        if position.isCheckmate || position.isStalemate { return "the position is over but the result has no terminal state" }
        guard let best = bestMove else { return "no best move in a position with legal moves" }
        guard let move = try? position.move(uci: best) else { return "best move \"\(best)\" is not legal here" }
        if let san = bestMoveSAN, san != position.san(move) { return "best move SAN \"\(san)\" does not match \(best)" }
        if lines.isEmpty { return "no line" }
        for (i, line) in lines.enumerated() {
            guard line.pv.first == line.uci, line.pv.count == line.sanPV.count else { return "line \(i + 1) is inconsistent" }
            var p = position
            for (uci, san) in zip(line.pv, line.sanPV) {
                guard let m = try? p.move(uci: uci) else { return "line \(i + 1): \"\(uci)\" is not legal in \(p.fen())" }
                guard p.san(m) == san else { return "line \(i + 1): SAN \"\(san)\" does not match \(uci)" }
                p.playUnchecked(m)  // legal: p.move(uci:) found it among the legal moves
            }
            if line.san != line.sanPV[0] { return "line \(i + 1): SAN \"\(line.san)\" does not match \(line.uci)" }
            if let reason = line.scoreProblem(in: position) { return "line \(i + 1): \(reason)" }
        }
        return nodesProblem(profile)
    }

    /// The depth of Stockfish's deepest iteration (its `MAX_PLY`, 246, less one): a search that reaches it ends
    /// before its node budget (a forced mate found at once). Any other search under `go nodes N` reports at least N.
    public static let deepestIteration = 245

    /// Why the search is not one of `profile`: fewer nodes than its budget without reaching the deepest iteration
    /// (a 2,000-node result served as a 120,000-node one).
    func nodesProblem(_ profile: AnalysisProfile) -> String? {
        guard nodes < profile.nodes, depth < Self.deepestIteration else { return nil }
        return "it searched \(nodes) nodes, fewer than the profile's \(profile.nodes), and stopped at depth \(depth)"
    }
}

extension AnalysisLine {
    /// Why this line's score cannot be true, or nil: a mate only where its PV can mate (no `mate 0` in a
    /// position with legal moves; a PV long enough to reach the mate ends in checkmate), and a WDL that agrees
    /// with the score — the side the score favours is not the side the WDL favours (`-16` edited to `2500`
    /// beside `w33/859/108`), a mate is a certain result, a score of two pawns or more is won more often than not.
    /// Every one of the 208,500 lines of the committed store keeps these rules (Stockfish 15.1's WDL at ply 0:
    /// `|W - L| ≤ 1` at 0, the winner's share ≥ 994 from 200 cp).
    public func scoreProblem(in position: Position) -> String? {
        switch score {
        case .mate(0):
            return "a mate in 0 (the side to move is mated) in a position with legal moves"
        case .mate(let n):
            let plies = n > 0 ? 2 * n - 1 : -2 * n
            if pv.count >= plies {
                var p = position
                for uci in pv.prefix(plies) {
                    guard let m = try? p.move(uci: uci) else { return "its PV is not legal" }
                    p.playUnchecked(m)
                }
                if !p.isCheckmate { return "a mate in \(n) whose PV of \(pv.count) moves does not mate in \(plies) plies" }
            }
            if let wdl, (n > 0 ? wdl.win : wdl.loss) != 1000 {
                return "a mate in \(n) with the WDL \(wdl.win)/\(wdl.draw)/\(wdl.loss), which is not a certain \(n > 0 ? "win" : "loss")"
            }
        case .centipawns(let cp):
            guard let wdl else { return nil }
            let shown = "the score \(cp) cp with the WDL \(wdl.win)/\(wdl.draw)/\(wdl.loss)"
            if cp > 0 && wdl.win < wdl.loss || cp < 0 && wdl.loss < wdl.win {
                return "\(shown): the score and the WDL favour different sides"
            }
            if cp == 0 && abs(wdl.win - wdl.loss) > Self.evenWDLRounding { return "\(shown): an even score with an uneven WDL" }
            if abs(cp) >= Self.decisiveScore, (cp > 0 ? wdl.win : wdl.loss) < 500 {
                return "\(shown): a score of \(Self.decisiveScore) cp or more that wins less than half the games"
            }
        }
        return nil
    }

    /// How far apart W and L of an even (0 cp) score may be: the engine rounds its internal score to the centipawn.
    static let evenWDLRounding = 1
    /// From this score (two pawns) the favoured side wins more often than not.
    static let decisiveScore = 200
}
