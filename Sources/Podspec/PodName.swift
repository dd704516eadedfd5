import Foundation
import Versioning

/// The rules a pod's name and a spec's version follow wherever they enter compctl: `lint`,
/// `publish`, `bump`, `pin` and `integrate` arguments, and the spec-repo scanner. A name
/// becomes a folder of a spec repo, a file name and a line of a commit message; a version
/// becomes a folder too. One function per value, so that every entry point refuses the same.
public enum PodName {
    /// Whether `lhs` sorts before `rhs` byte by byte in UTF-8, as Ruby compares strings
    /// (`Pod::Source#pods` sorts pod names so): `utf8.lexicographicallyPrecedes` with one
    /// `memcmp`, since listings sort thousands of names.
    public static func bytewiseLess(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs, rhs = rhs
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                let common = min(left.count, right.count)
                if common > 0 {
                    let order = memcmp(left.baseAddress!, right.baseAddress!, common)
                    if order != 0 { return order < 0 }
                }
                return left.count < right.count
            }
        }
    }

    /// The folder a spec repo keeps its pods in (`Pod::Source#specs_dir`).
    public static let specsFolder = "Specs"
    /// A spec repo's metadata file at its root (`Pod::Source#metadata_path`).
    public static let metadataFile = "CocoaPods-version.yml"

    /// The longest file name most file systems take, in bytes.
    static let maximumFileNameBytes = 255
    /// What a spec file adds to the pod's name: `.podspec.json`.
    static let specFileSuffixBytes = ".podspec.json".utf8.count

    /// The index of the first `/` in `name` (a spec's name, `Foo/Bar`), looked for in its
    /// bytes as Ruby's `split('/')` does. In place: the UTF-8 view's own search took some
    /// 300 instructions a name, and the resolver splits a few names for every spec it reads.
    public static func firstSlash(in name: String) -> String.Index? {
        let offset = name.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.firstIndex(of: UInt8(ascii: "/"))
        }
        guard let offset else { return name.utf8.firstIndex(of: UInt8(ascii: "/")) }
        return offset.map { name.utf8.index(name.utf8.startIndex, offsetBy: $0) }
    }

    /// Why `name` cannot be a pod's (root) name, or `nil` when it can.
    ///
    /// CocoaPods' linter (`Specification::Linter#_validate_name`) refuses a `/`, white space
    /// and a leading `.`. compctl also refuses what would collide with a spec repo's layout
    /// (`Specs`, `CocoaPods-version.yml`, in any case, as macOS ignores case), control
    /// characters, bidirectional controls (which make a name read differently from what it
    /// is), and a name too long for its spec file's name.
    public static func problem(_ name: String) -> PodNameProblem? {
        if name.isEmpty { return .empty }
        if let problem = characterProblem(name) { return problem }
        if name.hasPrefix(".") { return .startsWithPeriod }
        // By byte, as Ruby's `include?('/')` looks: Foundation's `contains` skips a slash that
        // a combining mark follows, and cost a resolver 5,000 instructions per pod.
        if name.utf8.contains(UInt8(ascii: "/")) { return .containsSlash }
        // Compared as a case-insensitive file system compares names (APFS folds `ſ` to `s`,
        // full-width letters, and canonically equivalent forms): each is the same folder there.
        // An ASCII name folds to its lower case, which spares Foundation's folding: a
        // resolver asks this of every pod it reads.
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            if sameASCIIIgnoringCase(name, specsFolder) { return .reserved(name, .specsFolder) }
            if sameASCIIIgnoringCase(name, metadataFile) { return .reserved(name, .metadataFile) }
        } else {
            switch folded(name) {
            case folded(specsFolder): return .reserved(name, .specsFolder)
            case folded(metadataFile): return .reserved(name, .metadataFile)
            default: break
            }
        }
        let bytes = name.utf8.count
        if bytes + specFileSuffixBytes > maximumFileNameBytes { return .tooLong(bytes: bytes) }
        return nil
    }

    /// Why `name`, a pod or one of its subspecs as a Podfile or a `NAME=VERSION` argument
    /// writes it (`Foo` or `Foo/Core`), is not a name; `nil` when it is. The root follows
    /// `problem(_:)`; each subspec part must be non-empty and free of the characters it refuses.
    public static func dependencyProblem(_ name: String) -> PodNameProblem? {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if let root = problem(parts[0]) { return root }
        for part in parts.dropFirst() {
            if part.isEmpty { return .emptySubspec }
            if let problem = characterProblem(part) { return problem }
        }
        return nil
    }

    /// Why `version`, as a spec or an argument writes it, cannot be published or pinned;
    /// `nil` when it can. `Version` trims white space as CocoaPods does, but the text as
    /// written becomes a folder name and part of a commit message, so none is allowed here.
    public static func versionProblem(_ version: String) -> PodNameProblem? {
        if case .failure(let problem) = checkedVersion(version) { return problem }
        return nil
    }

    /// `version` as a `Version` when `versionProblem(_:)` finds nothing, else the problem.
    public static func checkedVersion(_ version: String) -> Result<Version, PodNameProblem> {
        // Digits and dots only: no character a version folder may not have.
        if let plain = Version.plainRelease(version) { return .success(plain) }
        if version.isEmpty { return .failure(.empty) }
        if let problem = characterProblem(version) { return .failure(problem) }
        do {
            return .success(try Version(version))
        } catch let error as VersionError {
            if case .malformed(_, let reason) = error { return .failure(.notAVersion(reason: reason)) }
            return .failure(.notAVersion(reason: error.description))
        } catch {
            return .failure(.notAVersion(reason: "\(error)"))
        }
    }

    /// `text` quoted for a message on one line: control characters, white space other than a
    /// plain space, and bidirectional controls are written as escapes (`\n`, `\u{202E}`), so
    /// that what is shown is what the text holds.
    public static func quoted(_ text: String) -> String {
        "'" + escaped(text) + "'"
    }

    /// `text` with the characters `quoted(_:)` escapes written as escapes, without quotes:
    /// safe for a single-line commit message.
    public static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar != " " && isRefused(scalar) {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    // MARK: - Characters

    private static func characterProblem(_ text: String) -> PodNameProblem? {
        // Nearly every name and version is printable ASCII without a space: no scalar to look at.
        if text.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) { return nil }
        for scalar in text.unicodeScalars where isRefused(scalar) {
            return problem(for: scalar)
        }
        return nil
    }

    /// Whether the ASCII strings `left` and `right` are equal but for the case of letters.
    private static func sameASCIIIgnoringCase(_ left: String, _ right: String) -> Bool {
        func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
        return left.utf8.count == right.utf8.count && zip(left.utf8, right.utf8).allSatisfy { lower($0) == lower($1) }
    }

    /// `name` as case-insensitive file systems compare names.
    private static func folded(_ name: String) -> String {
        name.decomposedStringWithCanonicalMapping.folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
    }

    private static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        // Format characters (zero-width space and joiners, soft hyphen…) are invisible: `Fo\u{200B}o`
        // would read as `Foo` in every message while naming another pod.
        return properties.isWhitespace || properties.generalCategory == .control || properties.isBidiControl
            || properties.generalCategory == .format
            || properties.generalCategory == .lineSeparator || properties.generalCategory == .paragraphSeparator
    }

    private static func problem(for scalar: Unicode.Scalar) -> PodNameProblem {
        let properties = scalar.properties
        switch scalar {
        case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}":
            return .lineBreak(scalar)
        default:
            if properties.isBidiControl { return .bidiControl(scalar) }
            if properties.isWhitespace { return .whitespace(scalar) }
            if properties.generalCategory == .format { return .invisibleCharacter(scalar) }
            return .controlCharacter(scalar)
        }
    }
}

/// Why a text cannot be a pod's name or a version. The description is a clause that follows
/// "the name 'X'" or "the version 'X'" (`is empty`, `contains a line break (U+000A)`).
public enum PodNameProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The layout entries a pod's name must not take.
    public enum Reserved: Hashable, Sendable {
        /// `Specs`, the folder of the pods.
        case specsFolder
        /// `CocoaPods-version.yml`, the metadata file.
        case metadataFile
    }

    /// Nothing at all.
    case empty
    /// `Foo//Bar` or `Foo/`: a subspec part is empty.
    case emptySubspec
    /// A `.` first: CocoaPods refuses it and spec repos hide such folders.
    case startsWithPeriod
    /// A `/`, which separates a pod from its subspecs.
    case containsSlash
    /// A name the spec repo's layout uses (as written), in any case.
    case reserved(String, Reserved)
    /// Longer than a file name can be once `.podspec.json` is added.
    case tooLong(bytes: Int)
    /// White space other than a line break (a space, a tab, U+00A0).
    case whitespace(Unicode.Scalar)
    /// A line break (`\n`, `\r`, U+2028, …): it could forge a line of a commit message.
    case lineBreak(Unicode.Scalar)
    /// Any other control character.
    case controlCharacter(Unicode.Scalar)
    /// A bidirectional control (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C).
    case bidiControl(Unicode.Scalar)
    /// An invisible format character (U+200B zero-width space, U+00AD soft hyphen…).
    case invisibleCharacter(Unicode.Scalar)
    /// A version that does not parse; `reason` is `Version`'s.
    case notAVersion(reason: String)

    public var description: String {
        switch self {
        case .empty:
            return "is empty"
        case .emptySubspec:
            return "has an empty subspec name (write Pod/Subspec)"
        case .startsWithPeriod:
            return "starts with '.', which CocoaPods refuses (spec repos hide such folders)"
        case .containsSlash:
            return "contains '/', which CocoaPods refuses in a spec's name (it separates a pod from its subspecs)"
        case .reserved(let name, .specsFolder):
            let caseNote = name == PodName.specsFolder ? "" : " (file names ignore case on macOS)"
            return "is reserved: a spec repo keeps its pods in a Specs/ folder\(caseNote), so where they sit at the "
                + "repo's root a pod of that name hides every other pod"
        case .reserved(let name, .metadataFile):
            let caseNote = name == PodName.metadataFile ? "" : " (file names ignore case on macOS)"
            return "is reserved for a spec repo's metadata file, CocoaPods-version.yml\(caseNote)"
        case .tooLong(let bytes):
            return "is \(bytes) bytes long; with .podspec.json it must fit in a file name of "
                + "\(PodName.maximumFileNameBytes) bytes"
        case .whitespace(let scalar):
            return "contains white space (\(Self.code(scalar))), which CocoaPods refuses"
        case .lineBreak(let scalar):
            return "contains a line break (\(Self.code(scalar)))"
        case .controlCharacter(let scalar):
            return "contains the control character \(Self.code(scalar))"
        case .invisibleCharacter(let scalar):
            return "contains the invisible character \(Self.code(scalar)), which makes it look like another name"
        case .bidiControl(let scalar):
            return "contains the bidirectional control character \(Self.code(scalar)), which makes text show in "
                + "another order than it is read"
        case .notAVersion(let reason):
            return "is not a valid version (\(reason))"
        }
    }

    /// `U+000A`.
    private static func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
