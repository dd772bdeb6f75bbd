// OutputThroughPipeLinkTests: `-o /dev/stdout` when standard output is a pipe is written through, not refused.
import Foundation
import Testing
@testable import Pipeline

#if os(Linux)
/// `/dev/stdout` on a pipe is `/proc/self/fd/1` → `pipe:[N]`, which realpath cannot name: the pipe is written through
/// (as any FIFO is). Before, it was refused as a link to a file that does not exist (IO102).
@Test func anOutputLinkThatReachesAPipeIsWrittenThrough() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let out = try OutputFile(path: "/proc/self/fd/\(ends[1])")
    try out.write(Array("through\n".utf8))
    try out.commit()
    close(ends[1])
    var got = [UInt8](repeating: 0, count: 64)
    let n = read(ends[0], &got, 64)
    #expect(String(decoding: got.prefix(max(n, 0)), as: UTF8.self) == "through\n")
}
#endif
