// CoachMoment: one call per coaching moment: the note on a move, from the bundle or computed live with the app's engine.
import BundleStore
import ChessCore
import Dispatch
import Explainer

/// Where a ``CoachMoment``'s note came from.
public enum NoteOrigin: String, Sendable, Hashable {
    /// The bundle's `move_note` row: the build's explainer wrote it.
    case bundle
    /// Computed now by `Explainer` with the app's ``ChessEngine``.
    case live
}

/// What the coach screen shows after a move, by category; each case carries what that category always has.
public enum CoachCategory: Sendable, Hashable {
    /// The learner played the engine's best move: the note's text says why.
    case good
    /// The learner's move is good but not the best; `better` is the best move when the note has it.
    case okay(better: NoteLine?)
    /// An inaccuracy, mistake or blunder by the learner: the better move, and the line that shows what goes wrong
    /// (nil only when the move leaves no legal reply: stalemate).
    case mistake(better: NoteLine, refutation: NoteLine?)
    /// The opponent's move inside the course's lines (or beyond the bundle): its threat, the learner's best answer.
    case opponent(threat: NoteLine?, answer: NoteLine?)
    /// The opponent left the course's lines: the name of the position reached and how the plan changes.
    case deviation(exit: CourseExit, answer: NoteLine?)
}

/// A coaching moment: the note, its category, where it came from, and the move's number in the game.
public struct CoachMoment: Sendable, Hashable {
    /// The explainer's note, the same value whichever way it came.
    public var note: Note
    public var category: CoachCategory
    public var origin: NoteOrigin
    /// The game's ply before the move (0: White's first move).
    public var ply: Int
    /// The move's number as a scoresheet writes it (`3` for 3.Bc4 and for 3...Nf6).
    public var moveNumber: Int { ply / 2 + 1 }
    /// `3.Bc4` or `3...Nf6`.
    public var numberedSAN: String { "\(moveNumber)\(ply % 2 == 0 ? "." : "...")\(note.san)" }

    /// The moment for `note` played by `note.mover` for a learner playing `learner`; nil when the note lacks what its
    /// category must have (an ungraded note: the engine could not search; a wrong move without its better move).
    public init?(note: Note, learner: PieceColor, origin: NoteOrigin, ply: Int) {
        self.note = note
        self.origin = origin
        self.ply = ply
        if note.mover != learner {
            if let exit = note.leaves {
                category = .deviation(exit: exit, answer: note.answer)
            } else {
                category = .opponent(threat: note.threat, answer: note.answer)
            }
            return
        }
        guard let verdict = note.verdict else { return nil }
        switch verdict {
        case .best: category = .good
        case .good: category = .okay(better: note.better)
        case .inaccuracy, .mistake, .blunder:
            guard let better = note.better else { return nil }
            category = .mistake(better: better, refutation: note.refutation)
        }
    }
}

extension CoachBundle {
    /// The coaching moment for `move` played at `position` in a game (`ply`: the plies played before it) by a learner
    /// playing `learner`: the bundle's note when it has one, else the note `Explainer` computes with `engine` — the
    /// same `Note` value either way. Async and cancellable: cancelling the task cancels the engine's search and
    /// throws `CancellationError`. Throws ``CoachBundleError`` for a damaged row, an illegal move or an engine that
    /// could not search (its `EngineProblem` as ``CoachBundleError/engine(_:)``).
    ///
    ///     var board = Position.standard
    ///     let e4 = try board.move(san: "e4")
    ///     let moment = try await coach.moment(e4, at: board, learner: .white, ply: 0, engine: engine)
    ///     moment.category      // .good
    ///     moment.numberedSAN   // "1.e4"
    ///     moment.note.text     // why
    public func moment(
        _ move: Move, at position: Position, learner: PieceColor, ply: Int, previous: Move? = nil,
        engine: any ChessEngine, search: EngineSearch = .coach
    ) async throws -> CoachMoment {
        if let here = try self.position(position), let stored = try note(move, at: here) {
            guard let moment = CoachMoment(note: stored, learner: learner, origin: .bundle, ply: ply) else {
                throw CoachBundleError.damagedRow(table: "move_note", key: BundleKeys.moveKey(fromPolyglotKey: here.polyglotKey, uci: move.uci),
                                                  reason: "the note lacks what its category needs (a grade, a better move)")
            }
            return moment
        }
        let note = try await LiveExplainer(engine: engine, search: search).explain(move, in: position, learner: learner, previous: previous)
        guard let moment = CoachMoment(note: note, learner: learner, origin: .live, ply: ply) else {
            throw CoachBundleError.engine(EngineProblem(code: BundleCode.engineProtocol, message: "the live note on \(move.uci) has no grade"))
        }
        return moment
    }

    /// The learner's top-3 accuracy over a game: the share of the learner's moves that are among the engine's three
    /// best, from the bundle's top moves where it has the position and from `engine` (MultiPV 3) elsewhere.
    ///
    ///     let accuracy = try await coach.accuracy(of: moves, from: .standard, learner: .white, engine: engine)
    ///     accuracy.fraction   // the share of the learner's moves among the engine's three best
    ///     accuracy.fromBundle // how many were judged from the bundle (the rest with `engine`)
    public func accuracy(
        of moves: [Move], from start: Position, learner: PieceColor, engine: any ChessEngine,
        search: EngineSearch = .coach
    ) async throws -> GameAccuracy {
        var board = start
        var result = GameAccuracy(moves: 0, topThree: 0, fromBundle: 0)
        let wide = EngineSearch(nodes: search.nodes, lines: max(3, search.lines))
        for move in moves {
            if board.turn == learner {
                result.moves += 1
                if let here = try position(board), let top = try topMoves(at: here), top.moves.count >= 3 {
                    result.fromBundle += 1
                    if top.moves.prefix(3).contains(where: { $0.uci == move.uci }) { result.topThree += 1 }
                } else {
                    let verdict = try await engine.analyse(board, search: wide)
                    if verdict.lines.prefix(3).contains(where: { $0.uci == move.uci }) { result.topThree += 1 }
                }
            }
            board.playUnchecked(move)
        }
        return result
    }
}

/// A game's top-3 accuracy.
public struct GameAccuracy: Sendable, Hashable {
    /// The learner's moves counted.
    public var moves: Int
    /// Of those, the ones among the engine's three best.
    public var topThree: Int
    /// Of the moves, the ones judged from the bundle's stored top moves (the rest: the app's engine).
    public var fromBundle: Int
    /// `topThree / moves`, 0 for no move.
    public var fraction: Double { moves == 0 ? 0 : Double(topThree) / Double(moves) }
}

/// `Explainer` with an async ``ChessEngine``: the explainer asks its engine synchronously, so it runs on a thread of
/// its own (never one of Swift's cooperative threads) and each of its questions waits there for the engine's answer.
struct LiveExplainer: Sendable {
    let engine: any ChessEngine
    let search: EngineSearch

    func explain(_ move: Move, in position: Position, learner: PieceColor, previous: Move?) async throws -> Note {
        let oracle = BlockingOracle(engine: engine, search: search)
        let outcome: (note: Note, engineProblems: [EngineProblem]) = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global(qos: .userInitiated).async {
                    let result = Explainer(engine: oracle).explain(move, in: position, learner: learner, previous: previous)
                    if oracle.isCancelled {
                        continuation.resume(throwing: CancellationError())
                    } else {
                        continuation.resume(returning: result)
                    }
                }
            }
        } onCancel: {
            oracle.cancel()
        }
        if let problem = outcome.engineProblems.first { throw CoachBundleError.engine(problem) }
        return outcome.note
    }
}

/// The explainer's synchronous ``EngineOracle`` over an async engine: each batch is one task, waited for on the
/// explainer's own thread; a cancelled one answers every position with an omission, so the explainer ends at once.
final class BlockingOracle: EngineOracle, @unchecked Sendable {
    private let engine: any ChessEngine
    private let search: EngineSearch
    private let lock = DispatchQueue(label: "BlockingOracle")
    private var cancelled = false
    private var running: Task<[Result<EngineVerdict, EngineProblem>], Never>?

    init(engine: any ChessEngine, search: EngineSearch) {
        self.engine = engine
        self.search = search
    }

    var isCancelled: Bool { lock.sync { cancelled } }

    func cancel() {
        lock.sync {
            cancelled = true
            running?.cancel()
        }
    }

    func analyse(_ positions: [Position]) -> [Result<EngineVerdict, EngineProblem>] {
        let omitted = positions.map { _ in
            Result<EngineVerdict, EngineProblem>.failure(EngineProblem(code: BundleCode.engineProtocol, message: "cancelled", isOmission: true))
        }
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        let task: Task<[Result<EngineVerdict, EngineProblem>], Never>? = lock.sync {
            guard !cancelled else { return nil }
            let engine = engine, search = search
            let t = Task {
                let results: [Result<EngineVerdict, EngineProblem>]
                do {
                    results = try await engine.analyse(positions, search: search, progress: { _ in })
                } catch let problem as EngineProblem {
                    results = positions.map { _ in .failure(problem) }
                } catch {
                    results = omitted
                }
                box.set(results)
                done.signal()
                return results
            }
            running = t
            return t
        }
        guard task != nil else { return omitted }
        done.wait()
        return isCancelled ? omitted : box.get() ?? omitted
    }
}

/// One batch's answer, handed from the engine's task to the explainer's thread.
final class ResultBox: @unchecked Sendable {
    private let lock = DispatchQueue(label: "ResultBox")
    private var value: [Result<EngineVerdict, EngineProblem>]?
    func set(_ v: [Result<EngineVerdict, EngineProblem>]) { lock.sync { value = v } }
    func get() -> [Result<EngineVerdict, EngineProblem>]? { lock.sync { value } }
}
