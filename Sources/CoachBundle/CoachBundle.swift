// CoachBundle: the coach app's read API: answers about a position given as any FEN, a Position or a Polyglot key.
import BundleStore
import ChessCore

/// `openings.sqlite` opened read-only, answering what the coach app asks about the position on
/// its board. It takes what the app holds: a FEN with any move counters and either en-passant
/// convention (the square after every double push, or only when a capture is legal), a ChessCore
/// `Position`, or a Polyglot key. Each is reduced to the position's identity, which is how the
/// bundle stores positions.
///
///     let coach = try CoachBundle(directory: bundleFolder)   // the folder with manifest.json, checked on open
///     let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"
///     if let here = try coach.position(fen: fen) {
///         here.name                                  // "Italian Game"
///         here.eco                                   // "C50"
///         try coach.lines(through: here)             // the main line of italian-game, its deviations …
///         try coach.deviations(leaving: here)        // "Italian Game: Two Knights Defense" (3...Nf6), …
///         try coach.topMoves(at: here)?.moves[0].san // "Nf6"
///         try coach.judge(uci: "f8c5", at: here)     // rank 2, loses 3 centipawns
///     }
///
/// The curriculum is here too: ``openings()``, ``lines(of:)``, a line's ``steps(of:)`` with explanations, concepts,
/// arrows, claims and answers, the ``library()`` and the bundle's ``info()``. Every answer is a value of this module
/// (or ChessCore's, ChessPGN's, Openings'), never a row; every failure is a ``CoachBundleError``.
public final class CoachBundle: Sendable {
    /// The bundle's tables and queries, read by this type only: an app asks the facade.
    let store: OpeningsBundle

    /// Checks the bundle folder at `directory` and opens it read-only. `BundleVerification.manifest` (the default,
    /// for every launch) checks the manifest, the files' sizes, the header and the schema;
    /// `BundleVerification.checksums` checks every file's SHA-256 as well, so an edited row is refused (`BND415`).
    ///
    ///     let coach = try CoachBundle(directory: BundleInstaller.currentDirectory(root: root))
    public init(directory: String, verification: BundleVerification = .manifest) throws(CoachBundleError) {
        do {
            store = try OpeningsBundle(directory: directory, verification: verification)
        } catch {
            throw .store(error)
        }
    }

    /// Opens the database file at `path` alone: its header and schema are checked, its rows are not (no manifest).
    /// For tests and tools; an app opens its folder with ``init(directory:verification:)``.
    public init(path: String) throws(CoachBundleError) {
        do {
            store = try OpeningsBundle(path: path)
        } catch {
            throw .store(error)
        }
    }

    private init(store: OpeningsBundle) { self.store = store }

    /// An update in one call: verifies the downloaded bundle folder `source` in full, installs it into `root`
    /// atomically (`BundleInstaller`) and opens it. A download that does not match its manifest is refused and the
    /// installed bundle stays as it was.
    ///
    ///     let coach = try CoachBundle.update(from: downloadFolder, into: appSupport + "/openings")
    public static func update(
        from source: String, into root: String, progress: (BundleInstallStep) -> Void = { _ in }
    ) throws(CoachBundleError) -> CoachBundle {
        do {
            return CoachBundle(store: try BundleInstaller.install(from: source, into: root, progress: progress))
        } catch {
            throw .store(error)
        }
    }

    // MARK: Finding a position

    /// The bundle's position for a FEN, whatever its counters (even inconsistent ones) and en-passant convention, or `nil`
    /// when the bundle does not hold it. Throws ``CoachBundleError/invalidFEN(_:reason:)`` for a
    /// FEN that is not a legal position.
    ///
    ///     try coach.position(fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")  // 1.e4
    ///     try coach.position(fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 7 42") // the same
    public func position(fen: String) throws(CoachBundleError) -> CoachPosition? {
        let parsed: Position
        do {
            // The counters are not part of a position's identity, so counters that contradict the rest
            // (a clock of 5 beside an en-passant square, as apps that write fixed counters produce) do not
            // stop the lookup; everything else about the position is checked.
            parsed = try Position(fen: fen, ignoring: .inconsistentCounters)
        } catch {
            throw .invalidFEN(fen, reason: error.description)
        }
        return try position(parsed)
    }

    /// The bundle's position for a ChessCore position (its counters are ignored).
    ///
    ///     var board = Position.standard
    ///     try board.play(board.move(san: "e4"))
    ///     try coach.position(board)?.name    // "King's Pawn Game"
    public func position(_ position: Position) throws(CoachBundleError) -> CoachPosition? {
        let identityFEN = position.identity.epd + " 0 1"
        // The Polyglot key finds the row; the identity FEN rules out a key collision.
        return try candidates(polyglotKey: position.zobristKey).first { $0.fen == identityFEN }
    }

    /// The bundle's position with this Polyglot key (as Polyglot books and python-chess compute it), or `nil`.
    /// Two different positions with one key are possible in principle; then the one with the lower id is returned.
    ///
    ///     try coach.position(polyglotKey: 0x463b96181691fc9c)?.fen   // the start position
    public func position(polyglotKey: UInt64) throws(CoachBundleError) -> CoachPosition? {
        try candidates(polyglotKey: polyglotKey).first
    }

    private func candidates(polyglotKey: UInt64) throws(CoachBundleError) -> [CoachPosition] {
        try run { () throws(BundleError) in try store.positions(polyglotKey: polyglotKey).map(CoachPosition.init) }
    }

    // MARK: The curriculum at a position

    /// The curriculum lines that pass through the position, each with its role: the main line of an
    /// opening, a deviation (name, phase, kind) or an alternative. Ordered by opening, then line.
    ///
    ///     for l in try coach.lines(through: here) {
    ///         switch l.role {
    ///         case .mainLine: print("main line of \(l.openingSlug), ply \(l.ply)")
    ///         case .deviation(let name, let phase, let kind): print("\(name): phase \(phase), \(kind)")
    ///         case .alternative(let parentKey): print("alternative to \(parentKey)")
    ///         }
    ///     }
    public func lines(through position: CoachPosition) throws(CoachBundleError) -> [CurriculumLine] {
        let found = try run { () throws(BundleError) in try store.lines(throughPosition: position.id) }
        var reader = LineReader(store: store)
        var seen = Set<Int64>()
        var out: [CurriculumLine] = []
        // A line that repeats the position would be listed twice; keep its first visit.
        for hit in found where seen.insert(hit.line.id).inserted {
            let line = try reader.line(hit.line, openingSlug: hit.openingSlug)
            let onOwnMoves = if let branch = line.branch { hit.ply > branch.ply } else { true }
            out.append(CurriculumLine(line: line, ply: hit.ply, isOnOwnMoves: onOwnMoves))
        }
        return out
    }

    /// The deviations that leave the position: the opponent's move that leaves the line, and the
    /// deviation: its key, name, description, reason, and its phase and kind in its role. In line order.
    ///
    ///     for d in try coach.deviations(leaving: here) {
    ///         print("\(d.moveSAN): \(d.line.key) – \(d.line.description ?? "-")")
    ///     }
    public func deviations(leaving position: CoachPosition) throws(CoachBundleError) -> [DeviationLeaving] {
        let found = try run { () throws(BundleError) in try store.branches(leavingPosition: position.id, kind: .deviation) }
        var reader = LineReader(store: store)
        var out: [DeviationLeaving] = []
        for b in found {
            out.append(DeviationLeaving(line: try reader.line(b.line), moveUCI: b.move.uci, moveSAN: b.move.san))
        }
        return out
    }

    // MARK: The engine

    /// Stockfish's top moves in the position, best first, each with its score from the mover's and
    /// from White's point of view, its depth and its PV; `nil` when the position was not analysed.
    ///
    ///     let top = try coach.topMoves(at: here)
    ///     top?.moves[0].san           // "Nf6"
    ///     top?.moves[0].score         // .centipawns(26)  for the side to move (Black)
    ///     top?.moves[0].whiteScore    // .centipawns(-26)
    ///     top?.moves[0].depth         // 12
    ///     top?.moves[0].pv            // ["g8f6", "f3g5", "d7d5", …]
    public func topMoves(at position: CoachPosition) throws(CoachBundleError) -> TopMoves? {
        guard let found = try run({ () throws(BundleError) in try store.analysis(ofPosition: position.id) }) else { return nil }
        let white = position.sideToMove == .white
        var moves: [TopMove] = []
        for l in found.lines {
            // A line with no score is a damaged row, never an even one.
            guard let score = Score(centipawns: l.scoreCP, mate: l.scoreMate) else {
                throw .damagedRow(table: "analysis_line", key: "\(position.fen) rank \(l.rank)", reason: "neither score_cp nor score_mate is set")
            }
            moves.append(TopMove(rank: l.rank, uci: l.uci, san: l.san, score: score, whiteScore: white ? score : score.negated,
                                 depth: l.depth, pv: l.pvUCI.split(separator: " ").map(String.init)))
        }
        return TopMoves(moves: moves, engine: found.analysis.engine, profile: found.analysis.profile,
                        nodes: found.analysis.nodes, bestMoveUCI: found.analysis.bestUCI)
    }

    /// How a move compares with the engine's top moves: its rank if it is one of them (the bundle
    /// keeps three), and what it loses against the best. `nil` when the position was not analysed.
    ///
    ///     let j = try coach.judge(uci: "f8c5", at: here)
    ///     j?.isTopThree   // true
    ///     j?.rank         // 2
    ///     j?.loss         // .centipawns(3)
    ///     try coach.judge(uci: "a7a6", at: here)?.loss   // .notInTopMoves(worseThanOrEqual: .centipawns(-40)) or so
    public func judge(uci: String, at position: CoachPosition) throws(CoachBundleError) -> MoveJudgement? {
        guard let top = try topMoves(at: position), let best = top.moves.first else { return nil }
        guard let hit = top.moves.first(where: { $0.uci == uci }) else {
            let last = top.moves[top.moves.count - 1]
            return MoveJudgement(uci: uci, rank: nil, score: nil, best: best, loss: .notInTopMoves(worseThanOrEqual: last.score))
        }
        return MoveJudgement(uci: uci, rank: hit.rank, score: hit.score, best: best, loss: MoveLoss(best: best.score, move: hit.score))
    }

    /// ``judge(uci:at:)`` for a ChessCore move.
    public func judge(_ move: Move, at position: CoachPosition) throws(CoachBundleError) -> MoveJudgement? {
        try judge(uci: move.uci, at: position)
    }

    /// A store query, its failure as ``CoachBundleError/store(_:)``.
    func run<T>(_ body: () throws(BundleError) -> T) throws(CoachBundleError) -> T {
        try Self.run(body)
    }

    static func run<T>(_ body: () throws(BundleError) -> T) throws(CoachBundleError) -> T {
        do {
            return try body()
        } catch {
            throw .store(error)
        }
    }
}
