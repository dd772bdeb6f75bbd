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

    public init(openingsPath: String = "openings", outputDirectory: String = "data/bundle", engine: EngineConfiguration,
                thresholds: EngineThresholds = EngineThresholds(), showProgress: Bool = false, sourceDateEpoch: String? = nil) {
        self.openingsPath = openingsPath
        self.outputDirectory = outputDirectory
        self.engine = engine
        self.thresholds = thresholds
        self.showProgress = showProgress
        self.sourceDateEpoch = sourceDateEpoch
    }
}

public struct BuildReport: Sendable {
    public var diagnostics: [Diagnostic]
    /// `openings`, `lines`, `positions`, `moves`, `transpositions`, `analysed_now`, `from_cache`, `fen_files`.
    public var counts: [String: Int]
    /// Nothing had changed: no file was written.
    public var upToDate: Bool
    public var seconds: Double
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
        func report(_ ds: [Diagnostic], _ counts: [String: Int], upToDate: Bool) -> BuildReport {
            var counts = counts
            counts["analysed_now"] = oracle.searched
            counts["from_cache"] = oracle.cached
            return BuildReport(diagnostics: ds, counts: counts, upToDate: upToDate, seconds: Date().timeIntervalSince(started))
        }

        // 1. Validate: errors stop the build.
        let validation = Validate.check(lib, oracle: oracle, thresholds: config.thresholds)
        if validation.diagnostics.errorCount > 0 { return report(validation.diagnostics, [:], upToDate: false) }
        var diagnostics = validation.diagnostics

        // 2. The tree of the coach's openings, and its analysis (from the cache the validation filled).
        let coach = lib.sources.filter { $0.kind == .coach }.sorted { $0.file < $1.file }
        let tree = OpeningTree.build(coach)
        let results = oracle.analyse(tree.nodes.map(\.position))
        var verdicts: [EngineVerdict?] = []
        for (node, r) in zip(tree.nodes, results) {
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
        let sourceFiles = LibraryFiles.discover([config.openingsPath], diagnostics: &diagnostics)
        let sourceHash = SourceHash.of(files: sourceFiles.map { ($0, FileManager.default.contents(atPath: $0) ?? Data()) })
        let buildDate: String?
        do { buildDate = try BundleInfo.buildDate(sourceDateEpoch: config.sourceDateEpoch) } catch {
            return report(diagnostics + [Diagnostic(.error, "BND402", "SOURCE_DATE_EPOCH: \(error)")], [:], upToDate: false)
        }
        let info = BundleInfo(engine: engineName, engineVersion: engineName.split(separator: " ").last.map(String.init) ?? "",
                              profile: profile, sourceHash: sourceHash, buildDate: buildDate)
        let content = BundleContentBuilder.content(tree: tree, sources: coach, verdicts: verdicts, info: info)
        let book = BundleContentBuilder.polyglotBook(tree: tree, sources: coach)
        let fenFiles = lib.sources.filter { $0.kind != .coach }.sorted { $0.file < $1.file }.map { s in
            ("fen/\(s.kind == .tactic ? "tactics" : "classical")/\(s.slug).fen", Regeneration.fenText(for: s))
        }
        var counts = [
            "openings": coach.count, "lines": tree.lines.count, "positions": tree.nodes.count, "moves": tree.edges.count,
            "transpositions": tree.transpositions, "fen_files": fenFiles.count, "polyglot_entries": book.entries.count,
        ]

        // 4. Nothing changed? Then write nothing.
        let out = config.outputDirectory
        let manifestPath = out + "/manifest.json"
        if let data = FileManager.default.contents(atPath: manifestPath), let old = try? Manifest(json: data),
           old.sourceHash == sourceHash, old.engine == engineName, old.profile == profile, old.buildDate == buildDate,
           old.counts == counts, old.mismatches(against: measure(out, old.artifacts.keys.sorted())).isEmpty {
            return report(diagnostics, counts, upToDate: true)
        }

        // 5. Write every artifact atomically, the manifest last.
        do {
            try FileManager.default.createDirectory(atPath: out + "/fen", withIntermediateDirectories: true)
            for (rel, text) in fenFiles {
                try FileManager.default.createDirectory(atPath: out + "/" + (rel as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try writeAtomically(Array(text.utf8), to: out + "/" + rel)
            }
            removeStale(in: out + "/fen", keeping: Set(fenFiles.map { out + "/" + $0.0 }))
            try writeAtomically(book.bytes, to: out + "/openings.bin")
            let rowCounts = try BundleWriter().write(content, to: out + "/openings.sqlite")
            let artifacts = ["openings.sqlite", "openings.bin"] + fenFiles.map(\.0)
            let manifest = Manifest(info: info, rowCounts: rowCounts, artifacts: measure(out, artifacts), counts: counts)
            try writeAtomically(Array(manifest.json.utf8), to: manifestPath)
        } catch {
            diagnostics.append(Diagnostic(.error, "BND403", "cannot write the bundle: \(error)"))
        }
        return report(diagnostics, counts, upToDate: false)
    }

    static func measure(_ dir: String, _ rels: [String]) -> [String: ManifestArtifact] {
        var out: [String: ManifestArtifact] = [:]
        for rel in rels {
            if let data = FileManager.default.contents(atPath: dir + "/" + rel) { out[rel] = ManifestArtifact(contents: data) }
        }
        return out
    }

    static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        let o = try AtomicOutput(path: path)
        try o.write(bytes)
        try o.commit()
    }

    static func removeStale(in dir: String, keeping: Set<String>) {
        guard let walker = FileManager.default.enumerator(atPath: dir) else { return }
        for case let rel as String in walker where rel.hasSuffix(".fen") && !keeping.contains(dir + "/" + rel) {
            try? FileManager.default.removeItem(atPath: dir + "/" + rel)
        }
    }
}
