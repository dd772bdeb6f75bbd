// StoreImport: `forge cache import-store` — an engine store's results written into a result cache, each line checked as a build reads it.
import ChessCore
import Diagnostics
import Foundation
import UCIEngine

/// What `forge cache import-store` was asked to do.
public struct StoreImportConfiguration: Sendable {
    /// The store folder read (`openings/engine`, or a content repository's).
    public var storeDirectory: String
    /// The engine whose cache rows the results become (`enginePath`; started once to read its `id name`) and the cache
    /// written (`cachePath`, which must be given).
    public var engine: EngineConfiguration

    public init(storeDirectory: String, engine: EngineConfiguration) {
        self.storeDirectory = storeDirectory
        self.engine = engine
    }
}

public struct StoreImportReport: CommandReport {
    public struct Summary: Codable, Sendable, Equatable {
        /// Per store file of the running engine read: its path and the results it gave the cache (added or already there).
        public var files: [String: Int]
        /// Results added to the cache, those it held already, and store lines refused (damaged: CCH107).
        public var added: Int
        public var alreadyThere: Int
        public var refused: Int
        public var errors: Int
    }
    public var diagnostics: [Diagnostic]
    public var outcome: CommandOutcome
    public var lines: [String] = []
    public var summary = Summary(files: [:], added: 0, alreadyThere: 0, refused: 0, errors: 0)
    public var typedSummary: Summary { var s = summary; s.errors = diagnostics.errorCount; return s }
}

public enum StoreImport {
    /// Writes every result of the store's files of the running engine into the cache, in one transaction, under the
    /// engine column a build of that engine reads (`PositionAnalyzer.cacheEngine`: its `id name` and the binary's
    /// digest), so a later build, export or check with `--no-engine-store` is served from the cache. Each line is read
    /// as the build's store reader reads it (`EngineStoreTable.lookup`: parsed, then `Analysis.problem`): a damaged line
    /// is CCH107 at its place and left out, the others are imported, and the run fails (exit 1). Files of another
    /// engine are skipped, and said so. A result the cache holds differently is a conflict (CCH103): nothing is
    /// written, as in `forge cache merge`. Importing twice adds nothing.
    ///
    /// ```swift
    /// let r = StoreImport.run(StoreImportConfiguration(storeDirectory: "openings/engine",
    ///                                                  engine: EngineConfiguration(cachePath: "analysis.sqlite")))
    /// ```
    public static func run(_ config: StoreImportConfiguration) -> StoreImportReport {
        guard EngineConfiguration.isExistingDirectory(config.storeDirectory) else {
            return StoreImportReport(diagnostics: [Diagnostic(CacheCode.noStoreFolder, "\(config.storeDirectory): no such folder")], outcome: .noInput)
        }
        guard let cachePath = config.engine.cachePath else {
            return StoreImportReport(diagnostics: [Diagnostic(CacheCode.cannotWrite, "no cache to import into")], outcome: .cannotCreate)
        }
        // The engine is started only for its `id name` and the cache's engine column, the key every build reads by; the
        // analyser opens the cache as every command does (`makePositionAnalyzer`), and that cache is the one written.
        let diagnostics = EngineDiagnostics(verbose: false)
        let analyzer: PositionAnalyzer
        do throws(Diagnostic) {
            var engine = config.engine.withoutStores
            engine.jobs = 1
            analyzer = try makePositionAnalyzer(engine, diagnostics: diagnostics)
        } catch {
            return StoreImportReport(diagnostics: [error], outcome: .engineUnavailable)
        }
        let engineName = analyzer.engine.name, engineKey = analyzer.cacheEngine
        analyzer.pool.shutdown()
        guard let cache = analyzer.cache else {
            return StoreImportReport(diagnostics: [Diagnostic(CacheCode.cannotWrite, "cannot write \(cachePath)",
                                                              notes: diagnostics.all.map(\.message))], outcome: .cannotCreate)
        }
        var report = StoreImportReport(diagnostics: diagnostics.all, outcome: .ok)

        let folder = EngineStoreFolder(path: config.storeDirectory)
        for file in folder.files {
            if let h = EngineStoreTable.header(of: file), h.engine != engineName {
                report.lines.append("\(file): results of \(h.engine), the engine here is \(engineName): skipped")
            }
        }
        let found = folder.tables(engine: engineName)
        var entries: [CacheEntry] = []
        var perFile: [(path: String, entries: Range<Int>)] = []
        for table in found.tables {
            let start = entries.count, listed = table.count  // before reading: a damaged line leaves the table when read
            for key in table.positions.sorted() {
                // Damaged: recorded in the table's problems, reported below.
                guard let a = table.lookup(key), let position = try? Position(fen: key + " 0 1"),
                      let entry = try? AnalysisCache.entry(a, position: key, zobrist: position.zobristKey, engine: engineKey) else { continue }
                entries.append(entry)
            }
            perFile.append((table.path, start..<entries.count))
            report.summary.refused += listed - (entries.count - start)
        }
        let problems = found.problems + found.tables.flatMap(\.problems)
        report.diagnostics += problems.map {
            Diagnostic(CacheCode.damagedStoreLine, "engine store: \($0.reason); not imported", at: SourceLocation(file: $0.path, line: $0.line, column: $0.column))
        }
        let added: Int
        do {
            added = try cache.add(entries)
        } catch let c as CacheConflict {
            report.diagnostics.append(CacheMerge.conflictDiagnostic(c.entries.map { "\($0.position) (\(cachePath))" }))
            report.outcome = .inputErrors
            return report
        } catch {
            report.diagnostics.append(Diagnostic(CacheCode.cannotWrite, "cannot write \(cachePath): \(error)"))
            report.outcome = .cannotCreate
            return report
        }
        for f in perFile {
            report.summary.files[f.path] = f.entries.count
            report.lines.append("\(f.path): \(f.entries.count) results")
        }
        report.summary.added = added
        report.summary.alreadyThere = entries.count - added
        report.lines.append("imported \(entries.count) results of \(engineName) from \(perFile.count) store file\(perFile.count == 1 ? "" : "s") into "
            + "\(cachePath): \(added) added, \(entries.count - added) already there" + (report.summary.refused > 0 ? ", \(report.summary.refused) refused" : ""))
        report.outcome = .from(report.diagnostics)
        return report
    }
}
