// MoveNotes: the explainer's note on every move the app can meet, for `move_note`, at a small, fixed number of searches.
import BundleStore
import ChessCore
import Diagnostics
import Explainer
import Foundation
import Openings
import UCIEngine

extension AnalysisProfile {
    /// The node budget of the notes' search of a curriculum position: one search with MultiPV over every legal move
    /// (docs/coach-notes.md has the measurement: about 0.5 s a position on a free core, depth 8–9 for every move).
    public static let notesNodes = 100_000
    /// MultiPV of that search: at least the number of legal moves of any position (218), so every move is scored.
    public static let notesMultiPV = 256

    /// The share of the build's node budget a grading search of one move's child gets: a third (40,000 nodes at the
    /// default 120,000: depth 11–14; docs/coach-notes.md, "Graded from the position after the move"), so a build at a
    /// small budget (a test, a quick look) grades its notes at a small one too. A sixth (20,000 nodes) left verdicts two
    /// classes off in 3 of 200 notes read.
    public static let gradingShare = 3
    /// The share of the build's budget the best move's child gets when searched again: all of it (120,000 nodes at the
    /// default, one line), three times the grading search ("The best move, searched deeper"): the move a note names as
    /// better stands on it.
    public static let bestMoveShare = 1

    /// `make validate-deep`'s node budget against the build's: five times (600,000 nodes at the default 120,000).
    public static let deepCheckFactor = 5

    /// The profile of `make validate-deep` (`forge validate --learner-moves-only --nodes N` with N five times the build's
    /// budget): `defaultProfile` with `deepCheckFactor` times its nodes. Its results are in the engine store.
    public static func deepCheck(like defaultProfile: AnalysisProfile) -> AnalysisProfile {
        var p = defaultProfile
        p.nodes = defaultProfile.nodes * deepCheckFactor
        return p
    }

    /// The profile of the best move's search again: `defaultProfile`'s hash and node budget, one line.
    public static func bestMove(like defaultProfile: AnalysisProfile) -> AnalysisProfile {
        AnalysisProfile(nodes: max(1, defaultProfile.nodes / bestMoveShare), multiPV: 1, hashMegabytes: defaultProfile.hashMegabytes)
    }

    /// The profile of the searches that grade a note's move: `defaultProfile`'s hash, one line, a third of its budget.
    public static func grading(like defaultProfile: AnalysisProfile) -> AnalysisProfile {
        AnalysisProfile(nodes: max(1, defaultProfile.nodes / gradingShare), multiPV: 1, hashMegabytes: defaultProfile.hashMegabytes)
    }

    /// The profile of the notes' searches: `defaultProfile`'s hash, every legal move, the notes' node budget.
    public static func notes(like defaultProfile: AnalysisProfile) -> AnalysisProfile {
        AnalysisProfile(nodes: notesNodes, multiPV: notesMultiPV, hashMegabytes: defaultProfile.hashMegabytes)
    }
}

/// The notes of a bundle and what they cost.
struct MoveNotes {
    var records: [MoveNoteRecord] = []
    /// Each noted position's lines as its notes grade them (`graded`: every noted move scored from its child's search,
    /// best first), by position: the bundle's ranked lines are these, so the move ranked first is the one its notes call
    /// best and rank 1 is never graded an inaccuracy (`ranked(_:table:)`).
    var graded: [PositionIdentity: EngineVerdict] = [:]
    /// Notes at curriculum positions and at the name list's other positions.
    var curriculumNotes = 0
    var otherNotes = 0
    /// Distinct positions the notes asked the engine for: the every-move searches and the passing positions.
    var allMoveSearches = 0
    var passingSearches = 0
    /// Children searched on their own to grade the move that reaches them (`AnalysisProfile.grading`).
    var childSearches = 0
    /// Children of the line ranked first searched again, deeper (`AnalysisProfile.bestMove`: the best move's score).
    var bestSearches = 0
    /// Moves the engine gave no result for (no verdict, so no row), and notes that fail their own checks (no row).
    var diagnostics: [Diagnostic] = []

    /// Which moves get a note at each position of `table`, for whom, and from which searches (docs/coach-notes.md):
    /// - a curriculum position: every legal move, from one every-move search of the position (`allMoves`) and one
    ///   search of the position with the move passed (`oracle`, the build's profile); the learner is the side of the
    ///   course whose line reached the position first;
    /// - another position of the name list's tree: the engine's top moves (its `verdicts` row, at least three) and every
    ///   move the list plays from there; the mover is the opponent (the note names its answer apart from the text).
    /// Every noted move at both kinds is graded from a search of its child (`gradingChildren`; a curriculum child uses
    /// its own search), the best move's child searched again deeper (`graded`). Every note is checked (`Note.problems`); one that
    /// fails is left out and reported.
    /// `childEngine` searches the children that grade the moves (the grading profile; default: `oracle`); a shard passes an
    /// unfiltered engine, so that the shard holding a parent searches its children whatever their own shard
    /// (`Build.askEverything`). `confirmEngine` (the best move's profile; default: `oracle`) searches the best moves'
    /// children again; a shard passes an unfiltered engine for the same reason. `listChildEngine` and `listConfirmEngine`
    /// (defaults: those two) do the same for the name list's other positions at fixed profiles (`Build.nameListGradingEngine`):
    /// their searches are then the same in every build, whatever its node budget, and the store forge ships answers them.
    /// A child the curriculum's moves already graded is not asked again.
    static func build(table: NameTable, tree: OpeningTree, sources: [OpeningSource], verdicts: [EngineVerdict?],
                      oracle: any EngineOracle, allMoves: any EngineOracle, childEngine: (any EngineOracle)? = nil,
                      confirmEngine: (any EngineOracle)? = nil, listChildEngine: (any EngineOracle)? = nil,
                      listConfirmEngine: (any EngineOracle)? = nil, options: AnnotationOptions = AnnotationOptions(),
                      memo: NoteMemo? = nil, searchKey: String? = nil) -> MoveNotes {
        var out = MoveNotes()
        // One policy for the build and an app's explainer: the options' (`AnnotationOptions.confirmation`).
        let policy = options.confirmation
        let noted = NotedPositions(table: table, tree: tree, sources: sources, verdicts: verdicts)
        let curriculum = noted.curriculum
        let known = noted.known
        // Every engine through one counter of failed searches: the searches are kept for the next build only when
        // every one succeeded (NoteMemo).
        let failed = FailureCount()
        let oracle = CountingOracle(oracle, failed), allMoves = CountingOracle(allMoves, failed)
        let childEngine = childEngine.map { CountingOracle($0, failed) }, confirmEngine = confirmEngine.map { CountingOracle($0, failed) }
        let listChildEngine = listChildEngine.map { CountingOracle($0, failed) }, listConfirmEngine = listConfirmEngine.map { CountingOracle($0, failed) }

        let parents = table.nodes.prefix(curriculum).map(\.position)
        let full = allMoves.analyse(parents)
        out.allMoveSearches = parents.count
        let passes = parents.compactMap { ParentLinesOracle.passing($0) }
        var passing: [Position: EngineVerdict] = [:]
        for (p, r) in zip(passes, oracle.analyse(passes)) { if case .success(let v) = r { passing[p] = v } }
        out.passingSearches = passes.count
        // Every noted move is graded from a search of the position after it (the grading profile: one line, a few plies
        // deeper than the every-move search's): the parent's lines are scored again from those searches
        // (`ParentLinesOracle.graded`), so the best move and each move's loss stand on the deeper search. A child that is a
        // curriculum position uses its own search; a move whose shallow line already leaves its side a piece down keeps it
        // (a blunder at any depth); a checkmate or stalemate needs no search.
        let curriculumIDs = Set(tree.nodes.map(\.position.identity))
        // The noted moves of the name list's other positions: their top three, then the list's own (`NotedPositions`).
        let elsewhere = table.nodes.dropFirst(curriculum).compactMap { n -> (Position, EngineVerdict, [Move])? in
            guard let v = known[n.position.identity] else { return nil }
            return (n.position, v, noted.listMoves[n.id] ?? [])
        }
        let searchedParents = zip(parents, full).compactMap { p, r in (try? r.get()).map { (p, $0, p.legalMoves) } }
        // The name list's other positions are graded like the curriculum's, every noted move from its child: their own
        // search (the name table's, MultiPV 3 at depth 8 or so) called moves best that lose most of a pawn at depth (the
        // tenth read). Their searches are the same for every user's build, and ship in the installed engine store, so a
        // first build of one's own opening reads them instead of searching them (docs/engine.md).
        let grading = Self.gradingChildren(searchedParents, except: curriculumIDs, policy: policy)
        let listGrading = Self.gradingChildren(elsewhere, except: curriculumIDs.union(grading.map(\.identity)), policy: policy)
        // The children's searches beyond the table's own (`known`, which `children(of:_:from:known:)` falls back to).
        var childVerdict: [PositionIdentity: EngineVerdict] = [:]
        for (ask, engine) in [(grading, childEngine ?? oracle), (listGrading, listChildEngine ?? childEngine ?? oracle)] {
            for (c, r) in zip(ask, engine.analyse(ask)) { if case .success(let v) = r { childVerdict[c.identity] = v } }
        }
        out.childSearches = grading.count + listGrading.count
        func searchedChildren(_ p: Position, _ moves: [Move]) -> [Position: EngineVerdict] {
            Self.children(of: p, moves, from: childVerdict, known: known)
        }
        var deep = curriculumIDs
        let (curriculumDeeper, bestSearches) = Self.graded(searchedParents, children: &childVerdict, known: known, deep: &deep,
                                                           engine: confirmEngine ?? oracle, policy: policy)
        let (listDeeper, listBestSearches) = Self.graded(elsewhere, children: &childVerdict, known: known, deep: &deep,
                                                         engine: listConfirmEngine ?? confirmEngine ?? oracle, policy: policy)
        let deeper = curriculumDeeper.merging(listDeeper) { a, _ in a }
        out.bestSearches = bestSearches + listBestSearches
        out.graded = deeper.mapValues(Self.asRanked)
        // The searches stand for the next build with the same search inputs: every one succeeded.
        let keptSearches = searchKey.flatMap { key in
            failed.count == 0 && !verdicts.contains(nil)
                ? NoteMemo.Searches(key: key, graded: Dictionary(uniqueKeysWithValues: out.graded.map { ($0.key.epd, $0.value) }),
                                    listVerdicts: Self.listVerdicts(table: table, verdicts: verdicts, curriculum: curriculum),
                                    allMoveSearches: out.allMoveSearches, passingSearches: out.passingSearches,
                                                    childSearches: out.childSearches, bestSearches: out.bestSearches) : nil
        }
        if let keptSearches { memo?.keep(keptSearches) }

        for (i, node) in table.nodes.enumerated() {
            let p = node.position
            let parent: EngineVerdict?
            if i < curriculum {
                switch full[i] {
                case .success(let v): parent = v
                case .failure(let f):
                    out.diagnostics.append(Diagnostic(BuildCode.noAnalysis, "no notes for \(p.fen()): \(f.message)"))
                    parent = nil
                }
            } else {
                parent = known[p.identity]
            }
            guard parent != nil, let graded = deeper[p.identity] else { continue }
            let (moves, learner, courses) = noted.inputs(i, node)
            let searched = searchedChildren(p, moves)
            let pass = ParentLinesOracle.passing(p).flatMap { passing[$0] }
            // The last build's notes of this position, when its inputs and its searches' results are the same (NoteMemo):
            // the same rows, unexplained.
            let text = memo.map { _ in NoteMemo.inputText(position: p, learner: learner, moves: moves, courses: courses) }
            let digest = text.map { NoteMemo.resultsKey(text: $0, graded: graded, passing: pass, children: searched) }
            let inputs = text.flatMap { t in keptSearches.map { NoteMemo.inputKey(searches: $0.key, text: t) } }
            if let digest, let kept = memo?.entry(digest, inputs: inputs, positionID: Int64(node.id)) {
                out.add(kept, curriculum: i < curriculum)
                continue
            }
            let explainer = Explainer(engine: ParentLinesOracle(parent: p, verdict: graded, passing: pass, searched: searched), options: options)
            var rows: [MoveNoteRecord] = [], failures: [String] = []
            for (m, course) in zip(moves, courses) {
                let (note, _) = explainer.explain(m, in: p, learner: learner, course: course)
                let problems = note.problems()
                guard problems.isEmpty, let record = Self.record(note, positionID: Int64(node.id), key: p.zobristKey) else {
                    let why = problems.isEmpty ? (note.grade == nil ? "no grade" : "no text") : problems.joined(separator: "; ") + " in \"\(note.text)\""
                    failures.append("\(p.fen()) \(note.san): \(why)")
                    continue
                }
                rows.append(record)
            }
            out.add(NoteMemo.Entry(rows: rows, failures: failures), curriculum: i < curriculum)
            if let digest { memo?.keep(digest, inputs: inputs, rows: rows, failures: failures) }
        }
        return out
    }

    /// The last build's notes, whole, when the notes' searches have the last build's key (`searchKey`, NoteMemo) and
    /// every noted position's own inputs are the last build's: no engine is asked and no note explained. Nil otherwise
    /// (then `build` searches and explains what changed).
    static func kept(table: NameTable, tree: OpeningTree, sources: [OpeningSource], verdicts: [EngineVerdict?],
                     memo: NoteMemo, searchKey: String) -> MoveNotes? {
        guard let searches = memo.searches(for: searchKey) else { return nil }
        let noted = NotedPositions(table: table, tree: tree, sources: sources, verdicts: verdicts)
        var keys: [String] = [], ids: [Int64] = [], curriculumFlags: [Bool] = []
        var graded: [PositionIdentity: EngineVerdict] = [:]
        // The noted positions are those with graded lines (every search succeeded, so every parent had a verdict).
        for (i, node) in table.nodes.enumerated() {
            guard let g = searches.graded[node.position.identity.epd] else { continue }
            graded[node.position.identity] = g
            let (moves, learner, courses) = noted.inputs(i, node)
            keys.append(NoteMemo.inputKey(searches: searchKey, text: NoteMemo.inputText(position: node.position, learner: learner, moves: moves, courses: courses)))
            ids.append(Int64(node.id))
            curriculumFlags.append(i < noted.curriculum)
        }
        guard graded.count == searches.graded.count, let entries = memo.entries(inputs: keys, positionIDs: ids, searches: searches) else { return nil }
        var out = MoveNotes()
        out.graded = graded
        out.allMoveSearches = searches.allMoveSearches
        out.passingSearches = searches.passingSearches
        out.childSearches = searches.childSearches
        out.bestSearches = searches.bestSearches
        for (e, inCurriculum) in zip(entries, curriculumFlags) { out.add(e, curriculum: inCurriculum) }
        return out
    }

    /// The verdicts of the table's positions past the curriculum (the name list's own), by identity.
    static func listVerdicts(table: NameTable, verdicts: [EngineVerdict?], curriculum: Int) -> [String: EngineVerdict] {
        var out: [String: EngineVerdict] = [:]
        for (n, v) in zip(table.nodes, verdicts).dropFirst(curriculum) { if let v { out[n.position.identity.epd] = v } }
        return out
    }

    /// One position's notes added: its rows, its failed notes reported, its count.
    mutating func add(_ e: NoteMemo.Entry, curriculum: Bool) {
        records += e.rows
        diagnostics += e.failures.map { Diagnostic(AnnotatorCode.noteFailsChecks, $0) }
        if curriculum { curriculumNotes += e.rows.count } else { otherNotes += e.rows.count }
    }

    /// A graded verdict as the bundle's ranked lines read it (`ranked`): each PV at most `rankedPlies` long.
    static func asRanked(_ g: EngineVerdict) -> EngineVerdict {
        var g = g
        g.lines = g.lines.map { l in var l = l; l.pv = Array(l.pv.prefix(rankedPlies)); return l }
        return g
    }

    /// The children that get a grading search, in order, each once: every noted move's, unless its parent's line
    /// already settles it (`ConfirmationPolicy.settledByLine`: a piece down at any depth), it is in `skipped` (the
    /// curriculum's positions, searched at the build's profile; children already asked) or the game is over there.
    static func gradingChildren(_ parents: [(Position, EngineVerdict, [Move])], except skipped: Set<PositionIdentity>,
                                policy: ConfirmationPolicy) -> [Position] {
        var out: [Position] = []
        var asked = Set<PositionIdentity>()
        for (p, v, moves) in parents {
            for m in moves where !policy.settledByLine(m, in: p, verdict: v) {
                let c = p.playingUnchecked(m)
                if !skipped.contains(c.identity), !c.legalMoves.isEmpty, asked.insert(c.identity).inserted { out.append(c) }
            }
        }
        return out
    }

    /// The searches of `moves`' children (`children`, else `known`), by position.
    static func children(of p: Position, _ moves: [Move], from children: [PositionIdentity: EngineVerdict],
                         known: [PositionIdentity: EngineVerdict]) -> [Position: EngineVerdict] {
        var out: [Position: EngineVerdict] = [:]
        for m in moves {
            let c = p.playingUnchecked(m)
            if let v = children[c.identity] ?? known[c.identity] { out[c] = v }
        }
        return out
    }

    /// Each parent's lines graded from its children's searches (`ParentLinesOracle.graded`), the best move's score from a
    /// deeper search: the first of many shallow child searches is the one most likely over-rated (the maximum of noisy
    /// scores), which would make every other move look worse. So the child of the line ranked first is searched again
    /// by `engine` (`AnalysisProfile.bestMove`, three times deeper), and so is the line that ranks first after that, at
    /// most `ExplainerRules.bestRounds` times a position; children in `deep` (curriculum positions: the build's profile) are deep
    /// already, and so are the children searched deeper here (added to `deep`). The deeper searches go into `children`. Returns the graded verdicts by parent and the searches made.
    static func graded(_ parents: [(Position, EngineVerdict, [Move])], children: inout [PositionIdentity: EngineVerdict],
                       known: [PositionIdentity: EngineVerdict], deep: inout Set<PositionIdentity>,
                       engine: any EngineOracle, policy: ConfirmationPolicy) -> (graded: [PositionIdentity: EngineVerdict], searches: Int) {
        var out: [PositionIdentity: EngineVerdict] = [:]
        var searches = 0
        let bestRounds = policy.rules.bestRounds
        for round in 0...bestRounds {
            var ask: [Position] = []
            for (p, v, moves) in parents {
                let g = ParentLinesOracle.graded(p, verdict: v, moves: moves, children: Self.children(of: p, moves, from: children, known: known))
                out[p.identity] = g
                guard round < bestRounds, let top = g.lines.first, let m = try? p.move(uci: top.uci) else { continue }
                let c = p.playingUnchecked(m)
                if !c.legalMoves.isEmpty, deep.insert(c.identity).inserted { ask.append(c) }
            }
            if ask.isEmpty { break }
            for (c, r) in zip(ask, engine.analyse(ask)) { if case .success(let v) = r { children[c.identity] = v } }
            searches += ask.count
        }
        // A verdict read from the move's grading search on a line whose material does not show it on the board
        // (`ConfirmationPolicy.needed`: none lost, or not what the loss says) is searched again at the best move's depth before a note says so (`ConfirmationPolicy.confirms`):
        // a mistake or worse on any move, an inaccuracy on a move the parent's own search ranks among its
        // first three, where the two searches disagree (the engine's second choice called an inaccuracy).
        var confirm: [Position] = []
        var again: [(Position, EngineVerdict, [Move])] = []
        for (p, v, moves) in parents {
            guard let g = out[p.identity] else { continue }
            var asked = false
            for m in moves {
                let c = p.playingUnchecked(m)
                guard !deep.contains(c.identity), !c.legalMoves.isEmpty, let grade = policy.verdicts.grade(move: m.uci, before: g, after: nil),
                      let rank = grade.rank, policy.confirms(grade, topRanked: v.lines.prefix(policy.rules.confirmedRanks).contains(where: { $0.uci == m.uci })),
                      policy.needed(grade, line: g.lines[rank - 1], in: p) else { continue }
                deep.insert(c.identity)
                confirm.append(c)
                asked = true
            }
            if asked { again.append((p, v, moves)) }
        }
        if !confirm.isEmpty {
            for (c, r) in zip(confirm, engine.analyse(confirm)) { if case .success(let v) = r { children[c.identity] = v } }
            searches += confirm.count
            for (p, v, moves) in again {
                out[p.identity] = ParentLinesOracle.graded(p, verdict: v, moves: moves, children: Self.children(of: p, moves, from: children, known: known))
            }
        }
        return (out, searches)
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
    /// The table's verdicts with the lines of every noted position replaced by its notes' (`graded`), best first, and the
    /// best move, score and depth with them: one judgement per position (the ranked lines and the notes agree).
    /// The longest PV a ranked line keeps.
    static let rankedPlies = 8

    func ranked(_ verdicts: [EngineVerdict?], table: NameTable) -> [EngineVerdict?] {
        zip(table.nodes, verdicts).map { n, v in
            guard var v, let g = graded[n.position.identity], let best = g.lines.first else { return v }
            // The child's line after the move, to the length of the table's own lines at most (a graded PV is the
            // move and its child's whole line: twice as long, 0.8 MB more).
            v.lines = g.lines.map { l in var l = l; l.pv = Array(l.pv.prefix(Self.rankedPlies)); return l }
            v.score = best.score
            v.depth = best.depth
            return v
        }
    }

    /// At most `limit` diagnostics of one kind, then one that says how many more there were: a flood helps nobody.
    static func capped(_ all: [Diagnostic], limit: Int = 20) -> [Diagnostic] {
        guard all.count > limit, let first = all.first else { return all }
        return Array(all.prefix(limit)) + [Diagnostic(first.code, "and \(all.count - limit) more notes like these")]
    }
}


/// What the explainer is given at each position of a table apart from the searches: the moves noted, the learner and
/// the course's context of each move (`MoveNotes.build` and `MoveNotes.kept` read them from here, so both key a
/// position's notes by the same inputs).
struct NotedPositions {
    let table: NameTable
    /// The table's first `curriculum` nodes are the tree's.
    let curriculum: Int
    /// The table's verdicts by position.
    let known: [PositionIdentity: EngineVerdict]
    /// The noted moves of the name list's other positions, by node id: their top three, then the list's own.
    let listMoves: [Int: [Move]]
    private let learners: [Int: PieceColor]
    private let plans: [Int: CourseContext]
    private let nodeOf: [PositionIdentity: Int]

    init(table: NameTable, tree: OpeningTree, sources: [OpeningSource], verdicts: [EngineVerdict?]) {
        self.table = table
        curriculum = tree.nodes.count
        learners = MoveNotes.learners(tree: tree, sources: sources)
        plans = MoveNotes.plans(tree: tree)
        var nodeOf: [PositionIdentity: Int] = [:]
        for n in table.nodes where nodeOf[n.position.identity] == nil { nodeOf[n.position.identity] = n.id }
        self.nodeOf = nodeOf
        var known: [PositionIdentity: EngineVerdict] = [:]
        for (n, v) in zip(table.nodes, verdicts) { if let v { known[n.position.identity] = v } }
        self.known = known
        var children: [Int: [Move]] = [:]
        for e in table.edges { children[e.from, default: []].append(e.move) }
        var listMoves: [Int: [Move]] = [:]
        for n in table.nodes.dropFirst(curriculum) {
            guard let v = known[n.position.identity] else { continue }
            let p = n.position
            let top = v.lines.prefix(3).compactMap { try? p.move(uci: $0.uci) }
            listMoves[n.id] = top + (children[n.id] ?? []).filter { !top.contains($0) }
        }
        self.listMoves = listMoves
    }

    /// The moves noted at the `i`th node, the learner, and the course's context of each move (nil off the curriculum):
    /// a curriculum position notes every legal move for the side of the course that reached it first; another position
    /// its `listMoves`, for the opponent of the side to move.
    func inputs(_ i: Int, _ node: NameTable.Node) -> (moves: [Move], learner: PieceColor, courses: [CourseContext?]) {
        let p = node.position
        guard i < curriculum else { return (listMoves[node.id] ?? [], p.turn.opposite, (listMoves[node.id] ?? []).map { _ in nil }) }
        let moves = p.legalMoves
        let courses: [CourseContext?] = moves.map { m in
            // The name of the position reached: the list's (a table position, by identity: transpositions too),
            // else this position's own, inherited.
            let reached = nodeOf[p.playingUnchecked(m).identity].flatMap { table.nodes[$0 - 1].name } ?? node.name
            var course = plans[node.id] ?? CourseContext(moves: [])
            course.reachedName = reached?.opening.name
            return course
        }
        return (moves, learners[node.id] ?? p.turn, courses)
    }
}

/// Failed searches counted across engines (the notes' searches are kept only when none failed).
final class FailureCount: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    var count: Int { lock.withLock { n } }
    func add(_ k: Int) { lock.withLock { n += k } }
}

/// An engine whose failed searches are counted in `failures`; the results are the engine's own.
struct CountingOracle: EngineOracle {
    let inner: any EngineOracle
    let failures: FailureCount

    init(_ inner: any EngineOracle, _ failures: FailureCount) {
        self.inner = inner
        self.failures = failures
    }

    func analyse(_ positions: [Position]) -> [Result<EngineVerdict, EngineProblem>] {
        let results = inner.analyse(positions)
        failures.add(results.filter { if case .failure = $0 { true } else { false } }.count)
        return results
    }
}
