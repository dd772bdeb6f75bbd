// ChessEngine: the engine an app gives the coach for positions beyond the bundle: async, cancellable, MultiPV-aware.
import ChessCore
import Explainer

/// How hard one search looks: a node limit (deterministic, unlike time) and the number of lines (MultiPV).
public struct EngineSearch: Sendable, Hashable {
    /// `go nodes N`.
    public var nodes: Int
    /// How many best lines to report (`MultiPV`); top-3 accuracy needs 3.
    public var lines: Int

    /// The coach's live default: 30,000 nodes, three lines (`make bench` reports what a move costs at it).
    public static let coach = EngineSearch(nodes: 30_000, lines: 3)

    public init(nodes: Int, lines: Int) {
        self.nodes = max(1, nodes)
        self.lines = max(1, lines)
    }
}

/// An engine as the coach uses it. An app implements it over its embedded engine, or wraps the engine's byte streams
/// in ``UCIStreamEngine``, which does the UCI conversation.
///
///     let engine = UCIStreamEngine(output: stockfishOutput) { bytes in stockfish.write(bytes) }
///     let verdict = try await engine.analyse(position, search: .coach)
///     verdict.lines.map(\.san)   // the top three moves, best first
///
/// A search is cancelled with its task (`Task.cancel()`): it throws `CancellationError` and leaves the engine ready
/// for the next one.
public protocol ChessEngine: Sendable {
    /// The engine's verdict on one position: its top `search.lines` lines, best first (none for mate or stalemate).
    func analyse(_ position: Position, search: EngineSearch) async throws -> EngineVerdict

    /// Verdicts on several positions, in order; each position's failure is its own (`EngineProblem`). The default
    /// searches them one at a time; `progress` is called after each with the number done.
    func analyse(_ positions: [Position], search: EngineSearch, progress: @Sendable (Int) -> Void) async throws
        -> [Result<EngineVerdict, EngineProblem>]
}

extension ChessEngine {
    public func analyse(_ positions: [Position], search: EngineSearch, progress: @Sendable (Int) -> Void = { _ in }) async throws
        -> [Result<EngineVerdict, EngineProblem>]
    {
        var results: [Result<EngineVerdict, EngineProblem>] = []
        for (i, position) in positions.enumerated() {
            try Task.checkCancellation()
            do {
                results.append(.success(try await analyse(position, search: search)))
            } catch let problem as EngineProblem {
                results.append(.failure(problem))
            }
            progress(i + 1)
        }
        return results
    }
}

/// The verdict on a position that has no move to search: checkmate or stalemate. Engines are not asked (Stockfish
/// crashes on some such positions, and there is nothing to search).
func terminalVerdict(_ position: Position, engine: String, profile: String) -> EngineVerdict? {
    if position.isCheckmate { return EngineVerdict(score: .mate(0), wdl: nil, lines: [], depth: 0, nodes: 0, engine: engine, profile: profile) }
    if position.isStalemate { return EngineVerdict(score: .centipawns(0), wdl: nil, lines: [], depth: 0, nodes: 0, engine: engine, profile: profile) }
    return nil
}
