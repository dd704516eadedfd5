/// A version of a pod, parsed and ordered exactly as CocoaPods' `Pod::Version` does.
///
/// Segments are runs of digits or letters; the first letter starts the prerelease part, and
/// a `-` anywhere (outside build metadata) also makes a version a prerelease. Trailing zero
/// segments do not count (`1.0 == 1.0.0`), build metadata after `+` is ignored, and
/// `1.0.0-rc.1 == 1.0.0.rc.1`. Everything needed to compare is computed once, at `init`.
public struct Version: Sendable {
    /// The text the version was made from, with surrounding white space removed.
    public let description: String
    /// Whether the version is a prerelease: it has a letter or a `-` before any build metadata.
    public let isPrerelease: Bool

    /// `numbers` packed 16 bits each into one integer when there are at most four and
    /// each is below 65535 (nearly every real version), so that most comparisons are one
    /// integer comparison; `UInt64.max` when they do not fit.
    @usableFromInline let packedNumbers: UInt64
    /// Whether `prereleaseSegments` is not empty.
    @usableFromInline let hasPrereleaseSegments: Bool
    /// How many leading numbers the text has, trailing zeros included (for Gem's
    /// `release` and `bump`, which keep them).
    let leadingNumberCount: Int
    /// The segments that do not fit inline; nil for a release whose numbers are packed,
    /// so that copying and comparing most versions touches no reference count.
    let detail: Detail?

    /// The segments of a version that has a prerelease part or numbers too many or too
    /// large to pack.
    final class Detail: Sendable {
        let numbers: [Int]
        let prerelease: [Segment]

        init(numbers: [Int], prerelease: [Segment]) {
            self.numbers = numbers
            self.prerelease = prerelease
        }
    }

    /// One segment of the prerelease part.
    enum Segment: Hashable, Sendable {
        case number(Int)
        case text(String)
    }

    /// `Pod::Version#numeric_segments`: the leading numbers, trailing zeros dropped.
    var numbers: [Int] {
        if let detail { return detail.numbers }
        return Version.unpack(packedNumbers)
    }

    /// `Pod::Version#prerelease_segments`: everything from the first letter run on.
    var prereleaseSegments: [Segment] { detail?.prerelease ?? [] }

    /// Parses `string` as CocoaPods would, or throws `VersionError.malformed` saying why not.
    public init(_ string: String) throws {
        if let plain = Version.plainRelease(string) {
            self = plain
        } else {
            try self.init(parsing: string)
        }
    }

    /// The general parse of `init(_:)`, for any text (`plainRelease` aside: for tests).
    static func parsedInGeneral(_ string: String) throws -> Version {
        try Version(parsing: string)
    }

    private init(parsing string: String) throws {
        let text = Version.trimmed(string)
        guard !text.isEmpty else {
            throw VersionError.malformed(string, reason: "it is empty")
        }
        let bytes = Array(text.utf8)
        guard VersionGrammar.matchesVersion(bytes) else {
            throw VersionError.malformed(text, reason: VersionGrammar.diagnose(bytes))
        }
        try self.init(validated: text, bytes: bytes)
    }

    /// Builds a version from text that already passed the grammar.
    init(validated text: String, bytes: [UInt8]) throws {
        // Pod::Version#_segments drops only the last `+…` group (the metadata pattern is
        // anchored at the end), so an earlier `+` group stays part of the version.
        let core = bytes.lastIndex(of: UInt8(ascii: "+")).map { bytes[..<$0] } ?? bytes[...]

        var prerelease = false
        // Room for the usual `1.2.3-rc.1`: grown from empty, each array reallocated twice.
        var numbers: [Int] = []
        numbers.reserveCapacity(4)
        var rest: [Segment] = []
        rest.reserveCapacity(4)
        var index = core.startIndex
        while index < core.endIndex {
            let byte = core[index]
            if byte.isASCIIDigit {
                var end = index
                while end < core.endIndex, core[end].isASCIIDigit { end += 1 }
                let value = try Version.number(core[index..<end], in: text)
                if rest.isEmpty { numbers.append(value) } else { rest.append(.number(value)) }
                index = end
            } else if byte.isASCIILetter {
                prerelease = true
                var end = index
                while end < core.endIndex, core[end].isASCIILetter { end += 1 }
                rest.append(.text(String(decoding: core[index..<end], as: UTF8.self)))
                index = end
            } else {
                if byte == UInt8(ascii: "-") { prerelease = true }
                index += 1
            }
        }
        let leadingCount = numbers.count
        while let last = numbers.last, last == 0 { numbers.removeLast() }
        self.init(text: text, isPrerelease: prerelease, numbers: numbers, prerelease: rest,
                  leadingNumberCount: leadingCount)
    }

    private init(
        text: String, isPrerelease: Bool, numbers: [Int], prerelease: [Segment],
        leadingNumberCount: Int
    ) {
        let packed = Version.pack(numbers)
        self.description = text
        self.isPrerelease = isPrerelease
        self.packedNumbers = packed
        self.hasPrereleaseSegments = !prerelease.isEmpty
        self.leadingNumberCount = leadingNumberCount
        self.detail = packed == .max || !prerelease.isEmpty
            ? Detail(numbers: numbers, prerelease: prerelease)
            : nil
    }

    /// `1`, `1.2`, `1.2.3` or `1.2.3.4` with each number below 65535, and nothing else (no
    /// space, sign, letter or empty part): the shape nearly every version has, made in one
    /// pass over its bytes. A shard or a pod folder lists thousands, and the general parse
    /// (the grammar, then arrays of segments) took some 3,000 instructions each. Nil for
    /// any other text.
    public static func plainRelease(_ text: String) -> Version? {
        // Over the bytes in place: iterating the UTF-8 view took some 350 instructions for
        // a five-byte folder name, most of it the view's own bookkeeping.
        let packed = text.utf8.withContiguousStorageIfAvailable(packPlainRelease)
            ?? Array(text.utf8).withUnsafeBufferPointer(packPlainRelease)
        guard let (numbers, count) = packed else { return nil }
        return Version(plain: text, packedNumbers: numbers, leadingNumberCount: count)
    }

    /// The packed numbers of a plain release and how many numbers it has, or nil.
    private static func packPlainRelease(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, Int)? {
        var packed: UInt64 = 0
        var count = 0, value = 0, digits = 0
        for byte in bytes {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                digits += 1
                guard digits <= 5 else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            } else if byte == UInt8(ascii: "."), digits > 0, count < 3, value < 0xFFFF {
                packed = packed << 16 | UInt64(value)
                count += 1
                value = 0
                digits = 0
            } else {
                return nil
            }
        }
        guard digits > 0, value < 0xFFFF else { return nil }
        return ((packed << 16 | UInt64(value)) << UInt64(16 * (3 - count)), count + 1)
    }

    private init(plain text: String, packedNumbers: UInt64, leadingNumberCount: Int) {
        self.description = text
        self.isPrerelease = false
        self.packedNumbers = packedNumbers
        self.hasPrereleaseSegments = false
        self.leadingNumberCount = leadingNumberCount
        self.detail = nil
    }

    /// A release made of `values` joined by dots, such as a bump computes.
    init(releaseNumbers values: [Int]) {
        var numbers = values
        while let last = numbers.last, last == 0 { numbers.removeLast() }
        self.init(text: Version.dotted(values), isPrerelease: false,
                  numbers: numbers, prerelease: [], leadingNumberCount: values.count)
    }

    /// `values` joined by dots (`[1, 2, 0]` → `1.2.0`), appended one by one: the generic
    /// `joined(separator:)` looks its collection's associated types up in the runtime's
    /// conformance tables the first time a process calls it, about 1 M instructions.
    static func dotted(_ values: [Int]) -> String {
        var text = ""
        for (index, value) in values.enumerated() {
            if index > 0 { text.append(".") }
            text.append(String(value))
        }
        return text
    }

    /// The first number (`Pod::Version#major`), 0 when there is none.
    public var major: Int { number(at: 0) }
    /// The second number (`Pod::Version#minor`), 0 when there is none.
    public var minor: Int { number(at: 1) }
    /// The third number (`Pod::Version#patch`), 0 when there is none.
    public var patch: Int { number(at: 2) }

    private func number(at index: Int) -> Int {
        if packedNumbers != .max { return Int(packedNumbers >> (48 - 16 * index) & 0xFFFF) }
        let numbers = self.numbers
        return index < numbers.count ? numbers[index] : 0
    }

    /// Whether `text` is a version by CocoaPods' rules.
    public static func isValid(_ text: String) -> Bool {
        (try? Version(text)) != nil
    }

    /// A key whose integer order is the version order (CocoaPods' `compare_segments`), for a
    /// release of at most four numbers below 65535 (nearly every real version); nil for any
    /// other. Sorting many versions by it moves no reference counts.
    @inlinable
    public var releaseOrderKey: UInt64? {
        isPackedRelease ? packedNumbers : nil
    }

    /// CocoaPods' `<=>`: the version order, with the text deciding between versions that
    /// are equal (`1` before `1.0` before `1.0.0`). Use it where a stable, total order of
    /// distinct strings matters, such as sorting for display.
    public func precedesInCocoaPodsOrder(_ other: Version) -> Bool {
        let order = Version.compare(self, other)
        if order != 0 { return order < 0 }
        return Version.textPrecedes(description, other.description)
    }

    // MARK: - Comparison

    /// Compares as `Pod::Version#compare_segments` does: -1, 0 or 1.
    @inline(__always)
    @usableFromInline
    static func compare(_ lhs: Version, _ rhs: Version) -> Int {
        let order = compareNumbers(lhs, rhs)
        if order != 0 { return order }
        if !lhs.hasPrereleaseSegments && !rhs.hasPrereleaseSegments { return 0 }
        return comparePrerelease(lhs.prereleaseSegments, rhs.prereleaseSegments)
    }

    /// Compares the numeric parts, through the packed form when both have one.
    @inline(__always)
    static func compareNumbers(_ lhs: Version, _ rhs: Version) -> Int {
        let a = lhs.packedNumbers, b = rhs.packedNumbers
        if a != .max && b != .max {
            return a == b ? 0 : (a < b ? -1 : 1)
        }
        return compareNumbers(lhs.numbers, rhs.numbers)
    }

    /// Packs up to four numbers below 65536, most significant first and zero-padded:
    /// since trailing zeros are already dropped, the packing keeps both equality and order.
    static func pack(_ numbers: [Int]) -> UInt64 {
        guard numbers.count <= 4 else { return .max }
        var packed: UInt64 = 0
        for index in 0..<4 {
            let value = index < numbers.count ? numbers[index] : 0
            guard value < 0xFFFF else { return .max }
            packed = packed << 16 | UInt64(value)
        }
        return packed
    }

    /// The numbers `pack` packed, trailing zeros dropped again.
    static func unpack(_ packed: UInt64) -> [Int] {
        var numbers = (0..<4).map { Int(packed >> (48 - 16 * $0) & 0xFFFF) }
        while let last = numbers.last, last == 0 { numbers.removeLast() }
        return numbers
    }

    /// Compares the numeric parts; trailing zeros are already gone, so a missing number
    /// means a smaller version.
    static func compareNumbers(_ lhs: [Int], _ rhs: [Int]) -> Int {
        let common = min(lhs.count, rhs.count)
        var i = 0
        while i < common {
            let a = lhs[i], b = rhs[i]
            if a != b { return a < b ? -1 : 1 }
            i += 1
        }
        if lhs.count == rhs.count { return 0 }
        return lhs.count < rhs.count ? -1 : 1
    }

    /// Compares the prerelease parts. No prerelease at all sorts after any prerelease;
    /// further on, a missing segment sorts first.
    static func comparePrerelease(_ lhs: [Segment], _ rhs: [Segment]) -> Int {
        if lhs.isEmpty || rhs.isEmpty {
            if lhs.isEmpty == rhs.isEmpty { return 0 }
            return lhs.isEmpty ? 1 : -1
        }
        let common = min(lhs.count, rhs.count)
        var i = 0
        while i < common {
            switch (lhs[i], rhs[i]) {
            case let (.number(a), .number(b)):
                if a != b { return a < b ? -1 : 1 }
            case let (.text(a), .text(b)):
                if a != b { return textPrecedes(a, b) ? -1 : 1 }
            case (.number, .text):
                // CocoaPods cannot order a number against a word here (`1 <=> "b"` is nil,
                // so `==` skips the position and `<=>` falls back to the text, where digits
                // sort before letters: its spec has 1.0.0-alpha.1 < 1.0.0-alpha.beta). A
                // fixed rule keeps the order total: the number sorts first, as in SemVer.
                return -1
            case (.text, .number):
                return 1
            }
            i += 1
        }
        if lhs.count == rhs.count { return 0 }
        return lhs.count < rhs.count ? -1 : 1
    }

    /// Ruby's `String#<=>`: bytewise, so `RC` < `rc` and `beta` < `rc`.
    static func textPrecedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }

    // MARK: - Parsing helpers

    /// Ruby's `String#strip` for the characters `\s` matches.
    static func trimmed(_ string: String) -> String {
        let utf8 = string.utf8
        guard let first = utf8.firstIndex(where: { !$0.isRubySpace }) else { return "" }
        let last = utf8.lastIndex(where: { !$0.isRubySpace })!
        return String(string[first...last])
    }

    /// The value of a run of digits. Ruby's integers have no limit; compctl's stop at
    /// 18 significant digits, which no real version reaches.
    static func number(_ digits: ArraySlice<UInt8>, in text: String) throws -> Int {
        let significant = digits.drop(while: { $0 == UInt8(ascii: "0") })
        guard significant.count <= 18 else {
            throw VersionError.malformed(
                text, reason: "the number \(String(decoding: digits, as: UTF8.self)) is too large")
        }
        var value = 0
        for digit in significant { value = value * 10 + Int(digit - UInt8(ascii: "0")) }
        return value
    }
}

extension Version: Comparable, Hashable {
    /// Equal as CocoaPods' `==`: the same numbers (trailing zeros aside) and prerelease.
    /// Inlined where it is used, so that two plain releases compare by their packed numbers
    /// alone: called across modules, each comparison of versions kept in an array copied
    /// both (their strings retained and released).
    @inlinable
    public static func == (lhs: Version, rhs: Version) -> Bool {
        if lhs.isPackedRelease && rhs.isPackedRelease { return lhs.packedNumbers == rhs.packedNumbers }
        return compare(lhs, rhs) == 0
    }

    /// Ordered as CocoaPods' `compare_segments`; inlined as `==` is.
    @inlinable
    public static func < (lhs: Version, rhs: Version) -> Bool {
        if lhs.isPackedRelease && rhs.isPackedRelease { return lhs.packedNumbers < rhs.packedNumbers }
        return compare(lhs, rhs) < 0
    }

    /// A release (no prerelease part) whose numbers are packed: two of them compare as
    /// their packed numbers do.
    @inlinable
    var isPackedRelease: Bool {
        !hasPrereleaseSegments && packedNumbers != .max
    }

    public func hash(into hasher: inout Hasher) {
        // Equal versions have equal numbers, so both pack or neither does.
        if packedNumbers != .max {
            hasher.combine(packedNumbers)
        } else {
            hasher.combine(numbers)
        }
        if hasPrereleaseSegments { hasher.combine(prereleaseSegments) }
    }
}

extension Version: CustomStringConvertible {}

extension Version: Codable {
    /// Decodes a version from its string, as podspecs and lockfiles store it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(text)
        } catch let error as VersionError {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes the version as its string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension UInt8 {
    var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    var isASCIILetter: Bool {
        (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "z"))
            || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z"))
    }
    /// The characters Ruby's `\s` matches: space, tab, newline, vertical tab, form feed, return.
    var isRubySpace: Bool { self == 0x20 || (self >= 0x09 && self <= 0x0D) }
}
