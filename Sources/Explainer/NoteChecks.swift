// NoteChecks: what must hold of every note, whoever wrote it (the build, an app, forge explain): checked, not trusted.
import ChessCore

extension Note {
    /// Why this note cannot be true of its position, or an empty list: the move legal with its SAN; the verdict the
    /// one `thresholds` gives its scores; a refutation exactly for an inaccuracy or worse, a better move exactly
    /// where `rules.namesBetter` (an inaccuracy or worse, or a good move whose drop reaches the lesson threshold); every
    /// line legal where it is played; a refutation scored as the move's own score seen from the other side (when
    /// the move's score came from the search after it); the answer never named in the text; a claim only with its
    /// evidence.
    ///
    /// ```swift
    /// #expect(note.problems().isEmpty)
    /// ```
    public func problems(thresholds: VerdictThresholds = .standard, rules: ExplainerRules = .standard) -> [String] {
        var out: [String] = []
        guard let before = try? Position(fen: fenBefore) else { return ["the FEN before the move is not a legal position: \(fenBefore)"] }
        guard let move = try? before.move(uci: uci) else { return ["\(uci) is not legal in \(fenBefore)"] }
        if before.san(move) != san { out.append("SAN \(san) does not match \(uci)") }
        let after = before.playingUnchecked(move)
        if let g = grade {
            let expected = uci == g.better ? MoveVerdict.best : thresholds.verdict(best: g.best, played: g.played)
            if g.verdict != expected { out.append("verdict \(g.verdict.rawValue), the table gives \(expected.rawValue) for \(g.best.text) against \(g.played.text)") }
        }
        let wrong = (verdict ?? .best) >= .inaccuracy
        if wrong != (refutation != nil) && !after.legalMoves.isEmpty {
            out.append(wrong ? "an \(verdict?.rawValue ?? "") without a refutation" : "a refutation for a \(verdict?.rawValue ?? "ungraded") move")
        }
        let namesBetter = grade.map(rules.namesBetter) ?? false
        if namesBetter != (better != nil) {
            out.append(namesBetter ? "a \(verdict?.rawValue ?? "") move dropping \(grade?.drop ?? 0) without a better move"
                                   : "a better move for a \(verdict?.rawValue ?? "ungraded") move dropping \(grade?.drop ?? 0)")
        }
        if let b = better, b.uci.first != grade?.better { out.append("better move \(b.uci.first ?? "-") is not the engine's best \(grade?.better ?? "-")") }
        for (name, line, from) in [("better", better, before), ("refutation", refutation, after), ("answer", answer, after), ("threat", threat, BoardFacts.passing(after))] {
            guard let line else { continue }
            guard let from else { out.append("\(name): no position to play it from"); continue }
            if let problem = Self.illegal(line, from: from) { out.append("\(name): \(problem)") }
        }
        if let r = refutation, let g = grade, g.rank == nil, let s = r.score, s != g.played.negated {
            out.append("refutation scored \(s.text) for the reply, but the move's own score is \(g.played.text)")
        }
        // The better move may be written the same way as the answer (8...Nxe4 instead, 9.Nxe4 the answer): naming it is no spoiler.
        if let a = answer?.san.first, a != better?.san.first, Self.names(a, in: text, subject: san) { out.append("the text gives the answer \(a) away") }
        if let a = answer?.san.first, let plan = leaves?.plan, Self.names(a, in: plan, subject: "") { out.append("the plan gives the answer \(a) away") }
        if let c = claim, !motifs.contains(where: { $0.kind == c.kind && $0.evidence == c.evidence }) {
            out.append("claim \(c.kind.rawValue) stands on no motif with its evidence")
        }
        return out
    }

    static func illegal(_ line: NoteLine, from start: Position) -> String? {
        if line.uci.count != line.san.count { return "\(line.uci.count) UCI moves but \(line.san.count) SAN" }
        var p = start
        for (u, s) in zip(line.uci, line.san) {
            guard let m = try? p.move(uci: u) else { return "\(u) is not legal in \(p.fen())" }
            if p.san(m) != s { return "SAN \(s) does not match \(u)" }
            p.playUnchecked(m)
        }
        return nil
    }

    /// Whether `text` names the move `answer` other than as its own subject, at the start of any of its sentences (a
    /// mistake's verdict comes first, the move's own sentence after it; a pawn push's SAN is also a square name:
    /// "controls d5" does not give d5 away).
    static func names(_ answer: String, in text: String, subject: String) -> Bool {
        if Square(answer) != nil { return false }
        return SentenceWriter.sentences(text).contains { sentence in
            var words = sentence.split(whereSeparator: { " ,.:;()".contains($0) }).map(String.init)
            if let i = words.firstIndex(of: subject), i <= 3 { words.remove(at: i) }
            return words.contains(answer)
        }
    }
}
