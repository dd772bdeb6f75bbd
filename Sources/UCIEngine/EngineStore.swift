// EngineStore: the committed engine-result store, one text line per position for one engine and profile.
import BundleStore
import ChessCore
import Foundation

/// A reviewable text file of engine results for one engine and one profile, committed beside the
/// sources (`openings/engine/…`). The analyser reads it before the cache and the engine, so a fresh
/// clone searches nothing the store holds; `forge cache export-store` writes it.
///
/// The file, sorted by position, the same bytes for the same results:
///
/// ```text
/// # forge engine store 1
/// # engine: Stockfish 15.1
/// # profile: threads=1;hash=16;nodes=120000;multipv=3;wdl=true;ucinewgame=true;format=3
/// # digest: sha256 5d41402abc4b2a76b9719d911017c592…
/// rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -	c7c5	120187	-31 d18 w33/859/108 c7c5 g1f3 …	…
/// ```
///
/// A result line is tab-separated: the position's identity (FEN fields 1–4), the engine's `bestmove`
/// (UCI), the nodes searched, then one field per ranked line, best first: its score (`-31`, `#3` for
/// mate in 3, `#-3` mated), `dN` its depth, `lower`/`upper` when the score is a bound, `wW/D/L` its WDL
/// when the engine sent one, and its PV in UCI. Everything an ``Analysis`` holds beyond that is derived
/// (SAN from the moves, the position's score, WDL and depth from the first line), so a result read back
/// is equal to the one written, and a result that would not be is refused when written.
///
/// The fourth header line is the SHA-256 of every line after it (newlines included): a file edited by hand or
/// damaged is reported (CCH107) by every reader and fails `forge cache export-store --check`; each of its lines is
/// still checked on its own (`Analysis.problem`) before it is used, so an edited score that disagrees with its WDL
/// is never served.
public enum EngineStore {
    public static let formatLine = "# forge engine store 1"
    static let enginePrefix = "# engine: "
    static let profilePrefix = "# profile: "
    static let digestPrefix = "# digest: sha256 "

    /// The file a store of `engine` and `profile` is written to, relative to the store's folder:
    /// `stockfish-15.1/threads-1.hash-16.nodes-120000.multipv-3.wdl-true.ucinewgame-true.format-3.tsv`. Readers go by
    /// the header, not the name.
    public static func fileName(engine: String, profile: AnalysisProfile) -> String {
        let slug = engine.lowercased().map { $0.isLetter || $0.isNumber || $0 == "." ? String($0) : "-" }.joined()
        return slug + "/" + profile.key.replacingOccurrences(of: ";", with: ".").replacingOccurrences(of: "=", with: "-") + ".tsv"
    }

    /// The header of a store of `engine` and `profile`.
    public static func header(engine: String, profile: AnalysisProfile) -> String {
        formatLine + "\n" + enginePrefix + engine + "\n" + profilePrefix + profile.key + "\n"
    }

    /// The digest line of a file whose result lines are `body` (each ending in a newline).
    static func digestLine(of body: some StringProtocol) -> String {
        digestPrefix + SHA256Hash.hexDigest(of: Data(body.utf8)) + "\n"
    }

    /// The store's line of `analysis`, the result for the position whose identity is `position`; nil for a
    /// finished game (checkmate, stalemate: never searched, so never stored).
    public static func line(position: String, analysis a: Analysis) -> String? {
        guard a.terminal == nil, let best = a.bestMove else { return nil }
        var fields = [position, best, String(a.nodes)]
        for l in a.lines {
            var tokens = [scoreText(l.score), "d\(l.depth)"]
            switch l.bound {
            case .exact: break
            case .lowerbound: tokens.append("lower")
            case .upperbound: tokens.append("upper")
            }
            if let w = l.wdl { tokens.append("w\(w.win)/\(w.draw)/\(w.loss)") }
            fields.append((tokens + l.pv).joined(separator: " "))
        }
        return fields.joined(separator: "\t")
    }

    /// The whole file: the header, then one line per result, sorted by position (byte order). A result that
    /// would not read back equal to itself (its line is not the whole result) is left out and returned in
    /// `refused` with the reason.
    public static func text(engine: String, profile: AnalysisProfile, results: [String: Analysis])
        -> (text: String, written: Int, refused: [(position: String, reason: String)]) {
        var out = ""
        var refused: [(String, String)] = []
        var written = 0
        for key in results.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            guard let a = results[key], let l = line(position: key, analysis: a) else { continue }
            do throws(EngineStoreLineError) {
                let back = try analysis(ofLine: l, engine: engine, profile: profile).analysis
                guard back == a else {
                    refused.append((key, "it would not read back the same (a result of an older rule, or edited)"))
                    continue
                }
            } catch {
                refused.append((key, error.reason))
                continue
            }
            out += l + "\n"
            written += 1
        }
        return (header(engine: engine, profile: profile) + digestLine(of: out) + out, written, refused)
    }

    /// Reads a result line back into the position's identity and its ``Analysis``. Throws, saying which
    /// field is wrong and why, when the line is damaged: a field missing or unreadable, a move that is not
    /// legal where it is played, a score or WDL out of range.
    public static func analysis(ofLine line: some StringProtocol, engine: String, profile: AnalysisProfile) throws(EngineStoreLineError)
        -> (position: String, analysis: Analysis) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count >= 4 else {
            throw EngineStoreLineError(column: 1, reason: "expected position, best move, nodes and at least one line (4 tab-separated fields), found \(fields.count)")
        }
        var column = 1
        func fail(_ reason: String) -> EngineStoreLineError { EngineStoreLineError(column: column, reason: reason) }
        let key = String(fields[0])
        let position: Position
        do throws(PositionParseError) {
            position = try Position(fen: key + " 0 1")
        } catch {
            throw fail("position \"\(key)\": \(error.description)")
        }
        guard position.identity.epd == key else { throw fail("position \"\(key)\" is not written as its identity \"\(position.identity.epd)\"") }
        column += fields[0].utf8.count + 1
        let best: Move
        do throws(UCIMoveError) {
            best = try position.move(uci: fields[1])
        } catch {
            throw fail("best move: \(error.description)")
        }
        column += fields[1].utf8.count + 1
        guard let nodes = Int(fields[2]), nodes >= 0 else { throw fail("nodes: expected a whole number ≥ 0, found \"\(fields[2])\"") }
        column += fields[2].utf8.count + 1
        var lines: [AnalysisLine] = []
        for field in fields[3...] {
            do throws(EngineStoreLineError) {
                lines.append(try rankedLine(Substring(field), in: position))
            } catch {
                throw fail("line \(lines.count + 1): \(error.reason)")
            }
            column += field.utf8.count + 1
        }
        let top = lines[0]
        let a = Analysis(bestMove: best.uci, bestMoveSAN: position.san(best), score: top.score,
                         whiteScore: position.turn == .white ? top.score : top.score.negated, wdl: top.wdl, terminal: nil,
                         lines: lines, depth: top.depth, nodes: nodes, engine: engine, profile: profile)
        if let reason = a.problem(in: position, engine: engine, profile: profile) { throw EngineStoreLineError(column: 1, reason: reason) }
        return (key, a)
    }

    static func rankedLine(_ field: Substring, in position: Position) throws(EngineStoreLineError) -> AnalysisLine {
        func fail(_ reason: String) -> EngineStoreLineError { EngineStoreLineError(column: 0, reason: reason) }
        var tokens = field.split(separator: " ", omittingEmptySubsequences: false)[...]
        guard let scoreToken = tokens.popFirst() else { throw fail("empty") }
        let score = try self.score(scoreToken)
        guard let depthToken = tokens.popFirst(), depthToken.hasPrefix("d"), let depth = Int(depthToken.dropFirst()), depth >= 0 else {
            throw fail("expected the depth (d18) after the score")
        }
        var bound = ScoreBound.exact
        if let t = tokens.first, t == "lower" || t == "upper" {
            bound = t == "lower" ? .lowerbound : .upperbound
            tokens.removeFirst()
        }
        var wdl: WDL?
        if let t = tokens.first, t.hasPrefix("w") {
            let parts = t.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 3, let w = parts[0], let d = parts[1], let l = parts[2] else {
                throw fail("WDL \"\(t)\": expected wWIN/DRAW/LOSS")
            }
            do throws(UCIParseError) { wdl = try WDL.checked(win: w, draw: d, loss: l) } catch { throw fail(error.reason) }
            tokens.removeFirst()
        }
        guard !tokens.isEmpty else { throw fail("no PV move") }
        var p = position
        var pv: [String] = []
        var sanPV: [String] = []
        for t in tokens {
            let m: Move
            do throws(UCIMoveError) { m = try p.move(uci: t) } catch { throw fail("PV move \(pv.count + 1): \(error.description)") }
            pv.append(m.uci)
            sanPV.append(p.san(m))
            p.playUnchecked(m)
        }
        return AnalysisLine(uci: pv[0], san: sanPV[0], score: score, bound: bound, wdl: wdl, depth: depth, pv: pv, sanPV: sanPV)
    }

    static func scoreText(_ s: Score) -> String {
        switch s {
        case .centipawns(let c): String(c)
        case .mate(let m): "#\(m)"
        }
    }

    static func score(_ token: Substring) throws(EngineStoreLineError) -> Score {
        let mate = token.hasPrefix("#")
        guard let n = Int(mate ? token.dropFirst() : token) else {
            throw EngineStoreLineError(column: 0, reason: "score \"\(token)\": expected centipawns (-31) or a mate (#3, #-3)")
        }
        do throws(ScoreOutOfRange) {
            return try Score.checked(kind: mate ? "mate" : "cp", n)
        } catch {
            throw EngineStoreLineError(column: 0, reason: error.reason)
        }
    }
}

/// Why a result line of the store cannot be read; `column` is the 1-based byte column of the field.
public struct EngineStoreLineError: Error, Sendable, Equatable {
    public var column: Int
    public var reason: String
}

/// A line of a store file that is damaged, a header that is not a store's, a position listed twice:
/// `path:line:column`, never used.
public struct EngineStoreProblem: Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int
    public var reason: String

    public var description: String { "\(path):\(line):\(column): \(reason)" }
}

/// The results of one store file, indexed by position; each line is read (and checked) when it is first asked for.
public final class EngineStoreTable: @unchecked Sendable {
    public let path: String
    public let engine: String
    public let profile: AnalysisProfile
    private let lock = NSLock()
    private var raw: [String: (line: Int, text: Substring)] = [:]
    private var _problems: [EngineStoreProblem] = []
    private var decoded: [String: Analysis] = [:]

    /// Reads a store file: its header, and its lines by position (not yet decoded). Throws a problem when the file
    /// cannot be read or is not a store.
    public static func header(of path: String) -> (engine: String, profileKey: String)? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let head = String(decoding: (try? handle.read(upToCount: 1024)) ?? Data(), as: UTF8.self).split(separator: "\n", maxSplits: 3)
        guard head.count >= 3, head[0] == EngineStore.formatLine, head[1].hasPrefix(EngineStore.enginePrefix),
              head[2].hasPrefix(EngineStore.profilePrefix) else { return nil }
        return (String(head[1].dropFirst(EngineStore.enginePrefix.count)), String(head[2].dropFirst(EngineStore.profilePrefix.count)))
    }

    /// The table of the file at `path`, which holds results of `engine` under `profile` (its header says so).
    public init(path: String, engine: String, profile: AnalysisProfile, text: String) {
        self.path = path
        self.engine = engine
        self.profile = profile
        var duplicated = Set<String>()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // The digest line, then the lines it covers: the text after the fourth newline.
        var bodyStart = text.startIndex
        for _ in 0..<4 { bodyStart = text[bodyStart...].firstIndex(of: "\n").map { text.index(after: $0) } ?? text.endIndex }
        if lines.count > 3, lines[3].hasPrefix(EngineStore.digestPrefix) {
            let expected = EngineStore.digestLine(of: text[bodyStart...]).dropLast()
            if lines[3] != expected {
                _problems.append(EngineStoreProblem(path: path, line: 4, column: 1, reason:
                    "the file's digest does not match its lines (edited by hand or damaged); each line is checked before use"))
            }
        } else {
            _problems.append(EngineStoreProblem(path: path, line: 4, column: 1, reason:
                "no digest line (\"\(EngineStore.digestPrefix)…\"): the file cannot be told from one edited by hand"))
        }
        let first = lines.count > 3 && lines[3].hasPrefix("# digest: ") ? 4 : 3
        for (i, line) in lines.enumerated() where i >= first && !line.isEmpty {
            guard let tab = line.firstIndex(of: "\t") else {
                _problems.append(EngineStoreProblem(path: path, line: i + 1, column: 1, reason: "not a result line (position, tab, best move, …)"))
                continue
            }
            let key = String(line[..<tab])
            if let first = raw[key] {
                _problems.append(EngineStoreProblem(path: path, line: i + 1, column: 1,
                                                    reason: "position \(key) is listed twice (line \(first.line) too); neither is used"))
                duplicated.insert(key)
                continue
            }
            raw[key] = (i + 1, line)
        }
        for key in duplicated { raw[key] = nil }
    }

    /// Results listed (damaged ones included, duplicates not).
    public var count: Int { lock.withLock { raw.count } }
    /// Every position listed, unsorted.
    public var positions: [String] { lock.withLock { Array(raw.keys) } }
    /// Whether `position` (an identity) is listed, without reading its line.
    public func lists(_ position: String) -> Bool { lock.withLock { raw[position] != nil } }

    /// Damaged lines found so far (reading is lazy: a line is checked when its position is asked for).
    public var problems: [EngineStoreProblem] { lock.withLock { _problems } }

    /// The result for `position` (an identity), or nil when the store lacks it or its line is damaged (then
    /// recorded in `problems` once and forgotten).
    public func lookup(_ position: String) -> Analysis? {
        // A build asks most positions several times (validator, tree, annotator): each line is decoded once.
        if let done = lock.withLock({ decoded[position] }) { return done }
        guard let entry = lock.withLock({ raw[position] }) else { return nil }
        do throws(EngineStoreLineError) {
            let a = try EngineStore.analysis(ofLine: entry.text, engine: engine, profile: profile).analysis
            lock.withLock { decoded[position] = a }
            return a
        } catch {
            lock.withLock {
                raw[position] = nil
                _problems.append(EngineStoreProblem(path: path, line: entry.line, column: max(error.column, 1), reason: error.reason))
            }
            return nil
        }
    }
}

/// A folder of store files (`openings/engine`): the one whose header names the engine and profile asked for is used;
/// files of other engines or versions are ignored.
public struct EngineStoreFolder: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// Every `*.tsv` file under the folder, sorted.
    public var files: [String] {
        guard let walker = FileManager.default.enumerator(atPath: path) else { return [] }
        var found: [String] = []
        for case let rel as String in walker where rel.hasSuffix(".tsv") { found.append(path + "/" + rel) }
        return found.sorted()
    }

    /// The table of `engine` and `profile`, or nil when no file holds them. A second file with the same header
    /// is a problem: the first (by path) is used.
    public func table(engine: String, profile: AnalysisProfile) -> (table: EngineStoreTable?, problems: [EngineStoreProblem]) {
        let found = tables(engine: engine, profile: profile)
        return (found.tables.first, found.problems)
    }

    /// Every table of `engine`, one per profile, in path order (`forge cache import-store` reads them all); with
    /// `profile`, only that profile's. A second file with the same header is a problem: the first (by path) is used.
    /// A file whose header names a profile this forge does not run is a problem too (it is never used).
    public func tables(engine: String, profile wanted: AnalysisProfile? = nil) -> (tables: [EngineStoreTable], problems: [EngineStoreProblem]) {
        var chosen: [String: EngineStoreTable] = [:]  // profile key → the first file of it
        var tables: [EngineStoreTable] = []
        var problems: [EngineStoreProblem] = []
        for file in files {
            guard let h = EngineStoreTable.header(of: file) else {
                problems.append(EngineStoreProblem(path: file, line: 1, column: 1,
                                                   reason: "not an engine store: expected the header \"\(EngineStore.formatLine)\", \"# engine: …\", \"# profile: …\""))
                continue
            }
            guard h.engine == engine, wanted.map({ h.profileKey == $0.key }) ?? true else { continue }
            guard let profile = wanted ?? AnalysisProfile(key: h.profileKey) else {
                problems.append(EngineStoreProblem(path: file, line: 3, column: 1, reason: "profile \"\(h.profileKey)\" is not one this forge runs"))
                continue
            }
            if let first = chosen[h.profileKey] {
                problems.append(EngineStoreProblem(path: file, line: 1, column: 1, reason: "a second store of \(engine), \(h.profileKey): \(first.path) is used"))
                continue
            }
            guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
                problems.append(EngineStoreProblem(path: file, line: 1, column: 1, reason: "cannot be read as UTF-8 text"))
                continue
            }
            let table = EngineStoreTable(path: file, engine: engine, profile: profile, text: text)
            chosen[h.profileKey] = table
            tables.append(table)
        }
        return (tables, problems)
    }
}
