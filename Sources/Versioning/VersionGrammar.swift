/// CocoaPods' version pattern, matched by hand instead of by regex.
///
/// `Pod::Version::VERSION_PATTERN` is `[0-9]+(\.[0-9a-zA-Z\-]+)*(\+[0-9a-zA-Z\-\.]+)?`. A
/// version (`ANCHORED_VERSION_PATTERN`) is one or more of those back to back; a requirement
/// (`Pod::Requirement::PATTERN`) takes exactly one. The matcher runs a small automaton over
/// the bytes, so it is linear in the length and never backtracks.
enum VersionGrammar {
    private struct States: OptionSet {
        let rawValue: UInt8
        /// Before the first digit.
        static let start = States(rawValue: 1 << 0)
        /// In the leading `[0-9]+` of a pattern.
        static let number = States(rawValue: 1 << 1)
        /// Right after a `.`: a segment character must follow.
        static let dot = States(rawValue: 1 << 2)
        /// In a dot segment (digits, letters, `-`).
        static let segment = States(rawValue: 1 << 3)
        /// Right after a `+`: a metadata character must follow.
        static let plus = States(rawValue: 1 << 4)
        /// In build metadata (digits, letters, `-`, `.`).
        static let metadata = States(rawValue: 1 << 5)

        static let accepting: States = [.number, .segment, .metadata]
    }

    /// Whether the trimmed text is one or more version patterns back to back, as
    /// `Pod::Version.correct?` requires (the empty text aside).
    static func matchesVersion(_ bytes: some Collection<UInt8>) -> Bool {
        run(bytes, repeating: true)
    }

    /// Whether the trimmed text is exactly one version pattern, as a requirement requires.
    static func matchesSingle(_ bytes: some Collection<UInt8>) -> Bool {
        run(bytes, repeating: false)
    }

    private static func run(_ bytes: some Collection<UInt8>, repeating: Bool) -> Bool {
        var states: States = .start
        for byte in bytes {
            let isDigit = byte.isASCIIDigit
            let isSegmentByte = isDigit || byte.isASCIILetter || byte == UInt8(ascii: "-")
            let isMetadataByte = isSegmentByte || byte == UInt8(ascii: ".")
            var next: States = []
            if states.contains(.start), isDigit { next.insert(.number) }
            if states.contains(.number) {
                if isDigit { next.insert(.number) }
                if byte == UInt8(ascii: ".") { next.insert(.dot) }
                if byte == UInt8(ascii: "+") { next.insert(.plus) }
            }
            if states.contains(.dot), isSegmentByte { next.insert(.segment) }
            if states.contains(.segment) {
                if isSegmentByte { next.insert(.segment) }
                if byte == UInt8(ascii: ".") { next.insert(.dot) }
                if byte == UInt8(ascii: "+") { next.insert(.plus) }
            }
            if states.contains(.plus), isMetadataByte { next.insert(.metadata) }
            if states.contains(.metadata) {
                if isMetadataByte { next.insert(.metadata) }
                // `(VERSION_PATTERN)*`: a digit may also begin the next pattern. (A new
                // pattern after a number or a segment needs no state of its own: those
                // states already take the digits it would start with.)
                if repeating, isDigit { next.insert(.number) }
            }
            if next.isEmpty { return false }
            states = next
        }
        return !states.isDisjoint(with: .accepting)
    }

    /// Says in a few words why `bytes` (trimmed, not empty) is not a version.
    static func diagnose(_ bytes: [UInt8]) -> String {
        let dot = UInt8(ascii: "."), plus = UInt8(ascii: "+"), dash = UInt8(ascii: "-")
        if let bad = bytes.first(where: {
            !($0.isASCIIDigit || $0.isASCIILetter || $0 == dot || $0 == plus || $0 == dash)
        }) {
            if bad.isRubySpace { return "it contains white space" }
            if bad < 0x80 { return "it contains '\(Character(Unicode.Scalar(bad)))'" }
            return "it contains a character that is not ASCII"
        }
        guard bytes[0].isASCIIDigit else { return "it must start with a digit" }
        let core = bytes.firstIndex(of: plus).map { bytes[..<$0] } ?? bytes[...]
        for (a, b) in zip(core, core.dropFirst()) where a == dot && b == dot {
            return "it has an empty segment between two dots"
        }
        if core.last == dot {
            return core.count == bytes.count ? "it ends with a dot" : "a dot comes right before '+'"
        }
        let leading = core.prefix(while: { $0 != dot })
        if !leading.allSatisfy(\.isASCIIDigit) {
            return "its first segment must be a plain number (a prerelease part goes after a "
                + "dot, as in 1.0-rc or 1.0.0-rc.1)"
        }
        if bytes.last == plus { return "the build metadata after '+' is empty" }
        return "its build metadata is malformed (write it once, at the end, as in 1.0.0+build.5)"
    }
}
