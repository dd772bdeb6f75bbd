// StoreVerify: `forge cache verify-store` — CI re-derives a seeded sample of the engine store and every changed line with the real engine.
import Diagnostics
import Foundation
import UCIEngine

/// What `forge cache verify-store` was asked to do.
public struct StoreVerifyConfiguration: Sendable {
    /// The store folder (`openings/engine`).
    public var storeDirectory: String
    /// Lines drawn at random from each store file of the running engine.
    public var sample: Int
    /// The draw's seed (CI: the commit hash): the same seed draws the same lines.
    public var seed: String
    /// Positions (identities) to re-derive besides the sample: the lines the last commit added or changed.
    public var positions: [String]
    /// A file of such positions, one a line (`--positions FILE`), read with them.
    public var positionsFile: String?
    /// The engine (path, jobs); its profile comes from each store file's header, the cache is never read.
    public var engine: EngineConfiguration

    public init(storeDirectory: String, sample: Int = 20, seed: String = "", positions: [String] = [], positionsFile: String? = nil,
                engine: EngineConfiguration) {
        self.positionsFile = positionsFile
        self.storeDirectory = storeDirectory
        self.sample = sample
        self.seed = seed
        self.positions = positions
        self.engine = engine
    }
}

public struct StoreVerifyReport: CommandReport {
    public struct Summary: Codable, Sendable, Equatable {
        /// Lines searched again, and those whose result differed.
        public var rederived: Int
        public var differing: Int
        public var errors: Int
    }
    public var diagnostics: [Diagnostic]
    public var outcome: CommandOutcome
    public var lines: [String] = []
    public var summary = Summary(rederived: 0, differing: 0, errors: 0)
    public var typedSummary: Summary { var s = summary; s.errors = diagnostics.errorCount; return s }
}

public enum StoreVerify {
    /// For each store file of the running engine (files of other engines are skipped, and said so): draws `sample`
    /// lines with a generator seeded by `seed` and the file's profile (not its path: the same draw on every machine), adds the lines of `positions`, searches each position again with the
    /// file's profile (no cache, no store), and compares the line the result makes with the stored one, byte for byte.
    /// A difference is CCH110 at the stored line, with both lines.
    ///
    /// ```swift
    /// let r = StoreVerify.run(StoreVerifyConfiguration(storeDirectory: "openings/engine", seed: commit, engine: engine))
    /// ```
    public static func run(_ config: StoreVerifyConfiguration) -> StoreVerifyReport {
        let started = Date()
        var report = StoreVerifyReport(diagnostics: [], outcome: .ok)
        let folder = EngineStoreFolder(path: config.storeDirectory)
        var wanted = Set(config.positions)
        if let path = config.positionsFile {
            guard let data = FileManager.default.contents(atPath: path) else {
                return StoreVerifyReport(diagnostics: [Diagnostic(CacheCode.unreadablePositions, "\(path): cannot be read")], outcome: .noInput)
            }
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where !line.isEmpty { wanted.insert(String(line)) }
        }
        for file in folder.files {
            guard let header = EngineStoreTable.header(of: file) else {
                report.diagnostics.append(Diagnostic(CacheCode.damagedStoreLine, "not an engine store (no header)", at: SourceLocation(file: file, line: 1, column: 1)))
                continue
            }
            guard let profile = AnalysisProfile(key: header.profileKey) else {
                report.diagnostics.append(Diagnostic(CacheCode.damagedStoreLine, "profile \"\(header.profileKey)\" is not one this forge runs",
                                                     at: SourceLocation(file: file, line: 3, column: 1)))
                continue
            }
            var engine = config.engine.withoutStores
            engine.profile = profile
            engine.cachePath = nil
            let diagnostics = EngineDiagnostics(verbose: false)
            let analyzer: PositionAnalyzer
            do throws(Diagnostic) {
                analyzer = try makePositionAnalyzer(engine, diagnostics: diagnostics)
            } catch {
                report.diagnostics.append(error)
                report.outcome = .engineUnavailable
                return report
            }
            defer { analyzer.pool.shutdown() }
            guard analyzer.engine.name == header.engine else {
                report.lines.append("\(file): results of \(header.engine), the engine here is \(analyzer.engine.name): skipped")
                continue
            }
            let rows = storedRows(file)
            let chosen = draw(rows.map(\.key).sorted(), count: config.sample, seed: config.seed + "\n" + header.profileKey)
            let keys = Set(chosen).union(rows.map(\.key).filter { wanted.contains($0) }).sorted()
            let rowOf = Dictionary(rows.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })  // keys come from rows: all found
            let found = differences(file: file, rows: keys.compactMap { rowOf[$0] }, results: analyzer.analyse(keys.map { $0 + " 0 1" }))
            report.diagnostics += diagnostics.all + found
            let differing = found.count
            report.summary.rederived += keys.count
            report.summary.differing += differing
            report.lines.append("\(file): \(keys.count) of \(rows.count) lines searched again (\(chosen.count) drawn, "
                + "\(keys.count - chosen.count) more changed), \(differing) differ")
        }
        report.lines.append(String(format: "engine store verified: %d lines searched again, %d differ; %.1f s",
                                   report.summary.rederived, report.summary.differing, Date().timeIntervalSince(started)))
        report.outcome = .from(report.diagnostics)
        return report
    }

    /// CCH110 for every row whose position, searched again, does not give back its line byte for byte.
    static func differences(file: String, rows: [(key: String, line: Int, text: String)],
                            results: [Result<Analysis, EngineFailure>]) -> [Diagnostic] {
        zip(rows, results).compactMap { row, result in
            let at = SourceLocation(file: file, line: row.line, column: 1)
            switch result {
            case .success(let a):
                let derived = EngineStore.line(position: row.key, analysis: a) ?? "(a finished game: no line)"
                guard derived != row.text else { return nil }
                return Diagnostic(CacheCode.notReproduced, "the engine does not reproduce the stored result for \(row.key)", at: at,
                                  notes: ["stored:   " + row.text, "searched: " + derived])
            case .failure(let f):
                return Diagnostic(CacheCode.notReproduced, "\(row.key) could not be searched again: \(f.message)", at: at)
            }
        }
    }

    /// The result lines of a store file with their line numbers.
    static func storedRows(_ file: String) -> [(key: String, line: Int, text: String)] {
        guard let data = FileManager.default.contents(atPath: file) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { i, row in
            guard !row.isEmpty, !row.hasPrefix("#"), let tab = row.firstIndex(of: "\t") else { return nil }
            return (String(row[..<tab]), i + 1, String(row))
        }
    }

    /// `count` of `keys` (sorted), drawn without replacement by a SplitMix64 generator seeded with an FNV-1a hash of
    /// `seed`: the same seed and keys draw the same lines on every machine.
    static func draw(_ keys: [String], count: Int, seed: String) -> [String] {
        var state: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in seed.utf8 { state = (state ^ UInt64(b)) &* 0x100_0000_01b3 }
        func next() -> UInt64 {
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }
        var pool = keys
        var out: [String] = []
        while out.count < count, !pool.isEmpty {
            out.append(pool.remove(at: Int(next() % UInt64(pool.count))))
        }
        return out
    }
}
