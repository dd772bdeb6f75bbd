// LibraryChecks: rules across sources — duplicate lines and conflicting names for one position.
import ChessCore
import Diagnostics

public enum LibraryChecks {
    /// Lines repeated across sources (VAL208) and positions that two lines end at under different names (VAL209).
    public static func check(_ sources: [OpeningSource]) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var lines: [[String]: (source: OpeningSource, line: OpeningLine)] = [:]
        var ends: [PositionIdentity: (name: String, source: OpeningSource, line: OpeningLine)] = [:]
        for s in sources {
            for line in s.lines {
                let key = [s.start.fen()] + line.moves.map(\.move.uci)
                if let other = lines[key], other.source.file != s.file {
                    out.append(Diagnostic(ValidatorCode.duplicateLine, "line \"\(line.name)\" repeats \"\(other.line.name)\" of \(other.source.file) move for move",
                                          at: line.location))
                } else if lines[key] == nil {
                    lines[key] = (s, line)
                }
                guard line.role != .alternative, let end = line.finalPosition?.identity else { continue }
                if let other = ends[end], other.name != line.name {
                    out.append(Diagnostic(ValidatorCode.conflictingNames, "line \"\(line.name)\" ends at the position that \(other.source.file) calls \"\(other.name)\"",
                                          at: line.moves.last?.location ?? line.location,
                                          notes: ["position: \(end.epd)", "use one name for one position"]))
                } else if ends[end] == nil {
                    ends[end] = (line.name, s, line)
                }
            }
        }
        return out
    }
}
