// OpeningRecord: one row of `opening`, a coach opening as its source file describes it.
import GRDB

/// One opening of the coach's curriculum (one source PGN file).
///
/// `id` is assigned by the caller so that the same sources always give the same ids.
package struct OpeningRecord: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "opening"

    /// Row id, chosen by the caller (ascending in the order the app lists openings).
    package var id: Int64
    /// Stable identifier from the file name, e.g. `italian-game`; unique.
    package var slug: String
    /// The `Opening` tag, e.g. `Italian Game`.
    package var name: String
    /// The `Variation` tag, if any, e.g. `Giuoco Piano`.
    package var variation: String?
    /// The `ECO` tag, `A00`…`E99`.
    package var eco: String
    /// The side the learner plays (`LearnerSide` tag).
    package var learnerSide: Side
    /// `Difficulty` tag, 1 (easiest) … 5.
    package var difficulty: Int
    /// The `Description` tag: one paragraph for the app.
    package var description: String
    /// The source file, relative to the repository root, e.g. `openings/coach/italian-game.pgn`.
    package var sourceFile: String

    package init(
        id: Int64, slug: String, name: String, variation: String? = nil, eco: String,
        learnerSide: Side, difficulty: Int, description: String, sourceFile: String
    ) {
        self.id = id
        self.slug = slug
        self.name = name
        self.variation = variation
        self.eco = eco
        self.learnerSide = learnerSide
        self.difficulty = difficulty
        self.description = description
        self.sourceFile = sourceFile
    }

    /// Writes the columns directly: the same values Codable would write, without its cost per row.
    package func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["slug"] = slug
        container["name"] = name
        container["variation"] = variation
        container["eco"] = eco
        container["learner_side"] = learnerSide
        container["difficulty"] = difficulty
        container["description"] = description
        container["source_file"] = sourceFile
    }

    enum CodingKeys: String, CodingKey {
        case id, slug, name, variation, eco
        case learnerSide = "learner_side"
        case difficulty, description
        case sourceFile = "source_file"
    }

    /// The table's columns, for GRDB's query interface.
    package enum Columns {
        package static let id = Column(CodingKeys.id)
        package static let slug = Column(CodingKeys.slug)
        package static let name = Column(CodingKeys.name)
        package static let variation = Column(CodingKeys.variation)
        package static let eco = Column(CodingKeys.eco)
        package static let learnerSide = Column(CodingKeys.learnerSide)
        package static let difficulty = Column(CodingKeys.difficulty)
        package static let description = Column(CodingKeys.description)
        package static let sourceFile = Column(CodingKeys.sourceFile)
    }
}
