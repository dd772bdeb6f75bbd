// BundleReadModels: the joined values the read API returns (a line's steps, a position's children, an analysis).
/// One ply of a line, with the move played and the position it leads to.
package struct LineStep: Hashable, Sendable {
    /// The ply with its explanation, concepts, arrows and highlights.
    package var lineMove: LineMoveRecord
    /// The move played (SAN, UCI, from and to position ids).
    package var move: MoveRecord
    /// The position after the move (its FEN, name, ECO).
    package var position: PositionRecord

    package init(lineMove: LineMoveRecord, move: MoveRecord, position: PositionRecord) {
        self.lineMove = lineMove
        self.move = move
        self.position = position
    }
}

/// A line with its plies in order.
package struct LineWithSteps: Hashable, Sendable {
    package var line: LineRecord
    package var steps: [LineStep]

    package init(line: LineRecord, steps: [LineStep]) {
        self.line = line
        self.steps = steps
    }
}

/// A move out of a position, with the position it leads to.
package struct PositionChild: Hashable, Sendable {
    package var move: MoveRecord
    package var position: PositionRecord

    package init(move: MoveRecord, position: PositionRecord) {
        self.move = move
        self.position = position
    }
}

/// A position's analysis with its top lines, best first.
package struct PositionAnalysis: Hashable, Sendable {
    package var analysis: AnalysisRecord
    package var lines: [AnalysisLineRecord]

    package init(analysis: AnalysisRecord, lines: [AnalysisLineRecord]) {
        self.analysis = analysis
        self.lines = lines
    }
}

/// A line that passes through a position: the position is the one after ``ply`` plies of the line.
package struct LineAtPosition: Hashable, Sendable {
    package var line: LineRecord
    /// 0 for the start position; ≤ `line.branchPly` when the position is on the part shared with the parent.
    package var ply: Int
    /// The slug of the line's opening.
    package var openingSlug: String

    package init(line: LineRecord, ply: Int, openingSlug: String) {
        self.line = line
        self.ply = ply
        self.openingSlug = openingSlug
    }
}

/// A line that leaves a position, with the move that leaves it.
package struct BranchAtPosition: Hashable, Sendable {
    package var line: LineRecord
    package var move: MoveRecord

    package init(line: LineRecord, move: MoveRecord) {
        self.line = line
        self.move = move
    }
}
