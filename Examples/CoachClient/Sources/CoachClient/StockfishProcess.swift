// StockfishProcess: the example's engine: a Stockfish process whose pipes become the two byte streams of
// CoachBundle's UCIStreamEngine. An iOS app passes its embedded engine's streams instead; only a command-line
// program starts a process.
import CoachBundle
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A running Stockfish and the engine that speaks UCI to it.
final class StockfishProcess: @unchecked Sendable {
    let engine: UCIStreamEngine
    private let process = Process()

    init(path: String) throws {
        signal(SIGPIPE, SIG_IGN)  // a dead engine's pipe must fail the write, not end this program
        let input = Pipe(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: path)
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let (bytes, sink) = AsyncStream<[UInt8]>.makeStream()
        let fd = output.fileHandleForReading.fileDescriptor
        // A blocking read loop on its own thread: the fastest way to drain the pipe (docs: TOOLCHAIN).
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                guard n > 0 else { break }
                sink.yield(Array(buffer[0..<n]))
            }
            sink.finish()
        }
        let writer = input.fileHandleForWriting
        engine = UCIStreamEngine(output: bytes) { data in try writer.write(contentsOf: Data(data)) }
    }

    func stop() async {
        await engine.quit()
        process.waitUntilExit()
    }
}
