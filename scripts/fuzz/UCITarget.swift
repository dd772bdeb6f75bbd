// UCITarget: libFuzzer entry point over UCIEngine's readers of outside numbers (built by scripts/fuzz.sh).
// FUZZ_TARGET picks one: uci (every line of the input is an engine line), score (the score and WDL parser, then every
// operation on what it accepts), cache (a cached row's stored result, decoded as a lookup decodes it), answer (the
// first line a FEN, the next `info` lines and a `bestmove`: the engine's answer checked against the position and the
// profile, `Analysis(answer:)`). No input may crash: a number out of range is a protocol error, never arithmetic; an
// answer accepted must pass the stored-result check it is later read back with.
import Foundation

nonisolated(unsafe) let target: String = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? "uci"

/// Every operation a score goes through after it is taken (ordering, negating, printing).
func exercise(_ v: Score) {
    _ = v < v.negated
    _ = v.negated.negated == v
    _ = v.text
    _ = v.negated.text
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    switch target {
    case "score":
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if case .info(let info) = UCIReply(line: "info depth 1 " + line) {
                if let s = info.score { exercise(s.value) }
                _ = info.wdl?.negated
            }
            let words = line.split(separator: " ")
            if words.count == 2, let n = Int(words[1]), let v = try? Score.checked(kind: words[0], n) { exercise(v) }
        }
        if let v = try? JSONDecoder().decode(Score.self, from: bytes) { exercise(v) }
    case "cache":
        if let a = try? JSONDecoder().decode(Analysis.self, from: bytes) {
            exercise(a.score)
            exercise(a.whiteScore)
            for l in a.lines { exercise(l.score) }
            _ = a.wdl?.negated
            _ = try? JSONEncoder().encode(a)
        }
    case "answer":
        var rows = text.split(separator: "\n")[...]
        guard let fen = rows.popFirst(), let position = try? Position(fen: String(fen)) else { return 0 }
        var infos: [UCIInfo] = []
        var best: String?
        for row in rows {
            switch UCIReply(line: row) {
            case .info(let info): infos.append(info)
            case .bestMove(let move, _): best = move
            default: break
            }
        }
        let profile = AnalysisProfile(nodes: 3000, multiPV: 3)
        let outcome = SearchOutcome(bestMove: best, lines: infos, nodes: infos.compactMap(\.nodes).max() ?? 0)
        if let a = try? Analysis(answer: outcome, position: position, engine: "Fuzz 1.0", profile: profile),
           let reason = a.problem(in: position, engine: "Fuzz 1.0", profile: profile) {
            fatalError("an accepted answer fails the stored-result check: \(reason)")
        }
    default:
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) { _ = UCIReply(line: line) }
    }
    return 0
}
