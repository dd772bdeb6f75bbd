// Support: fixture paths, running the reader with a visitor, and recording expected outputs.
import Foundation
import Testing

@testable import ChessPGN

enum Fixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func url(_ relative: String) -> URL { directory.appendingPathComponent(relative) }

    static func bytes(_ relative: String) throws -> [UInt8] { Array(try Data(contentsOf: url(relative))) }

    static func text(_ relative: String) throws -> String { String(decoding: try bytes(relative), as: UTF8.self) }

    static func names(in folder: String, ext: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url(folder).path).filter { $0.hasSuffix("." + ext) }.sorted()
    }

    /// `PGN_RECORD=1 swift test --filter ChessPGNTests` rewrites expected outputs instead of comparing.
    static var recording: Bool { ProcessInfo.processInfo.environment["PGN_RECORD"] == "1" }

    /// Compares `actual` with the expected file, or records it.
    static func expect(_ actual: String, equals relative: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if recording {
            try Data(actual.utf8).write(to: url(relative))
            return
        }
        let expected = (try? text(relative)) ?? "<missing \(relative)>"
        #expect(actual == expected, "\(relative) differs", sourceLocation: sourceLocation)
    }
}

/// Runs the reader over bytes with an exporter; returns the output and the diagnostics as text.
func exportFENs(_ bytes: [UInt8], name: String, options: FENExportOptions) throws -> (output: String, diagnostics: [String]) {
    let reader = PGNReader(fileName: name, bytes: bytes)
    var exporter = FENExporter(options: options)
    var out: [UInt8] = []
    var diags: [String] = []
    do {
        while try reader.readGame(&exporter) {
            out += exporter.takeOutput()
            diags += exporter.takeDiagnostics().map(\.text)
        }
    } catch let e as PGNBinaryInput {  // a binary input: one diagnostic, and the reader stops
        out += exporter.takeOutput()
        diags += exporter.takeDiagnostics().map(\.text) + [e.diagnostic.text]
    }
    return (String(decoding: out, as: UTF8.self), diags)
}

/// Every game read into a tree (replayed) and written back in export format.
func roundTripGames(_ bytes: [UInt8], name: String) throws -> (games: [GameTree], written: String) {
    let reader = PGNReader(fileName: name, bytes: bytes)
    var builder = GameTreeBuilder(replaying: true)
    var games: [GameTree] = []
    var written: [String] = []
    do {
        while try reader.readGame(&builder) {
            games.append(builder.game)
            written.append(PGNWriter().write(builder.game))
        }
    } catch is PGNBinaryInput {}  // the reader stops at a binary input; the games before it are kept
    return (games, written.joined(separator: "\n"))
}
