// AnalysisRecord: one row of `analysis`, the engine's verdict on a position.
import GRDB

/// Stockfish's analysis of one position at the bundle's profile. Its top moves are in `analysis_line`.
///
/// Scores and WDL are from the point of view of the side to move, as UCI reports them.
/// Exactly one of ``scoreCP`` and ``scoreMate`` is set, except for a position without
/// legal moves, where both may be `nil`.
package struct AnalysisRecord: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "analysis"

    /// The position analysed (`position.id`); one analysis per position.
    package var positionID: Int64
    /// Engine name as it reports itself (`id name`), e.g. `Stockfish 15.1`.
    package var engine: String
    /// Engine version, e.g. `15.1`.
    package var engineVersion: String
    /// The analysis profile, e.g. `nodes=1000000 threads=1 hash=16 multipv=3`.
    package var profile: String
    /// Nodes searched.
    package var nodes: Int64
    /// Depth reached.
    package var depth: Int
    /// Score in centipawns, if not a mate score.
    package var scoreCP: Int?
    /// Mate in this many moves (negative: the side to move is mated), if a mate score.
    package var scoreMate: Int?
    /// Win, draw and loss probabilities in per mille (sum 1000), if the engine reported them.
    package var wdlWin: Int?
    package var wdlDraw: Int?
    package var wdlLoss: Int?
    /// The best move in UCI: rank 1 of the position's `analysis_line` rows; `nil` when the side to move has no legal move.
    package var bestUCI: String?

    package init(
        positionID: Int64, engine: String, engineVersion: String, profile: String, nodes: Int64,
        depth: Int, scoreCP: Int? = nil, scoreMate: Int? = nil, wdlWin: Int? = nil,
        wdlDraw: Int? = nil, wdlLoss: Int? = nil, bestUCI: String? = nil
    ) {
        self.positionID = positionID
        self.engine = engine
        self.engineVersion = engineVersion
        self.profile = profile
        self.nodes = nodes
        self.depth = depth
        self.scoreCP = scoreCP
        self.scoreMate = scoreMate
        self.wdlWin = wdlWin
        self.wdlDraw = wdlDraw
        self.wdlLoss = wdlLoss
        self.bestUCI = bestUCI
    }

    /// Writes the columns directly: the same values Codable would write, without its cost per row.
    package func encode(to container: inout PersistenceContainer) throws {
        container["position_id"] = positionID
        container["engine"] = engine
        container["engine_version"] = engineVersion
        container["profile"] = profile
        container["nodes"] = nodes
        container["depth"] = depth
        container["score_cp"] = scoreCP
        container["score_mate"] = scoreMate
        container["wdl_win"] = wdlWin
        container["wdl_draw"] = wdlDraw
        container["wdl_loss"] = wdlLoss
        container["best_uci"] = bestUCI
    }

    enum CodingKeys: String, CodingKey {
        case positionID = "position_id"
        case engine
        case engineVersion = "engine_version"
        case profile, nodes, depth
        case scoreCP = "score_cp"
        case scoreMate = "score_mate"
        case wdlWin = "wdl_win"
        case wdlDraw = "wdl_draw"
        case wdlLoss = "wdl_loss"
        case bestUCI = "best_uci"
    }

    /// The table's columns, for GRDB's query interface.
    package enum Columns {
        package static let positionID = Column(CodingKeys.positionID)
        package static let engine = Column(CodingKeys.engine)
        package static let engineVersion = Column(CodingKeys.engineVersion)
        package static let profile = Column(CodingKeys.profile)
        package static let nodes = Column(CodingKeys.nodes)
        package static let depth = Column(CodingKeys.depth)
        package static let scoreCP = Column(CodingKeys.scoreCP)
        package static let scoreMate = Column(CodingKeys.scoreMate)
        package static let wdlWin = Column(CodingKeys.wdlWin)
        package static let wdlDraw = Column(CodingKeys.wdlDraw)
        package static let wdlLoss = Column(CodingKeys.wdlLoss)
        package static let bestUCI = Column(CodingKeys.bestUCI)
    }
}
