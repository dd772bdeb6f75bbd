// UCITarget: libFuzzer entry point over UCIEngine's readers of outside numbers (built by scripts/fuzz.sh).
// FUZZ_TARGET picks one: uci (every line of the input is an engine line), score (the score and WDL parser, then every
// operation on what it accepts), cache (a cached row's stored result, decoded as a lookup decodes it). No input may
// crash: a number out of range is a protocol error, never arithmetic.
import Foundation

nonisolated(unsafe) let target: String = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? "uci"

/// Every operation a score goes through after it is taken (ordering, negating, printing).
func exercise(_ v: ScoreValue) {
    _ = v.negated.order
    _ = v.order
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
            if words.count == 2, let n = Int(words[1]), let v = try? ScoreValue.checked(kind: words[0], n) { exercise(v) }
        }
        if let v = try? JSONDecoder().decode(ScoreValue.self, from: bytes) { exercise(v) }
    case "cache":
        if let a = try? JSONDecoder().decode(Analysis.self, from: bytes) {
            exercise(a.score)
            exercise(a.whiteScore)
            for l in a.lines { exercise(l.score) }
            _ = a.wdl?.negated
            _ = try? JSONEncoder().encode(a)
        }
    default:
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) { _ = UCIReply(line: line) }
    }
    return 0
}
