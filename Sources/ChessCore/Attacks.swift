// Attacks: immutable precomputed attack tables (magic bitboards for sliders), built once at first use.

/// The squares each piece attacks from a square, and the geometry between squares.
///
/// Tables are built once, on first use, and never change: there is no global mutable state.
public enum Attacks {
    /// The squares a pawn of `color` on `square` attacks (not the squares it pushes to).
    @inlinable @inline(__always) public static func pawn(_ color: PieceColor, _ square: Square) -> Bitboard {
        Bitboard(tables.pawn[color.index &* 64 &+ square.index])
    }
    @inlinable @inline(__always) public static func knight(_ square: Square) -> Bitboard { Bitboard(tables.knight[square.index]) }
    @inlinable @inline(__always) public static func king(_ square: Square) -> Bitboard { Bitboard(tables.king[square.index]) }
    @inlinable @inline(__always) public static func rook(_ square: Square, occupied: Bitboard) -> Bitboard {
        let m = tables.rookMagic[square.index]
        return Bitboard(tables.slider[m.offset &+ Int(truncatingIfNeeded: ((occupied.rawValue & m.mask) &* m.magic) &>> m.shift)])
    }
    @inlinable @inline(__always) public static func bishop(_ square: Square, occupied: Bitboard) -> Bitboard {
        let m = tables.bishopMagic[square.index]
        return Bitboard(tables.slider[m.offset &+ Int(truncatingIfNeeded: ((occupied.rawValue & m.mask) &* m.magic) &>> m.shift)])
    }
    @inlinable @inline(__always) public static func queen(_ square: Square, occupied: Bitboard) -> Bitboard {
        rook(square, occupied: occupied) | bishop(square, occupied: occupied)
    }
    /// The squares strictly between `a` and `b` on a rank, file or diagonal; empty when they are not aligned.
    @inlinable @inline(__always) public static func between(_ a: Square, _ b: Square) -> Bitboard {
        Bitboard(tables.between[a.index &* 64 &+ b.index])
    }
    /// The whole line (edge to edge) through `a` and `b`; empty when they are not aligned.
    @inlinable @inline(__always) public static func ray(_ a: Square, _ b: Square) -> Bitboard {
        Bitboard(tables.line[a.index &* 64 &+ b.index])
    }
    /// Whether `c` lies on the line through `a` and `b`.
    @inlinable @inline(__always) public static func aligned(_ a: Square, _ b: Square, _ c: Square) -> Bool {
        ray(a, b).contains(c)
    }
    /// What a piece attacks from `square` given the occupied squares.
    @inlinable @inline(__always) public static func of(_ piece: Piece, _ square: Square, occupied: Bitboard) -> Bitboard {
        switch piece.role {
        case .pawn: pawn(piece.color, square)
        case .knight: knight(square)
        case .bishop: bishop(square, occupied: occupied)
        case .rook: rook(square, occupied: occupied)
        case .queen: queen(square, occupied: occupied)
        case .king: king(square)
        }
    }
}

@usableFromInline struct Magic {
    @usableFromInline var mask: UInt64
    @usableFromInline var magic: UInt64
    @usableFromInline var shift: UInt64
    @usableFromInline var offset: Int
}

/// Storage for the attack tables. Allocated once and never freed or written after `init`, which is
/// why it may be shared across threads; raw buffers keep lookups free of bounds checks and reference counting.
@usableFromInline final class AttackTables: @unchecked Sendable {
    @usableFromInline let pawn: UnsafeMutablePointer<UInt64>
    @usableFromInline let knight: UnsafeMutablePointer<UInt64>
    @usableFromInline let king: UnsafeMutablePointer<UInt64>
    @usableFromInline let between: UnsafeMutablePointer<UInt64>
    @usableFromInline let line: UnsafeMutablePointer<UInt64>
    @usableFromInline let rookMagic: UnsafeMutablePointer<Magic>
    @usableFromInline let bishopMagic: UnsafeMutablePointer<Magic>
    @usableFromInline let slider: UnsafeMutablePointer<UInt64>

    static let rookDirections = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    static let bishopDirections = [(1, 1), (1, -1), (-1, 1), (-1, -1)]

    init() {
        pawn = .allocate(capacity: 128)
        knight = .allocate(capacity: 64)
        king = .allocate(capacity: 64)
        between = .allocate(capacity: 4096)
        line = .allocate(capacity: 4096)
        rookMagic = .allocate(capacity: 64)
        bishopMagic = .allocate(capacity: 64)

        func steps(_ sq: Int, _ deltas: [(Int, Int)]) -> UInt64 {
            var b: UInt64 = 0
            for (df, dr) in deltas {
                let f = sq % 8 + df, r = sq / 8 + dr
                if (0..<8).contains(f) && (0..<8).contains(r) { b |= 1 << UInt64(r * 8 + f) }
            }
            return b
        }
        let knightDeltas = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
        let kingDeltas = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
        for sq in 0..<64 {
            knight[sq] = steps(sq, knightDeltas)
            king[sq] = steps(sq, kingDeltas)
            pawn[sq] = steps(sq, [(-1, 1), (1, 1)])
            pawn[64 + sq] = steps(sq, [(-1, -1), (1, -1)])
        }

        var total = 0
        var masks = [[UInt64]](repeating: [], count: 2)
        for (p, dirs) in [Self.rookDirections, Self.bishopDirections].enumerated() {
            for sq in 0..<64 {
                let mask = Self.slide(sq, 0, dirs, excludingEdges: true)
                masks[p].append(mask)
                total += 1 << mask.nonzeroBitCount
            }
        }
        slider = .allocate(capacity: total)
        var offset = 0
        for (p, dirs) in [Self.rookDirections, Self.bishopDirections].enumerated() {
            let magics = p == 0 ? rookMagics : bishopMagics
            let target = p == 0 ? rookMagic : bishopMagic
            for sq in 0..<64 {
                let mask = masks[p][sq]
                let bits = mask.nonzeroBitCount
                let m = Magic(mask: mask, magic: magics[sq], shift: UInt64(64 - bits), offset: offset)
                target[sq] = m
                // Every subset of the mask (Carry-Rippler enumeration).
                var sub: UInt64 = 0
                repeat {
                    let index = Int(truncatingIfNeeded: ((sub & mask) &* m.magic) &>> m.shift)
                    slider[offset &+ index] = Self.slide(sq, sub, dirs, excludingEdges: false)
                    sub = (sub &- mask) & mask
                } while sub != 0
                offset += 1 << bits
            }
        }

        // Between and line from the eight rays of each square: for b on the ray from a in direction d,
        // the squares between are that ray minus b's own ray in the same direction, minus b; the line is
        // the ray, its opposite and a. (Computed in one pass; start-up time counts in every command.)
        between.initialize(repeating: 0, count: 4096)
        line.initialize(repeating: 0, count: 4096)
        let directions = Self.rookDirections + Self.bishopDirections
        let opposite = [1, 0, 3, 2, 7, 6, 5, 4]
        var rays = [UInt64](repeating: 0, count: 512)
        for sq in 0..<64 {
            for d in 0..<8 { rays[sq &* 8 &+ d] = Self.slide(sq, 0, [directions[d]], excludingEdges: false) }
        }
        for a in 0..<64 {
            for d in 0..<8 {
                let ray = rays[a &* 8 &+ d]
                let through = ray | rays[a &* 8 &+ opposite[d]] | (1 &<< UInt64(a))
                var rest = ray
                while rest != 0 {
                    let b = rest.trailingZeroBitCount
                    rest &= rest &- 1
                    between[a &* 64 &+ b] = ray & ~rays[b &* 8 &+ d] & ~(1 &<< UInt64(b))
                    line[a &* 64 &+ b] = through
                }
            }
        }
    }

    static func slide(_ sq: Int, _ occupied: UInt64, _ dirs: [(Int, Int)], excludingEdges: Bool) -> UInt64 {
        // Run once per table entry at start-up: wrapping arithmetic, and one unsigned compare per bound.
        @inline(__always) func onBoard(_ f: Int, _ r: Int) -> Bool { UInt(bitPattern: f) < 8 && UInt(bitPattern: r) < 8 }
        var attacks: UInt64 = 0
        for (df, dr) in dirs {
            var f = (sq & 7) &+ df, r = (sq &>> 3) &+ dr
            while onBoard(f, r) {
                if excludingEdges && !onBoard(f &+ df, r &+ dr) { break }
                let bit: UInt64 = 1 &<< UInt64(truncatingIfNeeded: r &* 8 &+ f)
                attacks |= bit
                if occupied & bit != 0 { break }
                f &+= df
                r &+= dr
            }
        }
        return attacks
    }
}

/// Inlined into other modules (ChessPGN) with the lookups that read it.
@usableFromInline let tables = AttackTables()
