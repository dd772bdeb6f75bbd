// WordsCodes: the catalogue of the word-game codes (WRD3xx sources and solver input, WRD5xx games, WRD6xx the dictionary file).
import Diagnostics

/// The codes of the words build, the solvers and the `words.dawg` reader. docs/words.md has the table.
public enum WordsCode {
    public static let badCurationWord = DiagnosticCode("WRD301", .error, "a curation list line whose word is not lower-case a-z")
    public static let badCurationField = DiagnosticCode("WRD302", .error, "a curation list line with a bad tier or an extra field")
    public static let repeatedCurationWord = DiagnosticCode("WRD303", .warning, "a word listed again in the curation lists")
    public static let noSCOWL = DiagnosticCode("WRD310", .error, "no SCOWL directory where the words build looks")
    public static let noSCOWLLists = DiagnosticCode("WRD311", .error, "a SCOWL directory without the lists the region needs")
    public static let unreadableSource = DiagnosticCode("WRD312", .error, "a word source that cannot be read or is not UTF-8")
    public static let badRegion = DiagnosticCode("WRD313", .error, "a --region that is not one of the SCOWL regions")
    public static let badMaxLevel = DiagnosticCode("WRD314", .error, "a --max-level outside SCOWL's size levels 10 to 95")
    public static let noCurationList = DiagnosticCode("WRD315", .error, "a curation list that does not exist")
    public static let cannotWriteOutput = DiagnosticCode("WRD316", .error, "an output of the words build cannot be created or written")
    public static let writtenDictionaryDoesNotOpen = DiagnosticCode("WRD317", .error, "the words.dawg just written does not open again")
    public static let badGridSize = DiagnosticCode("WRD320", .error, "a Word Hunt grid that is not 1 to 64 cells in equal rows")
    public static let notALetter = DiagnosticCode("WRD321", .error, "solver input with a character that is not a letter a-z (or no word at all)")
    public static let badTile = DiagnosticCode("WRD322", .error, "a tile of the wrong length, or a one-letter tile with an orientation")
    public static let badTileCount = DiagnosticCode("WRD323", .error, "not 1 to 20 tiles")
    public static let badRack = DiagnosticCode("WRD501", .error, "an Anagrams rack that is not 6 or 7 letters")
    public static let tileWithoutOrientation = DiagnosticCode("WRD502", .error, "a Word Bites two-letter tile without its orientation (h:er, v:in)")
    public static let noDictionary = DiagnosticCode("WRD510", .error, "no words.dawg at any place searched")
    public static let dictionaryUnreadable = DiagnosticCode("WRD601", .error, "words.dawg cannot be read")
    public static let dictionaryTooShort = DiagnosticCode("WRD602", .error, "words.dawg is shorter than its 64-byte header")
    public static let dictionaryBadMagic = DiagnosticCode("WRD603", .error, "words.dawg does not start with the CFWD magic: another kind of file")
    public static let dictionaryVersion = DiagnosticCode("WRD604", .error, "words.dawg has another format version (rebuild it)")
    public static let dictionaryWrongSize = DiagnosticCode("WRD605", .error, "words.dawg's size differs from its header's (truncated or padded)")
    public static let dictionaryBadLayout = DiagnosticCode("WRD606", .error, "words.dawg's header fields contradict each other")
    public static let dictionaryChecksum = DiagnosticCode("WRD607", .error, "words.dawg's checksum does not match: a damaged byte")

    /// Every code above, in number order; `DiagnosticCatalogue` (Pipeline) joins the modules' lists.
    public static let all: [DiagnosticCode] = [
        badCurationWord, badCurationField, repeatedCurationWord, noSCOWL, noSCOWLLists, unreadableSource, badRegion,
        badMaxLevel, noCurationList, cannotWriteOutput, writtenDictionaryDoesNotOpen, badGridSize, notALetter,
        badTile, badTileCount, badRack, tileWithoutOrientation, noDictionary, dictionaryUnreadable,
        dictionaryTooShort, dictionaryBadMagic, dictionaryVersion, dictionaryWrongSize, dictionaryBadLayout,
        dictionaryChecksum,
    ]
}
