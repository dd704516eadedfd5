import Testing
@testable import Podspec

// Replaced by the Podspec tests.
