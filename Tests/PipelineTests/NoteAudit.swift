// NoteAudit: what must hold of a built bundle's move_note table, read back from the file the app gets.
import BundleStore
import ChessCore
import Foundation
import GRDB

@testable import Explainer

/// Reads `openings.sqlite` and checks its notes: every legal move of a curriculum position has one, every other
/// position its top three and its list moves; each note, read back as a ``Note``, passes `Note.problems()`; no filler,
/// no spoiler phrase, no claim word without a claim; no position lists a move twice among its ranked lines. Also
/// measures the most common sentence's share.
struct NoteAudit {
    var findings: [String] = []
    var notes = 0
    var curriculumPositions = 0
    /// Notes of moves that leave the course (at curriculum positions), and those of them with a plan text.
    var leavingNotes = 0
    var planNotes = 0
    var otherPositions = 0
    var byVerdict: [String: Int] = [:]
    var sentences = 0
    var topSentence = ""
    var topSentenceCount = 0
    var topSentenceShare: Double { sentences == 0 ? 0 : Double(topSentenceCount) / Double(sentences) }

    static func run(_ path: String) throws -> NoteAudit {
        var audit = NoteAudit()
        let queue = try DatabaseQueue(path: path, configuration: { var c = Configuration(); c.readonly = true; return c }())
        try queue.read { db in
            let positions = try Row.fetchAll(db, sql: "SELECT id, fen, in_curriculum, name FROM position ORDER BY id")
            var listMoves: [Int64: Set<String>] = [:]
            for r in try Row.fetchAll(db, sql: "SELECT from_position_id, uci FROM move") {
                listMoves[r["from_position_id"], default: []].insert(r["uci"])
            }
            var courseMoves: [Int64: Set<String>] = [:]
            for r in try Row.fetchAll(db, sql: "SELECT from_position_id, uci FROM move WHERE in_curriculum") {
                courseMoves[r["from_position_id"], default: []].insert(r["uci"])
            }
            var leaving: [Int64: Set<String>] = [:]
            var noted: [Int64: Set<String>] = [:]
            var counts: [String: Int] = [:]
            var fenOf: [Int64: String] = [:]
            var named: Set<Int64> = []
            for p in positions {
                fenOf[p["id"]] = p["fen"]
                if (p["name"] as String?) != nil { named.insert(p["id"]) }
            }
            for r in try Row.fetchAll(db, sql: "SELECT * FROM move_note") {
                audit.notes += 1
                let id: Int64 = r["position_id"]
                noted[id, default: []].insert(r["uci"])
                if r["leaves_course"] as Bool {
                    leaving[id, default: []].insert(r["uci"])
                    // A named position's moves reach a named position (its own name at least, inherited).
                    if (r["leaves_name"] as String?) == nil, named.contains(id) { audit.findings.append("\(fenOf[id] ?? "") \(r["uci"] as String): leaves the course without a name") }
                } else if r["leaves_name"] as String? != nil || r["plan_text"] as String? != nil {
                    audit.findings.append("\(fenOf[id] ?? "") \(r["uci"] as String): a name or plan for a move that stays on the course")
                }
                audit.byVerdict[r["verdict"], default: 0] += 1
                if (r["plan_text"] as String?) != nil { audit.planNotes += 1 }
                let text: String = r["text"]
                for s in SentenceWriter.sentences(text) {
                    counts[s, default: 0] += 1
                    audit.sentences += 1
                }
                audit.findings += Self.check(row: r, fen: fenOf[id] ?? "")
            }
            if let top = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }) {
                audit.topSentence = top.key
                audit.topSentenceCount = top.value
            }
            for p in positions {
                let id: Int64 = p["id"]
                let fen: String = p["fen"]
                guard let position = try? Position(fen: fen) else {
                    audit.findings.append("position \(id): unreadable FEN \(fen)")
                    continue
                }
                let legal = Set(position.legalMoves.map(\.uci))
                let have = noted[id] ?? []
                if p["in_curriculum"] {
                    audit.curriculumPositions += 1
                    if have != legal { audit.findings.append("\(fen): notes for \(have.count) of \(legal.count) legal moves, missing \(legal.subtracting(have).sorted())") }
                    // Exactly the moves the course does not play leave it.
                    let expected = have.subtracting(courseMoves[id] ?? [])
                    if (leaving[id] ?? []) != expected { audit.findings.append("\(fen): leaving moves \((leaving[id] ?? []).sorted()), expected \(expected.sorted())") }
                    audit.leavingNotes += expected.count
                } else {
                    audit.otherPositions += 1
                    if !(leaving[id] ?? []).isEmpty { audit.findings.append("\(fen): a move leaves the course at a position outside it") }
                    if have.count < min(3, legal.count) { audit.findings.append("\(fen): \(have.count) notes, fewer than the top three") }
                    let missing = (listMoves[id] ?? []).subtracting(have)
                    if !missing.isEmpty { audit.findings.append("\(fen): no note for the list's moves \(missing.sorted())") }
                }
            }
            for r in try Row.fetchAll(db, sql: "SELECT position_id, uci, count(*) AS n FROM analysis_line GROUP BY position_id, uci HAVING n > 1") {
                audit.findings.append("position \(r["position_id"] as Int64): \(r["uci"] as String) listed \(r["n"] as Int) times among its ranked lines")
            }
        }
        return audit
    }

    /// One row read back as the explainer's ``Note`` (the claim apart: its motif is not stored) and its problems.
    static func check(row r: Row, fen: String) -> [String] {
        let uci: String = r["uci"], text: String = r["text"]
        let where_ = "\(fen) \(r["san"] as String)"
        guard let before = try? Position(fen: fen) else { return ["\(where_): unreadable position"] }
        func score(_ cp: String, _ mate: String) -> Score? {
            if let c: Int = r[cp] { return .centipawns(c) }
            if let m: Int = r[mate] { return .mate(m) }
            return nil
        }
        guard let verdict = MoveVerdict(rawValue: r["verdict"]), let played = score("score_cp", "score_mate"), let best = score("best_cp", "best_mate") else {
            return ["\(where_): no verdict or scores"]
        }
        func line(_ u: String, _ s: String) -> NoteLine? {
            guard let us: String = r[u], let ss: String = r[s] else { return nil }
            return NoteLine(uci: us.split(separator: " ").map(String.init), san: ss.split(separator: " ").map(String.init), score: nil, text: "", arrows: [])
        }
        let betterUCI: String? = r["better_uci"]
        // The centipawn loss is not stored: it follows from the two stored scores, as CoachBundle reads it back.
        let grade = MoveGrade(verdict: verdict, best: best, played: played, drop: r["loss"],
                              centipawnLoss: best.centipawns(minus: played).map { max(0, $0) }, rank: nil,
                              better: betterUCI ?? (verdict == .best ? uci : ""))
        var note = Note(uci: uci, san: r["san"], fenBefore: fen, mover: before.turn, grade: grade, text: text, motifs: [], claim: nil, arrows: [])
        note.refutation = line("refutation_uci", "refutation_san")
        note.better = line("better_uci", "better_san")
        note.answer = line("answer_uci", "answer_san")
        if r["leaves_course"] as Bool { note.leaves = CourseExit(name: r["leaves_name"], plan: r["plan_text"]) }
        var out = note.problems().map { "\(where_): \($0)" }
        for phrase in fillerPhrases + spoilerPhrases where text.contains(phrase) { out.append("\(where_): \"\(phrase)\" in \(text)") }
        let claimKind: String? = r["claim_kind"]
        // A mate in one the mover would have next is a fact of the board (`threatens-mate`), not an engine claim.
        let claimed = text.replacingOccurrences(of: #"threatens mate with \S+"#, with: "", options: .regularExpression)
        if claimKind == nil, let w = claimWords.first(where: { claimed.contains($0) }) { out.append("\(where_): \"\(w)\" without a claim: \(text)") }
        for s in SentenceWriter.sentences(text) {
            if s.range(of: #"^\S+ (takes|captures|recaptures|takes back|trades \w+s|gives the \w+ for the \w+)( the \w+)? on [a-h][1-8](, a trade)?\.$"#,
                       options: .regularExpression) != nil {
                out.append("\(where_): bare capture sentence \(s)")
            }
        }
        return out
    }
}
