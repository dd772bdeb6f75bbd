// EngineLossTests: what a learner move gives up is read from ChessCore's Score order alone (issue 25: no ±10,000 mates).
import ChessCore
import Testing
@testable import Openings

@Suite struct EngineLossTests {
    typealias Loss = EngineChecks.Loss

    @Test func centipawnsAgainstCentipawnsIsTheirDifference() {
        #expect(Loss(best: .centipawns(50), played: .centipawns(-181)) == .centipawns(231))
        #expect(Loss(best: .centipawns(30), played: .centipawns(30)) == .centipawns(0))
        #expect(Loss(best: .centipawns(40_000), played: .centipawns(-40_000)) == .centipawns(80_000))  // no clamp at 10,000
    }

    @Test func aMateGivenUpOrWalkedIntoExceedsEveryThreshold() {
        #expect(Loss(best: .mate(3), played: .centipawns(900)) == .mate)
        #expect(Loss(best: .centipawns(-300), played: .mate(-2)) == .mate)
        #expect(Loss(best: .mate(1), played: .mate(-1)) == .mate)
        #expect(Loss.mate.exceeds(100_000))
        #expect(Loss.mate.text == "gives up the mate or walks into one")
    }

    @Test func aSlowerMateOrALaterOneLosesNothing() {
        #expect(Loss(best: .mate(3), played: .mate(5)) == .centipawns(0))
        #expect(Loss(best: .mate(-5), played: .mate(-2)) == .centipawns(0))
        #expect(Loss(best: .centipawns(200), played: .mate(4)) == .centipawns(0))  // better than the best line: nothing lost
        #expect(!Loss.centipawns(0).exceeds(0))
        #expect(Loss.centipawns(61).exceeds(60) && !Loss.centipawns(60).exceeds(60))
    }
}
