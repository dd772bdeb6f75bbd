// BundleReadModels: the joined values the read API returns (a line's steps, a position's children, an analysis).
/// One ply of a line, with the move played and the position it leads to.
public struct LineStep: Hashable, Sendable {
    /// The ply with its explanation, concepts, arrows and highlights.
    public var lineMove: LineMoveRecord
    /// The move played (SAN, UCI, from and to position ids).
    public var move: MoveRecord
    /// The position after the move (its FEN, name, ECO).
    public var position: PositionRecord

    public init(lineMove: LineMoveRecord, move: MoveRecord, position: PositionRecord) {
        self.lineMove = lineMove
        self.move = move
        self.position = position
    }
}

/// A line with its plies in order.
public struct LineWithSteps: Hashable, Sendable {
    public var line: LineRecord
    public var steps: [LineStep]

    public init(line: LineRecord, steps: [LineStep]) {
        self.line = line
        self.steps = steps
    }
}

/// A move out of a position, with the position it leads to.
public struct PositionChild: Hashable, Sendable {
    public var move: MoveRecord
    public var position: PositionRecord

    public init(move: MoveRecord, position: PositionRecord) {
        self.move = move
        self.position = position
    }
}

/// A position's analysis with its top lines, best first.
public struct PositionAnalysis: Hashable, Sendable {
    public var analysis: AnalysisRecord
    public var lines: [AnalysisLineRecord]

    public init(analysis: AnalysisRecord, lines: [AnalysisLineRecord]) {
        self.analysis = analysis
        self.lines = lines
    }
}

/// A line that passes through a position: the position is the one after ``ply`` plies of the line.
public struct LineAtPosition: Hashable, Sendable {
    public var line: LineRecord
    /// 0 for the start position; ≤ `line.branchPly` when the position is on the part shared with the parent.
    public var ply: Int
    /// The slug of the line's opening.
    public var openingSlug: String

    public init(line: LineRecord, ply: Int, openingSlug: String) {
        self.line = line
        self.ply = ply
        self.openingSlug = openingSlug
    }
}

/// A line that leaves a position, with the move that leaves it.
public struct BranchAtPosition: Hashable, Sendable {
    public var line: LineRecord
    public var move: MoveRecord

    public init(line: LineRecord, move: MoveRecord) {
        self.line = line
        self.move = move
    }
}
