// SyntheticBundle: bundle content made by formula, for `forge-bench bundle` (scripts/bench/bundle.sh rebuilds it in python).
import BundleStore

/// Content of any size whose every row follows from its index, so that a reference tool can
/// write the very same rows. Position `i` (1…n) moves to `i + 1` (`a2a3`) and to `i + 2` (`b2b3`);
/// one opening whose main line walks the `a2a3` chain; every position analysed with three lines.
enum SyntheticBundle {
    static let info = BundleInfo(
        engine: "Stockfish 15.1", engineVersion: "15.1", profile: "synthetic",
        sourceHash: String(repeating: "0", count: 64))

    static func content(positions n: Int) -> BundleContent {
        var positions: [PositionRecord] = []
        var moves: [MoveRecord] = []
        var lineMoves: [LineMoveRecord] = []
        var analyses: [AnalysisRecord] = []
        var analysisLines: [AnalysisLineRecord] = []
        for i in 1...n {
            positions.append(
                PositionRecord(
                    id: Int64(i), polyglotKey: key(i), fen: fen(i), name: "Name \(i / 100)",
                    eco: "C50", nameIsInherited: i % 100 != 0, sideToMove: i % 2 == 1 ? .white : .black))
            if i + 1 <= n {
                moves.append(MoveRecord(id: Int64(moves.count + 1), fromPositionID: Int64(i), toPositionID: Int64(i + 1), uci: "a2a3", san: "a3",
                                        key: BundleKeys.moveKey(fromPolyglotKey: key(i), uci: "a2a3")))
                lineMoves.append(
                    LineMoveRecord(
                        lineID: 1, ply: i, moveID: Int64(moves.count), explanation: "Explanation of ply \(i).",
                        explanationSource: .authored, concepts: ["development"], arrows: "Ga2a3"))
            }
            if i + 2 <= n {
                moves.append(MoveRecord(id: Int64(moves.count + 1), fromPositionID: Int64(i), toPositionID: Int64(i + 2), uci: "b2b3", san: "b3",
                                        key: BundleKeys.moveKey(fromPolyglotKey: key(i), uci: "b2b3")))
            }
            let cp = i % 200 - 100
            analyses.append(
                AnalysisRecord(
                    positionID: Int64(i), engine: info.engine, engineVersion: info.engineVersion, profile: info.profile,
                    nodes: Int64(1000 + i), depth: 10, scoreCP: cp, wdlWin: i % 500, wdlDraw: 500, wdlLoss: 500 - i % 500,
                    bestUCI: "a2a3"))
            for (r, uci) in ["a2a3", "b2b3", "c2c3"].enumerated() {
                analysisLines.append(
                    AnalysisLineRecord(
                        positionID: Int64(i), rank: r + 1, uci: uci, san: String(uci.suffix(2)), scoreCP: cp - 10 * r,
                        pvUCI: "\(uci) a7a6 h2h3", depth: 10))
            }
        }
        return BundleContent(
            info: info,
            openings: [
                OpeningRecord(
                    id: 1, slug: "synthetic", name: "Synthetic", eco: "C50", learnerSide: .white, difficulty: 1,
                    description: "Rows made by formula.", sourceFile: "synthetic.pgn")
            ],
            positions: positions, moves: moves, lines: [LineRecord(id: 1, openingID: 1, kind: .main, key: "synthetic/main")],
            lineMoves: lineMoves, analyses: analyses, analysisLines: analysisLines)
    }

    static func fen(_ i: Int) -> String { "synthetic/\(i) w - - 0 1" }
    static func key(_ i: Int) -> UInt64 { UInt64(i) &* 0x9E37_79B9_7F4A_7C15 }
}
