// BundleContent: every row of one bundle, as the caller hands it to the writer.
/// Everything that goes into one `openings.sqlite`.
///
/// The caller assigns every id. The writer inserts each table in primary-key order
/// (whatever the order of these arrays), so the same content always gives the same file.
package struct BundleContent: Hashable, Sendable {
    /// How the bundle was built; becomes the `meta` table.
    package var info: BundleInfo
    package var openings: [OpeningRecord]
    package var positions: [PositionRecord]
    package var moves: [MoveRecord]
    package var lines: [LineRecord]
    package var lineMoves: [LineMoveRecord]
    package var analyses: [AnalysisRecord]
    package var analysisLines: [AnalysisLineRecord]
    /// The chess app's library (classical openings and tactics) and the tactics' claims.
    package var libraryEntries: [LibraryEntryRecord]
    package var libraryClaims: [LibraryClaimRecord]
    /// The explainer's note on every move the app can meet (`move_note`).
    package var moveNotes: [MoveNoteRecord]

    package init(
        info: BundleInfo, openings: [OpeningRecord] = [], positions: [PositionRecord] = [],
        moves: [MoveRecord] = [], lines: [LineRecord] = [], lineMoves: [LineMoveRecord] = [],
        analyses: [AnalysisRecord] = [], analysisLines: [AnalysisLineRecord] = [],
        libraryEntries: [LibraryEntryRecord] = [], libraryClaims: [LibraryClaimRecord] = [],
        moveNotes: [MoveNoteRecord] = []
    ) {
        self.moveNotes = moveNotes
        self.info = info
        self.openings = openings
        self.positions = positions
        self.moves = moves
        self.lines = lines
        self.lineMoves = lineMoves
        self.analyses = analyses
        self.analysisLines = analysisLines
        self.libraryEntries = libraryEntries
        self.libraryClaims = libraryClaims
    }

    /// The `meta` rows, sorted by key.
    package var metaRecords: [MetaRecord] { info.metaRecords }

    /// Rows per table, keyed by table name: what the manifest reports.
    package var rowCounts: [String: Int] {
        [
            OpeningRecord.databaseTableName: openings.count,
            PositionRecord.databaseTableName: positions.count,
            MoveRecord.databaseTableName: moves.count,
            LineRecord.databaseTableName: lines.count,
            LineMoveRecord.databaseTableName: lineMoves.count,
            AnalysisRecord.databaseTableName: analyses.count,
            AnalysisLineRecord.databaseTableName: analysisLines.count,
            LibraryEntryRecord.databaseTableName: libraryEntries.count,
            LibraryClaimRecord.databaseTableName: libraryClaims.count,
            NoteTextRow.databaseTableName: MoveNoteRow.texts(of: moveNotes).count,
            MoveNoteRow.databaseTableName: moveNotes.count,
            MetaRecord.databaseTableName: metaRecords.count,
        ]
    }
}
