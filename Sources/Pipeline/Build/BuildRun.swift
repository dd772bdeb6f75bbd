// BuildRun: `forge build` / `make build-data` — validate, analyse (cached), write data/bundle/ deterministically.
import BundleStore
import ChessCore
import Diagnostics
import Foundation
import Openings

public struct BuildConfiguration: Sendable {
    /// The opening sources (`openings`).
    public var openingsPath: String
    /// Where the bundle goes (`data/bundle`).
    public var outputDirectory: String
    public var engine: EngineConfiguration
    public var thresholds: EngineThresholds
    public var showProgress: Bool
    /// `SOURCE_DATE_EPOCH`, the only source of a build date.
    public var sourceDateEpoch: String?
    /// The word dictionaries' sources; `nil` builds the opening bundle only.
    public var words: WordsSourceOptions?
    /// The name list's folder (`data/chess-openings`, docs/names.md); `nil` builds a bundle without names.
    public var namesPath: String?

    public init(openingsPath: String = "openings", outputDirectory: String = "data/bundle", engine: EngineConfiguration,
                thresholds: EngineThresholds = EngineThresholds(), showProgress: Bool = false, sourceDateEpoch: String? = nil,
                words: WordsSourceOptions? = nil, namesPath: String? = nil) {
        self.namesPath = namesPath
        self.openingsPath = openingsPath
        self.outputDirectory = outputDirectory
        self.engine = engine
        self.thresholds = thresholds
        self.showProgress = showProgress
        self.sourceDateEpoch = sourceDateEpoch
        self.words = words
    }
}

public struct BuildReport: Sendable {
    public var diagnostics: [Diagnostic]
    /// `openings`, `lines`, `positions`, `moves`, `transpositions`, `analysed_now`, `from_cache`, `fen_files`.
    public var counts: [String: Int]
    /// Nothing had changed: no file was written.
    public var upToDate: Bool
    public var seconds: Double
    /// Positions reached by more than one move order, curriculum ones first (docs/names.md).
    public var transpositionSites: [TranspositionSite] = []
    public var failed: Bool { diagnostics.errorCount > 0 }

    public var summary: String {
        let c = counts
        let state = failed ? "build failed" : upToDate ? "bundle up to date" : "bundle written"
        return "\(state): \(c["openings"] ?? 0) openings, \(c["lines"] ?? 0) lines, \(c["positions"] ?? 0) positions, "
            + "\(c["moves"] ?? 0) moves, \(c["transpositions"] ?? 0) transpositions; analysed now \(c["analysed_now"] ?? 0), "
            + "from cache \(c["from_cache"] ?? 0); " + String(format: "%.1f s", seconds)
    }
}

public enum Build {
    public static func run(_ config: BuildConfiguration) throws(Diagnostic) -> BuildReport {
        let started = Date()
        let lib = LibraryFiles.load([config.openingsPath])
        let oracle = try makeEngineOracle(config.engine, showProgress: config.showProgress)
        defer { oracle.shutdown() }
        var namesOracle: AnalyzerOracle?
        defer { namesOracle?.shutdown() }
        func report(_ ds: [Diagnostic], _ counts: [String: Int], upToDate: Bool) -> BuildReport {
            var counts = counts
            counts["analysed_now"] = oracle.searched + (namesOracle?.searched ?? 0)
            counts["from_cache"] = oracle.cached + (namesOracle?.cached ?? 0)
            return BuildReport(diagnostics: ds, counts: counts, upToDate: upToDate, seconds: Date().timeIntervalSince(started))
        }

        // 1. Validate (the authored names against the name list too): errors stop the build.
        let names = NameListFiles.loadForChecks(config.namesPath, libraryPaths: [config.openingsPath])
        let validation = Validate.check(lib, oracle: oracle, thresholds: config.thresholds, names: names)
        if validation.diagnostics.errorCount > 0 { return report(validation.diagnostics, [:], upToDate: false) }
        var diagnostics = validation.diagnostics

        // 2. The tree of the coach's openings named by the name list, the list's own positions, and their analysis
        // (the tree's from the cache the validation filled; the list's at the name table's node budget).
        let list = names?.list ?? NameList()
        let coach = lib.sources.filter { $0.kind == .coach }.sorted { $0.file < $1.file }
        let tree = OpeningTree.build(coach, names: list)
        let table = NameTable(tree: tree, list: list)
        var results = oracle.analyse(tree.nodes.map(\.position))
        let listOnly = table.nodes[tree.nodes.count...].map(\.position)
        if !listOnly.isEmpty {
            var engine = config.engine
            engine.profile = .nameTable(like: config.engine.profile)
            let extra = try makeEngineOracle(engine, showProgress: config.showProgress)
            namesOracle = extra
            results += extra.analyse(listOnly)
        }
        var verdicts: [EngineVerdict?] = []
        for (node, r) in zip(table.nodes, results) {
            switch r {
            case .success(let v): verdicts.append(v)
            case .failure(let f):
                verdicts.append(nil)
                diagnostics.append(Diagnostic(.error, "BND401", "no analysis for \(node.position.fen()): \(f.message)"))
            }
        }
        if diagnostics.errorCount > 0 { return report(diagnostics, [:], upToDate: false) }

        // 3. The bundle's content.
        let engineName = verdicts.compactMap { $0?.engine }.first ?? "unknown"
        let profile = verdicts.compactMap { $0?.profile }.first ?? config.engine.profile.key
        let sourceHash = SourceHash.of(files: (lib.files + (names.map { $0.listFiles + $0.reasonFiles } ?? [])).map { ($0, FileManager.default.contents(atPath: $0) ?? Data()) })
        let buildDate: String?
        do { buildDate = try BundleInfo.buildDate(sourceDateEpoch: config.sourceDateEpoch) } catch {
            return report(diagnostics + [Diagnostic(.error, "BND402", "SOURCE_DATE_EPOCH: \(error)")], [:], upToDate: false)
        }
        let info = BundleInfo(engine: engineName, engineVersion: engineName.split(separator: " ").last.map(String.init) ?? "",
                              profile: profile, sourceHash: sourceHash, buildDate: buildDate)
        // Explanations for every move of every line: authored ones win, the annotator writes the rest.
        let annotator = Annotator(oracle: oracle)
        var annotations: [[[MoveAnnotation]]] = []
        for s in coach {
            let r = annotator.annotate(source: s)
            annotations.append(r.lines)
            for p in r.engineProblems {
                diagnostics.append(Diagnostic(.warning, "ANN505", "\(s.file): the annotator got no engine verdict: \(p.message)"))
            }
        }
        let library = lib.sources.filter { $0.kind != .coach }
        let content = BundleContentBuilder.content(tree: tree, table: table, sources: coach, verdicts: verdicts, annotations: annotations,
                                                   info: info, library: library)
        let book = BundleContentBuilder.polyglotBook(tree: tree, sources: coach)
        let fenFiles = lib.sources.filter { $0.kind != .coach }.sorted { $0.file < $1.file }.map { s in
            (BundleContentBuilder.libraryFENPath(s), Regeneration.fenText(for: s))
        }
        var counts = [
            "openings": coach.count, "lines": tree.lines.count, "positions": tree.nodes.count, "moves": tree.edges.count,
            "transpositions": tree.transpositions, "fen_files": fenFiles.count, "polyglot_entries": book.entries.count,
            "name_table_positions": table.nodes.count - tree.nodes.count, "name_table_moves": table.edges.count - tree.edges.count,
            "transpositions_with_name_list": table.transpositions.count,
        ]
        let transpositionSites = TranspositionReport.sites(table)

        let out = config.outputDirectory
        // The word dictionaries (written atomically file by file by their own builder), then measured with the rest.
        var wordFiles: [String] = []
        if let words = config.words {
            let w = WordsBuild.run(WordsBuildConfiguration(source: words, outputDirectory: out + "/words"))
            diagnostics += w.diagnostics
            if w.diagnostics.errorCount > 0 { return report(diagnostics, counts, upToDate: false) }
            if let c = w.counts {
                for (name, list) in c.lists { counts["words_\(name)"] = list.total }
                counts["words_dawg_bytes"] = c.dawg.bytes
            }
            let files = (try? FileManager.default.contentsOfDirectory(atPath: out + "/words")) ?? []
            wordFiles = files.filter { !$0.hasPrefix(".") }.sorted().map { "words/" + $0 }
        }

        // 4. Nothing changed? Then write nothing.
        let manifestPath = out + "/manifest.json"
        if let data = FileManager.default.contents(atPath: manifestPath), let old = try? Manifest(json: data),
           old.sourceHash == sourceHash, old.engine == engineName, old.profile == profile, old.buildDate == buildDate,
           old.counts == counts, old.mismatches(against: measure(out, old.artifacts.keys.sorted())).isEmpty {
            var r = report(diagnostics, counts, upToDate: true)
            r.transpositionSites = transpositionSites
            return r
        }

        // 5. Stage every artifact beside the bundle, then move them into place, the manifest last: a build killed
        // while staging leaves the previous bundle whole, and the moves themselves take microseconds.
        do {
            let staging = try StagingArea(bundle: out)
            for (rel, text) in fenFiles { try staging.stage(Array(text.utf8), as: rel) }
            try staging.stage(book.bytes, as: "openings.bin")
            let rowCounts = try BundleWriter().write(content, to: staging.path(for: "openings.sqlite"))
            let artifacts = ["openings.sqlite", "openings.bin"] + fenFiles.map(\.0)
            let measured = measure(staging.root, artifacts).merging(measure(out, wordFiles)) { a, _ in a }
            let manifest = Manifest(info: info, rowCounts: rowCounts, artifacts: measured, counts: counts)
            try staging.stage(Array(manifest.json.utf8), as: "manifest.json")
            try staging.commit(order: artifacts + ["manifest.json"])
            removeStale(in: out + "/fen", keeping: Set(fenFiles.map { out + "/" + $0.0 }))
        } catch {
            diagnostics.append(Diagnostic(.error, "BND403", "cannot write the bundle: \(error)"))
        }
        var r = report(diagnostics, counts, upToDate: false)
        r.transpositionSites = transpositionSites
        return r
    }

    static func measure(_ dir: String, _ rels: [String]) -> [String: ManifestArtifact] {
        var out: [String: ManifestArtifact] = [:]
        for rel in rels {
            if let data = FileManager.default.contents(atPath: dir + "/" + rel) { out[rel] = ManifestArtifact(contents: data) }
        }
        return out
    }

    static func removeStale(in dir: String, keeping: Set<String>) {
        guard let walker = FileManager.default.enumerator(atPath: dir) else { return }
        for case let rel as String in walker where rel.hasSuffix(".fen") && !keeping.contains(dir + "/" + rel) {
            try? FileManager.default.removeItem(atPath: dir + "/" + rel)
        }
    }
}
