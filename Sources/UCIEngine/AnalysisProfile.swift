// AnalysisProfile: the search settings that make a result reproducible, recorded with every result.

/// How every position of a run is searched. The same position, engine and profile give the same
/// result every time: one thread, a fixed hash, `ucinewgame` before every position, a node limit
/// (never time), MultiPV `k`, WDL on.
///
/// ```swift
/// let profile = AnalysisProfile(nodes: 200_000, multiPV: 3)
/// profile.key   // "threads=1;hash=16;nodes=200000;multipv=3;wdl=true;ucinewgame=true;format=3"
/// ```
public struct AnalysisProfile: Hashable, Sendable, Codable {
    /// The node limit of `forge analyze` when `--nodes` is not given. Chosen so that about 2,000
    /// positions at MultiPV 3 take at most about 8 minutes with 2 engines on 2 cores (docs/engine.md).
    public static let defaultNodes = 120_000
    public static let defaultMultiPV = 3
    public static let defaultHashMegabytes = 16
    /// How a search's `info` lines become an ``Analysis``; part of ``key`` so that a cached result
    /// made by an older rule is never served. 2: lines of the last finished iteration, best first.
    /// 3: that iteration no longer overwritten by the previous depth's re-reports of a stopped one.
    public static let resultFormat = 3

    public var threads: Int
    public var hashMegabytes: Int
    public var nodes: Int
    public var multiPV: Int
    public var showWDL: Bool
    public var newGameBeforeEachPosition: Bool

    public init(nodes: Int = AnalysisProfile.defaultNodes, multiPV: Int = AnalysisProfile.defaultMultiPV,
                hashMegabytes: Int = AnalysisProfile.defaultHashMegabytes) {
        self.threads = 1
        self.hashMegabytes = hashMegabytes
        self.nodes = nodes
        self.multiPV = multiPV
        self.showWDL = true
        self.newGameBeforeEachPosition = true
    }

    enum CodingKeys: String, CodingKey {
        case threads, hashMegabytes = "hash", nodes, multiPV = "multipv", showWDL = "wdl"
        case newGameBeforeEachPosition = "ucinewgame"
    }

    /// The canonical text of the profile: part of the cache key, stable across versions of this tool.
    public var key: String {
        "threads=\(threads);hash=\(hashMegabytes);nodes=\(nodes);multipv=\(multiPV);wdl=\(showWDL);ucinewgame=\(newGameBeforeEachPosition);format=\(Self.resultFormat)"
    }

    /// The profile whose `key` is `key`, or nil when no profile of this forge has that key (another result format,
    /// another thread count, a text that is not a key): a store file names its profile this way.
    ///
    /// ```swift
    /// AnalysisProfile(key: "threads=1;hash=16;nodes=20000;multipv=3;wdl=true;ucinewgame=true;format=3")?.nodes   // 20000
    /// ```
    public init?(key: String) {
        var fields: [Substring: Int] = [:]
        for pair in key.split(separator: ";") {
            let kv = pair.split(separator: "=", maxSplits: 1)
            if kv.count == 2, let n = Int(kv[1]) { fields[kv[0]] = n }
        }
        guard let nodes = fields["nodes"], let multiPV = fields["multipv"], let hash = fields["hash"], nodes >= 1, multiPV >= 1, hash >= 1 else {
            return nil
        }
        self.init(nodes: nodes, multiPV: multiPV, hashMegabytes: hash)
        guard self.key == key else { return nil }
    }

    /// The `go` limits of one search.
    public var limits: SearchLimits { SearchLimits(nodes: nodes) }
}
