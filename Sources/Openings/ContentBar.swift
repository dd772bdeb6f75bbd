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
                guard let deviation = line.deviation else { continue }
                switch deviation.kind {
                case .deviation:
                    // A marker without a readable phase was reported (VAL205): its line counts under no phase.
                    switch deviation.phase {
                    case 2:
                        phase2Deviations += 1
                        if (CurriculumChecks.leavingMoveNumber(line) ?? .max) <= CurriculumChecks.latestPhase2Move { earlyPhase2Deviations += 1 }
                    case 3: phase3Deviations += 1
                    default: break
                    }
                case .sidestep: sidesteps += 1
                case .trap: traps += 1
                }
            }
            for lm in s.learnerMoves(on: s.taughtLines) {
                taughtLearnerMoves += 1
                if !(lm.move.comment ?? "").isEmpty { authoredLearnerMoves += 1 }
            }
            seen.insert(s.start.identity)
        }
        positions = seen.count
    }

    /// The figures as `curriculum_*` counts, the form the manifest records them in.
    public var counts: [String: Int] {
        ["curriculum_openings": openings, "curriculum_lines": lines, "curriculum_positions": positions,
         "curriculum_phase2_deviations": phase2Deviations, "curriculum_phase3_deviations": phase3Deviations,
         "curriculum_early_phase2_deviations": earlyPhase2Deviations, "curriculum_sidesteps": sidesteps, "curriculum_traps": traps,
         "curriculum_taught_learner_moves": taughtLearnerMoves, "curriculum_authored_learner_moves": authoredLearnerMoves]
    }

    /// The figures back from ``counts`` (a manifest's), or nil when they are not there.
    public init?(counts c: [String: Int]) {
        guard let o = c["curriculum_openings"] else { return nil }
        openings = o
        lines = c["curriculum_lines"] ?? 0
        positions = c["curriculum_positions"] ?? 0
        phase2Deviations = c["curriculum_phase2_deviations"] ?? 0
        phase3Deviations = c["curriculum_phase3_deviations"] ?? 0
        earlyPhase2Deviations = c["curriculum_early_phase2_deviations"] ?? 0
        sidesteps = c["curriculum_sidesteps"] ?? 0
        traps = c["curriculum_traps"] ?? 0
        taughtLearnerMoves = c["curriculum_taught_learner_moves"] ?? 0
        authoredLearnerMoves = c["curriculum_authored_learner_moves"] ?? 0
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
