// RegenerateRun: `forge regenerate` — rewrites FEN files canonically from their sources, engine-verified, atomically.
import ChessCore
import Diagnostics
import Foundation
import Openings

public struct RegenerateConfiguration: Sendable {
    public var paths: [String]
    /// Write nothing; report what would change (exit 1 when anything would).
    public var check: Bool
    /// The engine that verifies every position loads; `nil` skips it.
    public var engine: EngineConfiguration?
    public var progress: ProgressStyle

    public init(paths: [String], check: Bool, engine: EngineConfiguration?, progress: ProgressStyle = .off) {
        self.paths = paths
        self.check = check
        self.engine = engine
        self.progress = progress
    }
}

/// One FEN file that is (or would be) written.
public struct FENFileChange: Sendable, Hashable {
    public enum Kind: String, Sendable { case created, updated }
    public var path: String
    public var kind: Kind
    /// The first differing line of an update: line number, old text, new text.
    public var detail: String
}

public struct RegenerateReport: CommandReport {
    public var changes: [FENFileChange]
    public var unchanged: Int
    public var diagnostics: [Diagnostic]
    /// No engine could be started (the diagnostics say why).
    public var engineFailed = false
    public var failed: Bool { diagnostics.errorCount > 0 }
    /// The worst outcome of writing the FEN files (`.cannotCreate` when a target is an input, `.ioError` on a full disk).
    public var writeOutcome: CommandOutcome = .ok
    public var outcome: CommandOutcome { engineFailed ? .engineUnavailable : writeOutcome.worst(.from(diagnostics)) }

    public struct Summary: Codable, Sendable, Equatable {
        public var created, updated, unchanged, errors, warnings: Int
    }
    public var typedSummary: Summary {
        Summary(created: changes.count { $0.kind == .created }, updated: changes.count { $0.kind == .updated }, unchanged: unchanged,
                errors: diagnostics.errorCount, warnings: diagnostics.warningCount)
    }
}

public enum Regenerate {
    /// Regenerates every FEN file: from its PGN source (library sources always have one), or alone from its own moves.
    /// An engine that cannot be started ends the run with `.engineUnavailable`.
    public static func run(_ config: RegenerateConfiguration) -> RegenerateReport {
        do throws(Diagnostic) {
            return try attempt(config)
        } catch {
            return RegenerateReport(changes: [], unchanged: 0, diagnostics: [error], engineFailed: true)
        }
    }

    static func attempt(_ config: RegenerateConfiguration) throws(Diagnostic) -> RegenerateReport {
        let lib = LibraryFiles.load(config.paths)
        var diagnostics = lib.diagnostics
        var targets: [(path: String, text: String, source: OpeningSource?)] = []
        // A source missing a variation (its error is reported) is not the author's whole text: nothing is written from it.
        for s in lib.sources where s.kind != .coach && s.droppedVariations == 0 {
            targets.append((String(s.file.dropLast(4)) + ".fen", Regeneration.fenText(for: s), s))
        }
        for (path, text) in lib.fenFiles where lib.source(for: path) == nil {
            if lib.brokenSources.contains(String(path.dropLast(4)) + ".pgn") { continue }
            let r = Regeneration.fenText(fromFENFile: text, file: path)
            diagnostics += r.diagnostics
            if let t = r.text { targets.append((path, t, nil)) }
        }

        // Every position must be playable: not over before the line ends, and loadable by the engine.
        var positions: [Position] = []
        for s in lib.sources where s.kind != .coach {
            for m in s.mainLine.moves.dropLast() where m.after.isGameOver {
                diagnostics.append(Diagnostic(ValidatorCode.gameOverMidLine, "the game is already over after \(EngineChecks.moveLabel(m)), but the line goes on",
                                              at: m.location))
            }
            positions += [s.start] + s.mainLine.moves.map(\.after)
        }
        if let engine = config.engine, !positions.isEmpty {
            let progress = ProgressMeter.standardError("regenerating", phases: [], style: config.progress)
            defer { progress.finish() }
            let oracle = try makeEngineOracle(engine, progress: progress)
            defer { oracle.shutdown() }
            for (p, r) in zip(positions, oracle.analyse(positions)) {
                if case .failure(let f) = r {
                    diagnostics.append(Diagnostic(ValidatorCode.engineCannotAnalyse, "Stockfish could not analyse \(p.fen()): \(f.message)"))
                }
            }
            diagnostics += oracle.engineDiagnostics
        }

        var changes: [FENFileChange] = []
        var unchanged = 0
        var writeOutcome = CommandOutcome.ok
        let blocked = diagnostics.errorCount > 0
        for t in targets.sorted(by: { $0.path < $1.path }) {
            // Read and written only inside the root its source was found in: a `.fen` that links out is neither
            // compared (its first line would be printed) nor written (IO105).
            let root = lib.roots[t.source?.file ?? t.path] ?? SourceRoot.holding(t.path)
            do throws(LinkOutOfRoot) { try root.check(t.path) } catch {
                if !lib.refusedLinks.contains(t.path) { diagnostics.append(Diagnostic(IOCode.linkOutOfRoot, error.description)) }  // else reported when found
                writeOutcome = writeOutcome.worst(.cannotCreate)
                continue
            }
            let old = FileManager.default.contents(atPath: t.path).map { String(decoding: $0, as: UTF8.self) }
            if old == t.text {
                unchanged += 1
                continue
            }
            let change: FENFileChange
            if let old, let d = Regeneration.firstDifference(t.text, old) {
                change = FENFileChange(path: t.path, kind: .updated, detail: "line \(d.line): \(d.found) -> \(d.expected)")
            } else {
                change = FENFileChange(path: t.path, kind: .created, detail: "\(t.text.split(separator: "\n").count) positions")
            }
            if config.check {
                changes.append(change)
                diagnostics.append(Diagnostic(ValidatorCode.fenFileOutOfDate, "\(t.path) is not what its source regenerates (\(change.detail))",
                                              at: SourceLocation(file: t.path, line: 1, column: 1)))
            } else if !blocked {
                // Inputs are never outputs: every other file of the library (by device and inode, so a link or a hard
                // link to a source is refused), whatever name the target has. Only a file written is a change.
                do throws(OutputError) {
                    try OutputFile.write(Array(t.text.utf8), to: t.path, inputs: lib.files.filter { $0 != t.path }, root: root)
                    changes.append(change)
                } catch {
                    diagnostics.append(Diagnostic(ValidatorCode.cannotWriteFEN, error.description))
                    writeOutcome = writeOutcome.worst(error.outcome)
                }
            }
        }
        var report = RegenerateReport(changes: changes, unchanged: unchanged, diagnostics: Validate.sorted(diagnostics))
        report.writeOutcome = writeOutcome
        return report
    }
}
