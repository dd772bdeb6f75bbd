// CachedResultCheck: a stored result is used only if it is still true of its position (legal moves, matching SAN, right state).
import ChessCore

extension Analysis {
    /// Why this result cannot be the analysis of `position` by `engine` under `profile`, or nil when
    /// it can: every move legal where it is played, SAN matching the move, a terminal state only
    /// where the game is over, the engine and profile it names. A cache file can be edited, copied
    /// from another tool or corrupted; what fails here is re-analysed, never served.
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
        }
        return nil
    }
}
