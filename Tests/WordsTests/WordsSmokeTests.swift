import Testing
@testable import Words
