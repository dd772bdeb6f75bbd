// NoteMemoCodec: the note memo's body as compact bytes, read back with every length and tag checked.
import BundleStore
import ChessCore
import Explainer

/// The body of `.NAME.notes` (after its header): every field in order, integers as zigzag varints, strings and lists
/// length-first, optionals and enums tagged, dictionaries sorted by key (the same bytes for the same memo). JSON
/// took ten times longer to read and three times the bytes (27,825 notes: 20 MB); the file is forge's own, so no other
/// reader needs field names. The reader checks every length against what is left and every tag; a body that does
/// not read back whole is `NoteMemoCodec.Damaged`, and the memo is then ignored (the header's digest has been checked
/// before, so that means a forge bug, never a trusted half-read).
enum NoteMemoCodec {
    struct Damaged: Error {}

    /// The fields `MoveNoteRecord` has, as the codec writes them: a field added to the record must be added to
    /// `write(_:into:)` and `row(_:)` too (`NoteMemoTests` checks the count against the record's).
    static let rowFields = 28

    static func encode(_ body: NoteMemo.Body) -> [UInt8] {
        var w = Writer()
        if let s = body.searches {
            w.byte(1)
            w.string(s.key)
            w.int(s.graded.count)
            for key in s.graded.keys.sorted() {
                w.string(key)
                if let v = s.graded[key] { w.verdict(v) }
            }
            w.int(s.listVerdicts.count)
            for key in s.listVerdicts.keys.sorted() {
                w.string(key)
                if let v = s.listVerdicts[key] { w.verdict(v) }
            }
            for n in [s.allMoveSearches, s.passingSearches, s.childSearches, s.bestSearches] { w.int(n) }
        } else {
            w.byte(0)
        }
        w.int(body.byInputs.count)
        for key in body.byInputs.keys.sorted() {
            w.string(key)
            w.string(body.byInputs[key] ?? "")
        }
        w.int(body.entries.count)
        for key in body.entries.keys.sorted() {
            guard let e = body.entries[key] else { continue }
            w.string(key)
            w.int(e.rows.count)
            for r in e.rows { w.row(r) }
            w.int(e.failures.count)
            for f in e.failures { w.string(f) }
        }
        return w.bytes
    }

    static func decode(_ bytes: ArraySlice<UInt8>) throws(Damaged) -> NoteMemo.Body {
        var r = Reader(bytes: bytes)
        var searches: NoteMemo.Searches?
        switch try r.byte() {
        case 0: searches = nil
        case 1:
            let key = try r.string()
            var graded: [String: EngineVerdict] = [:]
            let n = try r.count()
            for _ in 0..<n {
                let position = try r.string()
                graded[position] = try r.verdict()
            }
            var listVerdicts: [String: EngineVerdict] = [:]
            let listed = try r.count()
            for _ in 0..<listed {
                let position = try r.string()
                listVerdicts[position] = try r.verdict()
            }
            let all = try r.int(), passing = try r.int(), children = try r.int(), best = try r.int()
            searches = NoteMemo.Searches(key: key, graded: graded, listVerdicts: listVerdicts, allMoveSearches: all, passingSearches: passing,
                                         childSearches: children, bestSearches: best)
        default: throw Damaged()
        }
        var byInputs: [String: String] = [:]
        let inputs = try r.count()
        for _ in 0..<inputs {
            let key = try r.string()
            byInputs[key] = try r.string()
        }
        var entries: [String: NoteMemo.Entry] = [:]
        let count = try r.count()
        for _ in 0..<count {
            let key = try r.string()
            var rows: [MoveNoteRecord] = []
            let n = try r.count()
            for _ in 0..<n { rows.append(try r.row()) }
            var failures: [String] = []
            let k = try r.count()
            for _ in 0..<k { failures.append(try r.string()) }
            entries[key] = NoteMemo.Entry(rows: rows, failures: failures)
        }
        guard r.atEnd else { throw Damaged() }
        return NoteMemo.Body(searches: searches, byInputs: byInputs, entries: entries)
    }

    struct Writer {
        var bytes: [UInt8] = []

        mutating func byte(_ b: UInt8) { bytes.append(b) }

        /// Zigzag, then 7 bits a byte, low first.
        mutating func int(_ n: Int) {
            var u = UInt64(bitPattern: Int64(n) << 1 ^ Int64(n) >> 63)
            while u >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: u) | 0x80)
                u >>= 7
            }
            bytes.append(UInt8(u))
        }

        mutating func string(_ s: String) {
            int(s.utf8.count)
            bytes.append(contentsOf: s.utf8)
        }

        mutating func int(_ n: Int?) {
            if let n { byte(1); int(n) } else { byte(0) }
        }

        mutating func string(_ s: String?) {
            if let s { byte(1); string(s) } else { byte(0) }
        }

        mutating func score(_ s: Score) {
            switch s {
            case .centipawns(let c): byte(0); int(c)
            case .mate(let m): byte(1); int(m)
            }
        }

        mutating func verdict(_ v: EngineVerdict) {
            score(v.score)
            if let wdl = v.wdl {
                byte(1)
                int(wdl.count)
                for x in wdl { int(x) }
            } else {
                byte(0)
            }
            int(v.lines.count)
            for l in v.lines {
                string(l.uci)
                string(l.san)
                score(l.score)
                int(l.pv.count)
                for m in l.pv { string(m) }
                int(l.depth)
            }
            int(v.depth)
            int(v.nodes)
            string(v.engine)
            string(v.profile)
        }

        mutating func row(_ r: MoveNoteRecord) {
            string(r.key); int(Int(r.positionID)); string(r.uci); string(r.san); string(r.verdict); int(r.loss)
            int(r.scoreCP); int(r.scoreMate); int(r.bestCP); int(r.bestMate); string(r.text)
            string(r.claimKind); int(r.claimCP); int(r.claimMate); string(r.arrows); string(r.threatUCI)
            string(r.refutationUCI); string(r.refutationSAN); string(r.refutationText)
            string(r.betterUCI); string(r.betterSAN); string(r.betterText); string(r.answerUCI); string(r.answerSAN)
            int(r.depth); byte(r.leavesCourse ? 1 : 0); string(r.leavesName); string(r.planText)
        }
    }

    struct Reader {
        let bytes: ArraySlice<UInt8>
        var at: Int

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            at = bytes.startIndex
        }

        var atEnd: Bool { at == bytes.endIndex }

        mutating func byte() throws(Damaged) -> UInt8 {
            guard at < bytes.endIndex else { throw Damaged() }
            defer { at += 1 }
            return bytes[at]
        }

        mutating func int() throws(Damaged) -> Int {
            var u: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let b = try byte()
                guard shift < 64 else { throw Damaged() }
                u |= UInt64(b & 0x7F) << shift
                if b < 0x80 { break }
                shift += 7
            }
            return Int(Int64(bitPattern: u >> 1) ^ -Int64(bitPattern: u & 1))
        }

        /// A length: not negative and not more than the bytes left (every element takes at least one).
        mutating func count() throws(Damaged) -> Int {
            let n = try int()
            guard n >= 0, n <= bytes.endIndex - at else { throw Damaged() }
            return n
        }

        mutating func string() throws(Damaged) -> String {
            let n = try count()
            defer { at += n }
            return String(decoding: bytes[at..<at + n], as: UTF8.self)
        }

        mutating func optionalInt() throws(Damaged) -> Int? {
            switch try byte() {
            case 0: return nil
            case 1: return try int()
            default: throw Damaged()
            }
        }

        mutating func optionalString() throws(Damaged) -> String? {
            switch try byte() {
            case 0: return nil
            case 1: return try string()
            default: throw Damaged()
            }
        }

        mutating func bool() throws(Damaged) -> Bool {
            switch try byte() {
            case 0: return false
            case 1: return true
            default: throw Damaged()
            }
        }

        mutating func score() throws(Damaged) -> Score {
            switch try byte() {
            case 0: return .centipawns(try int())
            case 1: return .mate(try int())
            default: throw Damaged()
            }
        }

        mutating func verdict() throws(Damaged) -> EngineVerdict {
            let score = try score()
            var wdl: [Int]?
            if try bool() {
                var w: [Int] = []
                let n = try count()
                for _ in 0..<n { w.append(try int()) }
                wdl = w
            }
            var lines: [EngineLine] = []
            let n = try count()
            for _ in 0..<n {
                let uci = try string(), san = try string(), s = try self.score()
                var pv: [String] = []
                let plies = try count()
                for _ in 0..<plies { pv.append(try string()) }
                let depth = try int()
                lines.append(EngineLine(uci: uci, san: san, score: s, pv: pv, depth: depth))
            }
            let depth = try int(), nodes = try int(), engine = try string(), profile = try string()
            return EngineVerdict(score: score, wdl: wdl, lines: lines, depth: depth, nodes: nodes, engine: engine, profile: profile)
        }

        mutating func row() throws(Damaged) -> MoveNoteRecord {
            let key = try string(), positionID = Int64(try int()), uci = try string(), san = try string(), verdict = try string(), loss = try int()
            let scoreCP = try optionalInt(), scoreMate = try optionalInt(), bestCP = try optionalInt(), bestMate = try optionalInt(), text = try string()
            let claimKind = try optionalString(), claimCP = try optionalInt(), claimMate = try optionalInt(), arrows = try optionalString()
            let threatUCI = try optionalString()
            let refutationUCI = try optionalString(), refutationSAN = try optionalString(), refutationText = try optionalString()
            let betterUCI = try optionalString(), betterSAN = try optionalString(), betterText = try optionalString()
            let answerUCI = try optionalString(), answerSAN = try optionalString()
            let depth = try int(), leavesCourse = try bool(), leavesName = try optionalString(), planText = try optionalString()
            return MoveNoteRecord(key: key, positionID: positionID, uci: uci, san: san, verdict: verdict, loss: loss,
                                  scoreCP: scoreCP, scoreMate: scoreMate, bestCP: bestCP, bestMate: bestMate, text: text,
                                  claimKind: claimKind, claimCP: claimCP, claimMate: claimMate, arrows: arrows, threatUCI: threatUCI,
                                  refutationUCI: refutationUCI, refutationSAN: refutationSAN, refutationText: refutationText,
                                  betterUCI: betterUCI, betterSAN: betterSAN, betterText: betterText,
                                  answerUCI: answerUCI, answerSAN: answerSAN, depth: depth,
                                  leavesCourse: leavesCourse, leavesName: leavesName, planText: planText)
        }
    }
}
