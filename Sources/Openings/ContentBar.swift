// ContentBar: what the coach curriculum holds, counted from the sources — the figures README's content bar shows.
import ChessCore

/// The curriculum's size and how much of it is explained by hand.
public struct ContentBar: Sendable, Hashable, Codable {
    public var openings = 0
    public var lines = 0
    /// Distinct positions of the coach lines (by identity, transpositions counted once).
    public var positions = 0
    /// Deviations of kind `deviation`, by phase.
    public var phase2Deviations = 0
    public var phase3Deviations = 0
    /// Phase-2 deviations leaving by the opponent's move ``CurriculumChecks/latestPhase2Move``.
    public var earlyPhase2Deviations = 0
    public var sidesteps = 0
    public var traps = 0
    /// Learner moves of the main lines and phase-2 lines (each move of a shared prefix once) and those with an authored comment.
    public var taughtLearnerMoves = 0
    public var authoredLearnerMoves = 0

    public init() {}

    /// Counts the coach sources among `sources`.
    public init(_ sources: [OpeningSource]) {
        var seen = Set<PositionIdentity>()
        for s in sources where s.kind == .coach {
            openings += 1
            lines += s.lines.count
            for line in s.lines {
                for m in line.moves { seen.insert(m.after.identity) }
                guard line.role == .deviation else { continue }
                switch line.kind ?? .deviation {
                case .deviation:
                    if line.phase == 2 {
                        phase2Deviations += 1
                        if (CurriculumChecks.leavingMoveNumber(line) ?? .max) <= CurriculumChecks.latestPhase2Move { earlyPhase2Deviations += 1 }
                    } else {
                        phase3Deviations += 1
                    }
                case .sidestep: sidesteps += 1
                case .trap: traps += 1
                }
            }
            if let learner = s.learner {
                var taught = Set<[String]>()
                for line in CurriculumChecks.taughtLines(s) {
                    for (i, m) in line.moves.enumerated() where m.before.turn == learner {
                        guard taught.insert(line.moves[...i].map(\.move.uci)).inserted else { continue }
                        taughtLearnerMoves += 1
                        if !(m.comment ?? "").isEmpty { authoredLearnerMoves += 1 }
                    }
                }
            }
            seen.insert(s.start.identity)
        }
        positions = seen.count
    }

    /// Authored share of the taught learner moves, in percent (100 when there are none).
    public var authoredPercent: Int {
        taughtLearnerMoves == 0 ? 100 : (authoredLearnerMoves * 100) / taughtLearnerMoves
    }

    /// `10 openings, 120 lines, 1,480 positions; deviations: 45 phase 2 (44 early), 30 phase 3; 25 sidesteps, 12 traps; learner moves explained by hand: 512/512 (100%)`
    public var summary: String {
        "\(openings) coach openings, \(lines) lines, \(positions) positions; deviations: \(phase2Deviations) phase 2 (\(earlyPhase2Deviations) early), \(phase3Deviations) phase 3; \(sidesteps) sidesteps, \(traps) traps; learner moves explained by hand: \(authoredLearnerMoves)/\(taughtLearnerMoves) (\(authoredPercent)%)"
    }
}
