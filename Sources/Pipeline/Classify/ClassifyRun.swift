// ClassifyRun: `forge classify` — name every game by the deepest named position of its main line (docs/names.md).
import ChessPGN
import Diagnostics
import Foundation
import Openings

/// What `forge classify` was asked to do.
public struct ClassifyConfiguration: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        /// The games themselves, with `ECO` and `Opening` tags set.
        case pgn
        /// One record per line: `game<TAB>line<TAB>ply<TAB>eco<TAB>name<TAB>epd` (`-` for no name).
        case text
        /// One JSON object per line: `{"game":1,"line":0,"ply":9,"eco":"C50","name":"Italian Game","epd":"…"}`.
        case jsonl
    }

    /// PGN files, `-` for standard input (not with `inPlace`).
    public var inputs: [String]
    /// The name list's folder.
    public var namesPath: String
    public var format: Format
    /// `nil` or `-`: standard output; otherwise written through a temporary sibling.
    public var outputPath: String?
    /// Rewrite each input file itself (pgn format only; never implied).
    public var inPlace: Bool
    /// Also name the end of every variation (text and jsonl).
    public var variations: Bool

    public init(inputs: [String], namesPath: String = NameListFiles.defaultDirectory, format: Format = .pgn,
                outputPath: String? = nil, inPlace: Bool = false, variations: Bool = false) {
        self.inputs = inputs
        self.namesPath = namesPath
        self.format = format
        self.outputPath = outputPath
        self.inPlace = inPlace
        self.variations = variations
    }

    /// Why these options do not go together, or nil (forge rejects them as bad usage before running).
    public var usageProblem: String? {
        if inPlace && (outputPath != nil || format != .pgn || inputs.contains("-") || inputs.isEmpty) {
            return "--in-place rewrites PGN files given by name: not with -o, --output-format text|jsonl or standard input"
        }
        if variations && format == .pgn {
            return "--variations names each variation in records: use it with --output-format text or jsonl"
        }
        return nil
    }
}

/// What a classification did.
public struct ClassifyReport: CommandReport {
    /// Collected capped (`DiagnosticLog`): a million bad games keep a hundred diagnostics per file and a count.
    var log = DiagnosticLog()
    /// The findings a person is shown, with PGN903 notes for the rest.
    public var diagnostics: [Diagnostic] { log.diagnostics }
    /// Every error and warning found, the ones not kept included.
    public var counts: DiagnosticCounts { log.counts }
    public var games = 0
    /// Games whose main line reaches a named position.
    public var named = 0
    public var plies = 0
    public var gamesWithErrors = 0
    public var unreadableInputs = 0
    /// Inputs that could not be opened (the others are classified all the same).
    public var missingInputs = 0
    /// Files rewritten in place.
    public var rewritten: [String] = []
    public var failed: Bool { gamesWithErrors > 0 || unreadableInputs > 0 || log.counts.errors > 0 }
    /// Set when the run stopped: options that do not go together, an output that cannot be written.
    public var stopped: ClassifyError?
    public var outcome: CommandOutcome {
        if let stopped { return stopped.kind == .usage ? .usage : stopped.outcome }
        return missingInputs > 0 ? .noInput : failed ? .inputErrors : .ok
    }

    public struct Summary: Codable, Sendable, Equatable {
        public var games, named, plies, gamesWithErrors, unreadableInputs: Int
        public var rewritten: [String]
    }
    public var typedSummary: Summary {
        Summary(games: games, named: named, plies: plies, gamesWithErrors: gamesWithErrors, unreadableInputs: unreadableInputs,
                rewritten: rewritten)
    }

    public var summary: String {
        "classified \(games) games: \(named) named, \(games - named) with no named position; \(plies) plies"
            + (gamesWithErrors > 0 ? "; \(gamesWithErrors) with errors" : "")
    }
}

/// A configuration `forge classify` refuses (`.usage`), or an output it cannot create or write (`.cannotCreate`).
public struct ClassifyError: Error, Sendable {
    public enum Kind: Sendable { case usage, cannotCreate }
    public var kind: Kind
    public var message: String
    /// The output writer's diagnostic (IO101–IO104) for `.cannotCreate`; none for a usage problem or a closed pipe.
    public var diagnostics: [Diagnostic] = []
    /// How the command ends: the output writer's outcome (73 cannot create, 74 a write failed part way: a full disk).
    public var outcome: CommandOutcome = .usage

    init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// The output writer's error, with its code and outcome.
    init(_ error: OutputError) {
        kind = .cannotCreate
        message = error.description
        diagnostics = error.diagnostics
        outcome = error.outcome
    }
}

public enum Classify {
    /// Classifies every game of every input. Options that do not go together end the run with `.usage`, an output
    /// that cannot be written with `.cannotCreate` (`stopped` says why); a missing name list is a `NAM100` error.
    public static func run(_ config: ClassifyConfiguration) -> ClassifyReport {
        var report = ClassifyReport()
        if let problem = config.usageProblem {
            report.stopped = ClassifyError(kind: .usage, message: problem)
            return report
        }
        do throws(ClassifyError) {
            try classify(config, into: &report)
        } catch {
            report.stopped = error
            report.log += error.diagnostics
        }
        return report
    }

    static func classify(_ config: ClassifyConfiguration, into report: inout ClassifyReport) throws(ClassifyError) {
        let names: NameKeyTable
        do throws(Diagnostic) {
            let loaded = try NameListFiles.loadKeyTable(config.namesPath)
            names = loaded.table
            report.log += loaded.diagnostics
        } catch {
            report.log.append(error)
            return
        }
        var namer = GameNamer(names: names, variations: config.variations)
        let shared = config.inPlace ? nil : try open(config.outputPath, inputs: config.inputs)
        for path in config.inputs.isEmpty ? ["-"] : config.inputs {
            // --in-place rewrites regular files only: a FIFO would be read to its end and then written into (or
            // block forever), a device never replaced. Checked before the input is opened (a FIFO's open blocks).
            if config.inPlace {
                do throws(OutputError) { try OutputFile.requireReplaceable(path) } catch { throw ClassifyError(error) }
            }
            let input: ByteInput
            do { input = try ByteInput(path: path) } catch {
                report.log.append(Diagnostic(PGNCode.unreadable, error.message))
                report.unreadableInputs += 1
                report.missingInputs += 1
                continue
            }
            let out: OutputFile
            // --in-place names the input on purpose: the rewritten file replaces it atomically.
            if let shared { out = shared } else { out = try open(path, inputs: []) }
            do {
                if config.format == .pgn {
                    try tagGames(input, namer: &namer, into: out, report: &report)
                } else {
                    try writeRecords(input, namer: &namer, format: config.format, into: out, report: &report)
                }
            } catch let e as ClassifyError {
                throw e
            } catch {
                report.log.append(Diagnostic(PGNCode.unreadable, "\(input.name): \(error)"))
                report.unreadableInputs += 1
                continue
            }
            if shared == nil {
                do { try out.commit() } catch { throw ClassifyError(error) }
                report.rewritten.append(path)
            }
        }
        if let shared {
            do { try shared.commit() } catch { throw ClassifyError(error) }
        }
        report.plies = namer.plies
    }

    static func open(_ path: String?, inputs: [String]) throws(ClassifyError) -> OutputFile {
        do { return try OutputFile(path: path, inputs: inputs) } catch {
            throw ClassifyError(error)
        }
    }

    static func count(_ games: [GameNames], _ diagnostics: [Diagnostic], into report: inout ClassifyReport) {
        report.log += diagnostics
        for g in games {
            report.games += 1
            if g.mainLine?.opening != nil { report.named += 1 }
            if g.hasError { report.gamesWithErrors += 1 }
        }
    }

    /// Records, streamed game by game.
    static func writeRecords(_ input: ByteInput, namer: inout GameNamer, format: ClassifyConfiguration.Format, into out: OutputFile,
                             report: inout ClassifyReport) throws {
        let reader = PGNReader(fileName: input.name, read: input.read(into:))
        while try reader.readGame(&namer) {
            let (games, diagnostics) = namer.take()
            count(games, diagnostics, into: &report)
            var bytes: [UInt8] = []
            for g in games {
                for l in g.lines { bytes += Array(record(game: g.game, l, format: format).utf8) }
            }
            do { try out.write(bytes) } catch { throw ClassifyError(error) }
        }
    }

    static func record(game: Int, _ l: LineName, format: ClassifyConfiguration.Format) -> String {
        switch format {
        case .jsonl:
            let eco = l.opening.map { "\"\($0.eco)\"" } ?? "null"
            let name = l.opening.map { "\"\(jsonEscaped($0.name))\"" } ?? "null"
            return "{\"game\":\(game),\"line\":\(l.line),\"ply\":\(l.ply),\"eco\":\(eco),\"name\":\(name),\"epd\":\"\(l.epd)\"}\n"
        case .text, .pgn:
            return "\(game)\t\(l.line)\t\(l.ply)\t\(l.opening?.eco ?? "-")\t\(l.opening?.name ?? "-")\t\(l.epd)\n"
        }
    }

    static func jsonEscaped(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where c.value < 0x20: out += String(format: "\\u%04x", c.value)
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// The games' own bytes, each with its `ECO` and `Opening` tags set to its name (a game with no named position is
    /// copied unchanged), streamed: the input is read once, in the reader's chunks, and each chunk is held only until the
    /// games in it are written (a game's text runs from its first token to the next game's, and is cut at the byte offsets
    /// the reader reports), so memory is bounded by the longest game, not the file.
    static func tagGames(_ input: ByteInput, namer: inout GameNamer, into out: OutputFile, report: inout ClassifyReport) throws {
        final class Held {
            var bytes: [UInt8] = []
            /// The input offset of `bytes[0]`.
            var base = 0
        }
        let held = Held()
        let reader = PGNReader(fileName: input.name) { buffer in
            let n = try input.read(into: buffer)
            if n > 0 { held.bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<n])) }
            return n
        }
        var output: [UInt8] = []
        var cursor = 0  // input offset written so far
        // A name's two tag lines are made once: most games of a file share a few names.
        var tagLines: [OpeningName: [UInt8]] = [:]
        func write(_ game: GameNames, upTo next: Int) throws {
            // Game starts only move forward; the clamps keep a malformed offset from cutting backwards.
            let start = max(cursor, game.offset), end = max(start, next)
            output += held.bytes[(cursor - held.base)..<(start - held.base)]
            let text = held.bytes[(start - held.base)..<(end - held.base)]
            if let opening = game.mainLine?.opening {
                let added = tagLines[opening] ?? GameTags.tagLines(opening)
                tagLines[opening] = added
                output += GameTags.retagged(text, adding: added)
            } else {
                output += text
            }
            cursor = end
            if output.count >= 1 << 20 {
                do { try out.write(output) } catch { throw ClassifyError(error) }
                output.removeAll(keepingCapacity: true)
            }
            if cursor - held.base >= 1 << 20 {
                held.bytes.removeFirst(cursor - held.base)
                held.base = cursor
            }
        }
        var last: GameNames?
        while try reader.readGame(&namer) {
            let (found, diagnostics) = namer.take()
            count(found, diagnostics, into: &report)
            for game in found {
                if let last { try write(last, upTo: min(game.offset, held.base + held.bytes.count)) }
                last = game
            }
        }
        let end = held.base + held.bytes.count
        if let last { try write(last, upTo: end) }
        output += held.bytes[(cursor - held.base)...]
        do { try out.write(output) } catch { throw ClassifyError(error) }
    }
}

/// The name tags classify writes into a game's text.
enum GameTags {
    /// The tags a name replaces, as bytes (compared without making a String of every tag name).
    static let replaced: [[UInt8]] = ["ECO", "Opening", "Variation", "SubVariation"].map { Array($0.utf8) }

    /// The `ECO` and `Opening` tag lines of a name.
    static func tagLines(_ opening: OpeningName) -> [UInt8] {
        Array("[ECO \"\(escaped(opening.eco))\"]\n[Opening \"\(escaped(opening.name))\"]\n".utf8)
    }

    /// `game` with its `ECO`, `Opening`, `Variation` and `SubVariation` tag lines removed and `added` (the name's
    /// `ECO` and `Opening` lines, ``tagLines(_:)``) put after its last tag line (before its movetext when it has no tags).
    /// The lines it adds end as the game's first line does: a CRLF file stays CRLF (`--in-place` included).
    static func retagged(_ game: ArraySlice<UInt8>, adding lfLines: [UInt8]) -> [UInt8] {
        let firstLF = game.firstIndex(of: 10)
        let crlf = firstLF.map { $0 > game.startIndex && game[$0 - 1] == 13 } ?? false
        let newline: [UInt8] = crlf ? [13, 10] : [10]
        let added = crlf ? lfLines.flatMap { $0 == 10 ? newline : [$0] } : lfLines
        var out: [UInt8] = []
        out.reserveCapacity(game.count + added.count)
        var i = game.startIndex
        var sawTag = false
        while i < game.endIndex {
            var lineEnd = i
            while lineEnd < game.endIndex, game[lineEnd] != 10 { lineEnd += 1 }
            let next = lineEnd < game.endIndex ? lineEnd + 1 : lineEnd
            var j = i
            while j < lineEnd, game[j] == 32 || game[j] == 9 { j += 1 }
            guard j < lineEnd, game[j] == UInt8(ascii: "[") else { break }
            sawTag = true
            var k = j + 1
            while k < lineEnd, game[k] != 32, game[k] != 9, game[k] != UInt8(ascii: "\"") { k += 1 }
            let name = game[(j + 1)..<k]
            if !replaced.contains(where: { $0.elementsEqual(name) }) { out += game[i..<next] }
            if lineEnd == game.endIndex { out += newline }
            i = next
        }
        out += added
        if !sawTag { out += newline }
        out += game[i...]
        return out
    }

    static func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
