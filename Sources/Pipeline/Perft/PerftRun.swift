// PerftRun: `forge perft` — counts leaf nodes from a FEN, optionally per move.
import ChessCore
import ChessPGN
import Diagnostics

/// What `forge perft` prints: per-move lines when dividing, and always the total as the last line.
public struct PerftReport: CommandReport {
    public var lines: [String]
    public var total: UInt64
    public var diagnostics: [Diagnostic] = []
    /// `.usage` for a bad `--fen` (an argument, not an input file).
    public var outcome: CommandOutcome { diagnostics.errorCount > 0 ? .usage : .ok }

    public struct Summary: Codable, Sendable, Equatable {
        public var depth: Int
        public var nodes: UInt64
    }
    public var depth = 0
    public var typedSummary: Summary { Summary(depth: depth, nodes: total) }
}

/// What `forge perft` is asked: from `fen` (the start position when `nil`), `depth` plies, per move or not.
public struct PerftConfiguration: Sendable {
    public var fen: String?
    public var depth: Int
    public var divide: Bool
    public init(fen: String? = nil, depth: Int, divide: Bool = false) {
        self.fen = fen
        self.depth = depth
        self.divide = divide
    }
}

/// Runs perft. A bad FEN gives a diagnostic with its code and the `.usage` outcome.
///
/// ```swift
/// let r = runPerft(PerftConfiguration(depth: 2))  // r.total == 400
/// ```
public func runPerft(_ config: PerftConfiguration) -> PerftReport {
    var report: PerftReport
    do throws(Diagnostic) {
        report = try perft(fen: config.fen, depth: config.depth, divide: config.divide)
    } catch {
        report = PerftReport(lines: [], total: 0, diagnostics: [error])
    }
    report.depth = config.depth
    return report
}

func perft(fen: String?, depth: Int, divide: Bool) throws(Diagnostics.Diagnostic) -> PerftReport {
    let position: Position
    if let fen {
        do { position = try Position(fen: fen) } catch {
            throw Diagnostic(ChessCoreCode.code(for: error.code), "invalid FEN: \(error.description)", notes: ["FEN: \(fen)"])
        }
        // The FEN as written must be canonical, as fen2pgn holds it (castling `QKqk` was counted here, refused there).
        if let d = FENSequenceConverter.nonCanonical(fen.split(separator: " ", omittingEmptySubsequences: false), of: position) {
            throw Diagnostic(d.code, "invalid FEN: \(d.message)", notes: ["FEN: \(fen)"])
        }
    } else {
        position = .standard
    }
    if divide {
        let parts = Perft.divide(position, depth: depth)
        let total = parts.reduce(UInt64(0)) { $0 + $1.nodes }
        return PerftReport(lines: parts.map { "\($0.move.uci): \($0.nodes)" }.sorted(), total: depth == 0 ? 1 : total)
    }
    return PerftReport(lines: [], total: Perft.count(position, depth: depth))
}

