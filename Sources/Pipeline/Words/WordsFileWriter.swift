// WordsFileWriter: word outputs go through the one output writer (temporary sibling, rename, mode kept, removed on signals).

enum WordsFileWriter {
    /// Writes `bytes` to `path` atomically by `OutputFile`'s rules.
    static func write(_ bytes: some Collection<UInt8>, to path: String) throws {
        try OutputFile.write(bytes, to: path)
    }

    static func write(_ text: String, to path: String) throws {
        try write(Array(text.utf8), to: path)
    }
}
