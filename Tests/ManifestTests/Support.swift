@_exported import TestSupport

// The corpus and package paths come from TestSupport (`TestPaths`).
