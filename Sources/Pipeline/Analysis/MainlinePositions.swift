// MainlinePositions: the PGN visitor behind `forge analyze game.pgn` — every mainline position (the start, then after each ply).
import ChessCore
import ChessPGN
import Diagnostics

/// Replays each game's main line (variations are skipped) and collects its positions, each located
/// at the move that led to it (the start position at the game's first token). Move errors stop that
/// game's line and are reported; the next game is read as usual.
struct MainlinePositions: PGNVisitor {
    let file: String
    private var replayer: Replayer
    private var gameStart = PGNLocation(line: 1, column: 1)
    private(set) var positions: [SourcedPosition] = []
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String) {
        self.file = file
        replayer = Replayer(fileName: file, wantsCanonicalSAN: false)
    }

    private func located(_ p: Position, _ loc: PGNLocation) -> SourcedPosition {
        SourcedPosition(fen: p.fen(), location: SourceLocation(file: file, line: loc.line, column: loc.column))
    }

    mutating func beginGame(_ start: PGNGameStart) -> PGNSkip {
        replayer.reset()
        gameStart = start.location
        return .visit
    }

    mutating func tag(name: String, value: String, at location: PGNLocation) {
        if let d = replayer.tag(name: name, value: value, at: location) { diagnostics.append(d) }
    }

    mutating func beginMovetext() {
        if let d = replayer.beginMovetext() { diagnostics.append(d) }
        positions.append(located(replayer.start, gameStart))
    }

    mutating func san(_ text: String, at location: PGNLocation) {
        switch replayer.play(text, at: location) {
        case .played(let m): positions.append(located(m.after, location))
        case .failed(let d): diagnostics.append(d)
        case .ignored: break
        }
    }

    mutating func beginVariation(at location: PGNLocation) -> PGNSkip { .skip }

    mutating func problem(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    mutating func nag(_ code: UInt8, at location: PGNLocation) {}
    mutating func comment(_ comment: PGNComment, at location: PGNLocation) {}
    mutating func endVariation() {}
    mutating func outcome(_ outcome: PGNOutcome, at location: PGNLocation) {}
    mutating func endGame() {}
}
