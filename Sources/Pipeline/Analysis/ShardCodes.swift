// ShardCodes: the stable codes of the sharded analysis, the result cache files (CCH1xx) and the bundle build (BLD1xx).

/// Codes about result cache files: `forge cache`, and results read from a cache. docs/deploy.md has the table.
public enum CacheCode {
    /// A stored result that is not true of its position (an illegal move, a wrong state): discarded, analysed again (warning).
    public static let discarded = "CCH101"
    /// `forge cache merge`: the inputs hold results of more than one engine or profile.
    public static let mixedIdentity = "CCH102"
    /// `forge cache merge`: one position has two different results for one engine and profile.
    public static let conflict = "CCH103"
    /// A cache file that is missing, unreadable or not a forge result cache.
    public static let unreadable = "CCH104"
    /// The merged cache cannot be written.
    public static let cannotWrite = "CCH105"
    /// A stored result whose JSON no longer decodes, or that is not true of its position: left out of a merge (warning).
    public static let invalidEntry = "CCH106"
}

/// Codes of `forge build` itself (the stages it runs keep their own codes).
public enum BuildCode {
    /// Another `forge build` holds the lock of this output directory.
    public static let locked = "BLD101"
    /// A file in the bundle directory that the manifest does not list: noticed, and not carried into the new bundle (warning).
    public static let strayFile = "BLD102"
    /// The new bundle cannot be staged or swapped in (the previous one is left whole).
    public static let cannotWrite = "BLD103"
    /// An input of the build cannot be read while fingerprinting it.
    public static let unreadableInput = "BLD104"
}
