// ReadLimits: the most bytes a reader keeps of each kind of value — tag names, tag values, comments, lines, rows.

/// Every reader of forge's inputs keeps at most this much of one value; what is beyond is left out and reported
/// (file, line, column, code), never held. The PGN reader (`PGNReader`: tag names, tag values, comments, tokens) and
/// the line reader of FEN files, position lists and engine rows (Pipeline's `ByteInput.forEachLine`) read these, so
/// a 50 MB tag name, a 100 MB FEN line or a 50 MB cache row costs a bounded buffer and one diagnostic.
///
/// Real inputs are far below them: the longest tag value in the corpus is under 200 bytes, the longest FEN line 90,
/// the longest engine-store row under 2 KB.
public enum ReadLimits {
    /// A PGN tag name (`[Event …]`); also a move token or a result.
    public static let tagNameBytes = 64
    /// A PGN tag value.
    public static let tagValueBytes = 1 << 16
    /// A PGN comment (`{…}`).
    public static let commentBytes = 1 << 20
    /// One line of a FEN file, a position list or a name list.
    public static let lineBytes = 1 << 16
    /// One row of an engine cache or store file (JSON lines).
    public static let rowBytes = 1 << 20
}
