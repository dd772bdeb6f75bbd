// WordsFileWriter: writes an output file through a temporary sibling and a rename, so a failed build never leaves half a file.
import Foundation

enum WordsFileWriter {
    /// Writes `bytes` to `path` atomically: a hidden temporary sibling, then `rename(2)`.
    static func write(_ bytes: some Collection<UInt8>, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let tmp = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try Data(bytes).write(to: tmp)
            if rename(tmp.path, url.path) != 0 {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
        } catch {
            try? FileManager.default.removeItem(at: tmp)
            throw error
        }
    }

    static func write(_ text: String, to path: String) throws {
        try write(Array(text.utf8), to: path)
    }
}
