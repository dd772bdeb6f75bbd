// AnnotatorSupport: fixture loading, replaying SAN, reading PGN fixtures, and a stub engine for the annotator tests.
import ChessCore
import ChessPGN
import Diagnostics
import Foundation

@testable import Explainer
@testable import Openings

/// A note's verdict and better move: its first two sentences, in whichever of their forms the move's variety chose
/// (``SentenceWriter/variety(fen:uci:)``). Tests read what they say, not which form says it.
func verdictLead(_ text: String) -> String { SentenceWriter.sentences(text).prefix(2).joined(separator: " ") }

/// Whether the verdict lead of `text` says every one of `parts`.
func leadSays(_ text: String, _ parts: String...) -> Bool { parts.allSatisfy(verdictLead(text).contains) }

enum AnnotatorFixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/annotator")

    static func text(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: directory.appendingPathComponent(name)), as: UTF8.self)
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// "start", SAN moves from the start, or "fen <FEN>".
    static func position(_ spec: String) throws -> (Position, Move?) {
        if spec == "start" { return (.standard, nil) }
        if spec.hasPrefix("fen ") {
            do { return (try Position(fen: String(spec.dropFirst(4))), nil) } catch { throw Failure(description: "bad FEN \(spec): \(error)") }
        }
        var p = Position.standard
        var last: Move?
        for san in spec.split(separator: " ") {
            do {
                let m = try p.move(san: san)
                p.playUnchecked(m)
                last = m
            } catch { throw Failure(description: "\(san) in \(spec): \(error)") }
        }
        return (p, last)
    }

    /// The games of a PGN fixture, replayed.
    static func games(_ name: String) throws -> [GameTree] {
        let reader = PGNReader(fileName: name, text: try text(name))
        var builder = GameTreeBuilder(fileName: name)
        var out: [GameTree] = []
        while try reader.readGame(&builder) { out.append(builder.game) }
        return out
    }

    /// The games of a PGN fixture read by `SourceReader`, each with its tree (the reader's diagnostics dropped).
    static func sources(_ name: String) throws -> [(tree: GameTree, source: OpeningSource)] {
        try games(name).compactMap { tree in
            var ignored: [Diagnostic] = []
            return SourceReader.source(from: tree, file: name, diagnostics: &ignored).map { (tree, $0) }
        }
    }

    /// A line of SAN moves from the start as annotator input.
    static func line(_ sans: String) throws -> [LineMove] {
        var p = Position.standard
        var out: [LineMove] = []
        for san in sans.split(separator: " ") {
            let m = try p.move(san: san)
            out.append(LineMove(before: p, move: m))
            p.playUnchecked(m)
        }
        return out
    }
}

/// An engine whose answers the test sets per FEN; positions it does not know get 0.00 and no lines.
struct StubOracle: EngineOracle {
    var verdicts: [String: EngineVerdict]

    static func verdict(_ cp: Int, _ lines: [(String, String, Int)] = []) -> EngineVerdict {
        EngineVerdict(score: .centipawns(cp), wdl: nil,
                      lines: lines.map { EngineLine(uci: $0.0, san: $0.1, score: .centipawns($0.2), pv: [$0.0]) },
                      depth: 10, nodes: 1000, engine: "stub", profile: "stub")
    }

    func analyse(_ positions: [Position]) -> [Result<EngineVerdict, EngineProblem>] {
        positions.map { .success(verdicts[$0.fen()] ?? Self.verdict(0)) }
    }
}
