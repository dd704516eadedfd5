import Testing
@testable import SpecRepo

// Replaced by the SpecRepo tests.
