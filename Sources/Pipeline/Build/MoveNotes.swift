// MoveNotes: the explainer's note on every move the app can meet, for `move_note`, at a small, fixed number of searches.
import BundleStore
import ChessCore
import Diagnostics
import Foundation
import Openings
import UCIEngine

extension AnalysisProfile {
    /// The node budget of the notes' search of a curriculum position: one search with MultiPV over every legal move
    /// (docs/coach-notes.md has the measurement: about 0.5 s a position on a free core, depth 8–9 for every move).
    public static let notesNodes = 100_000
    /// MultiPV of that search: at least the number of legal moves of any position (218), so every move is scored.
    public static let notesMultiPV = 256

    /// The profile of the notes' searches: `defaultProfile`'s hash, every legal move, the notes' node budget.
    public static func notes(like defaultProfile: AnalysisProfile) -> AnalysisProfile {
        AnalysisProfile(nodes: notesNodes, multiPV: notesMultiPV, hashMegabytes: defaultProfile.hashMegabytes)
    }
}

/// The notes of a bundle and what they cost.
struct MoveNotes {
    var records: [MoveNoteRecord] = []
    /// Notes at curriculum positions and at the name list's other positions.
    var curriculumNotes = 0
    var otherNotes = 0
    /// Distinct positions the notes asked the engine for: the every-move searches and the passing positions.
    var allMoveSearches = 0
    var passingSearches = 0
    /// Children searched because their line in the every-move search had no reply.
    var childSearches = 0
    /// Children searched to confirm a verdict of inaccuracy or worse read from a shallow line (`VerdictConfirmation`).
    var confirmingSearches = 0
    /// Moves the engine gave no result for (no verdict, so no row), and notes that fail their own checks (no row).
    var diagnostics: [Diagnostic] = []

    /// Which moves get a note at each position of `table`, for whom, and from which searches (docs/coach-notes.md):
    /// - a curriculum position: every legal move, from one every-move search of the position (`allMoves`) and one
    ///   search of the position with the move passed (`oracle`, the build's profile); the learner is the side of the
    ///   course whose line reached the position first;
    /// - another position of the name list's tree: the engine's top moves (its `verdicts` row, at least three) and every
    ///   move the list plays from there; the mover is the opponent (the note names its answer apart from the text).
    /// Children that are positions of the table use their own search. Every note is checked (`Note.problems`); one that
    /// fails is left out and reported.
    /// `childEngine` searches the short lines' children (default: `oracle`); a shard passes its unfiltered engine, so that
    /// the shard holding a parent searches its children whatever their own shard (`Build.askEverything`).
    static func build(table: NameTable, tree: OpeningTree, sources: [OpeningSource], verdicts: [EngineVerdict?],
                      oracle: any EngineOracle, allMoves: any EngineOracle, childEngine: (any EngineOracle)? = nil) -> MoveNotes {
        var out = MoveNotes()
        let curriculum = tree.nodes.count
        let learners = Self.learners(tree: tree, sources: sources)
        let plans = Self.plans(tree: tree)
        var nodeOf: [PositionIdentity: Int] = [:]
        for n in table.nodes where nodeOf[n.position.identity] == nil { nodeOf[n.position.identity] = n.id }
        var known: [PositionIdentity: EngineVerdict] = [:]
        for (n, v) in zip(table.nodes, verdicts) { if let v { known[n.position.identity] = v } }
        var children: [Int: [Move]] = [:]
        for e in table.edges { children[e.from, default: []].append(e.move) }

        let parents = table.nodes.prefix(curriculum).map(\.position)
        let full = allMoves.analyse(parents)
        out.allMoveSearches = parents.count
        let passes = parents.compactMap { ParentLinesOracle.passing($0) }
        var passing: [Position: EngineVerdict] = [:]
        for (p, r) in zip(passes, oracle.analyse(passes)) { if case .success(let v) = r { passing[p] = v } }
        out.passingSearches = passes.count
        // A move whose line stops at the move itself (in the every-move search, or among the top three elsewhere) has no
        // refutation to read: its child gets a search of its own (the build's profile), unless it is a table position.
        var short: [Position] = []
        let elsewhere = table.nodes.dropFirst(curriculum).compactMap { n in known[n.position.identity].map { (n.position, Array($0.lines.prefix(3))) } }
        let searchedParents = zip(parents, full).compactMap { p, r in (try? r.get()).map { (p, $0) } }
        let everyMove = searchedParents.map { ($0.0, $0.1.lines) }
        for (p, lines) in everyMove + elsewhere {
            for l in lines where l.pv.count < 2 {
                guard let m = try? p.move(uci: l.uci) else { continue }
                let c = p.playingUnchecked(m)
                if known[c.identity] == nil, !c.legalMoves.isEmpty { short.append(c) }
            }
        }
        // A verdict of inaccuracy or worse read from a shallow line that loses no material is confirmed by searches of the position after the
        // move and after the best move (VerdictConfirmation, the explainer's rule), unless they are table positions.
        var confirming: [Position] = []
        var asked = Set(short.map(\.identity))
        for (p, v) in searchedParents {
            for l in v.lines {
                guard let m = try? p.move(uci: l.uci), let b = VerdictConfirmation.bestChild(of: m, in: p, before: v, after: nil, thresholds: .standard)
                else { continue }
                for c in [p.playingUnchecked(m), b] where known[c.identity] == nil && !c.legalMoves.isEmpty && asked.insert(c.identity).inserted {
                    confirming.append(c)
                }
            }
        }
        let extra = short + confirming
        for (c, r) in zip(extra, (childEngine ?? oracle).analyse(extra)) { if case .success(let v) = r { known[c.identity] = v } }
        out.childSearches = short.count
        out.confirmingSearches = confirming.count

        for (i, node) in table.nodes.enumerated() {
            let p = node.position
            let parent: EngineVerdict?
            let moves: [Move]
            let learner: PieceColor
            if i < curriculum {
                switch full[i] {
                case .success(let v): parent = v
                case .failure(let f):
                    out.diagnostics.append(Diagnostic(BuildCode.noAnalysis, "no notes for \(p.fen()): \(f.message)"))
                    parent = nil
                }
                moves = p.legalMoves
                learner = learners[node.id] ?? p.turn
            } else {
                parent = known[p.identity]
                let top = (parent?.lines ?? []).prefix(3).compactMap { try? p.move(uci: $0.uci) }
                moves = top + (children[node.id] ?? []).filter { !top.contains($0) }
                learner = p.turn.opposite
            }
            guard let parent else { continue }
            var searched: [Position: EngineVerdict] = [:]
            for m in moves {
                let c = p.playingUnchecked(m)
                if let v = known[c.identity] { searched[c] = v }
            }
            let pass = ParentLinesOracle.passing(p).flatMap { passing[$0] }
            let explainer = Explainer(engine: ParentLinesOracle(parent: p, verdict: parent, passing: pass, searched: searched))
            for m in moves {
                var course: CourseContext?
                if i < curriculum {
                    // The name of the position reached: the list's (a table position, by identity: transpositions too),
                    // else this position's own, inherited.
                    let reached = nodeOf[p.playingUnchecked(m).identity].flatMap { table.nodes[$0 - 1].name } ?? node.name
                    course = plans[node.id] ?? CourseContext(moves: [])
                    course?.reachedName = reached?.opening.name
                }
                let (note, _) = explainer.explain(m, in: p, learner: learner, course: course)
                let problems = note.problems()
                guard problems.isEmpty, let record = Self.record(note, positionID: Int64(node.id), key: p.zobristKey) else {
                    let why = problems.isEmpty ? (note.grade == nil ? "no grade" : "no text") : problems.joined(separator: "; ") + " in \"\(note.text)\""
                    out.diagnostics.append(Diagnostic(AnnotatorCode.noteFailsChecks, "\(p.fen()) \(note.san): \(why)"))
                    continue
                }
                out.records.append(record)
                if i < curriculum { out.curriculumNotes += 1 } else { out.otherNotes += 1 }
            }
        }
        return out
    }

    /// The learner at each curriculum node (by node id): the side of the course of the first line that reaches it.
    static func learners(tree: OpeningTree, sources: [OpeningSource]) -> [Int: PieceColor] {
        var out: [Int: PieceColor] = [:]
        for line in tree.lines {
            let side = sources[line.source].learner ?? .white
            for e in line.edges {
                let edge = tree.edges[e - 1]
                if out[edge.from] == nil { out[edge.from] = side }
                if out[edge.to] == nil { out[edge.to] = side }
            }
        }
        return out
    }

    /// What the course plays at each curriculum node (by node id): every move its lines play there, and the first
    /// line's move with the move it answers that with (the plan a move off the lines may change).
    /// The explainer's context without the reached position's name, which depends on the move.
    static func plans(tree: OpeningTree) -> [Int: CourseContext] {
        var out: [Int: CourseContext] = [:]
        for e in tree.edges { out[e.from, default: CourseContext(moves: [])].moves.insert(e.move.uci) }
        for line in tree.lines {
            for (k, id) in line.edges.enumerated() {
                let edge = tree.edges[id - 1]
                guard out[edge.from]?.expected == nil else { continue }
                out[edge.from]?.expected = edge.move.uci
                out[edge.from]?.plannedAnswer = k + 1 < line.edges.count ? tree.edges[line.edges[k + 1] - 1].move.uci : nil
            }
        }
        return out
    }

    /// The row of a note; nil when it has no grade (the engine gave no line for the move) or no text.
    static func record(_ n: Note, positionID: Int64, key: UInt64) -> MoveNoteRecord? {
        guard let g = n.grade, !n.text.isEmpty else { return nil }
        let played = BundleContentBuilder.split(g.played)
        let best = BundleContentBuilder.split(g.best)
        let claim = n.claim.map { BundleContentBuilder.split($0.evidence.score) } ?? (nil, nil)
        func joined(_ a: [String]?) -> String? { a.flatMap { $0.isEmpty ? nil : $0.joined(separator: " ") } }
        func words(_ s: String?) -> String? { s.flatMap { $0.isEmpty ? nil : $0 } }
        return MoveNoteRecord(
            key: BundleKeys.moveKey(fromPolyglotKey: key, uci: n.uci), positionID: positionID, uci: n.uci, san: n.san,
            verdict: g.verdict.rawValue, loss: g.drop, scoreCP: played.0, scoreMate: played.1, bestCP: best.0, bestMate: best.1,
            text: n.text, claimKind: n.claim?.kind.rawValue, claimCP: claim.0, claimMate: claim.1,
            arrows: n.arrows.isEmpty ? nil : n.arrows.map(\.text).joined(separator: ","),
            threatUCI: n.threat?.uci.first,
            refutationUCI: joined(n.refutation?.uci), refutationSAN: joined(n.refutation?.san), refutationText: words(n.refutation?.text),
            betterUCI: n.better?.uci.first, betterSAN: n.better?.san.first, betterText: words(n.better?.text),
            answerUCI: n.answer?.uci.first, answerSAN: n.answer?.san.first, depth: n.depth ?? 0,
            leavesCourse: n.leaves != nil, leavesName: n.leaves?.name, planText: n.leaves?.plan)
    }
}

extension MoveNotes {
    /// At most `limit` diagnostics of one kind, then one that says how many more there were: a flood helps nobody.
    static func capped(_ all: [Diagnostic], limit: Int = 20) -> [Diagnostic] {
        guard all.count > limit, let first = all.first else { return all }
        return Array(all.prefix(limit)) + [Diagnostic(first.code, "and \(all.count - limit) more notes like these")]
    }
}
