// DAWGFormat: the byte layout of words.dawg (header fields, node and edge encoding), shared by writer and reader.

/// The constants of the `words.dawg` format, version 1. docs/words.md describes it byte by byte.
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
public enum DAWGFormat {
    public static let magic: [UInt8] = Array("CFWD".utf8)
    public static let version: UInt16 = 1
    public static let headerSize = 64

    public static let finalBase: UInt8 = 26
    public static let emptyRootCode: UInt8 = 31
    public static let leafBit: UInt8 = 0x20
    public static let lastEdgeBit: UInt8 = 0x20
    public static let letterMask: UInt8 = 0x1F

    // Header field offsets.
    static let oMagic = 0, oVersion = 4, oHeaderSize = 6, oWordCount = 8, oNodeCount = 12, oEdgeCount = 16
    static let oNodeAreaOffset = 20, oNodeAreaLength = 24, oRoot = 28, oTierCounts = 32
    static let oMinLength = 52, oMaxLength = 53, oChecksum = 56

    /// FNV-1a, 32 bits: a cheap integrity check of the node area, verified only on request.
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var h: UInt32 = 0x811C_9DC5
        for b in bytes {
            h ^= UInt32(b)
            h = h &* 0x0100_0193
        }
        return h
    }
}
