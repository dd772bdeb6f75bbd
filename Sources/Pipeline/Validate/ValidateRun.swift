// ValidateRun: `forge validate` — every check on every opening source and FEN file; diagnostics and a summary.
import ChessCore
import ChessPGN
import Diagnostics
import Foundation
import Openings

/// What `forge validate` was asked to do.
public struct ValidateConfiguration: Sendable {
    public var paths: [String]
    /// The engine to check with; `nil` skips the engine checks (`--no-engine`).
    public var engine: EngineConfiguration?
    public var thresholds: EngineThresholds
    public var progress: ProgressStyle
    /// The name list's folder for the name checks (NAM1xx, docs/names.md); `nil` skips them.
    public var namesPath: String?
    /// Only the engine check of the learner's moves (VAL220/VAL221), asking the engine only what it needs:
    /// the deep check at five times the build's budget.
    public var learnerMovesOnly = false
    /// Warnings count as errors (`--strict`).
    public var strict = false

    public init(paths: [String], engine: EngineConfiguration?, thresholds: EngineThresholds = EngineThresholds(), progress: ProgressStyle = .off,
                namesPath: String? = nil, learnerMovesOnly: Bool = false) {
        self.namesPath = namesPath
        self.learnerMovesOnly = learnerMovesOnly
        self.paths = paths
        self.engine = engine
        self.thresholds = thresholds
        self.progress = progress
    }
}

/// The findings, sorted by file, line and column, and what was looked at.
public struct ValidationReport: CommandReport {
    /// The findings a person is shown (capped as they were collected, `DiagnosticLog`), with PGN903 notes for the rest.
    public var diagnostics: [Diagnostic]
    /// Every error and warning found, the ones not kept included.
    public var counts: DiagnosticCounts
    /// No engine could be started (the diagnostics say why).
    public var engineFailed = false
    public var files: Int
    public var lines: Int
    public var positions: Int
    /// Positions the engine searched now, and answered from the cache.
    public var searched: Int
    public var cached: Int
    /// The coach curriculum's figures.
    public var content = ContentBar()

    /// A path that does not exist (VAL200) is 66, as for every reading command (README, docs/errors.md); it was 1.
    public var outcome: CommandOutcome {
        if engineFailed { return .engineUnavailable }
        let missing: CommandOutcome = diagnostics.contains { $0.code == ValidatorCode.noSuchPath } ? .noInput : .ok
        return missing.worst(.from(diagnostics))
    }

    public struct Summary: Codable, Sendable, Equatable {
        public var files, lines, positions, errors, warnings, searched, cached: Int
        public var content: ContentBar
    }
    public var typedSummary: Summary {
        Summary(files: files, lines: lines, positions: positions, errors: counts.errors, warnings: counts.warnings,
                searched: searched, cached: cached, content: content)
    }

    /// `12 files, 58 lines, 1,043 positions: 0 errors, 2 warnings`
    public var summary: String {
        "\(files) files, \(lines) lines, \(positions) positions: \(counts.errors) errors, \(counts.warnings) warnings"
    }
}

public enum Validate {
    /// The phases of a validation, as its progress line names them.
    static let phases = ["checks", "engine"]

    /// Runs every check. An engine that cannot be started ends the run with `.engineUnavailable`; everything
    /// else is a diagnostic. With `strict`, warnings are errors.
    public static func run(_ config: ValidateConfiguration) -> ValidationReport {
        var report: ValidationReport
        do throws(Diagnostic) {
            report = try attempt(config)
        } catch {
            report = ValidationReport(diagnostics: [error], counts: DiagnosticCounts(errors: 1), files: 0, lines: 0, positions: 0, searched: 0,
                                      cached: 0)
            report.engineFailed = true
        }
        if config.strict {
            report.diagnostics = report.diagnostics.map { d in var d = d; if d.severity == .warning { d.severity = .error }; return d }
            report.counts = DiagnosticCounts(errors: report.counts.errors + report.counts.warnings)
        }
        return report
    }

    static func attempt(_ config: ValidateConfiguration) throws(Diagnostic) -> ValidationReport {
        let lib = LibraryFiles.load(config.paths)
        var oracle: AnalyzerOracle?
        let progress = ProgressMeter.standardError("validating", phases: Validate.phases, style: config.progress)
        defer { progress.finish() }
        if let engine = config.engine, !lib.sources.isEmpty {
            oracle = try makeEngineOracle(engine, progress: progress)
        }
        defer { oracle?.shutdown() }
        return check(lib, oracle: oracle, thresholds: config.thresholds,
                     names: NameListFiles.loadForChecks(config.namesPath, libraryPaths: config.paths),
                     learnerMovesOnly: config.learnerMovesOnly)
    }

    /// Every check over a loaded library; the engine checks when an oracle is given.
    static func check(_ lib: LoadedLibrary, oracle: AnalyzerOracle?, thresholds: EngineThresholds, names: LoadedNames? = nil,
                      learnerMovesOnly: Bool = false) -> ValidationReport {
        var out = lib.log
        if let names {
            out += names.diagnostics
            out += NameChecks.check(lib.sources.filter { !lib.brokenSources.contains($0.file) }, list: names.list, reasons: names.reasons)
        }
        for s in lib.sources + lib.partialSources { out += SourceChecks.check(s) + CurriculumChecks.check(s) }
        for s in lib.sources where s.kind == .coach { out += ExplanationChecks.check(source: s) }
        out += LibraryChecks.check(lib.sources)
        out += AdviceChecks.check(lib.sources)
        fenFileProblems(lib, into: &out)
        let positions = EngineChecks.positions(of: lib.sources)
        if let oracle {
            oracle.progress?.begin("engine")
            out += learnerMovesOnly
                ? EngineChecks.checkLearnerMoves(lib.sources, oracle: oracle, thresholds: thresholds)
                : EngineChecks.check(lib.sources, oracle: oracle, thresholds: thresholds)
            out += oracle.engineDiagnostics
        }
        return ValidationReport(diagnostics: sorted(out.shown) + out.notes, counts: out.counts, files: lib.pgnFiles + lib.fenFiles.count,
                                lines: lib.sources.reduce(0) { $0 + $1.lines.count }, positions: positions.count,
                                searched: oracle?.searched ?? 0, cached: oracle?.cached ?? 0, content: ContentBar(lib.sources))
    }

    /// File, line, column, then code: a stable order for output and tests.
    static func sorted(_ ds: [Diagnostic]) -> [Diagnostic] {
        ds.enumerated().sorted { a, b in
            let x = a.element.location, y = b.element.location
            if (x?.file ?? "") != (y?.file ?? "") { return (x?.file ?? "") < (y?.file ?? "") }
            if (x?.line ?? 0) != (y?.line ?? 0) { return (x?.line ?? 0) < (y?.line ?? 0) }
            if (x?.column ?? 0) != (y?.column ?? 0) { return (x?.column ?? 0) < (y?.column ?? 0) }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// FEN files: each line a canonical, legal FEN; the file equal to what its source (or its own moves) regenerates.
    static func fenFileProblems(_ lib: LoadedLibrary, into out: inout DiagnosticLog) {
        for (path, text) in lib.fenFiles {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            var lineProblems = false
            for (i, raw) in lines.enumerated() {
                let line = String(raw)
                if line.isEmpty { continue }
                do {
                    let setup = try Setup(fen: line)
                    if setup.fen != line {
                        out.append(Diagnostic(ValidatorCode.fenNotCanonical, "FEN is not canonical", at: SourceLocation(file: path, line: i + 1, column: 1),
                                              notes: ["found:     \(line)", "canonical: \(setup.fen)"]))
                        lineProblems = true
                    }
                    do { _ = try Position(setup) } catch {
                        out.append(Diagnostic(ChessCoreCode.code(for: error.code), "illegal position: \(error.messages.joined(separator: "; "))",
                                              at: SourceLocation(file: path, line: i + 1, column: 1), notes: ["FEN: \(line)"]))
                        lineProblems = true
                    }
                } catch {
                    out.append(Diagnostic(ChessCoreCode.code(for: error.code), error.description, at: SourceLocation(file: path, line: i + 1, column: error.column),
                                          notes: ["FEN: \(line)"]))
                    lineProblems = true
                }
            }
            if lineProblems { continue }
            let expected: String?
            let origin: String
            if let source = lib.source(for: path) {
                if source.droppedVariations > 0 { continue }  // a variation of its source has an error, reported there
                expected = Regeneration.fenText(for: source)
                origin = source.file
            } else if lib.brokenSources.contains(String(path.dropLast(4)) + ".pgn") {
                continue // its source has errors, reported there
            } else {
                let r = Regeneration.fenText(fromFENFile: text, file: path)
                out += r.diagnostics
                expected = r.text
                origin = "its own moves"
            }
            if let expected, let d = Regeneration.firstDifference(expected, text) {
                out.append(Diagnostic(ValidatorCode.fenFileOutOfDate, "\(path) differs from what \(origin) regenerates (run forge regenerate)",
                                      at: SourceLocation(file: path, line: d.line, column: 1),
                                      notes: ["expected: \(d.expected)", "found:    \(d.found)"]))
            }
        }
    }
}
