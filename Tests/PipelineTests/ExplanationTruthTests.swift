// ExplanationTruthTests: the annotator against the real Stockfish — each engine motif present and absent (Fixtures/annotate/
// engine-motifs.txt), and the whole shipped coach content: no filler, no spoilers, every claim carrying its engine score.
import ChessCore
import ChessPGN
import Diagnostics
import Foundation
import Testing
import UCIEngine

@testable import Explainer
@testable import Openings
@testable import Pipeline

private let stockfish = "/usr/games/stockfish"
private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The engine for the motif fixture and the shipped content: the build's budget (a claim must hold at that budget), reading
/// the committed engine store (`openings/engine`) first, as the build does, then the project's result cache. The shipped
/// content's searches are the build's own, so the store answers them and the content is judged on the very scores the
/// bundle stands on (CI's engine-store step reproduces a sample of them with Stockfish); the motif fixture's positions
/// are in no store and go to the real engine.
private let sharedOracle: AnalyzerOracle? = oracle(nodes: AnalysisProfile.defaultNodes)

private func oracle(nodes: Int) -> AnalyzerOracle? {
    guard FileManager.default.isExecutableFile(atPath: stockfish) else { return nil }
    return try? makeEngineOracle(
        EngineConfiguration(enginePath: stockfish, jobs: 1, profile: AnalysisProfile(nodes: nodes),
                            cacheDirectory: EngineConfiguration.defaultCacheDirectory,
                            storeDirectory: root.appendingPathComponent("openings/engine").path),
        progress: nil)
}

struct EngineMotifCase: CustomStringConvertible, Sendable {
    var line: Int
    var kind: String
    var present: Bool
    var moves: String
    var move: String
    var description: String { "line \(line): \(kind) \(present ? "present" : "absent") after [\(moves)] \(move)" }

    static func load() -> [EngineMotifCase] {
        let path = (Bundle.module.resourcePath ?? ".") + "/Fixtures/annotate/engine-motifs.txt"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { i, raw in
            let l = raw.trimmingCharacters(in: .whitespaces)
            guard !l.isEmpty, !l.hasPrefix("#") else { return nil }
            let f = l.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard f.count == 4 else { return nil }
            return EngineMotifCase(line: i + 1, kind: f[0], present: f[1] == "present", moves: f[2], move: f[3])
        }
    }
}

/// Phrases that only name the move or its role in the line (the old filler), and answer-giving phrases (spoilers).
let fillerPhrases = ["main-line move", "main line continues", "line continues with", "leaves the main line", "move this line follows",
                     "It is your move", "It is the opponent's move", "steps off the main line"]
let spoilerPhrases = ["answers with", "recommended answer", "Your move in the main line", "Answer with", "Punish it with"]
/// Words that make a material or evaluative claim.
let claimWords = ["gambit", "sacrifice", "wins ", "winning", "would have won", "threatens", "mistake", "blunder", "enough play", "forced mate",
                  "compensation", "too little"]

@Suite(.serialized) struct ExplanationTruthTests {
    @Test func fixtureCoversEveryEngineMotifBothWays() {
        let cases = EngineMotifCase.load()
        for k in MotifKind.allCases where k.needsEngine {
            #expect(cases.contains { $0.kind == k.rawValue && $0.present }, "no present case for \(k.rawValue)")
            #expect(cases.contains { $0.kind == k.rawValue && !$0.present }, "no absent case for \(k.rawValue)")
        }
    }

    @Test(.enabled(if: sharedOracle != nil), arguments: EngineMotifCase.load())
    func engineMotifCase(_ c: EngineMotifCase) throws {
        let oracle = try #require(sharedOracle)
        var p = Position.standard
        var line: [LineMove] = []
        for san in (c.moves + " " + c.move).split(separator: " ") {
            let m = try p.move(san: san)
            line.append(LineMove(before: p, move: m))
            p.playUnchecked(m)
        }
        let notes = Annotator(oracle: oracle).annotate(line: line, learner: .white)
        let last = try #require(notes.last)
        let found = last.motifs.filter { $0.kind.rawValue == c.kind }
        #expect(found.isEmpty != c.present, "\(c): motifs \(last.motifs.map(\.kind.rawValue)); \(last.explanation)")
        for m in found { #expect(m.evidence != nil, "\(c): no evidence") }
        if c.present, let claim = last.claim { #expect(last.motifs.contains { $0.kind == claim.kind && $0.evidence == claim.evidence }) }
    }

    /// Whether a text names the move `answer` other than as its own subject (the move explained, possibly with the
    /// same SAN) or as a bare square (a pawn push's SAN is also a square name: "controls d5" does not give away d5).
    static func names(_ answer: String, in text: String, subject: String) -> Bool {
        if Square(answer) != nil { return false }
        var words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "." || $0 == ":" || $0 == "(" || $0 == ")" }).map(String.init)
        if let i = words.firstIndex(of: subject), i <= 3 { words.remove(at: i) }
        return words.contains(answer)
    }

    @Test func spoilerDetectionSeesMovesNotSquares() {
        #expect(Self.names("Nc6", in: "Nf3 attacks e5; Nc6 defends it.", subject: "Nf3"))
        #expect(!Self.names("O-O", in: "O-O castles.", subject: "O-O"))
        #expect(!Self.names("d5", in: "Nc3 controls the central square d5.", subject: "Nc3"))
    }

    static func coachFiles() -> [String] {
        let dir = root.appendingPathComponent("openings/coach").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".pgn") }.sorted()
    }

    /// Every generated explanation of every line of a shipped coach opening, judged sentence by sentence.
    @Test(.enabled(if: sharedOracle != nil), arguments: coachFiles())
    func shippedContentHasNoFillerNoSpoilerAndEveryClaimIsBacked(_ name: String) throws {
        let oracle = try #require(sharedOracle)
        let path = root.appendingPathComponent("openings/coach/" + name).path
        let reader = PGNReader(fileName: name, text: try String(contentsOfFile: path, encoding: .utf8))
        var builder = GameTreeBuilder(fileName: name)
        var checked = 0
        while try reader.readGame(&builder) {
            var ignored: [Diagnostic] = []
            let source = try #require(SourceReader.source(from: builder.game, file: "openings/coach/" + name, diagnostics: &ignored))
            let notes = Annotator(oracle: oracle).annotate(source: source).lines
            let learner = source.learner ?? .white
            for ann in notes {
                for (i, a) in ann.enumerated() {
                    #expect(!a.concepts.isEmpty, "\(name) \(a.san): no concept")
                    let mover: PieceColor = a.fenBefore.split(separator: " ").dropFirst().first == "w" ? .white : .black
                    // Spoilers: the answer is a field, never in the opponent's text or arrows.
                    if mover != learner, i + 1 < ann.count {
                        #expect(a.answer?.san == ann[i + 1].san, "\(name) \(a.san): answer field")
                        if a.source == .generated, let answer = a.answer?.san {
                            #expect(!Self.names(answer, in: a.explanation, subject: a.san), "\(name) \(a.san) spoils \(answer): \(a.explanation)")
                            #expect(!a.arrows.map(\.text).contains(answer.isEmpty ? "" : "G" + (a.answer?.uci.prefix(4) ?? "")))
                        }
                    }
                    guard a.source == .generated else { continue }
                    checked += 1
                    for phrase in fillerPhrases + spoilerPhrases {
                        #expect(!a.explanation.contains(phrase), "\(name) \(a.san): \"\(phrase)\" in \(a.explanation)")
                    }
                    // Filler: a sentence that names only the capture.
                    for s in SentenceWriter.sentences(a.explanation) {
                        let bare = s.range(of: #"^\S+ (takes|captures|recaptures|takes back|trades \w+s|gives the \w+ for the \w+)( the \w+)? on [a-h][1-8](, a trade)?\.$"#, options: .regularExpression)
                        #expect(bare == nil, "\(name) \(a.san): bare capture sentence \(s)")
                    }
                    #expect(a.motifs.contains(where: Annotator.saysWhy), "\(name) \(a.san): no motif says why: \(a.explanation)")
                    // Every material or evaluative word stands on an engine score.
                    if claimWords.contains(where: { a.explanation.contains($0) }) {
                        let claim = try #require(a.claim, "\(name) \(a.san): claim without engine score: \(a.explanation)")
                        #expect(claim.evidence.nodes > 0)
                    }
                    #expect(a.explanation.count <= 220)
                }
            }
        }
        #expect(checked > 0)
    }
}

extension ExplanationTruthTests {
    /// Prints every generated explanation of the shipped content with its claim (for review; `ANN_DUMP=1`).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["ANN_DUMP"] == "1" && sharedOracle != nil))
    func dumpShippedExplanations() throws {
        let oracle = try #require(sharedOracle)
        for name in Self.coachFiles() {
            let path = root.appendingPathComponent("openings/coach/" + name).path
            let reader = PGNReader(fileName: name, text: try String(contentsOfFile: path, encoding: .utf8))
            var builder = GameTreeBuilder(fileName: name)
            while try reader.readGame(&builder) {
                var ignored: [Diagnostic] = []
                guard let source = SourceReader.source(from: builder.game, file: name, diagnostics: &ignored) else { continue }
                for (l, notes) in zip(source.lines, Annotator(oracle: oracle).annotate(source: source).lines) {
                    for a in notes where a.source == .generated {
                        let claim = a.claim.map { " [\($0.kind.rawValue) \($0.evidence.score.text)]" } ?? ""
                        print("DUMP \(name) \(l.name) \(a.ply) \(a.san)\(claim) | \(a.explanation)")
                    }
                }
            }
        }
    }
}
