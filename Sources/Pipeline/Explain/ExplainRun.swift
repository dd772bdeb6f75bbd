// ExplainRun: `forge explain` — the coach's note on each move of a sequence from a FEN, computed with the engine.
import BundleStore
import ChessCore
import ChessPGN
import CoachBundle
import Diagnostics
import Explainer
import Foundation
import UCIEngine

/// The output formats of `forge explain`.
public enum ExplainFormat: String, Sendable, CaseIterable {
    /// A few lines per move for a reviewer: verdict and scores, text, better move, refutation, threat, answer.
    case text
    /// One JSON array, one object per move (docs/cli.md lists the keys).
    case json
}

/// Where `forge explain` reads notes before it computes any.
public enum ExplainBundle: Sendable, Equatable {
    /// Every note is computed.
    case none
    /// The bundle folder's notes when it holds a bundle (`forge explain`'s default, `data/bundle`); none there: computed.
    case ifPresent(String)
    /// This bundle folder's notes; a folder that holds no readable bundle is refused (`--bundle DIR`).
    case required(String)
}

/// What `forge explain` was asked to do: the moves are played in turn from `fen`, each explained where it is played.
public struct ExplainConfiguration: Sendable {
    /// nil: the start position.
    public var fen: String?
    /// UCI (`e2e4`) or SAN (`e4`) moves.
    public var moves: [String]
    /// The learner's side (the answer is given after the other side's moves); nil: the side to move in `fen`.
    public var learner: PieceColor?
    public var format: ExplainFormat
    public var engine: EngineConfiguration
    /// The bundle whose notes (`move_note`) are read first.
    public var bundle: ExplainBundle

    public init(fen: String?, moves: [String], learner: PieceColor? = nil, format: ExplainFormat = .text, engine: EngineConfiguration,
                bundle: ExplainBundle = .none) {
        self.bundle = bundle
        self.fen = fen
        self.moves = moves
        self.learner = learner
        self.format = format
        self.engine = engine
    }
}

/// The notes, their printed form, and how the run went.
public struct ExplainReport: CommandReport {
    public struct Summary: Codable, Sendable, Equatable {
        public var moves: Int
        public var errors: Int
        public var warnings: Int
    }
    public var diagnostics: [Diagnostic]
    public var outcome: CommandOutcome
    public var notes: [Note]
    /// Per note: it came from the bundle (else the engine computed it).
    public var fromBundle: [Bool] = []
    /// What the command prints on standard output (empty when the input was refused).
    public var output: String
    public var typedSummary: Summary { Summary(moves: notes.count, errors: diagnostics.errorCount, warnings: diagnostics.warningCount) }
}

/// Runs `forge explain`. A bad FEN or a move that is not legal where it is played is refused before the engine
/// starts (`.usage`: they are arguments); an engine that cannot start gives `.engineUnavailable`.
///
/// ```swift
/// let r = runExplain(ExplainConfiguration(fen: nil, moves: ["e4", "e5", "Nf3", "f6"], engine: config))
/// r.notes[3].verdict   // .mistake
/// ```
public func runExplain(_ config: ExplainConfiguration) -> ExplainReport {
    func refused(_ d: Diagnostic) -> ExplainReport { ExplainReport(diagnostics: [d], outcome: .usage, notes: [], output: "") }
    var position = Position.standard
    if let fen = config.fen {
        do { position = try Position(fen: fen) } catch {
            return refused(Diagnostic(ChessCoreCode.code(for: error.code), "invalid FEN: \(error.description)", notes: ["FEN: \(fen)"]))
        }
    }
    let learner = config.learner ?? position.turn
    // Every move is read before the engine starts: a typo costs no search.
    var steps: [(before: Position, move: Move)] = []
    var p = position
    for (i, text) in config.moves.enumerated() {
        let move: Move
        if UCIMoveText.isWellFormed(text) {
            do { move = try p.move(uci: text) } catch {
                return refused(Diagnostic(ChessCoreCode.code(for: error.code), "move \(i + 1): \(error.description)", notes: ["FEN: \(p.fen())"]))
            }
        } else {
            do { move = try p.move(san: text) } catch {
                return refused(Diagnostic(ChessCoreCode.code(for: error.code), "move \(i + 1): \(error.message)", notes: ["FEN: \(p.fen())"]))
            }
        }
        steps.append((p, move))
        p.playUnchecked(move)
    }
    // The bundle's notes first: the same explainer wrote them; the engine starts only for a move the bundle lacks.
    var stored: [Note?] = Array(repeating: nil, count: steps.count)
    let bundleDirectory: String? = switch config.bundle {
    case .none: nil
    case .ifPresent(let dir):
        [BundleCheck.manifestName, BundleCheck.databaseName].contains { FileManager.default.fileExists(atPath: dir + "/" + $0) }
            ? dir : nil
    case .required(let dir): dir
    }
    if let bundleDirectory {
        // Read as the app reads it: CoachBundle's note, the one reading of a `move_note` row, from a folder that
        // passed the library's check in full (every SHA-256 against the manifest): an edited row is refused.
        do throws(CoachBundleError) {
            let coach = try CoachBundle(directory: bundleDirectory, verification: .checksums)
            for (i, step) in steps.enumerated() {
                guard let here = try coach.position(step.before) else { continue }
                stored[i] = try coach.note(step.move, at: here)
            }
        } catch {
            return ExplainReport(diagnostics: [error.diagnostic], outcome: .usage, notes: [], output: "")
        }
    }
    var oracle: AnalyzerOracle?
    defer { oracle?.shutdown() }
    var notes: [Note] = []
    var diagnostics: [Diagnostic] = []
    for (i, step) in steps.enumerated() {
        if let note = stored[i] {
            notes.append(note)
            continue
        }
        if oracle == nil {
            do throws(Diagnostic) {
                oracle = try makeEngineOracle(config.engine, progress: nil)
            } catch {
                return ExplainReport(diagnostics: [error], outcome: .engineUnavailable, notes: [], output: "")
            }
        }
        guard let oracle else { continue }
        let (note, problems) = Explainer(engine: oracle).explain(step.move, in: step.before, learner: learner,
                                                                 previous: i > 0 ? steps[i - 1].move : nil)
        notes.append(note)
        for problem in problems {
            diagnostics.append(Diagnostic(problem.code, "\(problem.message); move \(i + 1) is explained from the rules alone").reported(as: .warning))
        }
    }
    diagnostics += oracle?.engineDiagnostics ?? []
    let fromBundle = stored.map { $0 != nil }
    // Each note is numbered and placed by the game that reached it: a bundle's position carries `0 1` counters.
    let games = steps.map(\.before)
    let output = config.format == .json ? ExplainJSON.array(notes, at: games, fromBundle: fromBundle)
        : zip(zip(notes, games), fromBundle).map { ExplainText.block($0.0, at: $0.1) + ($1 ? "  (from the bundle)\n" : "") }
            .joined(separator: "\n")
    var report = ExplainReport(diagnostics: diagnostics, outcome: .from(diagnostics), notes: notes, output: output)
    report.fromBundle = fromBundle
    return report
}

/// The `--output-format json` objects: one per move, keys sorted, same notes → same bytes.
enum ExplainJSON {
    /// A line; its score as numbers, from the point of view of the side that plays the note's move (one of `cp`,
    /// `mate`; a negative mate: that side is mated).
    struct Line: Encodable {
        var uci: [String]
        var san: [String]
        var cp: Int?
        var mate: Int?
        var text: String
    }
    struct Object: Encodable {
        var move: String
        var san: String
        /// The position the move is played from, as the game reached it (`fen` in forge's JSON is always a
        /// position after a move or the position analysed; the one before a move is `fenBefore`).
        var fenBefore: String
        var verdict: String?
        var drop: Int?
        var rank: Int?
        var text: String
        var fromBundle: Bool
        /// UCI of the better move (inaccuracy or worse).
        var better: String?
        /// UCI moves of the line that shows what goes wrong (inaccuracy or worse).
        var refutation: [String]?
        /// UCI of what the move threatens.
        var threat: String?
        /// UCI of the learner's best answer (after an opponent's move).
        var answer: String?
        var betterLine: Line?
        var refutationLine: Line?
        var answerLine: Line?
        /// For a move that leaves the course's lines (a bundle note): the name of the position reached, the plan change.
        var leaves: Exit?
    }
    struct Exit: Encodable {
        var name: String?
        var plan: String?
    }

    /// `moverFirst`: the note's mover plays the line's first move (the better move, a threat); else its opponent
    /// does (the refutation, the learner's answer) and the score, the line's first mover's, is turned round.
    static func line(_ l: NoteLine?, moverFirst: Bool) -> Line? {
        l.map {
            let columns = (moverFirst ? $0.score : $0.score?.negated)?.columns
            return Line(uci: $0.uci, san: $0.san, cp: columns?.centipawns, mate: columns?.mate, text: $0.text)
        }
    }

    /// `game`: the position before the move as the game reached it (its move counters; a bundle's note has `0 1`).
    static func object(_ n: Note, at game: Position, fromBundle: Bool) -> Object {
        Object(move: n.uci, san: n.san, fenBefore: game.fen(), verdict: n.verdict?.rawValue, drop: n.grade?.drop, rank: n.grade?.rank,
               text: n.text, fromBundle: fromBundle, better: n.better?.uci.first, refutation: n.refutation?.uci, threat: n.threat?.uci.first,
               answer: n.answer?.uci.first, betterLine: line(n.better, moverFirst: true),
               refutationLine: line(n.refutation, moverFirst: false), answerLine: line(n.answer, moverFirst: false),
               leaves: n.leaves.map { Exit(name: $0.name, plan: $0.plan) })
    }

    static func array(_ notes: [Note], at games: [Position], fromBundle: [Bool]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let objects = zip(zip(notes, games), fromBundle).map { object($0.0, at: $0.1, fromBundle: $1) }
        let data = (try? encoder.encode(objects)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// The text form: a reviewer reads the note at its position.
enum ExplainText {
    /// `game`: the position before the move as the game reached it, whose move number the block shows.
    static func block(_ n: Note, at game: Position) -> String {
        var out = "\(game.fullmoveNumber)\(n.mover == .white ? "." : "...")\(n.san)"
        if let g = n.grade { out += "  \(g.verdict.rawValue) (best \(g.best.text), played \(g.played.text), drop \(g.drop))" }
        out += "\n  \(n.text)\n"
        func add(_ label: String, _ l: NoteLine?) {
            guard let l else { return }
            out += "  \(label): \(l.san.joined(separator: " "))\(l.score.map { " (\($0.text))" } ?? "")\(l.text.isEmpty ? "" : " — " + l.text)\n"
        }
        add("better", n.better)
        add("refutation", n.refutation)
        add("threat", n.threat)
        add("answer", n.answer)
        if let e = n.leaves { out += "  leaves the course\(e.name.map { ", into the " + $0 } ?? "")\(e.plan.map { ": " + $0 } ?? "")\n" }
        return out
    }
}
