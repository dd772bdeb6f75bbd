// DAWGFormat: the byte layout of words.dawg (header fields, node and edge encoding, checksum), shared by writer and reader.

/// The constants of the `words.dawg` format, version 2. docs/words.md describes it byte by byte.
///
/// A file is a 64-byte little-endian header followed by the node area. A node is an
/// optional *final byte* and then its edges, sorted by letter:
///
/// - final byte: low 5 bits `26 + tier - 1` (26…30 for tiers 1…5) when a word ends at the
///   node; bit 5 (0x20) set when the node has no edges. Code 31 with bit 5 is the empty root
///   of a dictionary without words.
/// - edge byte: low 5 bits the letter (0 = a … 25 = z), bit 5 set on the node's last edge,
///   bits 6–7 the target's encoding: 0 = the node that starts right after this node's last
///   edge, 1/2/3 = an absolute little-endian offset into the node area of that many bytes,
///   following the edge byte.
///
/// Version 2 (this one) stores at offset 56 the XXH64 of the node area, seeded with the
/// XXH64 of the header's first 56 bytes, so a change to any byte of the file (header or
/// nodes) is caught; the reader verifies it at open. Version 1 stored a 32-bit FNV-1a hash
/// of the node area that nothing checked.
package enum DAWGFormat {
    package static let magic: [UInt8] = Array("CFWD".utf8)
    package static let version: UInt16 = 2
    package static let headerSize = 64

    package static let finalBase: UInt8 = 26
    package static let emptyRootCode: UInt8 = 31
    package static let leafBit: UInt8 = 0x20
    package static let lastEdgeBit: UInt8 = 0x20
    package static let letterMask: UInt8 = 0x1F

    // Header field offsets.
    static let oMagic = 0, oVersion = 4, oHeaderSize = 6, oWordCount = 8, oNodeCount = 12, oEdgeCount = 16
    static let oNodeAreaOffset = 20, oNodeAreaLength = 24, oRoot = 28, oTierCounts = 32
    static let oMinLength = 52, oMaxLength = 53, oChecksum = 56

    /// The file's checksum: XXH64 of the node area, seeded with XXH64 of header bytes 0–55.
    /// Four independent lanes of 8-byte words keep XXH64 at several GB/s, so verifying at
    /// every open is cheap.
    package static func checksum(header: UnsafeRawBufferPointer, area: UnsafeRawBufferPointer) -> UInt64 {
        XXH64.hash(area, seed: XXH64.hash(UnsafeRawBufferPointer(rebasing: header[..<oChecksum])))
    }

    /// The checksum of a header and node area held in arrays (the writer's side).
    package static func checksum(header: [UInt8], area: [UInt8]) -> UInt64 {
        header.withUnsafeBytes { h in area.withUnsafeBytes { a in checksum(header: h, area: a) } }
    }

    /// XXH64 with seed 0, as `xxhsum -H64` prints it.
    package static func xxh64(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { XXH64.hash($0) }
    }
}

/// XXH64 by Yann Collet (BSD-2-Clause algorithm, reimplemented here from its specification).
enum XXH64 {
    static let p1: UInt64 = 0x9E37_79B1_85EB_CA87
    static let p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    static let p3: UInt64 = 0x1656_67B1_9E37_79F9
    static let p4: UInt64 = 0x85EB_CA77_C2B2_AE63
    static let p5: UInt64 = 0x27D4_EB2F_1656_67C5

    @inline(__always) static func rotl(_ x: UInt64, _ r: UInt64) -> UInt64 { (x &<< r) | (x &>> (64 &- r)) }

    @inline(__always) static func round(_ acc: UInt64, _ input: UInt64) -> UInt64 {
        rotl(acc &+ input &* p2, 31) &* p1
    }

    @inline(__always) static func merge(_ acc: UInt64, _ val: UInt64) -> UInt64 {
        (acc ^ round(0, val)) &* p1 &+ p4
    }

    @inline(__always) static func load64(_ b: UnsafeRawBufferPointer, _ i: Int) -> UInt64 {
        UInt64(littleEndian: b.loadUnaligned(fromByteOffset: i, as: UInt64.self))
    }

    @inline(__always) static func load32(_ b: UnsafeRawBufferPointer, _ i: Int) -> UInt64 {
        UInt64(UInt32(littleEndian: b.loadUnaligned(fromByteOffset: i, as: UInt32.self)))
    }

    static func hash(_ b: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        let n = b.count
        var i = 0
        var h: UInt64
        if n >= 32 {
            var v1 = seed &+ p1 &+ p2, v2 = seed &+ p2, v3 = seed, v4 = seed &- p1
            let limit = n - 32
            while i <= limit {
                v1 = round(v1, load64(b, i))
                v2 = round(v2, load64(b, i + 8))
                v3 = round(v3, load64(b, i + 16))
                v4 = round(v4, load64(b, i + 24))
                i += 32
            }
            h = rotl(v1, 1) &+ rotl(v2, 7) &+ rotl(v3, 12) &+ rotl(v4, 18)
            h = merge(h, v1)
            h = merge(h, v2)
            h = merge(h, v3)
            h = merge(h, v4)
        } else {
            h = seed &+ p5
        }
        h = h &+ UInt64(n)
        while i + 8 <= n {
            h ^= round(0, load64(b, i))
            h = rotl(h, 27) &* p1 &+ p4
            i += 8
        }
        if i + 4 <= n {
            h ^= load32(b, i) &* p1
            h = rotl(h, 23) &* p2 &+ p3
            i += 4
        }
        while i < n {
            h ^= UInt64(b[i]) &* p5
            h = rotl(h, 11) &* p1
            i += 1
        }
        h ^= h &>> 33
        h = h &* p2
        h ^= h &>> 29
        h = h &* p3
        h ^= h &>> 32
        return h
    }
}
