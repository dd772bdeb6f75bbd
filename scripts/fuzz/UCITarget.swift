// UCITarget: libFuzzer entry point over the UCI reply parser (every line of the input is one engine line).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) { _ = UCIReply(line: line) }
    return 0
}
