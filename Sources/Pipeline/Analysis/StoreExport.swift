// StoreExport: `forge cache export-store` / `make engine-store` — the engine store written from what a build asks, or checked.
import Diagnostics
import Foundation
import Openings
import UCIEngine

/// What `forge cache export-store` was asked to do.
public struct StoreExportConfiguration: Sendable {
    /// The build whose engine questions fill the store (its openings, name list, engine and profile). Its
    /// `engine.storeDirectory` is the store folder written (default `openings/engine`).
    public var build: BuildConfiguration
    /// Write nothing; fail (CCH109) when the committed store is not exactly what the sources need, and never
    /// search: a position the store lacks is counted, not analysed.
    public var check: Bool

    public init(build: BuildConfiguration, check: Bool = false) {
        self.build = build
        self.check = check
    }
}

public struct StoreExportReport: CommandReport {
    public struct Summary: Codable, Sendable, Equatable {
        /// Per store file written or checked: its path and result lines.
        public var files: [String: Int]
        /// Positions searched now (not check), results the store lacked (check), lines of the old files no longer needed.
        public var analysedNow: Int
        public var missing: Int
        public var stale: Int
        public var errors: Int
    }
    public var diagnostics: [Diagnostic]
    public var outcome: CommandOutcome
    public var lines: [String] = []
    public var summary = Summary(files: [:], analysedNow: 0, missing: 0, stale: 0, errors: 0)
    public var typedSummary: Summary { var s = summary; s.errors = diagnostics.errorCount; return s }
}

public enum StoreExport {
    /// Asks the engine what a whole build asks (`Build.askEverything`, the filter of `forge build --shard` letting
    /// every position through): the store first, then the cache, then the engine, whose new results are cached.
    /// Then, per profile asked, writes `<store>/<EngineStore.fileName>` with exactly the results asked, sorted, through
    /// a temporary sibling renamed into place (stale lines dropped, the same results giving the same bytes).
    /// With `check`, nothing is searched or written: the files the sources need are compared with the committed ones.
    ///
    /// ```swift
    /// let r = StoreExport.run(StoreExportConfiguration(build: BuildConfiguration(engine: engine)))
    /// ```
    public static func run(_ config: StoreExportConfiguration) -> StoreExportReport {
        let started = Date()
        var build = config.build
        build.engine.storeDirectory = build.engine.storeDirectory ?? EngineConfiguration.storeDirectory(besideOpenings: build.openingsPath)
        build.engine.recording = true
        build.engine.storeOnly = config.check
        let folder = build.engine.storeDirectory ?? "openings/engine"
        let asked: (report: BuildReport, oracles: [AnalyzerOracle], sources: [OpeningSource])
        do throws(Diagnostic) {
            asked = try Build.askEverything(build, shard: nil, started: started)
        } catch {
            return StoreExportReport(diagnostics: [error], outcome: .engineUnavailable)
        }
        // Writing replaces a damaged line by the position's new result: said, as a warning (a check fails on it).
        func reported(_ ds: [Diagnostic]) -> [Diagnostic] {
            ds.map { $0.code == CacheCode.damagedStoreLine && !config.check ? $0.reported(as: .warning) : $0 }
        }
        var report = StoreExportReport(diagnostics: reported(asked.report.diagnostics), outcome: .ok)
        // An error stops a write before anything is written (a check goes on and reports everything).
        func stops(_ report: inout StoreExportReport) -> Bool {
            guard report.diagnostics.errorCount > 0 && !config.check else { return false }
            report.outcome = .from(report.diagnostics)
            return true
        }
        if stops(&report) { return report }
        // `make validate-deep`'s searches too: the learner's moves at `AnalysisProfile.deepCheckFactor` times the build's
        // budget (`EngineChecks.checkLearnerMoves`, what `forge validate --learner-moves-only` asks), so the deep check
        // reads them from the store like the build; CI's engine-store step re-derives a sample of them with Stockfish.
        let deep: AnalyzerOracle
        let deepProgress = ProgressMeter.standardError("analysing deeper", phases: [], style: build.progress)
        defer { deepProgress.finish() }
        do throws(Diagnostic) {
            var engine = build.engine
            engine.profile = .deepCheck(like: build.engine.profile)
            deep = try makeEngineOracle(engine, progress: deepProgress)
        } catch {
            return StoreExportReport(diagnostics: report.diagnostics + [error], outcome: .engineUnavailable)
        }
        defer { deep.shutdown() }
        _ = EngineChecks.checkLearnerMoves(asked.sources, oracle: deep)
        report.diagnostics += reported(deep.engineDiagnostics)
        if stops(&report) { return report }
        report.summary.analysedNow = (asked.report.counts["analysed_now"] ?? 0) + deep.searched
        // A profile the build set up but asked nothing of (the name list's grading when there is no name list) has no
        // file: an empty one would be noise, and an old one of it is removed below like any unasked file.
        for oracle in asked.oracles + [deep] where !oracle.recorded.isEmpty || oracle.notInStore > 0 {
            let rel = EngineStore.fileName(engine: oracle.engineName, profile: oracle.profile)
            let path = folder + "/" + rel
            let made = EngineStore.text(engine: oracle.engineName, profile: oracle.profile, results: oracle.recorded)
            for r in made.refused {
                report.diagnostics.append(Diagnostic(CacheCode.damagedStoreLine, "result for \(r.position) left out of \(path): \(r.reason)"))
            }
            report.summary.files[path] = made.written
            let old = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
            let stale = staleLines(old: old, keep: Set(oracle.recorded.keys))
            report.summary.stale += stale
            if config.check {
                let missing = oracle.notInStore
                report.summary.missing += missing
                if old != made.text {
                    report.diagnostics.append(Diagnostic(
                        CacheCode.storeOutOfDate,
                        "\(path) is not what the sources need: \(missing) positions missing, \(stale) lines no longer needed, "
                            + "\(old == nil ? "the file is missing" : "other lines differ or are out of order") (run `make engine-store` and commit it)",
                        notes: oracle.missingSample.map { "missing: \($0)" }))
                }
                report.lines.append("\(path): \(made.written) results needed, \(missing) missing, \(stale) stale")
                continue
            }
            do {
                try write(made.text, to: path)
            } catch {
                report.diagnostics.append(Diagnostic(CacheCode.cannotWrite, "cannot write \(path): \(error)"))
                report.outcome = .cannotCreate
                return report
            }
            report.lines.append("\(path): \(made.written) results (\(stale) stale lines dropped)")
        }
        // A profile no build of these sources asks any more (the grading search's old budget, say) leaves a whole file
        // nothing reads: stale like a line, so a write removes it and a check fails on it.
        for path in unaskedFiles(beside: Array(report.summary.files.keys)) {
            report.summary.stale += 1
            if config.check {
                report.diagnostics.append(Diagnostic(CacheCode.storeOutOfDate,
                    "\(path) is read by no build of these sources: no profile they ask is its (run `make engine-store` and commit the removal)"))
                report.lines.append("\(path): asked by no build")
            } else {
                do {
                    try FileManager.default.removeItem(atPath: path)
                } catch {
                    report.diagnostics.append(Diagnostic(CacheCode.cannotWrite, "cannot remove \(path): \(error)"))
                    report.outcome = .cannotCreate
                    return report
                }
                report.lines.append("\(path): removed (no build asks its profile)")
            }
        }
        report.lines.append(String(format: "%@: analysed now %d; %.1f s", config.check ? "engine store checked" : "engine store written",
                                   report.summary.analysedNow, Date().timeIntervalSince(started)))
        report.outcome = .from(report.diagnostics)
        return report
    }

    /// The store files (`.tsv`) in the engine folders of `asked` that are not among them, sorted.
    static func unaskedFiles(beside asked: [String]) -> [String] {
        let keep = Set(asked)
        let folders = Set(asked.compactMap { path in path.lastIndex(of: "/").map { String(path[..<$0]) } })
        return folders.sorted().flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".tsv") }.sorted()
                .map { folder + "/" + $0 }.filter { !keep.contains($0) }
        }
    }

    /// Lines of the old file whose position is no longer asked.
    static func staleLines(old: String?, keep: Set<String>) -> Int {
        guard let old else { return 0 }
        return old.split(separator: "\n").filter { !$0.hasPrefix("#") }.filter { line in
            !keep.contains(String(line.prefix { $0 != "\t" }))
        }.count
    }

    /// Writes through the one output writer (`OutputFile`: a temporary sibling renamed over the file), the folder
    /// created first: a reader sees the old file or the new one.
    static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try OutputFile.write(Array(text.utf8), to: path)
    }
}
