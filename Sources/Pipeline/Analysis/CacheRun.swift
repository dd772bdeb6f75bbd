// CacheRun: `forge cache merge` (shard caches into one, checked) and `forge cache stats` (what a cache holds).
import ChessCore
import Diagnostics
import Foundation
import UCIEngine

/// What `forge cache merge` was asked to do.
public struct CacheMergeConfiguration: Sendable {
    /// The caches to merge (shard caches), in any order.
    public var inputs: [String]
    /// The cache to merge into (created when missing; it may already hold results).
    public var output: String

    public init(inputs: [String], output: String) {
        self.inputs = inputs
        self.output = output
    }
}

/// How a merge or a stats run went. `outcome`: `.ok` done, `.inputErrors` rejected input (nothing written),
/// `.noInput` an input missing, `.cannotCreate` the output cannot be written.
public struct CacheReport: CommandReport {
    public struct Summary: Codable, Sendable, Equatable {
        /// The caches read.
        public var caches: Int
        /// Results read from them.
        public var results: Int
        /// Merge only: distinct results, and those added to the output.
        public var distinct: Int?
        public var added: Int?
        public var errors: Int
    }
    public var diagnostics: [Diagnostic]
    public var outcome: CommandOutcome
    /// Lines for standard output.
    public var lines: [String]
    public var summary = Summary(caches: 0, results: 0, errors: 0)
    public var typedSummary: Summary { var s = summary; s.errors = diagnostics.errorCount; return s }
}

public enum CacheMerge {
    /// Merges the inputs into the output in one transaction. Every input must hold results of the
    /// engine/profile pairs of one analysis run (CCH102), no two results may disagree (CCH103); then nothing
    /// is written. Results that are not true of their position are left out (CCH106). Merging is
    /// idempotent and does not depend on the order of the inputs: the output ends with the union.
    ///
    /// ```swift
    /// let report = CacheMerge.run(CacheMergeConfiguration(inputs: ["shard-1.sqlite", "shard-2.sqlite"], output: "all.sqlite"))
    /// ```
    public static func run(_ config: CacheMergeConfiguration) -> CacheReport {
        var diagnostics: [Diagnostic] = []
        var byInput: [(path: String, entries: [CacheEntry])] = []
        var missing = false
        for path in config.inputs {
            do {
                var oversized = 0
                byInput.append((path, try AnalysisCache.readEntries(path: path, oversized: &oversized)))
                if oversized > 0 {
                    diagnostics.append(Diagnostic(IOCode.lineTooLong, "\(path): \(oversized) row(s) longer than \(ReadLimits.rowBytes) bytes; a row is read "
                                                  + "up to that, so nothing is merged"))
                }
            } catch let e as NotACache {
                missing = missing || e.missing
                diagnostics.append(Diagnostic(CacheCode.unreadable, e.description))
            } catch {
                diagnostics.append(Diagnostic(CacheCode.unreadable, "\(path): cannot be read as a result cache: \(error)"))
            }
        }
        if diagnostics.errorCount > 0 {
            return CacheReport(diagnostics: diagnostics, outcome: missing ? .noInput : .inputErrors, lines: [])
        }

        // The engine/profile pairs of one analysis run (a build asks for two: its own profile and the name
        // table's): every input must hold only pairs the fullest input holds, so a shard of another run
        // (another engine, node budget or MultiPV) does not slip in.
        var identities: [String: [String]] = [:]  // "engine | profile" → inputs holding it
        var perInput: [(path: String, ids: Set<String>)] = []
        for (path, entries) in byInput {
            let ids = Set(entries.map { "\($0.engine) | \($0.profile)" })
            perInput.append((path, ids))
            for id in ids { identities[id, default: []].append(path) }
        }
        let fullest = perInput.max { a, b in (a.ids.count, b.path) < (b.ids.count, a.path) }?.ids ?? []
        if perInput.contains(where: { !$0.ids.isSubset(of: fullest) }) {
            let detail = identities.keys.sorted().map { "\($0): \(identities[$0, default: []].sorted().joined(separator: ", "))" }
            let expected = fullest.sorted().joined(separator: "; ")
            diagnostics.append(Diagnostic(CacheCode.mixedIdentity, "the caches hold results of \(identities.count) engine/profile pairs; merge the shard caches of one analysis run only "
                    + "(the fullest input holds: \(expected))", notes: detail))
            return CacheReport(diagnostics: diagnostics, outcome: .inputErrors, lines: [])
        }

        // The union, checked, in key order.
        var union: [String: CacheEntry] = [:]
        var conflicts: [String] = []
        var invalid = 0
        for (path, entries) in byInput.sorted(by: { $0.path < $1.path }) {
            for e in entries {
                if let reason = problem(e) {
                    invalid += 1
                    diagnostics.append(Diagnostic(CacheCode.invalidEntry, "\(path): result for \(e.position) left out: \(reason)"))
                    continue
                }
                let key = e.position + "\n" + e.engine + "\n" + e.profile
                if let seen = union[key] {
                    if seen.result != e.result { conflicts.append("\(e.position) (\(path))") }
                } else {
                    union[key] = e
                }
            }
        }
        if !conflicts.isEmpty {
            diagnostics.append(conflictDiagnostic(conflicts.sorted()))
            return CacheReport(diagnostics: diagnostics, outcome: .inputErrors, lines: [])
        }
        let merged = union.keys.sorted().compactMap { union[$0] }
        let added: Int
        do {
            if let refused = CacheFolder.prepare(forFile: config.output, chosenByForge: false) { throw CacheFolderRefused(reason: refused) }
            added = try AnalysisCache(path: config.output).add(merged)
        } catch let c as CacheConflict {
            diagnostics.append(conflictDiagnostic(c.entries.map { "\($0.position) (\(config.output))" }))
            return CacheReport(diagnostics: diagnostics, outcome: .inputErrors, lines: [])
        } catch {
            diagnostics.append(Diagnostic(CacheCode.cannotWrite, "cannot write \(config.output): \(error)"))
            return CacheReport(diagnostics: diagnostics, outcome: .cannotCreate, lines: [])
        }
        let read = byInput.reduce(0) { $0 + $1.entries.count }
        let line = "merged \(byInput.count) cache\(byInput.count == 1 ? "" : "s") into \(config.output): \(read) results read, "
            + "\(merged.count) distinct, \(added) added, \(merged.count - added) already there" + (invalid > 0 ? ", \(invalid) left out" : "")
        return CacheReport(diagnostics: diagnostics, outcome: .ok, lines: [line],
                           summary: CacheReport.Summary(caches: byInput.count, results: read, distinct: merged.count, added: added, errors: 0))
    }

    static func conflictDiagnostic(_ positions: [String]) -> Diagnostic {
        Diagnostic(CacheCode.conflict, "\(positions.count) position(s) have two different results for one engine and profile; nothing was merged "
                       + "(an engine that is not deterministic, or an edited cache)",
                   notes: positions.prefix(5).map { "position: \($0)" } + (positions.count > 5 ? ["… and \(positions.count - 5) more"] : []))
    }

    /// Why a stored row cannot be merged, or nil.
    static func problem(_ e: CacheEntry) -> String? {
        guard let a = e.analysis else { return "its result does not decode" }
        guard a.profile.key == e.profile else { return "its result names the profile \(a.profile.key), the row \(e.profile)" }
        let position: Position
        do throws(PositionParseError) {
            position = try Position(fen: e.position + " 0 1")
        } catch {
            return "the position does not parse: \(error.description)"
        }
        guard position.identity.epd == e.position else { return "the position is not written in canonical form" }
        guard Int64(bitPattern: position.zobristKey) == e.zobrist else { return "its key is not the position's Polyglot key" }
        return a.problem(in: position, engine: AnalysisCache.engineName(ofKey: e.engine), profile: a.profile)
    }
}

public enum CacheStats {
    /// One line per engine and profile of each cache file: how many results it holds.
    public static func run(paths: [String]) -> CacheReport {
        var diagnostics: [Diagnostic] = []
        var lines: [String] = []
        var summary = CacheReport.Summary(caches: 0, results: 0, errors: 0)
        for path in paths {
            do {
                let groups = try AnalysisCache.readStatistics(path: path)
                let total = groups.reduce(0) { $0 + $1.entries }
                summary.caches += 1
                summary.results += total
                let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
                lines.append("\(path): \(total) result\(total == 1 ? "" : "s"), \(bytes) bytes")
                for g in groups { lines.append("  \(g.entries)\t\(g.engine)\t\(g.profile)") }
            } catch let e as NotACache {
                diagnostics.append(Diagnostic(CacheCode.unreadable, e.description))
            } catch {
                diagnostics.append(Diagnostic(CacheCode.unreadable, "\(path): cannot be read as a result cache: \(error)"))
            }
        }
        return CacheReport(diagnostics: diagnostics, outcome: diagnostics.errorCount > 0 ? .noInput : .ok, lines: lines, summary: summary)
    }
}
