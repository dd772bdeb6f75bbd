import Testing
@testable import Openings
