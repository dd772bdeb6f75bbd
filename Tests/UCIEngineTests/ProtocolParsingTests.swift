// ProtocolParsingTests: UCI commands render and engine lines parse into the right values, garbage included.
import ChessCore
import Testing
@testable import UCIEngine

@Suite struct ProtocolParsingTests {
    @Test func commandsRender() {
        #expect(UCICommand.uci.text == "uci")
        #expect(UCICommand.isReady.text == "isready")
        #expect(UCICommand.uciNewGame.text == "ucinewgame")
        #expect(UCICommand.setOption(name: "MultiPV", value: "3").text == "setoption name MultiPV value 3")
        #expect(UCICommand.setOption(name: "Clear Hash", value: nil).text == "setoption name Clear Hash")
        #expect(UCICommand.position(fen: nil, moves: ["e2e4", "e7e5"]).text == "position startpos moves e2e4 e7e5")
        #expect(UCICommand.position(fen: "8/8/8/8/8/8/8/K1k5 w - - 0 1", moves: []).text == "position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1")
        #expect(UCICommand.go(SearchLimits(nodes: 1000)).text == "go nodes 1000")
        #expect(UCICommand.go(SearchLimits(depth: 12)).text == "go depth 12")
        #expect(UCICommand.go(SearchLimits()).text == "go infinite")
        #expect(UCICommand.stop.text == "stop")
        #expect(UCICommand.quit.text == "quit")
    }

    @Test func fullInfoLineWithBoundAfterWDL() throws {
        let line = "info depth 17 seldepth 27 multipv 3 score cp 19 wdl 22 975 3 upperbound nodes 1000936 nps 371956 hashfull 367 tbhits 0 time 2691 pv f1c4 f8c5"
        guard case .info(let info) = UCIReply(line: line) else {
            Issue.record("not an info line")
            return
        }
        #expect(info.depth == 17)
        #expect(info.selDepth == 27)
        #expect(info.multiPV == 3)
        #expect(info.score == UCIScore(.centipawns(19), bound: .upperbound))
        #expect(info.wdl == WDL(win: 22, draw: 975, loss: 3))
        #expect(info.nodes == 1_000_936)
        #expect(info.nps == 371_956)
        #expect(info.timeMilliseconds == 2691)
        #expect(info.hashFull == 367)
        #expect(info.pv == ["f1c4", "f8c5"])
    }

    @Test func mateScoresAndLowerbound() {
        #expect(UCIReply(line: "info depth 5 score mate 3 pv d1h5") == .info(UCIInfo(depth: 5, score: UCIScore(.mate(3)), pv: ["d1h5"])))
        #expect(UCIReply(line: "info depth 5 score mate -2 lowerbound pv a2a3")
            == .info(UCIInfo(depth: 5, score: UCIScore(.mate(-2), bound: .lowerbound), pv: ["a2a3"])))
        #expect(UCIReply(line: "info depth 0 score mate 0") == .info(UCIInfo(depth: 0, score: UCIScore(.mate(0)))))
    }

    @Test func infoStringKeepsTheText() {
        #expect(UCIReply(line: "info string NNUE evaluation using nn.nnue  enabled")
            == .info(UCIInfo(string: "NNUE evaluation using nn.nnue  enabled")))
    }

    @Test func partialInfoLinesAreFine() {
        #expect(UCIReply(line: "info depth 3 currmove e2e4 currmovenumber 1") == .info(UCIInfo(depth: 3)))
        #expect(UCIReply(line: "info depth 3 somethingnew 42") == .info(UCIInfo(depth: 3)))
    }

    @Test func malformedLinesAreReportedNotFatal() {
        func reason(_ line: String) -> String? {
            if case .malformed(_, let reason) = UCIReply(line: line) { return reason }
            return nil
        }
        #expect(reason("info depth x") == "\"depth\" needs an integer")
        #expect(reason("info score cp") == "\"score cp\" needs an integer")
        #expect(reason("info score pawns 3") == "score kind \"pawns\" is neither cp nor mate")
        #expect(reason("info wdl 1 2") == "\"wdl\" needs an integer")
        #expect(reason("info multipv 0") == "multipv 0 is below 1")
        #expect(reason("info upperbound") == "\"upperbound\" without a score")
        #expect(reason("info depth 2 score cp 3 pv e2e4 zz99") == "\"zz99\" in the pv is not a UCI move")
        #expect(reason("bestmove") == "bestmove without a move")
        #expect(reason("bestmove e9e4") == "\"e9e4\" is not a UCI move")
        #expect(reason("option name Foo type spin min x") == "option \"Foo\": min \"x\" is not an integer")
        #expect(reason("option type spin") == "option without a name")
    }

    @Test func garbageIsUnknown() {
        #expect(UCIReply(line: "Stockfish 15.1 by the Stockfish developers") == .unknown("Stockfish 15.1 by the Stockfish developers"))
        #expect(UCIReply(line: "") == .unknown(""))
        #expect(UCIReply(line: "\u{1}\u{2}ÿ garbage") == .unknown("\u{1}\u{2}ÿ garbage"))
        #expect(UCIReply(line: "uciok extra") == .unknown("uciok extra"))
        #expect(UCIReply(line: "readyok\r") == .readyOK)
    }

    @Test func bestMove() {
        #expect(UCIReply(line: "bestmove e2e4 ponder e7e5") == .bestMove("e2e4", ponder: "e7e5"))
        #expect(UCIReply(line: "bestmove e7e8q") == .bestMove("e7e8q", ponder: nil))
        #expect(UCIReply(line: "bestmove (none)") == .bestMove(nil, ponder: nil))
    }

    @Test func idLines() {
        #expect(UCIReply(line: "id name Stockfish 15.1") == .idName("Stockfish 15.1"))
        #expect(UCIReply(line: "id author the Stockfish developers (see AUTHORS file)") == .idAuthor("the Stockfish developers (see AUTHORS file)"))
        #expect(EngineID(name: "Stockfish 15.1").version == "15.1")
        #expect(EngineID(name: "Fake").version == nil)
    }

    @Test func optionDeclarations() {
        #expect(UCIReply(line: "option name Hash type spin default 16 min 1 max 33554432")
            == .option(UCIOptionDeclaration(name: "Hash", type: .spin, defaultValue: "16", min: 1, max: 33_554_432)))
        #expect(UCIReply(line: "option name Clear Hash type button") == .option(UCIOptionDeclaration(name: "Clear Hash", type: .button)))
        #expect(UCIReply(line: "option name Debug Log File type string default ")
            == .option(UCIOptionDeclaration(name: "Debug Log File", type: .string, defaultValue: "")))
        #expect(UCIReply(line: "option name Style type combo default Normal var Solid var Normal var Risky")
            == .option(UCIOptionDeclaration(name: "Style", type: .combo, defaultValue: "Normal", choices: ["Solid", "Normal", "Risky"])))
    }

    @Test func optionValuesAreChecked() {
        let hash = UCIOptionDeclaration(name: "Hash", type: .spin, defaultValue: "16", min: 1, max: 1024)
        #expect(hash.problem(with: "16") == nil)
        #expect(hash.problem(with: "0") == "Hash is at least 1, not 0")
        #expect(hash.problem(with: "4096") == "Hash is at most 1024, not 4096")
        #expect(hash.problem(with: "big") == "Hash takes an integer, not big")
        let wdl = UCIOptionDeclaration(name: "UCI_ShowWDL", type: .check, defaultValue: "false")
        #expect(wdl.problem(with: "true") == nil)
        #expect(wdl.problem(with: "yes") == "UCI_ShowWDL takes true or false, not yes")
        let style = UCIOptionDeclaration(name: "Style", type: .combo, choices: ["Solid", "Risky"])
        #expect(style.problem(with: "risky") == nil)
        #expect(style.problem(with: "Wild") == "Style takes one of Solid, Risky, not Wild")
        #expect(UCIOptionDeclaration(name: "Clear Hash", type: .button).problem(with: "1") == "Clear Hash is a button and takes no value")
    }

    @Test func scoreText() {
        #expect(Score.centipawns(35).text == "+0.35")
        #expect(Score.centipawns(-120).text == "-1.20")
        #expect(Score.centipawns(-5).text == "-0.05")
        #expect(Score.mate(3).text == "#3")
        #expect(Score.mate(-2).negated == .mate(2))
        #expect(WDL(win: 10, draw: 900, loss: 90).negated == WDL(win: 90, draw: 900, loss: 10))
    }

    @Test func profileKeyIsStable() {
        #expect(AnalysisProfile(nodes: 200_000, multiPV: 3).key == "threads=1;hash=16;nodes=200000;multipv=3;wdl=true;ucinewgame=true;format=3")
    }

    @Test func watchdogScalesWithNodes() {
        let w = Watchdog(searchBaseSeconds: 5, slowestNodesPerSecond: 100_000)
        #expect(w.searchSeconds(SearchLimits(nodes: 1_000_000)) == 15)
    }
}
