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
