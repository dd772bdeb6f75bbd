// BuildRun: `forge build` / `make build-data` — validate, analyse (cached), write data/bundle/ deterministically and atomically.
import BundleStore
import ChessCore
import Diagnostics
import Explainer
import Foundation
import Openings
import UCIEngine

public struct BuildConfiguration: Sendable {
    /// The opening sources (`openings`).
    public var openingsPath: String
    /// Where the bundle goes (`data/bundle`).
    public var outputDirectory: String
    public var engine: EngineConfiguration
    public var thresholds: EngineThresholds
    public var progress: ProgressStyle
    /// `SOURCE_DATE_EPOCH`, the only source of a build date.
    public var sourceDateEpoch: String?
    /// The word dictionaries' sources; `nil` builds the opening bundle only.
    public var words: WordsSourceOptions?
    /// The vendored opening-name list (a file or a folder), an input of the opening part; nil: none.
    public var nameListPath: String?
    /// `--shard K/N`: only analyse this shard's positions into the cache; no bundle is written.
    public var shard: AnalysisShard?

    public init(openingsPath: String = "openings", outputDirectory: String = "data/bundle", engine: EngineConfiguration,
                thresholds: EngineThresholds = EngineThresholds(), progress: ProgressStyle = .off, sourceDateEpoch: String? = nil,
                words: WordsSourceOptions? = nil, nameListPath: String? = nil, shard: AnalysisShard? = nil) {
        self.openingsPath = openingsPath
        self.outputDirectory = outputDirectory
        self.engine = engine
        self.thresholds = thresholds
        self.progress = progress
        self.sourceDateEpoch = sourceDateEpoch
        self.words = words
        self.nameListPath = nameListPath
        self.shard = shard
    }
}

public struct BuildReport: CommandReport {
    public var diagnostics: [Diagnostic]
    /// `openings`, `lines`, `positions`, `moves`, `transpositions`, `analysed_now`, `from_cache` (the engine store's
    /// results included), `from_store`, `not_in_store`, `fen_files`.
    public var counts: [String: Int]
    /// Nothing had changed: no file was written.
    public var upToDate: Bool
    public var seconds: Double
    /// The parts rebuilt (`openings`, `words`); the others were carried over unchanged.
    public var rebuilt: [String] = []
    /// Set for `--shard`: the analysis of one shard, no bundle.
    public var shard: AnalysisShard?
    /// Positions reached by more than one move order, curriculum ones first (docs/names.md); empty when the
    /// opening part was not rebuilt.
    public var transpositionSites: [TranspositionSite] = []
    /// The curriculum's figures (README's content bar), from this build or the manifest of an unchanged one.
    public var content: ContentBar? { ContentBar(counts: counts) }
    /// The bundle could not be written or another build holds the lock.
    var writeFailed = false
    /// No engine could be started.
    var engineFailed = false
    public var failed: Bool { diagnostics.errorCount > 0 }
    /// `.ok` written or up to date; `.inputErrors` errors in the sources; `.cannotCreate` the bundle cannot be
    /// written (or is locked); `.engineUnavailable` no engine could be started.
    public var outcome: CommandOutcome {
        engineFailed ? .engineUnavailable : writeFailed ? .cannotCreate : .from(diagnostics)
    }

    /// The counts as `--format json` prints them.
    public struct Summary: Codable, Sendable, Equatable {
        public var upToDate: Bool
        public var shard: String?
        public var rebuilt: [String]
        public var openings, lines, positions, moves, transpositions, fenFiles: Int
        public var analysedNow, fromCache: Int
        public var errors, warnings: Int
    }

    public var typedSummary: Summary {
        let c = counts
        return Summary(upToDate: upToDate, shard: shard?.description, rebuilt: rebuilt, openings: c["openings"] ?? 0,
                       lines: c["lines"] ?? 0, positions: c["positions"] ?? c["shard_positions"] ?? 0, moves: c["moves"] ?? 0,
                       transpositions: c["transpositions"] ?? 0, fenFiles: c["fen_files"] ?? 0,
                       analysedNow: c["analysed_now"] ?? 0, fromCache: c["from_cache"] ?? 0,
                       errors: diagnostics.errorCount, warnings: diagnostics.warningCount)
    }

    /// Every search this run made, for the bundle's positions and for its notes: the one "searched now" figure.
    public var searchedNow: Int { (counts["analysed_now"] ?? 0) + (counts["note_searches_now"] ?? 0) }

    /// The line a newcomer reads: what was written, how many searches ran now, how long it took.
    /// `bundle written: 1 opening, 5 lines, 57 positions, 27825 notes; searched now 0 (the rest from the engine store and the cache); 1m 02s`
    public var summary: String {
        let c = counts
        if let shard {
            return "\(failed ? "shard analysis failed" : "shard \(shard) analysed"): \(c["shard_positions"] ?? 0) of \(c["positions_asked"] ?? 0) "
                + "positions; searched now \(c["analysed_now"] ?? 0), from cache \(c["from_cache"] ?? 0); " + durationText(seconds)
        }
        let state = failed ? "build failed" : upToDate ? "bundle up to date" : "bundle written"
        let openings = c["openings"] ?? 0
        return "\(state): \(openings) opening\(openings == 1 ? "" : "s"), \(c["lines"] ?? 0) lines, \(c["positions"] ?? 0) positions"
            + (c["notes"].map { ", \($0) notes" } ?? "")
            + "; searched now \(searchedNow)" + (upToDate && rebuilt.isEmpty ? "" : " (the rest from the engine store and the cache)")
            + "; " + durationText(seconds)
    }

    /// What `--verbose` adds: where the results came from and what the notes cost.
    public var details: String {
        let c = counts
        return "positions: \(c["positions"] ?? 0) (\(c["transpositions"] ?? 0) reached by two move orders of the curriculum's lines), "
            + "\(c["moves"] ?? 0) moves; analysed now \(c["analysed_now"] ?? 0), "
            + "from cache \(c["from_cache"] ?? 0) (engine store \(c["from_store"] ?? 0)); " + String(format: "%.3f s", seconds)
            + (c["notes"].map { "\nnotes: \($0) (\(c["notes_curriculum"] ?? 0) at curriculum positions, \(c["notes_elsewhere"] ?? 0) elsewhere; "
                + "\(c["notes_reused"] ?? 0) kept from the last build, their inputs unchanged); "
                + "engine searches for them: \((c["note_searches_all_moves"] ?? 0) + (c["note_searches_passing"] ?? 0) + (c["note_searches_children"] ?? 0) + (c["note_searches_best"] ?? 0)) "
                + "(\(c["note_searches_all_moves"] ?? 0) every-move, \(c["note_searches_passing"] ?? 0) passing, \(c["note_searches_children"] ?? 0) children grading a move, "
                + "\(c["note_searches_best"] ?? 0) best moves searched deeper; "
                + "searched now \(c["note_searches_now"] ?? 0))" } ?? "")
    }
}

public enum Build {
    /// The phases of a build, as its progress line names them ("building 4/5: notes").
    static let phases = ["checks", "names", "explanations", "notes", "writing"]

    /// Builds the bundle. In order:
    /// 0. Claim the output folder (`OutputFolder`): new, empty or a bundle; anything else is refused (IO104).
    /// 1. Take the lock beside the bundle (BLD101 if another build holds it).
    /// 2. Fingerprint every input by content (stamps of unchanged files reuse their recorded hash) and
    ///    compare with `.NAME.state.json` and the bundle's files: nothing changed → up to date, no file
    ///    touched, nothing parsed.
    /// 3. Otherwise stage the new bundle beside the old one: rebuild each part whose inputs changed,
    ///    hard-link the files of the others; a stray file of the old bundle is reported (BLD102).
    /// 4. A new bundle equal to the old one is discarded (up to date); else it is swapped in at once.
    /// An engine that cannot be started ends the run with `.engineUnavailable`.
    public static func run(_ config: BuildConfiguration) -> BuildReport {
        let started = Date()
        do throws(Diagnostic) {
            return try attempt(config, started: started)
        } catch {
            var r = BuildReport(diagnostics: [error], counts: [:], upToDate: false, seconds: Date().timeIntervalSince(started))
            r.engineFailed = true
            return r
        }
    }

    static func attempt(_ config: BuildConfiguration, started: Date) throws(Diagnostic) -> BuildReport {
        if let shard = config.shard { return try analyseShard(config, shard, started: started) }
        // 0. The output folder is forge's or nothing (a link resolved once: its target is locked and swapped).
        let folder: String
        do throws(OutputError) {
            folder = try OutputFolder.claim(config.outputDirectory, marker: .bundleManifest)
        } catch {
            var r = BuildReport(diagnostics: error.diagnostics, counts: [:], upToDate: false,
                                seconds: Date().timeIntervalSince(started))
            r.writeFailed = true
            return r
        }
        let paths = BundlePaths(folder)
        let lock: BundleLock
        do throws(Diagnostic) {
            lock = try BundleLock.acquire(paths)
        } catch {
            var r = BuildReport(diagnostics: [error], counts: [:], upToDate: false, seconds: Date().timeIntervalSince(started))
            r.writeFailed = true
            return r
        }
        defer { lock.release() }

        // 2. The fast path: fingerprints against the recorded state.
        let inputs = BuildInputs.of(config)
        let state = BuildState.read(paths.state)
        let (fingerprints, hashed) = inputs.fingerprints(known: state?.inputs ?? [:])
        let parts = Dictionary(uniqueKeysWithValues: fingerprints.map { ($0.key.rawValue, $0.value) })
        let listing = BuildState.listing(of: paths.bundle)
        if let state, state.parts == parts, state.artifacts == listing, !listing.isEmpty,
           let data = FileManager.default.contents(atPath: paths.bundle + "/manifest.json"), let manifest = try? Manifest(json: data) {
            return BuildReport(diagnostics: [], counts: manifest.counts.merging(["analysed_now": 0, "from_cache": 0]) { _, b in b },
                               upToDate: true, seconds: Date().timeIntervalSince(started))
        }

        // 3. Stage the new bundle.
        StagingArea.recover(paths)
        let old = OldBundle.read(paths.bundle, listing: listing)
        var diagnostics = old.strays.map {
            Diagnostic(BuildCode.strayFile, "\(paths.bundle)/\($0): not listed in manifest.json; the new bundle leaves it out")
        }
        let carried = Set(BundlePart.allCases.filter { part in
            old.intact(part) && state?.parts[part.rawValue] != nil && state?.parts[part.rawValue] == parts[part.rawValue]
        })
        var report = BuildReport(diagnostics: [], counts: [:], upToDate: false, seconds: 0)
        func finish() -> BuildReport {
            report.diagnostics = diagnostics + report.diagnostics
            report.seconds = Date().timeIntervalSince(started)
            return report
        }
        let staging: StagingArea
        do {
            staging = try StagingArea(paths)
            try lock.hold(staging.root)
        } catch let locked as Diagnostic {
            report.diagnostics.append(locked)
            report.writeFailed = true
            return finish()
        } catch {
            report.diagnostics.append(Diagnostic(BuildCode.cannotWrite, "cannot create \(paths.staging): \(error.localizedDescription)"))
            report.writeFailed = true
            return finish()
        }
        var pieces = BundlePieces()
        do {
            if carried.contains(.openings), let m = old.manifest {
                try pieces.carry(.openings, of: m, into: staging)
            } else {
                let memo = NoteMemo(path: paths.notes)
                let (ok, d, counts) = try stageOpenings(config, into: staging, pieces: &pieces, sites: &report.transpositionSites, memo: memo)
                if ok {
                    memo.write(to: paths.notes)
                    try? FileManager.default.removeItem(atPath: paths.legacyNotes)
                }
                diagnostics += d
                report.counts = counts
                report.rebuilt.append(BundlePart.openings.rawValue)
                if !ok { return finish() }
            }
            if config.words != nil {
                if carried.contains(.words), let m = old.manifest {
                    try pieces.carry(.words, of: m, into: staging)
                } else if let words = config.words {
                    let w = WordsBuild.run(WordsBuildConfiguration(source: words, outputDirectory: staging.path(for: "words")))
                    diagnostics += w.diagnostics
                    if w.diagnostics.errorCount > 0 { return finish() }
                    pieces.stageWords(w.counts, in: staging)
                    report.rebuilt.append(BundlePart.words.rawValue)
                }
            }
            report.counts.merge(pieces.counts) { _, b in b }
            report.counts["analysed_now"] = report.counts["analysed_now"] ?? 0
            report.counts["from_cache"] = report.counts["from_cache"] ?? 0

            // 4. The manifest last; an equal bundle stays as it is.
            let manifest = pieces.manifest(measuring: staging)
            try staging.stage(Array(manifest.json.utf8), as: "manifest.json")
            if old.strays.isEmpty, old.matchesManifest, let m = old.manifest, m.json == manifest.json {
                staging.discard()
                report.upToDate = true
            } else {
                try? FileManager.default.removeItem(atPath: paths.state)
                try staging.commit()
            }
            let after = BuildState.listing(of: paths.bundle)
            try? BuildState(parts: parts, inputs: hashed, artifacts: after).write(paths.state)
        } catch let engine as Diagnostic {
            staging.discard()
            throw engine  // no usable engine: exit 69
        } catch {
            staging.discard()
            report.diagnostics.append(Diagnostic(BuildCode.cannotWrite, "cannot write the bundle \(paths.bundle) (the previous one is left whole): \(error)"))
            report.writeFailed = true
        }
        return finish()
    }

    /// Validates, analyses and writes the opening part into the staging directory. Returns false
    /// (nothing usable staged) when the sources have errors.
    /// `memo` gives the notes whose inputs are unchanged since the last build and keeps this build's for the next.
    static func stageOpenings(_ config: BuildConfiguration, into staging: StagingArea, pieces: inout BundlePieces,
                              sites: inout [TranspositionSite], memo: NoteMemo = .none) throws -> (Bool, [Diagnostic], [String: Int]) {
        let lib = LibraryFiles.load([config.openingsPath])
        let progress = ProgressMeter.standardError("building", phases: phases, style: config.progress)
        defer { progress.finish() }
        let oracle = try makeEngineOracle(config.engine, progress: progress)
        defer { oracle.shutdown() }
        var namesOracle: AnalyzerOracle?
        defer { namesOracle?.shutdown() }
        func engineCounts(_ c: [String: Int] = [:]) -> [String: Int] {
            c.merging(storeCounts([oracle] + (namesOracle.map { [$0] } ?? []))) { _, b in b }
        }

        // Validate (the authored names against the name list too): errors stop the build.
        let names = NameListFiles.loadForChecks(config.nameListPath, libraryPaths: [config.openingsPath])
        let validation = Validate.check(lib, oracle: oracle, thresholds: config.thresholds, names: names)
        if validation.diagnostics.errorCount > 0 { return (false, validation.diagnostics, engineCounts()) }
        var diagnostics = validation.diagnostics

        progress.begin("names")
        // The tree of the coach's openings named by the name list, the list's own positions, and their analysis
        // (the tree's from the cache the validation filled; the list's at the name table's node budget).
        let list = names?.list ?? NameList()
        let coach = lib.sources.filter { $0.kind == .coach }.sorted { $0.file < $1.file }
        let tree = OpeningTree.build(coach, names: list)
        let table = NameTable(tree: tree, list: list)
        var results = oracle.analyse(tree.nodes.map(\.position))
        let listOnly = table.nodes[tree.nodes.count...].map(\.position)
        // The notes' searches are keyed by what they ask (NoteMemo): the table, the engine, the profiles (the name
        // table's too) and the stores. With the last build's key, the list's own verdicts are the memo's (the same
        // lookups would give the same results), and the notes may stand whole (`MoveNotes.kept`).
        let searchKey = NoteMemo.searchKey(engine: BuildInputs.engineSetting(config.engine) + " " + oracle.analyzer.cacheEngine,
                                           profiles: noteProfiles(config.engine),
                                           stores: NoteMemo.storeStamps([config.engine.storeDirectory, config.engine.sharedStoreDirectory].compactMap { $0 }),
                                           table: table, curriculum: tree.nodes.count)
        if let kept = memo.searches(for: searchKey).flatMap({ s in Self.listVerdicts(listOnly, from: s) }) {
            results += kept.map { .success($0) }
        } else if !listOnly.isEmpty {
            let extra = try makeEngineOracle(nameTableEngine(config.engine), progress: progress, sharing: oracle)
            namesOracle = extra
            results += extra.analyse(listOnly)
        }
        var verdicts: [EngineVerdict?] = []
        for (node, r) in zip(table.nodes, results) {
            switch r {
            case .success(let v): verdicts.append(v)
            case .failure(let f):
                verdicts.append(nil)
                diagnostics.append(Diagnostic(BuildCode.noAnalysis, "no analysis for \(node.position.fen()): \(f.message)"))
            }
        }
        if diagnostics.errorCount > 0 { return (false, diagnostics, engineCounts()) }

        // The bundle's content.
        let engineName = verdicts.compactMap { $0?.engine }.first ?? "unknown"
        let profile = verdicts.compactMap { $0?.profile }.first ?? config.engine.profile.key
        let hashed = lib.files + (names.map { $0.listFiles + $0.reasonFiles } ?? [])
        let sourcePaths = SourcePaths(openings: config.openingsPath, nameList: config.nameListPath)
        let sourceHash = SourceHash.of(files: hashed.map { (sourcePaths.hashed($0), FileManager.default.contents(atPath: $0) ?? Data()) })
        let buildDate: String?
        do { buildDate = try BundleInfo.buildDate(sourceDateEpoch: config.sourceDateEpoch) } catch {
            return (false, diagnostics + [Diagnostic(BundleCode.invalidSourceDateEpoch, "SOURCE_DATE_EPOCH: \(error)")], engineCounts())
        }
        let info = BundleInfo(engine: engineName, engineVersion: engineName.split(separator: " ").last.map(String.init) ?? "",
                              profile: profile, sourceHash: sourceHash, buildDate: buildDate)
        // Explanations for every move of every line: authored ones win, the annotator writes the rest.
        progress.begin("explanations")
        let annotator = Annotator(oracle: oracle)
        var annotations: [[[MoveAnnotation]]] = []
        for s in coach {
            let r = annotator.annotate(source: s)
            annotations.append(r.lines)
            for p in r.engineProblems {
                diagnostics.append(Diagnostic(AnnotatorCode.noEngineVerdict, "\(s.file): the annotator got no engine verdict: \(p.message)"))
            }
        }
        // A note for every move the app can meet (docs/coach-notes.md): one every-move search per curriculum position.
        progress.begin("notes")
        // With the last build's search key and every position's own inputs unchanged, the last build's notes stand
        // whole and no note engine is started.
        var noteOracles: [AnalyzerOracle] = []
        defer { for o in distinct(noteOracles) { o.shutdown() } }
        let notes: MoveNotes
        var searchesKept = 0
        if let kept = MoveNotes.kept(table: table, tree: tree, sources: coach, verdicts: verdicts, memo: memo, searchKey: searchKey) {
            notes = kept
            searchesKept = kept.graded.count
        } else {
            // One pool of engines for every profile (`makePositionAnalyzer(sharing:)`): the searches run one after another.
            let notesOracle = try makeEngineOracle(notesEngine(config.engine), progress: progress, sharing: oracle)
            noteOracles.append(notesOracle)
            let gradingOracle = try makeEngineOracle(gradingEngine(config.engine), progress: progress, sharing: oracle)
            noteOracles.append(gradingOracle)
            let bestOracle = try makeEngineOracle(bestMoveEngine(config.engine), progress: progress, sharing: oracle)
            noteOracles.append(bestOracle)
            let listGrading = try Self.oracle(nameListGradingEngine(config.engine), or: gradingOracle, progress: progress, sharing: oracle)
            noteOracles.append(listGrading)
            let listBest = try Self.oracle(nameListBestMoveEngine(config.engine), or: bestOracle, progress: progress, sharing: oracle)
            noteOracles.append(listBest)
            notes = MoveNotes.build(table: table, tree: tree, sources: coach, verdicts: verdicts, oracle: oracle, allMoves: notesOracle,
                                    childEngine: gradingOracle, confirmEngine: bestOracle, listChildEngine: listGrading, listConfirmEngine: listBest,
                                    memo: memo, searchKey: searchKey)
        }
        diagnostics += MoveNotes.capped(notes.diagnostics)
        // Every question asked: what the engine store lacked, and its damaged lines (errors: no bundle until fixed).
        diagnostics += storeReport(distinct([oracle] + noteOracles + (namesOracle.map { [$0] } ?? [])), reported: diagnostics)
        if diagnostics.errorCount > 0 { return (false, diagnostics, engineCounts()) }
        progress.begin("writing")
        let library = lib.sources.filter { $0.kind != .coach }
        // The ranked lines are the notes' own (graded from the children's searches): rank 1 is the move the notes call best.
        var content = BundleContentBuilder.content(tree: tree, table: table, sources: coach, verdicts: notes.ranked(verdicts, table: table),
                                                   annotations: annotations,
                                                   info: info, library: library, paths: sourcePaths)
        content.moveNotes = notes.records
        let book = BundleContentBuilder.polyglotBook(tree: tree, sources: coach)
        let fenFiles = library.sorted { $0.file < $1.file }.map { s in
            (BundleContentBuilder.libraryFENPath(s), Regeneration.fenText(for: s))
        }
        let counts = [
            "openings": coach.count, "lines": tree.lines.count, "positions": tree.nodes.count, "moves": tree.edges.count,
            "transpositions": tree.transpositions, "fen_files": fenFiles.count, "polyglot_entries": book.entries.count,
            "name_table_positions": table.nodes.count - tree.nodes.count, "name_table_moves": table.edges.count - tree.edges.count,
            "transpositions_with_name_list": table.transpositions.count,
            "notes": notes.records.count, "notes_curriculum": notes.curriculumNotes, "notes_elsewhere": notes.otherNotes,
            "note_searches_all_moves": notes.allMoveSearches, "note_searches_passing": notes.passingSearches,
            "note_searches_children": notes.childSearches, "note_searches_best": notes.bestSearches,
        ].merging(ContentBar(lib.sources).counts) { a, _ in a }
        sites = TranspositionReport.sites(table)
        for (rel, text) in fenFiles { try staging.stage(Array(text.utf8), as: rel) }
        try staging.stage(book.bytes, as: "openings.bin")
        let rowCounts = try BundleWriter().write(content, to: staging.path(for: "openings.sqlite"))
        pieces.openings = .init(info: info, rowCounts: rowCounts, counts: counts,
                                artifacts: ["openings.sqlite", "openings.bin"] + fenFiles.map(\.0))
        // How many searches ran now is this run's state, not the bundle's: the report has it, the manifest does not.
        // How many notes the memo gave is this run's state too.
        let now = ["note_searches_now": distinct(noteOracles).map(\.searched).reduce(0, +),
                   "notes_reused": memo.reusedNotes, "note_searches_kept": searchesKept]
        return (true, diagnostics, engineCounts(counts).merging(now) { _, b in b })
    }

    /// The kept verdicts of the name list's own positions `listOnly`, in order; nil unless the memo has every one.
    static func listVerdicts(_ listOnly: [Position], from searches: NoteMemo.Searches) -> [EngineVerdict]? {
        var out: [EngineVerdict] = []
        out.reserveCapacity(listOnly.count)
        for p in listOnly {
            guard let v = searches.listVerdicts[p.identity.epd] else { return nil }
            out.append(v)
        }
        return out
    }

    /// `analysed_now` (searched), `from_cache` (store included, as before), `from_store`, `not_in_store`, over the oracles.
    static func storeCounts(_ oracles: [AnalyzerOracle]) -> [String: Int] {
        ["analysed_now": oracles.map(\.searched).reduce(0, +), "from_cache": oracles.map(\.cached).reduce(0, +),
         "from_store": oracles.map(\.fromStore).reduce(0, +), "not_in_store": oracles.map(\.notInStore).reduce(0, +)]
    }

    /// What the build says about the engine store: its damaged lines not yet reported (CCH107), and how many positions
    /// it lacks when a store folder exists (CCH108), so a fresh clone does not search without saying why.
    static func storeReport(_ oracles: [AnalyzerOracle], reported: [Diagnostic]) -> [Diagnostic] {
        let said = Set(reported)
        var out = oracles.flatMap { storeDiagnostics($0.analyzer) }.filter { !said.contains($0) }
        let missing = oracles.map(\.notInStore).reduce(0, +)
        if missing > 0, let folder = oracles.first?.analyzer, folder.storeFolderExists {
            out.append(Diagnostic(CacheCode.notInStore, "\(missing) positions not in the engine store: run `make engine-store`"))
        }
        return out
    }

    /// `forge build --shard K/N`: asks the engine, through a filter that lets only this shard's
    /// positions through, exactly what a whole build asks (the validator's positions, the tree's, the
    /// annotator's), so the shard caches merged hold every result a build needs. Writes no bundle.
    static func analyseShard(_ config: BuildConfiguration, _ shard: AnalysisShard, started: Date) throws(Diagnostic) -> BuildReport {
        try askEverything(config, shard: shard, started: started).report
    }

    /// Asks the engine what a whole build asks, through the shard filter (`shard` nil: every position), and returns
    /// the report, the oracles asked (the build's profile, then the name table's when the list adds positions) and the
    /// sources it read (so a caller asks more of them without reading the files again).
    /// `forge build --shard` and `forge cache export-store` both run it, so the store holds exactly what a build reads.
    static func askEverything(_ config: BuildConfiguration, shard: AnalysisShard?, started: Date) throws(Diagnostic)
        -> (report: BuildReport, oracles: [AnalyzerOracle], sources: [OpeningSource]) {
        let lib = LibraryFiles.load([config.openingsPath])
        let sourceCheck = Validate.check(lib, oracle: nil, thresholds: config.thresholds)
        var report = BuildReport(diagnostics: sourceCheck.diagnostics, counts: [:], upToDate: false, seconds: 0, shard: shard)
        if sourceCheck.diagnostics.errorCount > 0 {
            report.seconds = Date().timeIntervalSince(started)
            return (report, [], lib.sources)
        }
        let filter = shard ?? AnalysisShard.whole
        let progress = ProgressMeter.standardError("analysing", phases: [], style: config.progress)
        defer { progress.finish() }
        let inner = try makeEngineOracle(config.engine, progress: progress)
        defer { inner.shutdown() }
        let oracle = ShardOracle(inner: inner, shard: filter)
        _ = oracle.analyse(EngineChecks.positions(of: lib.sources))
        let coach = lib.sources.filter { $0.kind == .coach }.sorted { $0.file < $1.file }
        let list = NameListFiles.loadForChecks(config.nameListPath, libraryPaths: [config.openingsPath])?.list ?? NameList()
        let tree = OpeningTree.build(coach, names: list)
        _ = oracle.analyse(tree.nodes.map(\.position))
        // The confirming searches of the line moves' verdicts go to the unfiltered engine: only the parent's shard asks them.
        let annotator = Annotator(oracle: oracle, confirmingOracle: inner)
        for s in coach { _ = annotator.annotate(source: s) }
        // The name list's own positions, at the name table's budget, as the whole build asks for them.
        let listOnly = Array(NameTable(tree: tree, list: list).nodes[tree.nodes.count...].map(\.position))
        var oracles = [inner]
        var listResults: [Result<EngineVerdict, EngineProblem>] = []
        var namesAsked = 0, namesInShard = 0
        if !listOnly.isEmpty {
            let namesInner = try makeEngineOracle(nameTableEngine(config.engine), progress: progress)
            defer { namesInner.shutdown() }
            let namesOracle = ShardOracle(inner: namesInner, shard: filter)
            listResults = namesOracle.analyse(listOnly)
            namesAsked = namesOracle.asked
            namesInShard = namesOracle.inShard
            report.diagnostics += namesInner.engineDiagnostics
            oracles.append(namesInner)
        }
        // The notes, as the build writes them: the every-move searches, the passing positions, and the short lines'
        // children, asked by the shard that holds their parent (its result is there) whatever the child's own shard.
        let notesInner = try makeEngineOracle(notesEngine(config.engine), progress: progress)
        defer { notesInner.shutdown() }
        let notesOracle = ShardOracle(inner: notesInner, shard: filter)
        let gradingInner = try makeEngineOracle(gradingEngine(config.engine), progress: progress)
        defer { gradingInner.shutdown() }
        let bestInner = try makeEngineOracle(bestMoveEngine(config.engine), progress: progress)
        defer { bestInner.shutdown() }
        let listGradingInner = try Self.oracle(nameListGradingEngine(config.engine), or: gradingInner, progress: progress)
        defer { if listGradingInner !== gradingInner { listGradingInner.shutdown() } }
        let listBestInner = try Self.oracle(nameListBestMoveEngine(config.engine), or: bestInner, progress: progress)
        defer { if listBestInner !== bestInner { listBestInner.shutdown() } }
        let verdicts = (oracle.analyse(tree.nodes.map(\.position)) + listResults).map { try? $0.get() }
        _ = MoveNotes.build(table: NameTable(tree: tree, list: list), tree: tree, sources: coach, verdicts: verdicts, oracle: oracle,
                            allMoves: notesOracle, childEngine: gradingInner, confirmEngine: bestInner,
                            listChildEngine: listGradingInner, listConfirmEngine: listBestInner)
        oracles.append(notesInner)
        oracles = Self.distinct(oracles + [gradingInner, bestInner, listGradingInner, listBestInner])
        report.diagnostics += Self.distinct([gradingInner, bestInner, listGradingInner, listBestInner]).flatMap(\.engineDiagnostics)
        report.diagnostics += notesInner.engineDiagnostics
        let asked = oracle.asked + namesAsked + notesOracle.asked, inShard = oracle.inShard + namesInShard + notesOracle.inShard
        report.diagnostics += inner.engineDiagnostics
        report.counts = storeCounts(oracles).merging(["positions_asked": asked, "shard_positions": inShard]) { _, b in b }
        report.seconds = Date().timeIntervalSince(started)
        return (report, oracles, lib.sources)
    }
}

extension Build {
    /// The profiles of every engine the notes read, the table's verdicts' included: the build's, the name table's, the
    /// every-move search's, the grading and best-move searches' and the name list's (part of the notes' search key).
    static func noteProfiles(_ engine: EngineConfiguration) -> [String] {
        [engine, nameTableEngine(engine), notesEngine(engine), gradingEngine(engine), bestMoveEngine(engine),
         nameListGradingEngine(engine), nameListBestMoveEngine(engine)].map(\.profile.key)
    }

    /// The engine configuration of the notes' every-move searches (`AnalysisProfile.notes`).
    static func notesEngine(_ engine: EngineConfiguration) -> EngineConfiguration {
        var e = engine
        e.profile = .notes(like: engine.profile)
        return e
    }

    /// The engine configuration of the searches that grade a note's move: the position after it (`AnalysisProfile.grading`).
    static func gradingEngine(_ engine: EngineConfiguration) -> EngineConfiguration {
        var e = engine
        e.profile = .grading(like: engine.profile)
        return e
    }

    /// The engine configuration of the best move's search again (`AnalysisProfile.bestMove`).
    static func bestMoveEngine(_ engine: EngineConfiguration) -> EngineConfiguration {
        var e = engine
        e.profile = .bestMove(like: engine.profile)
        return e
    }

    /// The engine configurations of the grading and best-move searches at the name list's other positions: those of a
    /// build at the default node budget, whatever `--nodes` (like the name table's own searches, `nameTableEngine`), so
    /// they are the same in every build and the store forge ships answers them (docs/coach-notes.md).
    static func nameListGradingEngine(_ engine: EngineConfiguration) -> EngineConfiguration { gradingEngine(atDefaultNodes(engine)) }
    static func nameListBestMoveEngine(_ engine: EngineConfiguration) -> EngineConfiguration { bestMoveEngine(atDefaultNodes(engine)) }

    private static func atDefaultNodes(_ engine: EngineConfiguration) -> EngineConfiguration {
        var e = engine
        e.profile = AnalysisProfile(nodes: AnalysisProfile.defaultNodes, multiPV: engine.profile.multiPV, hashMegabytes: engine.profile.hashMegabytes)
        return e
    }

    /// An engine oracle for `config`, or `same` when that one already searches at its profile (no second pool of engines).
    static func oracle(_ config: EngineConfiguration, or same: AnalyzerOracle, progress: ProgressMeter?,
                       sharing: AnalyzerOracle? = nil) throws(Diagnostic) -> AnalyzerOracle {
        config.profile == same.analyzer.profile ? same : try makeEngineOracle(config, progress: progress, sharing: sharing)
    }

    /// `oracles` without repeats (by identity), in order: one oracle counted once.
    static func distinct(_ oracles: [AnalyzerOracle]) -> [AnalyzerOracle] {
        var seen = Set<ObjectIdentifier>()
        return oracles.filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    /// The engine configuration of the name list's positions: the build's, at the name table's node budget.
    static func nameTableEngine(_ engine: EngineConfiguration) -> EngineConfiguration {
        var e = engine
        e.profile = .nameTable(like: engine.profile)
        return e
    }
}

/// What the current bundle directory holds: its manifest, whether each part's files match it, and stray files.
struct OldBundle {
    var manifest: Manifest?
    var strays: [String] = []
    /// Every file the manifest lists is there with the recorded size and digest.
    var matchesManifest = false
    private var broken: Set<BundlePart> = Set(BundlePart.allCases)

    func intact(_ part: BundlePart) -> Bool { !broken.contains(part) }

    /// Reads the manifest and measures every file it lists (by content).
    static func read(_ bundle: String, listing: [String: FileStamp]) -> OldBundle {
        var old = OldBundle()
        guard let data = FileManager.default.contents(atPath: bundle + "/manifest.json"), let m = try? Manifest(json: data) else {
            old.strays = listing.keys.filter { $0 != "manifest.json" }.sorted()
            return old
        }
        old.manifest = m
        old.strays = listing.keys.filter { $0 != "manifest.json" && m.artifacts[$0] == nil }.sorted()
        var measured: [String: ManifestArtifact] = [:]
        for rel in m.artifacts.keys {
            if let d = FileManager.default.contents(atPath: bundle + "/" + rel) { measured[rel] = ManifestArtifact(contents: d) }
        }
        old.broken = []
        for (rel, recorded) in m.artifacts where measured[rel] != recorded { old.broken.insert(BundlePart.of(artifact: rel)) }
        old.matchesManifest = old.broken.isEmpty
        // A part the old bundle does not have at all cannot be carried over.
        for part in BundlePart.allCases where !m.artifacts.keys.contains(where: { BundlePart.of(artifact: $0) == part }) {
            old.broken.insert(part)
        }
        return old
    }
}

/// The parts of the new bundle as they are staged: their files, counts and (for the openings) the
/// manifest's engine, profile and row counts, rebuilt or carried from the old manifest.
struct BundlePieces {
    struct Openings {
        var info: BundleInfo
        var rowCounts: [String: Int]
        var counts: [String: Int]
        var artifacts: [String]
    }
    var openings: Openings?
    var wordCounts: [String: Int] = [:]
    var wordFiles: [String] = []

    var counts: [String: Int] { (openings?.counts ?? [:]).merging(wordCounts) { a, _ in a } }

    /// Links the old bundle's files of `part` into the staging directory and takes its figures from `manifest`.
    mutating func carry(_ part: BundlePart, of manifest: Manifest, into staging: StagingArea) throws {
        let files = manifest.artifacts.keys.filter { BundlePart.of(artifact: $0) == part }.sorted()
        for rel in files { try staging.carry(rel) }
        switch part {
        case .openings:
            openings = Openings(info: BundleInfo(engine: manifest.engine, engineVersion: manifest.engineVersion, profile: manifest.profile,
                                                 sourceHash: manifest.sourceHash, buildDate: manifest.buildDate),
                                rowCounts: manifest.rowCounts, counts: manifest.counts.filter { !$0.key.hasPrefix("words_") }, artifacts: files)
        case .words:
            wordCounts = manifest.counts.filter { $0.key.hasPrefix("words_") }
            wordFiles = files
        }
    }

    /// Records the word files the words builder wrote into the staging directory.
    mutating func stageWords(_ counts: WordsCounts?, in staging: StagingArea) {
        if let c = counts {
            for (name, list) in c.lists { wordCounts["words_\(name)"] = list.total }
            wordCounts["words_dawg_bytes"] = c.dawg.bytes
        }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: staging.path(for: "words"))) ?? []
        wordFiles = files.filter { !$0.hasPrefix(".") }.sorted().map { "words/" + $0 }
    }

    /// The manifest of the staged bundle, every artifact measured where it is staged.
    func manifest(measuring staging: StagingArea) -> Manifest {
        var artifacts: [String: ManifestArtifact] = [:]
        for rel in (openings?.artifacts ?? []) + wordFiles {
            if let d = FileManager.default.contents(atPath: staging.path(for: rel)) { artifacts[rel] = ManifestArtifact(contents: d) }
        }
        let info = openings?.info ?? BundleInfo(engine: "", engineVersion: "", profile: "", sourceHash: "", buildDate: nil)
        return Manifest(info: info, rowCounts: openings?.rowCounts ?? [:], artifacts: artifacts, counts: counts)
    }
}
