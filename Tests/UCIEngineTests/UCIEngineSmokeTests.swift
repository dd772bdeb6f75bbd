import Testing
@testable import UCIEngine
