import Testing
@testable import Versioning

// Replaced by the Versioning tests.
