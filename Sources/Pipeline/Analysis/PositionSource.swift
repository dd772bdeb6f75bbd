// PositionSource: the positions `forge analyze` reads: FEN files (one per line) and PGN mainlines, each with its location.
import ChessCore
import ChessPGN
import Diagnostics
import Foundation
import UCIEngine

/// A position to analyse and where it came from.
public struct SourcedPosition: Hashable, Sendable {
    /// The FEN as written (trimmed).
    public var fen: String
    public var location: SourceLocation

    public init(fen: String, location: SourceLocation) {
        self.fen = fen
        self.location = location
    }
}

/// Reads positions from input files. Every bad line is reported (with its column); reading goes on.
public enum PositionSource {
    /// `*.pgn` files: every mainline position of every game (the start position, then after each
    /// ply). Other files are FEN files: one FEN per line; blank lines (sequence separators) are skipped.
    public static func read(files: [String]) -> (positions: [SourcedPosition], diagnostics: [Diagnostic]) {
        let r = readCountingMissing(files: files)
        return (r.positions, r.diagnostics)
    }

    /// `read`, and how many inputs could not be opened at all (the command then ends with `.noInput`, 66).
    static func readCountingMissing(files: [String]) -> (positions: [SourcedPosition], diagnostics: [Diagnostic], missing: Int) {
        var positions: [SourcedPosition] = []
        var diagnostics: [Diagnostic] = []
        var missing = 0
        for file in files {
            if file.lowercased().hasSuffix(".pgn") {
                if file != "-" && !FileManager.default.isReadableFile(atPath: file) { missing += 1 }
                let (p, d) = readPGN(file)
                positions += p
                diagnostics += d
                continue
            }
            // `-`: FEN lines from standard input, named as the other readers name it.
            // Through the bounded line reader (`ReadLimits.lineBytes`): a 100 MB line is one IO106, not 100 MB held.
            let read: String??
            do { read = try ByteInput(path: file).boundedText { diagnostics.append($0) } } catch { read = nil }
            guard let read else {
                missing += 1
                diagnostics.append(Diagnostic(EngineCode.unreadableInput, "cannot read \(file): no such file or not readable",
                                              at: SourceLocation(file: file, line: 1, column: 1)))
                continue
            }
            guard let text = read else {
                diagnostics.append(Diagnostic(EngineCode.inputNotUTF8, "\(file) is not UTF-8 text", at: SourceLocation(file: file, line: 1, column: 1)))
                continue
            }
            let (p, d) = readFEN(text, file: file == "-" ? "<stdin>" : file)
            positions += p
            diagnostics += d
        }
        return (positions, diagnostics, missing)
    }

    /// The mainline positions of every game of a PGN file.
    static func readPGN(_ file: String) -> (positions: [SourcedPosition], diagnostics: [Diagnostic]) {
        let input: ByteInput
        do throws(ByteInput.OpenError) {
            input = try ByteInput(path: file)
        } catch {
            return ([], [Diagnostic(EngineCode.unreadableInput, error.message, at: SourceLocation(file: file, line: 1, column: 1))])
        }
        var visitor = MainlinePositions(file: file)
        let reader = PGNReader(fileName: file, read: input.read(into:))
        do {
            while try reader.readGame(&visitor) {}
        } catch {
            return (visitor.positions, visitor.diagnostics + [Diagnostic(EngineCode.unreadableInput, "\(error)", at: SourceLocation(file: file, line: 1, column: 1))])
        }
        return (visitor.positions, visitor.diagnostics)
    }

    /// The positions of one FEN file's text.
    static func readFEN(_ text: String, file: String) -> (positions: [SourcedPosition], diagnostics: [Diagnostic]) {
        var positions: [SourcedPosition] = []
        var diagnostics: [Diagnostic] = []
        var lineNumber = 0
        // "\r\n" is one Character in Swift: split on both forms of line end.
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            let indent = raw.prefix(while: { $0 == " " || $0 == "\t" }).count
            let fen = raw.dropFirst(indent).trimmingTrailingWhitespace()
            if fen.isEmpty { continue }
            do throws(PositionParseError) {
                _ = try Position(fen: fen)
                positions.append(SourcedPosition(fen: String(fen), location: SourceLocation(file: file, line: lineNumber, column: indent + 1)))
            } catch {
                switch error {
                case .syntax(let e):
                    diagnostics.append(Diagnostic(ChessCoreCode.code(for: e.code), "invalid FEN: \(e.description)",
                                                  at: SourceLocation(file: file, line: lineNumber, column: indent + max(1, e.column)),
                                                  notes: ["found: \(fen)"]))
                case .illegal(let e):
                    diagnostics.append(Diagnostic(ChessCoreCode.code(for: e.code), "illegal position: \(e.messages.joined(separator: "; "))",
                                                  at: SourceLocation(file: file, line: lineNumber, column: indent + 1),
                                                  notes: ["found: \(fen)"]))
                }
            }
        }
        return (positions, diagnostics)
    }
}

extension Substring {
    func trimmingTrailingWhitespace() -> Substring {
        var end = endIndex
        while end > startIndex, let c = self[index(before: end)].unicodeScalars.first, c == " " || c == "\t" || c == "\r" {
            end = index(before: end)
        }
        return self[startIndex..<end]
    }
}
