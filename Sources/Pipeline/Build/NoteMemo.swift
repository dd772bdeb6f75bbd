// NoteMemo: the last build's notes kept with the digest of their inputs, so a build recomputes only the notes whose inputs changed.
import BundleStore
import ChessCore
import Diagnostics
import Foundation
import Explainer
import Openings

/// The notes of one position are a function of its inputs: the position, the learner, the course's context of each
/// move, the moves noted, the parent's graded lines, the passing search and the children's searches, and the
/// explainer that writes them (forge's output rules, `forgeBuildVersion`, and the executable itself, so a rebuilt forge
/// recomputes everything). `MoveNotes.build` asks the memo with the digest of those inputs before it explains a
/// position; a hit gives the rows (and the checks' failures) the last build wrote for the same inputs, so a build writes
/// the same bytes as one from scratch.
///
/// The memo lives beside the bundle (`.NAME.notes.json`, as the build's state does), is replaced whole after a build
/// that wrote a bundle, and keeps only the entries this build used: it never grows past one bundle's notes. A file
/// that does not decode is ignored (every note is then computed).
final class NoteMemo: @unchecked Sendable {
    /// One position's notes: its rows (position id 0: the id is the table's, set when read) and the messages of the
    /// notes that failed their checks (ANN506).
    struct Entry: Codable {
        var rows: [MoveNoteRecord]
        var failures: [String]
    }

    struct File: Codable {
        var salt: String
        var entries: [String: Entry]
    }

    /// What the explainer is: a note written by another forge is not reused.
    static let salt = "\(forgeBuildVersion) executable \(BuildInputs.executableStamp)"

    private let lock = NSLock()
    private let old: [String: Entry]
    private var used: [String: Entry] = [:]
    /// Positions whose notes came from the memo, and the notes among them.
    private(set) var reusedPositions = 0
    private(set) var reusedNotes = 0

    /// Reads the memo at `path` (nil or unreadable: empty).
    init(path: String?) {
        guard let path, let data = FileManager.default.contents(atPath: path),
              let file = try? JSONDecoder().decode(File.self, from: data), file.salt == Self.salt else {
            old = [:]
            return
        }
        old = file.entries
    }

    /// An empty memo (nothing reused, nothing written).
    static var none: NoteMemo { NoteMemo(path: nil) }

    /// The last build's notes for `digest`, with `positionID` set; nil when its inputs were not seen.
    func entry(_ digest: String, positionID: Int64) -> Entry? {
        lock.withLock {
            guard var e = old[digest] else { return nil }
            used[digest] = e
            reusedPositions += 1
            reusedNotes += e.rows.count
            for k in e.rows.indices { e.rows[k].positionID = positionID }
            return e
        }
    }

    /// Keeps what this build computed for `digest` (rows with any position id: stored as 0).
    func keep(_ digest: String, rows: [MoveNoteRecord], failures: [String]) {
        var rows = rows
        for k in rows.indices { rows[k].positionID = 0 }
        lock.withLock { used[digest] = Entry(rows: rows, failures: failures) }
    }

    /// Writes the entries this build used to `path`, atomically; a memo that cannot be written is only a slower next build.
    func write(to path: String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(File(salt: Self.salt, entries: lock.withLock { used })) else { return }
        try? data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The digest of one position's note inputs.
    static func digest(position: Position, learner: PieceColor, moves: [Move], courses: [CourseContext?],
                       graded: EngineVerdict, passing: EngineVerdict?, children: [Position: EngineVerdict]) -> String {
        var text = "\(salt)\n\(position.fen())\n\(learner == .white ? "w" : "b")\n"
        for (m, c) in zip(moves, courses) {
            text += m.uci
            if let c {
                text += " [" + c.moves.sorted().joined(separator: ",") + "|\(c.expected ?? "-")|\(c.plannedAnswer ?? "-")|\(c.reachedName ?? "-")]"
            }
            text += "\n"
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var hash = SHA256Hash()
        hash.update(Array(text.utf8))
        func feed(_ label: String, _ v: EngineVerdict?) {
            hash.update(Array(label.utf8))
            if let v, let data = try? encoder.encode(v) { hash.update(data) }
            hash.update([0x0A])
        }
        feed("graded", graded)
        feed("passing", passing)
        for (c, v) in children.map({ ($0.key.fen(), $0.value) }).sorted(by: { $0.0 < $1.0 }) { feed(c, v) }
        return hash.digest().map { String(format: "%02x", $0) }.joined()
    }
}
