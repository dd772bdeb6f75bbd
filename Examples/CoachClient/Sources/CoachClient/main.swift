// CoachClient: asks a built bundle what the coach app and the word-game helper ask, and prints the answers
// as `name: value` lines that scripts/check-example-client.sh checks.
import CoachBundle  // the coach screen: re-exports ChessCore, the explainer's Note, the bundle's vocabulary, Diagnostics
import Foundation
import Words        // the word-game helper

/// Exits with a diagnostic, as an app would report a bad bundle.
/// The client's own findings: an app declares its codes as the library's modules do, in one catalogue.
enum ClientCode {
    static let notInBundle = DiagnosticCode("CLI001", .error, "the Italian position is not in the bundle")
    static let bundleUnreadable = DiagnosticCode("CLI002", .error, "the bundle cannot be read")
    static let dictionaryUnreadable = DiagnosticCode("CLI003", .error, "the word dictionary cannot be read")
    static let engineFailed = DiagnosticCode("CLI004", .error, "the client's own engine cannot start or gave no result")
}

func fail(_ d: Diagnostic) -> Never {
    FileHandle.standardError.write(Data("error: \(d.code): \(d.message)\n".utf8))
    exit(1)
}

func text(_ e: Score) -> String {
    switch e {
    case .centipawns(let c): "cp \(c)"
    case .mate(let m): "mate \(m)"
    }
}

func text(_ loss: MoveLoss) -> String {
    switch loss {
    case .none: "none"
    case .centipawns(let c): "\(c) cp"
    case .missesMate(let n): "misses mate in \(n)"
    case .allowsMate(let n): "allows mate in \(n)"
    case .notInTopMoves(let e): "not in top moves (at best \(text(e)))"
    }
}

func role(_ r: CurriculumRole) -> String {
    switch r {
    case .mainLine: "main line"
    case .deviation(let name, let phase, let kind): "deviation \"\(name)\" phase \(phase) \(kind.rawValue)"
    case .alternative(let parent): "alternative to \(parent)"
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: CoachClient <bundle directory>\n".utf8))
    exit(64)
}
let bundle = arguments[1]

// MARK: The coach app

// An update in one call: the built folder is checked in full (every SHA-256 against its manifest), copied into the
// app's own root, swapped in atomically and opened. Later launches open `BundleInstaller.currentDirectory(root:)`.
let root = FileManager.default.temporaryDirectory.appendingPathComponent("coachclient-\(ProcessInfo.processInfo.processIdentifier)").path
defer { try? FileManager.default.removeItem(atPath: root) }
let coach: CoachBundle
do { coach = try CoachBundle.update(from: bundle, into: root) } catch { fail(error.diagnostic) }

// The app's own engine: Stockfish behind CoachBundle's UCI byte-stream adapter (a command-line program starts it).
let stockfish: StockfishProcess
do {
    stockfish = try StockfishProcess(path: ProcessInfo.processInfo.environment["FORGE_ENGINE"] ?? "/usr/games/stockfish")
} catch {
    fail(Diagnostic(ClientCode.engineFailed, "\(error)"))
}
let search = EngineSearch(nodes: 50_000, lines: 3)

/// The scripted game, the learner playing White: 1.e4 (the course's move), 2.Bc4 (good, not the best: okay), 3.Nf3
/// (back in the Italian Game by transposition), 3...Bd6 (Black leaves the course: a deviation), then beyond the
/// bundle, explained live: 4.Nxe5? (a mistake: a knight for a pawn), 4...Bxe5, 5.d4.
let scriptedGame = ["e4", "e5", "Bc4", "Nc6", "Nf3", "Bd6", "Nxe5", "Bxe5", "d4"]

/// One line per coaching moment, in the library's words: the category, the numbered move, where the note came from.
func line(_ m: CoachMoment) -> String {
    let head = "\(m.numberedSAN) (\(m.origin.rawValue))"
    func san(_ l: NoteLine?) -> String { l?.san.joined(separator: " ") ?? "-" }
    switch m.category {
    case .good: return "good: \(head): \(m.note.text)"
    case .okay(let better): return "okay: \(head): \(m.note.text) Better: \(san(better))"
    case .mistake(let better, let refutation): return "mistake: \(head): \(m.note.text) Better: \(better.san.first ?? "-"); line: \(san(refutation))"
    case .opponent(let threat, let answer): return "opponent: \(head): \(m.note.text) Threat: \(san(threat)); answer: \(answer?.san.first ?? "-")"
    case .deviation(let exit, let answer):
        return "deviation: \(head): reaches \(exit.name ?? "-"); plan: \(exit.plan ?? "unchanged"); answer: \(answer?.san.first ?? "-")"
    }
}

/// Plays `sans` from the start for a learner playing `learner`, one call per move; prints each moment and checks every
/// live note with `Note.problems()`.
func play(_ sans: [String], learner: PieceColor) async throws -> [Move] {
    var board = Position.standard
    var moves: [Move] = []
    for (ply, san) in sans.enumerated() {
        let move = try board.move(san: san)
        let moment = try await coach.moment(move, at: board, learner: learner, ply: ply, previous: moves.last,
                                            engine: stockfish.engine, search: search)
        print(line(moment))
        if moment.origin == .live { print("live \(moment.numberedSAN): problems \(moment.note.problems().count)") }
        moves.append(move)
        board.playUnchecked(move)
    }
    return moves
}

do {
    // The scripted game (the learner plays White): the course's moves, an okay move, Black leaving the course, a
    // mistake, and on beyond the bundle, where the notes are computed live with the app's engine.
    let game = try await play(scriptedGame, learner: .white)
    let accuracy = try await coach.accuracy(of: game, from: .standard, learner: .white, engine: stockfish.engine, search: search)
    print("accuracy: \(accuracy.topThree) of \(accuracy.moves) moves in the engine's top three (\(accuracy.fromBundle) from the bundle, \(accuracy.moves - accuracy.fromBundle) live)")
    // 1.e4 a5 2.d4 Ra6?: a position no bundle holds (the rook hangs to the f1-bishop): Black's move, explained live.
    var p = Position.standard
    for san in ["e4", "a5", "d4"] { p.playUnchecked(try p.move(san: san)) }
    let ra6 = try await coach.moment(try p.move(san: "Ra6"), at: p, learner: .white, ply: 3, engine: stockfish.engine, search: search)
    let note = ra6.note
    print("explain Ra6: \(ra6.origin.rawValue) \(ra6.numberedSAN), verdict \(note.verdict?.rawValue ?? "-"), answer \(note.answer?.san.first ?? "-"), "
        + "refutation \(note.refutation?.san.joined(separator: " ") ?? "-"), better \(note.better?.san.first ?? "-"), "
        + "problems \(note.problems().count)")
    print("explain Ra6 text: \(note.text)")
    print("explain Ra6 names its answer: \(note.answer.map { note.text.contains($0.san[0]) } ?? true)")
} catch let error as CoachBundleError {
    fail(error.diagnostic)
} catch {
    fail(Diagnostic(ClientCode.engineFailed, "\(error)"))
}
await stockfish.stop()

do {
    let info = try coach.info()
    print("schema_version: \(info.schemaVersion)")
    print("content_version: \(info.contentVersion)")

    // The app holds the board after 1.e4 e5 2.Nf3 Nc6 3.Bc4, played with ChessPGN's reader as a PGN import would.
    var board = Position.standard
    for san in ["e4", "e5", "Nf3", "Nc6", "Bc4"] { try board.play(board.move(san: san)) }
    let fens = [
        board.fen(),                                                                 // FEN standard, real counters
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 1",          // identity counters
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 17 40",        // any counters
    ]
    var ids: Set<Int64> = []
    for fen in fens { if let p = try coach.position(fen: fen) { ids.insert(p.id) } }
    // After 1.e4 the FEN standard writes e3 although no capture is possible; the bundle's identity omits it.
    let afterE4 = try coach.position(fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
    let afterE4Legal = try coach.position(fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
    print("found by every FEN: \(ids.count == 1 && afterE4 != nil && afterE4?.id == afterE4Legal?.id)")
    guard let here = try coach.position(board) else { fail(Diagnostic(ClientCode.notInBundle, "the Italian position is not in the bundle")) }
    print("found by polyglot key: \(try coach.position(polyglotKey: board.zobristKey)?.id == here.id)")
    print("position: \(here.fen)")
    print("name: \(here.name ?? "-") (\(here.eco ?? "-"))")

    for l in try coach.lines(through: here) where l.openingSlug == "italian-game" {
        print("line: \(l.line.key) ply \(l.ply): \(role(l.role))")
    }
    // The coach's line screen: a line's steps, each with its explanation, concepts, arrows and the learner's answer.
    if let italian = try coach.opening(slug: "italian-game"), let main = try coach.lines(of: italian).first {
        let steps = try coach.steps(of: main)
        let explained = steps.filter { $0.explanation != nil }.count
        print("steps of \(main.key): \(steps.count), \(explained) explained, first \(steps.first.map { "\($0.ply) \($0.san)" } ?? "-")"
            + " (\(steps.first?.explanation.map { "\($0.source)" } ?? "-"))")
        if let first = steps.first {
            print("step 1 concepts: \(first.concepts.sorted().map(\.rawValue).joined(separator: ", "))"
                + "; arrows: \(first.arrows.map(\.text).joined(separator: ","))")
        }
        if let answered = steps.first(where: { $0.answer != nil }), let answer = answered.answer {
            print("answer after \(answered.san): \(answer.san)")
        }
    }
    for d in try coach.deviations(leaving: here) {
        print("deviation leaving: \(d.moveSAN) \(d.line.key) \(role(d.role)): \(d.line.description ?? "-")")
    }
    if let top = try coach.topMoves(at: here) {
        for m in top.moves {
            print("top \(m.rank): \(m.san) mover \(text(m.score)) white \(text(m.whiteScore)) depth \(m.depth) pv \(m.pv.count) plies: \(m.pv.joined(separator: " "))")
        }
        if let best = top.moves.first, let j = try coach.judge(uci: best.uci, at: here) {
            print("judge best \(best.san): top three \(j.isTopThree), rank \(j.rank.map(String.init) ?? "-"), loses \(text(j.loss))")
        }
        if top.moves.count > 1, let j = try coach.judge(uci: top.moves[1].uci, at: here) {
            print("judge second \(top.moves[1].san): top three \(j.isTopThree), rank \(j.rank.map(String.init) ?? "-"), loses \(text(j.loss))")
        }
        let a6 = try board.move(san: "a6")
        if let j = try coach.judge(a6, at: here) {
            print("judge a6: top three \(j.isTopThree), loses \(text(j.loss))")
        }
        if let best = top.moves.first, let g = try coach.grade(uci: best.uci, at: here) {
            print("grade best \(best.san): \(g.verdict.rawValue), rank \(g.rank.map(String.init) ?? "-"), drop \(g.drop)")
        }
    } else {
        print("top: none")
    }
    // What the coach says about any move here: the bundle's note (a curriculum position has one for every legal move).
    let notes = try coach.notes(at: here)
    print("notes here: \(notes.count) of \(board.legalMoves.count) legal moves, \(notes.filter { $0.text.isEmpty }.count) empty")
    for san in ["Nf6", "Qh4", "f6"] {
        let move = try board.move(san: san)
        if let n = try coach.note(move, at: here) {
            print("note \(san): \(n.verdict?.rawValue ?? "-"), better \(n.better?.san.first ?? "-"), refutation \(n.refutation?.san.joined(separator: " ") ?? "-"), answer \(n.answer?.san.first ?? "-"): \(n.text)")
        } else {
            print("note \(san): none")
        }
    }
    do {
        _ = try coach.position(fen: "this is not a FEN")
        print("bad fen: accepted")
    } catch {
        print("bad fen: \(error.code)")
    }

    // MARK: The chess app's library

    let entries = try coach.library()
    let claims = entries.compactMap(\.claim)
    let missingFiles = entries.filter { !FileManager.default.fileExists(atPath: bundle + "/" + $0.fenFile) }
    print("library: \(entries.count) entries, \(entries.filter { $0.kind == .tactic }.count) tactics, \(claims.count) claims, "
        + "\(entries.filter { $0.title.isEmpty }.count) untitled, \(missingFiles.count) missing FEN files")
    if let fools = entries.first(where: { $0.key == "tactics/fools-mate" }), let claim = fools.claim {
        print("tactic: \(fools.title) (\(fools.eco)): \(claim.kind.rawValue) \(claim.amount) at ply \(claim.ply): \(claim.text)")
    }
} catch let error as CoachBundleError {
    fail(error.diagnostic)
} catch {
    fail(Diagnostic(ClientCode.bundleUnreadable, "\(error)"))
}

// MARK: The word-game helper

do {
    let dictionary = try WordDictionary(contentsOf: URL(fileURLWithPath: bundle + "/words/words.dawg"))
    // One way for every game: the board from what the player typed, then its words, best first.
    let found = try WordGame.wordHunt.board(parsing: ["CATS TEAR OPEN DUSK"]).words(in: dictionary)
    print("word hunt: \(found.count) words, best \(found.first.map { "\($0.word) (\($0.score))" } ?? "-")")
    print("word hunt has: \(["cat", "tea", "eat"].filter { w in found.contains { $0.word == w } }.joined(separator: " "))")
    let anagrams = try WordGame.anagrams.board(parsing: ["tarsin"]).words(in: dictionary)
    print("anagrams tarsin: \(anagrams.count) words, best \(anagrams.first?.word ?? "-")")
    let bites = try WordGame.wordBites.board(parsing: ["c", "a", "t", "h:er", "v:in", "s"]).words(in: dictionary)
    print("word bites c a t h:er v:in s: \(bites.count) words, best \(bites.first.map { "\($0.word) (\($0.direction?.rawValue ?? "-"))" } ?? "-")")
} catch let error as WordDictionaryError {
    fail(Diagnostic(error.code, error.description))
} catch let error as WordsInputError {
    fail(error.diagnostic)
} catch {
    fail(Diagnostic(ClientCode.dictionaryUnreadable, "\(error)"))
}
