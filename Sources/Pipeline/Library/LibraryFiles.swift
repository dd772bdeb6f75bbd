// LibraryFiles: finds the opening sources and FEN files under the given paths and reads them.
import ChessPGN
import Diagnostics
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Openings

/// What was read from the library paths.
struct LoadedLibrary {
    var sources: [OpeningSource] = []
    /// FEN files, path → text.
    var fenFiles: [(path: String, text: String)] = []
    /// Every finding of reading, capped as it is collected (`DiagnosticLog`): a source of a million bad games keeps a
    /// hundred diagnostics and a count.
    var log = DiagnosticLog()
    var diagnostics: [Diagnostic] { log.diagnostics }
    var pgnFiles = 0
    /// Every `.pgn` and `.fen` path found, sorted.
    var files: [String] = []
    /// The root each file was found in (`SourceRoot`): what is written beside a file stays inside it.
    var roots: [String: SourceRoot] = [:]
    /// The links found and refused (IO105, reported once).
    var refusedLinks: Set<String> = []
    /// Sources not checked further because reading them found errors.
    var brokenSources: Set<String> = []
    /// Those sources as far as they could be read (`isComplete == false`): the rules that do not need whole
    /// lines (tags, markers, the moves read) still apply to them, so one error does not hide the others.
    var partialSources: [OpeningSource] = []

    /// The source a FEN file belongs to: `x.pgn` beside `x.fen`.
    func source(for fenPath: String) -> OpeningSource? {
        let pgn = String(fenPath.dropLast(4)) + ".pgn"
        return sources.first { $0.file == pgn }
    }
}

enum LibraryFiles {
    /// `.pgn` and `.fen` files under `paths` (files or folders), sorted, each once, with the root each was found in
    /// (`SourceRoot`: a folder given, or the folder holding a file given). A link out of its root, to nothing or in a
    /// loop is reported (IO105) and left out.
    static func discover(_ paths: [String], diagnostics: inout [Diagnostic]) -> [String] {
        var roots: [String: SourceRoot] = [:]
        var refused: Set<String> = []
        return discover(paths, roots: &roots, refused: &refused, diagnostics: &diagnostics)
    }

    static func discover(_ paths: [String], roots: inout [String: SourceRoot], refused: inout Set<String>,
                         diagnostics: inout [Diagnostic]) -> [String] {
        for path in paths {
            var st = stat()
            guard lstat(path, &st) == 0 else {
                diagnostics.append(Diagnostic(ValidatorCode.noSuchPath, "no such file or folder: \(path)"))
                continue
            }
            var target = stat()
            guard stat(path, &target) == 0 else {
                let problem = SourceRoot.holding(path).linkProblem(path) ?? LinkOutOfRoot(path: path, root: path, reason: .dangling)
                diagnostics.append(Diagnostic(IOCode.linkOutOfRoot, problem.description))
                refused.insert(path)
                continue
            }
            if (target.st_mode & S_IFMT) != S_IFDIR {
                if roots[path] == nil { roots[path] = SourceRoot.holding(path) }
                continue
            }
            let root = SourceRoot(path)
            let found = root.files(extensions: ["pgn", "fen"])
            for file in found.files where roots[file] == nil { roots[file] = root }
            diagnostics += found.refused.map { Diagnostic(IOCode.linkOutOfRoot, $0.description) }
            refused.formUnion(found.refused.map(\.path))
        }
        return roots.keys.sorted()
    }

    /// Reads every PGN source (one game each, replayed) and every FEN file's text.
    static func load(_ paths: [String]) -> LoadedLibrary {
        var lib = LoadedLibrary()
        var found: [Diagnostic] = []
        lib.files = discover(paths, roots: &lib.roots, refused: &lib.refusedLinks, diagnostics: &found)
        lib.log += found
        for file in lib.files {
            if file.hasSuffix(".fen") {
                // Through the bounded line reader: a 57 MB line costs a 64 KiB buffer and an IO106, and a CRLF file
                // reads as its lines.
                let text: String?
                do { text = try ByteInput(path: file).boundedText { lib.log.append($0) } } catch {
                    lib.log.append(Diagnostic(PGNCode.unreadable, "cannot read \(file)"))
                    continue
                }
                guard let text else {
                    lib.log.append(Diagnostic(PGNCode.notUTF8, "\(file) is not UTF-8 text", at: SourceLocation(file: file, line: 1, column: 1))
                        .reported(as: .error))  // a source is not read at all, where the reader would go on as Latin-1
                    continue
                }
                lib.fenFiles.append((file, text))
                continue
            }
            lib.pgnFiles += 1
            let input: ByteInput
            do { input = try ByteInput(path: file) } catch {
                lib.log.append(Diagnostic(PGNCode.unreadable, error.message))
                continue
            }
            let reader = PGNReader(fileName: file) { try input.read(into: $0) }
            var builder = GameTreeBuilder(replaying: true, fileName: file)
            // A source holds one game: only the first is kept (a file of 100,000 games costs one tree), the others
            // are read for their diagnostics and counted.
            var first: GameTree?
            var gameCount = 0
            var secondAt: PGNLocation?
            do {
                while try reader.readGame(&builder) {
                    gameCount += 1
                    lib.log += builder.game.diagnostics
                    if first == nil { first = builder.game } else if secondAt == nil { secondAt = builder.game.location }
                }
            } catch {
                lib.log.append(Diagnostic(PGNCode.unreadable, "cannot read \(file): \(error)"))
                continue
            }
            guard let game = first else {
                lib.log.append(Diagnostic(ValidatorCode.notOneGame, "no game in this source", at: SourceLocation(file: file, line: 1, column: 1)))
                continue
            }
            if let l = secondAt {
                lib.log.append(Diagnostic(ValidatorCode.notOneGame, "a source holds one game; found \(gameCount)",
                                                  at: SourceLocation(file: file, line: l.line, column: l.column)))
            }
            // A source with syntax or legality errors is checked only by the rules that do not need whole lines:
            // its lines are cut short at the error, and length or engine findings on them would only repeat it.
            var read: [Diagnostic] = []
            let source = SourceReader.source(from: game, file: file, diagnostics: &read)
            lib.log += read
            if let source, source.isComplete {
                lib.sources.append(source)
            } else {
                lib.brokenSources.insert(file)
                if let source { lib.partialSources.append(source) }
            }
        }
        return lib
    }
}
