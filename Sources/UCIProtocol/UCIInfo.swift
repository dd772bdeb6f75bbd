// UCIInfo: one `info` line's fields (depth, seldepth, multipv, score, WDL, nodes, pv…) and their parser.
import ChessCore

/// What one `info` line says. Every field is optional: engines send partial lines
/// (`info depth 3 currmove e2e4 currmovenumber 1`) and free text (`info string …`).
public struct UCIInfo: Hashable, Sendable {
    public var depth: Int?
    public var selDepth: Int?
    public var multiPV: Int?
    public var score: UCIScore?
    public var wdl: WDL?
    public var nodes: Int?
    public var nps: Int?
    public var timeMilliseconds: Int?
    public var hashFull: Int?
    /// The principal variation as UCI move text, not yet checked against a position.
    public var pv: [String]
    public var string: String?

    public init(
        depth: Int? = nil, selDepth: Int? = nil, multiPV: Int? = nil, score: UCIScore? = nil, wdl: WDL? = nil,
        nodes: Int? = nil, nps: Int? = nil, timeMilliseconds: Int? = nil, hashFull: Int? = nil,
        pv: [String] = [], string: String? = nil
    ) {
        self.depth = depth
        self.selDepth = selDepth
        self.multiPV = multiPV
        self.score = score
        self.wdl = wdl
        self.nodes = nodes
        self.nps = nps
        self.timeMilliseconds = timeMilliseconds
        self.hashFull = hashFull
        self.pv = pv
        self.string = string
    }

    /// Keywords that end a `pv` list or a free value.
    static let keywords: Set<Substring> = [
        "depth", "seldepth", "time", "nodes", "pv", "multipv", "score", "currmove", "currmovenumber",
        "hashfull", "nps", "tbhits", "sbhits", "cpuload", "string", "refutation", "currline", "wdl",
    ]

    /// Parses the words after `info`. Throws a reason when a known field has a bad value
    /// (`depth x`, `score cp`, `wdl 1 2`); unknown words are skipped.
    static func parse(_ words: ArraySlice<Substring>, line: Substring) throws(UCIParseError) -> UCIInfo {
        var info = UCIInfo()
        var i = words.startIndex
        func int(_ name: String) throws(UCIParseError) -> Int {
            i += 1
            guard i < words.endIndex, let v = Int(words[i]) else {
                throw UCIParseError(reason: "\"\(name)\" needs an integer")
            }
            return v
        }
        while i < words.endIndex {
            let w = words[i]
            switch w {
            case "depth": info.depth = try int("depth")
            case "seldepth": info.selDepth = try int("seldepth")
            case "multipv":
                let m = try int("multipv")
                guard m >= 1 else { throw UCIParseError(reason: "multipv \(m) is below 1") }
                info.multiPV = m
            case "nodes": info.nodes = try int("nodes")
            case "nps": info.nps = try int("nps")
            case "time": info.timeMilliseconds = try int("time")
            case "hashfull": info.hashFull = try int("hashfull")
            case "tbhits", "sbhits", "cpuload", "currmovenumber": _ = try int(String(w))
            case "wdl":
                let a = try int("wdl"), b = try int("wdl"), c = try int("wdl")
                info.wdl = try WDL.checked(win: a, draw: b, loss: c)
            case "score":
                // One score a line: `score cp 10 mate 3` is not a score with a spare word, it is a broken answer.
                guard info.score == nil else { throw UCIParseError(reason: "a second score in one info line") }
                i += 1
                guard i < words.endIndex else { throw UCIParseError(reason: "\"score\" needs cp or mate") }
                let kind = words[i]
                let v = try int("score \(kind)")
                do { info.score = UCIScore(try Score.checked(kind: kind, v)) } catch { throw UCIParseError(reason: error.reason) }
                if i + 1 < words.endIndex, words[i + 1] == "cp" || words[i + 1] == "mate" {
                    throw UCIParseError(reason: "a second score (\(words[i + 1])) after score \(kind) \(v)")
                }
            case "lowerbound", "upperbound":
                // A bound qualifies the score; Stockfish may write it after `wdl`.
                guard info.score != nil else { throw UCIParseError(reason: "\"\(w)\" without a score") }
                info.score?.bound = w == "lowerbound" ? .lowerbound : .upperbound
            case "pv", "refutation", "currline":
                var moves: [String] = []
                var j = i + 1
                while j < words.endIndex, !keywords.contains(words[j]) {
                    moves.append(String(words[j]))
                    j += 1
                }
                if w == "pv" {
                    for m in moves where !UCIMoveText.isWellFormed(m) {
                        throw UCIParseError(reason: "\"\(m)\" in the pv is not a UCI move")
                    }
                    info.pv = moves
                }
                i = j - 1
            case "currmove":
                i += 1
            case "string":
                // The rest of the line is free text, spacing kept.
                let start = words[i].endIndex
                info.string = String(line[start...].drop(while: { $0 == " " || $0 == "\t" }))
                i = words.endIndex - 1
            default:
                break  // unknown word: tolerated
            }
            i += 1
        }
        return info
    }
}

/// The syntax of a UCI move (`e2e4`, `e7e8q`, `0000`), without a position.
public enum UCIMoveText {
    /// True for four square characters and an optional promotion letter, or the null move `0000`.
    public static func isWellFormed(_ s: some StringProtocol) -> Bool {
        if s == "0000" { return true }
        let u = Array(s.utf8)
        guard u.count == 4 || u.count == 5 else { return false }
        func file(_ c: UInt8) -> Bool { c >= UInt8(ascii: "a") && c <= UInt8(ascii: "h") }
        func rank(_ c: UInt8) -> Bool { c >= UInt8(ascii: "1") && c <= UInt8(ascii: "8") }
        guard file(u[0]), rank(u[1]), file(u[2]), rank(u[3]) else { return false }
        if u.count == 5 { return "qrbn".utf8.contains(u[4]) }
        return true
    }
}

/// Why a line that starts with a known keyword could not be read.
public struct UCIParseError: Error, Hashable, Sendable {
    public var reason: String
}
