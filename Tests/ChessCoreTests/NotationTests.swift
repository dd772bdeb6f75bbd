// FEN, SAN, UCI and Polyglot-key tests over the data files in Fixtures/.
import Diagnostics
import Testing
@testable import ChessCore

struct Row: CustomTestStringConvertible, Sendable {
    let fields: [String]
    var testDescription: String { fields.joined(separator: " | ") }
}

@Test(arguments: FixtureFile.rows("fen-errors.txt").map(Row.init))
func fenSyntaxErrors(_ row: Row) {
    let f = row.fields
    #expect(throws: FENError.self) { try Setup(fen: f[0]) }
    do {
        _ = try Setup(fen: f[0])
    } catch {
        #expect(error.code == f[1])
        #expect(error.field == Int(f[2]))
        #expect(error.column == Int(f[3]))
        #expect(!error.description.isEmpty)
    }
}

@Test func fenErrorNamesFieldAndText() {
    do {
        _ = try Setup(fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1")
        Issue.record("expected an error")
    } catch {
        #expect(error.description == "field 4 (en passant): \"e9\" is not a square")
    }
}

@Test(arguments: FixtureFile.rows("illegal-positions.txt").map(Row.init))
func illegalPositions(_ row: Row) throws {
    let setup = try Setup(fen: row.fields[0])
    let expected = row.fields[1].split(separator: ",").map(String.init)
    do {
        _ = try Position(setup)
        #expect(expected.isEmpty, "accepted an illegal position")
    } catch {
        #expect(error.codes == expected)
        #expect(error.messages.count == expected.count)
    }
}

@Test func recoveryIsANamedChoice() throws {
    let setup = try Setup(fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1")
    #expect(throws: PositionError.self) { try Position(setup) }
    let p = try Position(setup, ignoring: .invalidCastlingRights)
    #expect(p.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1")
}

@Test func fenRoundTrips() throws {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/8/8/8/8/8/8/K6k b - - 99 150",
    ] {
        #expect(try Position(fen: fen).fen() == fen)
    }
    // Castling letters in another order are read, and written canonically.
    #expect(try Setup(fen: "r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1").fen == "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
}

@Test func enPassantPolicies() throws {
    var p = Position.standard
    p.playUnchecked(try p.move(san: "e4"))
    #expect(p.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
    #expect(p.fen(.legal) == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
    // A pinned pawn cannot take en passant: the legal policy drops the square.
    let pinned = try Position(fen: "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1")
    #expect(pinned.legalEPSquare == nil)
    #expect(pinned.fen(.legal) == "8/8/8/K2pP2r/8/8/8/7k w - - 0 1")
    let free = try Position(fen: "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
    #expect(free.legalEPSquare == .f6)
    #expect(free.identity != pinned.identity)
}

@Test(arguments: FixtureFile.rows("san.txt").map(Row.init))
func sanCases(_ row: Row) throws {
    let f = row.fields
    let p = try Position(fen: f[0])
    if f[2].hasPrefix("SAN") {
        do {
            _ = try p.parseSAN(f[1])
            Issue.record("expected \(f[2]) for \(f[1])")
        } catch {
            #expect(error.code == f[2])
            #expect(error.text == f[1])
        }
    } else {
        let r = try p.parseSAN(f[1])
        #expect(r.canonical == f[2])
        #expect(r.isCanonical == (f[3] == "yes"))
        #expect(p.san(r.move) == f[2])
    }
}

@Test func ambiguityListsCandidates() throws {
    let p = try Position(fen: "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")
    do {
        _ = try p.move(san: "Nd2")
    } catch {
        guard case .ambiguous(_, let candidates, let fen) = error else { Issue.record("wrong error \(error)"); return }
        #expect(candidates == ["Nbd2", "Nfd2"])
        #expect(fen == p.fen())
    }
}

@Test func uciBothWays() throws {
    let p = try Position(fen: "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1")
    #expect(try p.move(uci: "e1g1").isCastle)
    #expect(try p.move(uci: "e1h1") == p.move(uci: "e1g1"))
    #expect(try p.move(uci: "b7a8n").promotion == .knight)
    #expect(try p.move(uci: "b7a8n").uci == "b7a8n")
    #expect(throws: UCIMoveError.syntax(text: "e1")) { try p.move(uci: "e1") }
    #expect(throws: UCIMoveError.syntax(text: "b7a8k")) { try p.move(uci: "b7a8k") }
    #expect(throws: UCIMoveError.self) { try p.move(uci: "e1e3") }
}

@Test(arguments: FixtureFile.rows("zobrist.txt", separator: "|").map(Row.init))
func polyglotKeys(_ row: Row) throws {
    var p = Position.standard
    for uci in row.fields[0].split(separator: " ") { p.playUnchecked(try p.move(uci: uci)) }
    #expect(String(p.zobristKey, radix: 16).leftPadded(16) == row.fields[1].trimmingSpaces)
}

@Test func gameEndings() throws {
    let mate = try Position(fen: "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1")
    #expect(mate.isCheckmate && !mate.isStalemate && mate.legalMoves.isEmpty)
    let stale = try Position(fen: "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1")
    #expect(stale.isStalemate && !stale.isCheck)
    #expect(try Position(fen: "8/8/4k3/8/8/3KB3/8/8 w - - 0 1").hasInsufficientMaterial)
    #expect(try Position(fen: "8/8/4k3/8/8/3KN3/8/8 w - - 0 1").hasInsufficientMaterial)
    #expect(try Position(fen: "8/2b5/4k3/8/8/3KB3/8/8 w - - 0 1").hasInsufficientMaterial)  // both bishops on dark squares
    #expect(try Position(fen: "8/3b4/4k3/8/8/3KB3/8/8 w - - 0 1").hasInsufficientMaterial == false)  // opposite colours
    #expect(try Position(fen: "8/8/4k3/8/8/3KN3/8/5n2 w - - 0 1").hasInsufficientMaterial == false)
    #expect(try Position(fen: "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1").hasInsufficientMaterial == false)
    #expect(try Position(fen: "8/8/4k3/8/8/3K4/8/8 w - - 100 80").isFiftyMoveDraw)
    // Repetition: knights out and back twice.
    var p = Position.standard
    var history: [Position] = []
    for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
        history.append(p)
        p.playUnchecked(try p.move(san: san))
    }
    #expect(p.isThreefoldRepetition(history: history))
    #expect(p.repetitions(in: history) == 2)
}

@Test func doubleCheckAllowsOnlyKingMoves() throws {
    let p = try Position(fen: "4k3/8/8/8/8/3n4/8/r3K3 w - - 0 1")
    #expect(p.checkers.count == 2)
    #expect(p.legalMoves.allSatisfy { $0.role == .king })
}

extension String {
    func leftPadded(_ n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
    var trimmingSpaces: String { String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed()) }
}
