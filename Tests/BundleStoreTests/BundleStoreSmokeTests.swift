import Testing
@testable import BundleStore
