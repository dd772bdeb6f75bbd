// UCIReply: the lines a UCI engine sends, as values, and the pure function that reads one line.

/// One line from the engine. Lines this client does not know, or cannot read, become
/// `.unknown` or `.malformed`: they are logged, never fatal.
///
/// ```swift
/// UCIReply(line: "bestmove e2e4 ponder e7e5")   // .bestMove("e2e4", ponder: "e7e5")
/// UCIReply(line: "Stockfish 15.1 by …")         // .unknown("Stockfish 15.1 by …")
/// ```
public enum UCIReply: Hashable, Sendable {
    case idName(String)
    case idAuthor(String)
    case uciOK
    case readyOK
    case option(UCIOptionDeclaration)
    case info(UCIInfo)
    /// `move` is nil for `bestmove (none)` (no legal move).
    case bestMove(String?, ponder: String?)
    case unknown(String)
    case malformed(String, reason: String)

    /// Reads one line (without its newline). Never fails: see `.unknown` and `.malformed`.
    public init(line raw: some StringProtocol) {
        let line = Substring(raw).trimmingSuffix(while: { $0 == "\r" || $0 == " " || $0 == "\t" })
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        guard let head = words.first else {
            self = .unknown(String(line))
            return
        }
        let rest = words.dropFirst()
        switch head {
        case "uciok" where rest.isEmpty: self = .uciOK
        case "readyok" where rest.isEmpty: self = .readyOK
        case "id":
            guard let kind = rest.first, rest.count >= 2 else {
                self = .malformed(String(line), reason: "id needs a field and a value")
                return
            }
            let value = rest.dropFirst().joined(separator: " ")
            switch kind {
            case "name": self = .idName(value)
            case "author": self = .idAuthor(value)
            default: self = .unknown(String(line))
            }
        case "option":
            do throws(UCIParseError) {
                self = .option(try UCIOptionDeclaration.parse(rest))
            } catch {
                self = .malformed(String(line), reason: error.reason)
            }
        case "info":
            do throws(UCIParseError) {
                self = .info(try UCIInfo.parse(rest, line: line))
            } catch {
                self = .malformed(String(line), reason: error.reason)
            }
        case "bestmove":
            guard let move = rest.first else {
                self = .malformed(String(line), reason: "bestmove without a move")
                return
            }
            let best: String? = move == "(none)" ? nil : String(move)
            if let best, !UCIMoveText.isWellFormed(best) {
                self = .malformed(String(line), reason: "\"\(best)\" is not a UCI move")
                return
            }
            var ponder: String?
            if rest.count >= 3, rest[rest.startIndex + 1] == "ponder" { ponder = String(rest[rest.startIndex + 2]) }
            self = .bestMove(best, ponder: ponder)
        default:
            self = .unknown(String(line))
        }
    }
}

extension UCIReply {
    /// True when `line`'s first word is `bestmove`: the line that ends a search, readable or not.
    package static func isBestMoveLine(_ line: String) -> Bool {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first == "bestmove"
    }
}

extension Substring {
    func trimmingSuffix(while p: (Character) -> Bool) -> Substring {
        var end = endIndex
        while end > startIndex, p(self[index(before: end)]) { end = index(before: end) }
        return self[startIndex..<end]
    }
}
