// AnalysisLineRecord: one row of `analysis_line`, one of the engine's top moves in a position.
import GRDB

/// One of the top moves (MultiPV) of an analysed position, best first.
///
/// The coach app scores a learner's move against these without running an engine.
/// `rank` is the order to show them in: best score first, from the last iteration the engine
/// finished, so a lower rank never has a better score. Scores are from the point of view of the
/// side to move (`position.side_to_move`); White's view is the same score when White is to move
/// and its negation otherwise (mate in n becomes mate in -n).
package struct AnalysisLineRecord: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "analysis_line"

    /// The position (`analysis.position_id`).
    package var positionID: Int64
    /// 1 for the best move, 2, 3 … (MultiPV rank).
    package var rank: Int
    /// The move in UCI (castling as the king's move).
    package var uci: String
    /// The move in canonical SAN.
    package var san: String
    /// Score in centipawns, if not a mate score.
    package var scoreCP: Int?
    /// Mate in this many moves (negative: the side to move is mated), if a mate score.
    package var scoreMate: Int?
    /// The principal variation in UCI, moves separated by one space, starting with ``uci``; as long as the engine gave it.
    package var pvUCI: String
    /// The depth this line was searched to.
    package var depth: Int

    package init(
        positionID: Int64, rank: Int, uci: String, san: String, scoreCP: Int? = nil,
        scoreMate: Int? = nil, pvUCI: String, depth: Int = 0
    ) {
        self.positionID = positionID
        self.rank = rank
        self.uci = uci
        self.san = san
        self.scoreCP = scoreCP
        self.scoreMate = scoreMate
        self.pvUCI = pvUCI
        self.depth = depth
    }

    /// Writes the columns directly: the same values Codable would write, without its cost per row.
    package func encode(to container: inout PersistenceContainer) throws {
        container["position_id"] = positionID
        container["rank"] = rank
        container["uci"] = uci
        container["san"] = san
        container["score_cp"] = scoreCP
        container["score_mate"] = scoreMate
        container["pv_uci"] = pvUCI
        container["depth"] = depth
    }

    enum CodingKeys: String, CodingKey {
        case positionID = "position_id"
        case rank, uci, san
        case scoreCP = "score_cp"
        case scoreMate = "score_mate"
        case pvUCI = "pv_uci"
        case depth
    }

    /// The table's columns, for GRDB's query interface.
    package enum Columns {
        package static let positionID = Column(CodingKeys.positionID)
        package static let rank = Column(CodingKeys.rank)
        package static let uci = Column(CodingKeys.uci)
        package static let san = Column(CodingKeys.san)
        package static let scoreCP = Column(CodingKeys.scoreCP)
        package static let scoreMate = Column(CodingKeys.scoreMate)
        package static let pvUCI = Column(CodingKeys.pvUCI)
        package static let depth = Column(CodingKeys.depth)
    }
}
