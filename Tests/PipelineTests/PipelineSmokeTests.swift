import Testing
@testable import Pipeline
