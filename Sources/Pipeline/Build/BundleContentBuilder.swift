// BundleContentBuilder: maps the opening tree, its sources and the engine's verdicts onto the bundle's records.
import BundleStore
import ChessCore
import ChessPGN
import Explainer
import Openings

enum BundleContentBuilder {
    /// `annotations[source][line]` are aligned with that line's own moves (`ownMoves`). `table` is the tree with the
    /// name list's positions (its first nodes and edges are the tree's, same ids); `verdicts` are per table node.
    /// `library` holds the chess app's classical openings and tactics (their rows go to `library_entry` and `library_claim`).
    static func content(tree: OpeningTree, table: NameTable, sources: [OpeningSource], verdicts: [EngineVerdict?],
                        annotations: [[[MoveAnnotation]]], info: BundleInfo, library: [OpeningSource] = [],
                        paths: SourcePaths) -> BundleContent {
        let openings = sources.enumerated().compactMap { i, s in openingRecord(id: Int64(i + 1), s, paths: paths) }
        let positions = table.nodes.map(positionRecord)
        let moves = table.edges.map { e in
            MoveRecord(id: Int64(e.id), fromPositionID: Int64(e.from), toPositionID: Int64(e.to), uci: e.move.uci, san: e.san,
                       key: BundleKeys.moveKey(fromPolyglotKey: table.nodes[e.from - 1].position.zobristKey, uci: e.move.uci),
                       inCurriculum: e.inCurriculum)
        }
        var lines: [LineRecord] = []
        var lineMoves: [LineMoveRecord] = []
        for tl in tree.lines {
            let s = sources[tl.source]
            let line = s.lines[tl.lineIndex]
            let kind: LineKind = switch line.role {
            case .main: .main
            case .deviation: .deviation
            case .alternative: .alternative
            }
            lines.append(LineRecord(id: Int64(tl.id), openingID: Int64(tl.source + 1), kind: kind, name: line.name,
                                    description: line.role == .main ? nil : line.description,
                                    phase: line.deviation?.phase, parentLineID: line.role == .main ? nil : Int64(tl.parent),
                                    branchPly: line.role == .main ? nil : line.branchPly, key: lineKey(line, kind: kind, in: s),
                                    deviationKind: line.deviation.map(deviationKind),
                                    reason: line.deviation?.reason))
            let notes = tl.source < annotations.count && tl.lineIndex < annotations[tl.source].count ? annotations[tl.source][tl.lineIndex] : []
            for (i, m) in line.moves.enumerated() where i >= line.branchPly {
                let note = i - line.branchPly < notes.count ? notes[i - line.branchPly] : nil
                let explanation = m.comment ?? note?.explanation
                let source: BundleStore.ExplanationSource? = m.comment != nil ? .authored : note.map { $0.source == .authored ? .authored : .generated }
                let arrows = m.arrows.isEmpty ? (note?.arrows ?? []) : m.arrows
                // The claim belongs to generated text only; an authored comment stands on its own.
                let claim = m.comment == nil ? note?.claim : nil
                let claimScore = claim.map { split($0.evidence.score) } ?? (nil, nil)
                lineMoves.append(LineMoveRecord(
                    lineID: Int64(tl.id), ply: i + 1, moveID: Int64(tl.edges[i]),
                    explanation: explanation, explanationSource: explanation == nil ? nil : source, concepts: note?.concepts ?? [],
                    // Arrows and highlights become text here, at the bundle's boundary, and nowhere before.
                    arrows: arrows.isEmpty ? nil : arrows.map(\.text).joined(separator: ","),
                    highlights: m.highlights.isEmpty ? nil : m.highlights.map(\.text).joined(separator: ","),
                    answerUCI: note?.answer?.uci, answerSAN: note?.answer?.san,
                    answerArrows: note?.answer.map { $0.arrows.map(\.text).joined(separator: ",") },
                    claimKind: claim?.kind.rawValue, claimCP: claimScore.0, claimMate: claimScore.1))
            }
        }
        var analyses: [AnalysisRecord] = []
        var analysisLines: [AnalysisLineRecord] = []
        for (n, v) in zip(table.nodes, verdicts) {
            guard let v else { continue }
            let (cp, mate) = split(v.score)
            let version = v.engine.split(separator: " ").last.map(String.init) ?? ""
            analyses.append(AnalysisRecord(positionID: Int64(n.id), engine: v.engine, engineVersion: version, profile: v.profile,
                                           nodes: Int64(v.nodes), depth: v.depth, scoreCP: cp, scoreMate: mate,
                                           wdlWin: v.wdl?[0], wdlDraw: v.wdl?[1], wdlLoss: v.wdl?[2], bestUCI: v.bestMove))
            for (rank, l) in v.lines.prefix(3).enumerated() {
                let (lcp, lmate) = split(l.score)
                analysisLines.append(AnalysisLineRecord(positionID: Int64(n.id), rank: rank + 1, uci: l.uci, san: l.san,
                                                        scoreCP: lcp, scoreMate: lmate, pvUCI: l.pv.joined(separator: " "),
                                                        depth: l.depth))
            }
        }
        let (entries, claims) = libraryRecords(library, paths: paths)
        return BundleContent(info: info, openings: openings, positions: positions, moves: moves, lines: lines,
                             lineMoves: lineMoves, analyses: analyses, analysisLines: analysisLines,
                             libraryEntries: entries, libraryClaims: claims)
    }

    /// The line's stable key (BundleKeys): alternatives, and deviations whose name another deviation of the
    /// same source shares, are told apart by their first own move.
    static func lineKey(_ line: OpeningLine, kind: LineKind, in source: OpeningSource) -> String {
        let shared = line.role == .alternative
            || source.deviations.filter { $0.name == line.name }.count > 1
        let first = line.moves.indices.contains(line.branchPly) ? line.moves[line.branchPly] : nil
        let branch = shared ? first.map { (ply: $0.ply, uci: $0.move.uci) } : nil
        return BundleKeys.lineKey(openingSlug: source.slug, kind: kind, name: line.name, branch: branch)
    }

    /// A deviation's kind as the bundle names it (the explainer's `DeviationKind` and the bundle's share their name).
    static func deviationKind(_ d: Deviation) -> BundleStore.DeviationKind {
        switch d.kind {
        case .deviation: .deviation
        case .trap: .trap
        case .sidestep: .sidestep
        }
    }

    /// A coach source's `opening` row. The build runs on validated sources only, which have every tag the row
    /// needs (VAL202, VAL203); a source without them has no row rather than one with made-up values (the writer's
    /// foreign-key check then fails the build).
    static func openingRecord(id: Int64, _ s: OpeningSource, paths: SourcePaths) -> OpeningRecord? {
        let h = s.header
        guard let eco = h.eco, let learner = h.learner, let difficulty = h.difficulty, let description = h.description else { return nil }
        return OpeningRecord(id: id, slug: s.slug, name: h.opening ?? s.slug, variation: h.variation, eco: eco,
                             learnerSide: learner == .black ? .black : .white, difficulty: difficulty,
                             description: description, sourceFile: paths.recorded(s.file))
    }

    /// The bundle path of a library source's FEN sequence file: `fen/classical/<slug>.fen`, `fen/tactics/<slug>.fen`.
    static func libraryFENPath(_ s: OpeningSource) -> String {
        "fen/\(s.kind == .tactic ? "tactics" : "classical")/\(s.slug).fen"
    }

    /// One `library_entry` per library source (ids in key order), one `library_claim` per tactic.
    static func libraryRecords(_ library: [OpeningSource], paths: SourcePaths) -> ([LibraryEntryRecord], [LibraryClaimRecord]) {
        func key(_ s: OpeningSource) -> String { "\(s.kind == .tactic ? "tactics" : "classical")/\(s.slug)" }
        var entries: [LibraryEntryRecord] = []
        var claims: [LibraryClaimRecord] = []
        for s in library.filter({ $0.kind != .coach }).sorted(by: { key($0).utf8.lexicographicallyPrecedes(key($1).utf8) }) {
            let id = Int64(entries.count + 1)
            // The build runs on validated sources only, which have these tags (VAL202, VAL203).
            let h = s.header
            guard let opening = h.opening, let eco = h.eco, let description = h.description else { continue }
            entries.append(LibraryEntryRecord(
                id: id, key: key(s), kind: s.kind == .tactic ? .tactic : .classical, slug: s.slug, title: s.name,
                opening: opening, variation: h.variation, eco: eco,
                description: description, fenFile: libraryFENPath(s), plies: s.mainLine.moves.count,
                sourceFile: paths.recorded(s.file)))
            if s.kind == .tactic, let c = h.claim {
                let (kind, amount): (LibraryClaimKind, Int) = switch c.claim {
                case .mate(let n): (.mate, n)
                case .material(let n): (.material, n)
                }
                claims.append(LibraryClaimRecord(entryID: id, kind: kind, amount: amount, ply: c.ply, text: c.text))
            }
        }
        return (entries, claims)
    }

    static func positionRecord(_ n: NameTable.Node) -> PositionRecord {
        PositionRecord(id: Int64(n.id), polyglotKey: n.position.zobristKey, fen: n.position.identity.epd + " 0 1",
                       name: n.name?.opening.name, eco: n.name?.opening.eco, nameIsInherited: n.name?.isInherited ?? false,
                       family: n.name?.opening.family, inCurriculum: n.inCurriculum,
                       sideToMove: n.position.turn == .white ? .white : .black, isCheck: n.position.isCheck)
    }

    static func split(_ s: Score) -> (Int?, Int?) {
        let c = s.columns
        return (c.centipawns, c.mate)
    }

    /// Main-line moves weigh 100, deviations (and the learner's answers in them) 10, alternatives 1; a move that
    /// several lines play keeps its highest weight (PolyglotBook merges them).
    static func polyglotBook(tree: OpeningTree, sources: [OpeningSource]) -> PolyglotBook {
        var entries: [PolyglotEntry] = []
        for tl in tree.lines {
            let line = sources[tl.source].lines[tl.lineIndex]
            let weight: UInt16 = switch line.role {
            case .main: 100
            case .deviation: 10
            case .alternative: 1
            }
            for m in line.moves {
                guard let pm = try? PolyglotMove(from: m.move.from.index, to: m.move.to.index,
                                                 promotion: Int(m.move.promotion?.rawValue ?? 0), castling: m.move.isCastle) else { continue }
                entries.append(PolyglotEntry(key: m.before.zobristKey, move: pm, weight: weight))
            }
        }
        return PolyglotBook(entries: entries)
    }
}
