// PerftRun: `forge perft` — counts leaf nodes from a FEN, optionally per move.
import ChessCore
import ChessPGN
import Diagnostics

/// What `forge perft` prints: per-move lines when dividing, and always the total as the last line.
public struct PerftReport: Sendable {
    public var lines: [String]
    public var total: UInt64
}

/// Runs perft from `fen` (the start position when `nil`). A bad FEN gives a diagnostic with its code.
///
/// ```swift
/// let r = try runPerft(fen: nil, depth: 2, divide: false)  // r.total == 400
/// ```
public func runPerft(fen: String?, depth: Int, divide: Bool) throws(Diagnostics.Diagnostic) -> PerftReport {
    let position: Position
    if let fen {
        do { position = try Position(fen: fen) } catch {
            throw Diagnostic(ChessCoreCode.code(for: error.code), "invalid FEN: \(error.description)", notes: ["FEN: \(fen)"])
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

