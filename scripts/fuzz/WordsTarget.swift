// WordsTarget: libFuzzer entry point over the dictionary reader (WordDictionary(data:), the public throwing open API) and its lookups.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let d = try? WordDictionary(data: Data(bytes: data, count: size)) else { return 0 }
    _ = d.verifyChecksum()
    _ = d.contains("cat")
    _ = d.isPrefix("ca")
    _ = d.words(withPrefix: "", limit: 1000)
    return 0
}
