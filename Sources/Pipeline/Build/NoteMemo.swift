// NoteMemo: the last build's notes kept by their inputs, so a build explains, and searches for, only the notes whose inputs changed.
import BundleStore
import ChessCore
import Diagnostics
import Foundation
import Explainer
import Openings
import UCIEngine

/// The notes of one position are a function of its inputs: the position, the learner, the course's context of each
/// move, the moves noted, the searches they read (the parent's graded lines, the passing search, the children's
/// searches) and the explainer that writes them (forge's output rules, `forgeBuildVersion`, and the executable itself,
/// so a rebuilt forge recomputes everything). The memo keeps them at two levels:
///
/// 1. **The searches, by what they ask** (`Searches`): every search the notes make is a function of the table's
///    positions and moves, the engine (its identity, digest of its binary included), the profiles of the notes' engines
///    and the engine stores' files (`searchKey`). When that key is the last build's, the last build's graded lines and
///    search counts stand, and no note engine is started or asked: a position's notes are then found by the digest of
///    its own inputs with that key (`inputKey`), which reads no search result.
///    The searches are keyed as a whole, not per position, because they are not independent: a child searched deeper
///    for one position's best move grades every other position that reaches it (`MoveNotes.graded`).
/// 2. **The notes, by their inputs and their searches' results** (`resultsKey`): when the searches' key changed (a
///    move added, a store updated), every search runs again, and a position whose inputs and results are the same keeps
///    its rows unexplained.
///
/// The searches are kept only when every one of them succeeded (a failed search is not a fact about the position).
/// The memo lives beside the bundle (`.NAME.notes`, as the build's state does), is replaced whole after a build
/// that wrote a bundle (not rewritten when it would hold the same), and keeps only what this build used: it never grows
/// past one bundle's notes. The file is a header (format, the explainer's salt, the SHA-256 of the body) and a compact
/// body (`NoteMemoCodec`); a file whose header is not this forge's, whose body does not match its digest or does not decode is ignored
/// (every note is then computed): it is checked before anything in it is used.
final class NoteMemo: @unchecked Sendable {
    /// One position's notes: its rows (position id 0: the id is the table's, set when read) and the messages of the
    /// notes that failed their checks (ANN506).
    struct Entry: Equatable {
        var rows: [MoveNoteRecord]
        var failures: [String]
    }

    /// What the notes' searches found, for the build whose searches had the key `key`.
    struct Searches: Equatable {
        var key: String
        /// Each noted position's graded lines, by identity (`PositionIdentity.epd`), PVs cut as the bundle keeps them
        /// (`MoveNotes.rankedPlies`): the only reader of kept graded lines is the bundle's ranked lines.
        var graded: [String: EngineVerdict]
        /// The table's verdicts of the name list's own positions (the name table's profile), by identity: a build with
        /// this key takes them from here instead of the store.
        var listVerdicts: [String: EngineVerdict] = [:]
        var allMoveSearches: Int
        var passingSearches: Int
        var childSearches: Int
        var bestSearches: Int
    }

    struct Body: Equatable {
        var searches: Searches?
        /// `inputKey` of a position → the `resultsKey` of its notes, under `searches`.
        var byInputs: [String: String]
        var entries: [String: Entry]
    }

    /// The file's first line.
    static let formatLine = "# forge note memo 3"
    static let saltPrefix = "# salt: "
    static let digestPrefix = "# digest: sha256 "

    /// What the explainer is: a note written by another forge is not reused.
    static let salt = "\(forgeBuildVersion) executable \(BuildInputs.executableStamp)"

    private let lock = NSLock()
    private let old: Body
    private var searches: Searches?
    private var byInputs: [String: String] = [:]
    private var used: [String: Entry] = [:]
    /// Positions whose notes came from the memo, and the notes among them.
    private(set) var reusedPositions = 0
    private(set) var reusedNotes = 0

    /// Reads the memo at `path` (nil, unreadable, damaged or another forge's: empty).
    init(path: String?) {
        old = path.flatMap { FileManager.default.contents(atPath: $0) }.flatMap { Self.body(of: $0, salt: Self.salt) }
            ?? Body(searches: nil, byInputs: [:], entries: [:])
    }

    /// An empty memo (nothing reused, nothing written).
    static var none: NoteMemo { NoteMemo(path: nil) }

    /// The body of a memo file's bytes, nil unless its header is this format's with `salt`, its body matches the
    /// header's digest and reads back whole (`NoteMemoCodec`).
    static func body(of data: Data, salt: String) -> Body? {
        let bytes = [UInt8](data)
        var lines: [String] = []
        var start = 0
        while lines.count < 3, let nl = bytes[start...].firstIndex(of: 0x0A) {
            lines.append(String(decoding: bytes[start..<nl], as: UTF8.self))
            start = nl + 1
        }
        guard lines.count == 3, lines[0] == formatLine, lines[1] == saltPrefix + salt, lines[2].hasPrefix(digestPrefix) else { return nil }
        let body = bytes[start...]
        guard lines[2].dropFirst(digestPrefix.count) == hex(body) else { return nil }
        return try? NoteMemoCodec.decode(body)
    }

    /// The file of `body`: header, then its bytes (`NoteMemoCodec`: the same bytes for the same memo).
    static func file(_ body: Body, salt: String) -> Data? {
        let bytes = NoteMemoCodec.encode(body)
        return Data(Array((formatLine + "\n" + saltPrefix + salt + "\n" + digestPrefix + hex(bytes[...]) + "\n").utf8) + bytes)
    }

    static func hex(_ bytes: ArraySlice<UInt8>) -> String {
        var hash = SHA256Hash()
        bytes.withUnsafeBytes { hash.update($0) }
        return hash.hexDigest()
    }

    // MARK: Level 1: the searches, by what they ask.

    /// The last build's searches when they had `key`; nil otherwise.
    func searches(for key: String) -> Searches? {
        old.searches.flatMap { $0.key == key ? $0 : nil }
    }

    /// The entries of the positions whose `inputKey`s are `keys`, in order, with `positionIDs` set, when the memo has
    /// every one (each then counts as used and reused); nil, and nothing counted, when one is missing.
    func entries(inputs keys: [String], positionIDs: [Int64], searches: Searches) -> [Entry]? {
        var found: [(String, String, Entry)] = []
        found.reserveCapacity(keys.count)
        for key in keys {
            guard let results = old.byInputs[key], let e = old.entries[results] else { return nil }
            found.append((key, results, e))
        }
        return lock.withLock {
            self.searches = searches
            return zip(found, positionIDs).map { f, id in
                let (key, results, e) = f
                byInputs[key] = results
                used[results] = e
                reusedPositions += 1
                reusedNotes += e.rows.count
                return Self.withPosition(e, id)
            }
        }
    }

    /// Keeps this build's searches (only when every one of them succeeded).
    func keep(_ searches: Searches) {
        lock.withLock { self.searches = searches }
    }

    // MARK: Level 2: the notes, by their inputs and their searches' results.

    /// The last build's notes for `results` (a `resultsKey`), with `positionID` set; nil when those were not seen.
    /// `inputs` (the position's `inputKey`, nil when the searches are not kept) is recorded with it.
    func entry(_ results: String, inputs: String?, positionID: Int64) -> Entry? {
        lock.withLock {
            guard let e = old.entries[results] else { return nil }
            used[results] = e
            if let inputs { byInputs[inputs] = results }
            reusedPositions += 1
            reusedNotes += e.rows.count
            return Self.withPosition(e, positionID)
        }
    }

    /// Keeps what this build computed for `results` (rows with any position id: stored as 0), and `inputs` with it.
    func keep(_ results: String, inputs: String?, rows: [MoveNoteRecord], failures: [String]) {
        var rows = rows
        for k in rows.indices { rows[k].positionID = 0 }
        lock.withLock {
            used[results] = Entry(rows: rows, failures: failures)
            if let inputs { byInputs[inputs] = results }
        }
    }

    private static func withPosition(_ e: Entry, _ id: Int64) -> Entry {
        var e = e
        for k in e.rows.indices { e.rows[k].positionID = id }
        return e
    }

    /// What this build used, as the next build reads it.
    var body: Body {
        lock.withLock { Body(searches: searches, byInputs: byInputs, entries: used) }
    }

    /// Writes what this build used to `path`, atomically, unless the file there already holds exactly that; a memo that
    /// cannot be written is only a slower next build.
    func write(to path: String) {
        let body = self.body
        if body == old, FileManager.default.fileExists(atPath: path) { return }
        guard let data = Self.file(body, salt: Self.salt) else { return }
        try? data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    // MARK: Digests

    /// The key of the notes' searches: the explainer, the engine (`engine`: its cache identity, the binary's digest
    /// included), the profiles of every engine the notes and the table's verdicts read, the engine stores' files
    /// (`stores`: `storeStamps`), and the table: its positions, which of them are the curriculum's, and its moves.
    /// Every search result the notes read is a function of these (a result is the cache's and the stores' for its
    /// position, engine and profile).
    static func searchKey(engine: String, profiles: [String], stores: [String], table: NameTable, curriculum: Int) -> String {
        var text = "\(salt)\nengine \(engine)\n"
        for p in profiles { text += "profile \(p)\n" }
        for s in stores { text += "store \(s)\n" }
        text += "curriculum \(curriculum)\n"
        for n in table.nodes { text += "node \(n.id) \(n.position.fen())\n" }
        for e in table.edges { text += "edge \(e.from) \(e.move.uci) \(e.to)\n" }
        return hex(Array(text.utf8)[...])
    }

    /// Each engine-store file under `folders` (`*.tsv`, sorted): its path, its stamp (size, modification time, inode)
    /// and its header with the digest of its lines; a file that cannot be stamped is listed as missing.
    static func storeStamps(_ folders: [String]) -> [String] {
        var out: [String] = []
        for folder in folders {
            for file in EngineStoreFolder(path: folder).files {
                let stamp = FileStamp.of(file).map { "\($0.bytes) \($0.modifiedNanoseconds) \($0.inode)" } ?? "missing"
                let head = FileHandle(forReadingAtPath: file).flatMap { h -> Data? in
                    defer { try? h.close() }
                    return try? h.read(upToCount: 1024)
                }
                let header = head.map { String(decoding: $0, as: UTF8.self).split(separator: "\n", maxSplits: 4).prefix(4).joined(separator: "|") } ?? "-"
                out.append("\(file) \(stamp) \(header)")
            }
        }
        return out
    }

    /// The text of one position's note inputs apart from its searches: the position, the learner, each move noted
    /// with the course's context of it.
    static func inputText(position: Position, learner: PieceColor, moves: [Move], courses: [CourseContext?]) -> String {
        var text = "\(position.fen())\n\(learner == .white ? "w" : "b")\n"
        for (m, c) in zip(moves, courses) {
            text += m.uci
            if let c {
                text += " [" + c.moves.sorted().joined(separator: ",") + "|\(c.expected ?? "-")|\(c.plannedAnswer ?? "-")|\(c.reachedName ?? "-")]"
            }
            text += "\n"
        }
        return text
    }

    /// The digest of one position's note inputs under the searches of key `searches` (level 1): reads no search result.
    static func inputKey(searches: String, text: String) -> String {
        hex(Array("\(salt)\nsearches \(searches)\n\(text)".utf8)[...])
    }

    /// The digest of one position's note inputs with its searches' results (level 2).
    static func resultsKey(text: String, graded: EngineVerdict, passing: EngineVerdict?, children: [Position: EngineVerdict]) -> String {
        // The codec's own writer: every field length-prefixed or tagged, so two different inputs never feed the same bytes.
        var feed = NoteMemoCodec.Writer()
        feed.string(salt)
        feed.string(text)
        feed.string("graded")
        feed.verdict(graded)
        feed.string("passing")
        if let passing { feed.byte(1); feed.verdict(passing) } else { feed.byte(0) }
        for (c, v) in children.map({ ($0.key.fen(), $0.value) }).sorted(by: { $0.0 < $1.0 }) {
            feed.string(c)
            feed.verdict(v)
        }
        return hex(feed.bytes[...])
    }
}
