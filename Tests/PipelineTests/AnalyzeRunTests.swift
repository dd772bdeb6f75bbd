// AnalyzeRunTests: `forge analyze` end to end through Pipeline: jsonl keys and order, exit codes, error locations.
import Diagnostics
import Foundation
import Testing
import UCIEngine
@testable import Pipeline

private func fixture(_ name: String) -> String { (Bundle.module.resourcePath ?? ".") + "/Fixtures/analyze/" + name }

private final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var all: [String] { lock.withLock { stored } }
    func add(_ s: String) { lock.withLock { stored.append(s) } }
}

@Suite(.serialized) struct AnalyzeRunTests {
    func config(_ files: [String], engine: String? = "/usr/games/stockfish", format: AnalysisOutputFormat = .jsonl) -> AnalyzeConfiguration {
        AnalyzeConfiguration(files: files, engine: EngineConfiguration(enginePath: engine, jobs: 2, profile: AnalysisProfile(nodes: 5000, multiPV: 2),
                                                                      cacheDirectory: nil), format: format, progress: .off)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/games/stockfish")))
    func jsonlHasThePromisedKeysInInputOrder() throws {
        let out = Lines()
        let report = runAnalyze(config([fixture("positions.fen")]), output: out.add, progress: { _ in })
        #expect(report.outcome == .ok)
        #expect(report.diagnostics.isEmpty)
        let objects = try out.all.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
        #expect(objects.count == 4)
        #expect(objects.map { $0["source"] as? String ?? "" }.map { $0.split(separator: ":").last.map(String.init) ?? "" } == ["1", "3", "4", "5"])
        for key in ["fen", "bestmove", "score", "lines", "nodes", "engine", "profile"] {
            #expect(objects.allSatisfy { $0[key] != nil }, "missing \(key)")
        }
        #expect((objects[1]["score"] as? [String: Int]) == ["mate": 1])
        #expect(objects[1]["bestmove"] as? String == "a1a8")
        let first = objects[0]["lines"] as? [[String: Any]] ?? []
        #expect(first.count == 2)
        #expect(first.allSatisfy { $0["uci"] is String && $0["san"] is String && $0["score"] is [String: Int] && $0["pv"] is [String] })
        #expect(objects[2]["terminal"] as? String == "checkmate")
        #expect(objects[2]["bestmove"] is NSNull)
        #expect(objects[3]["terminal"] as? String == "stalemate")
        #expect((objects[3]["score"] as? [String: Int]) == ["cp": 0])
        #expect(report.searched == 2)
    }

    /// A missing file and a bad FEN are reported with their locations; the good positions are analysed all the same; exit 66
    /// (the missing input), as every reading command ends.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/games/stockfish")))
    func badInputIsReportedAndTheGoodPositionsAreAnalysed() throws {
        let out = Lines()
        let report = runAnalyze(config([fixture("bad.fen"), fixture("missing.fen"), fixture("positions.fen")]), output: out.add, progress: { _ in })
        #expect(report.outcome == .noInput)
        let texts = report.diagnostics.map(\.text)
        #expect(texts.count == 2)
        #expect(texts[0].hasPrefix("\(fixture("bad.fen")):2:"))
        #expect(texts[0].contains("error[FEN"))
        #expect(texts[1] == "\(fixture("missing.fen")):1:1: error[UCI110]: cannot read \(fixture("missing.fen")): no such file or not readable")
        let sources = try out.all.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }.map { $0["source"] as? String ?? "" }
        #expect(sources == ["\(fixture("bad.fen")):1"] + ["1", "3", "4", "5"].map { "\(fixture("positions.fen")):\($0)" })
    }

    /// Only bad input: nothing to analyse, so no engine is needed.
    @Test func onlyBadInputNeedsNoEngine() {
        let out = Lines()
        let report = runAnalyze(config([fixture("missing.fen")], engine: "/nonexistent"), output: out.add, progress: { _ in })
        #expect(report.outcome == .noInput)
        #expect(out.all.isEmpty)
        #expect(report.diagnostics.map(\.code.string) == ["UCI110"])
    }

    @Test func missingEngineExits69() {
        let report = runAnalyze(config([fixture("positions.fen")], engine: "/nonexistent/stockfish"), output: { _ in }, progress: { _ in })
        #expect(report.outcome == .engineUnavailable)
        #expect(report.diagnostics.map(\.code.string) == ["UCI102"])
        #expect(report.diagnostics.first?.message.contains("no such file") == true)
    }

    @Test func progressLineText() {
        #expect(ProgressMeter.line("building 4/5: notes", done: 120, total: 2000, cached: 20, elapsed: 25) == "building 4/5: notes  120/2000 (20 cached)  4.0 pos/s  ETA 6m 32s")
        #expect(ProgressMeter.line("analysing", done: 5, total: 5, cached: 0, elapsed: 1) == "analysing  5/5  5.0 pos/s")
    }
}
