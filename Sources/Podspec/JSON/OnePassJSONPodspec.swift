import Foundation

/// Reads the shape nearly every JSON podspec has in one pass over its bytes, straight into
/// the `Specification` that `JSONPodspec` would make, without the tree of nodes that
/// `JSONPodspec` builds and then walks. A resolve reads hundreds of specs, and building and
/// freeing that tree was about half the cost of each.
///
/// It gives the same spec as `JSONPodspec`, or nil, and on nil `JSONPodspec` reads the file
/// again and reports what is wrong, on its line. So this reader keeps no line numbers and
/// makes no messages: it gives up on a syntax error, a value of another type than the plain
/// shape's, a key it reads given twice, a string it keeps or a key it looks at written with
/// escapes, and subspecs before their parent's name (or the root's version). The values it
/// does not read are checked exactly as `JSONParser` checks them.
struct OnePassJSONPodspec {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// How deep in objects and lists the reader is: deeper than `depthLimit`, it leaves the
    /// file to `JSONParser`, whose own limit is higher, so that nesting cannot exhaust the stack.
    private var depth = 0
    private static let depthLimit = 100

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The spec in `bytes`, or nil when they are not in the plain shape.
    static func read(_ bytes: [UInt8]) -> Specification? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = OnePassJSONPodspec(bytes: buffer)
            // A UTF-8 byte order mark is allowed before the value.
            if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { reader.index = 3 }
            guard let spec = reader.spec(parentName: nil, version: nil) else { return nil }
            reader.skipWhitespace()
            return reader.index == buffer.count ? spec : nil
        }
    }

    // MARK: - Specs

    /// The keys of a spec's object that the reader acts on (`JSONPodspec.keysRead`); the
    /// raw value is the key's bit among those seen.
    private enum Key: UInt8 {
        case name, version, dependencies, subspecs, testSpecs, appSpecs, defaultSubspecs, defaultSubspec,
             platforms, source, deprecated, deprecatedInFavorOf
        /// `ios`, `osx`…: platform-specific attributes, which may be given more than once.
        case platform
    }

    /// The key spelled by `text`, matched by length first, as `JSONPodspec` matches them.
    private static func key(_ text: UnsafeBufferPointer<UInt8>) -> Key? {
        switch text.count {
        case 3: return text.spells("ios") || text.spells("osx") ? .platform : nil
        case 4: return text.spells("name") ? .name : text.spells("tvos") ? .platform : nil
        case 5: return text.spells("macos") ? .platform : nil
        case 6: return text.spells("source") ? .source : nil
        case 7: return text.spells("version") ? .version : text.spells("watchos") ? .platform : nil
        case 8:
            return text.spells("subspecs") ? .subspecs : text.spells("appspecs") ? .appSpecs
                : text.spells("visionos") ? .platform : nil
        case 9: return text.spells("platforms") ? .platforms : text.spells("testspecs") ? .testSpecs : nil
        case 10: return text.spells("deprecated") ? .deprecated : nil
        case 12: return text.spells("dependencies") ? .dependencies : nil
        case 15: return text.spells("default_subspec") ? .defaultSubspec : nil
        case 16: return text.spells("default_subspecs") ? .defaultSubspecs : nil
        case 22: return text.spells("deprecated_in_favor_of") ? .deprecatedInFavorOf : nil
        default: return nil
        }
    }

    /// Whether `text` is a key this reader acts on (for a test that holds it to
    /// `JSONPodspec.keysRead`).
    static func isKeyRead(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { key($0) != nil }
    }

    /// The spec whose object starts here: the root (`parentName` nil; its version is read from
    /// it) or a subspec, test spec or app spec of `parentName`, at the root's `version`.
    private mutating func spec(parentName: String?, version rootVersion: String?) -> Specification? {
        skipWhitespace()
        guard enter(UInt8(ascii: "{")) else { return nil }
        let isRoot = parentName == nil
        var seen: UInt16 = 0
        var name: String?
        var version = rootVersion
        var dependencies: [Dependency] = []
        var platformLists: [[Dependency]] = []
        var subspecs: [Specification] = [], testSpecs: [Specification] = [], appSpecs: [Specification] = []
        var defaultSubspecs: [String]?, defaultSubspec: [String]?
        var targets: [String: String] = [:]
        var source: Source?
        var deprecated = false
        var deprecatedInFavorOf: String?
        repeat {
            guard let keyText = memberKey() else { return nil }
            guard let key = Self.key(keyText) else {
                guard skipValue() else { return nil }
                continue
            }
            if key != .platform {
                let bit: UInt16 = 1 << key.rawValue
                guard seen & bit == 0 else { return nil }
                seen |= bit
            }
            switch key {
            case .name:
                guard let short = stringValue(), !short.isEmpty else { return nil }
                name = parentName.map { $0 + "/" + short } ?? short
            case .version:
                // A subspec's version is its root's.
                if isRoot {
                    guard let text = stringValue(), !text.isEmpty else { return nil }
                    version = text
                } else {
                    guard skipValue() else { return nil }
                }
            case .dependencies:
                guard let list = dependencyList() else { return nil }
                dependencies = list
            case .platform:
                guard platformDependencies(into: &platformLists) else { return nil }
            case .subspecs, .testSpecs, .appSpecs:
                guard let name, let version, let list = specList(parentName: name, version: version) else { return nil }
                if key == .subspecs { subspecs = list } else if key == .testSpecs { testSpecs = list } else { appSpecs = list }
            case .defaultSubspecs:
                guard let list = stringList() else { return nil }
                defaultSubspecs = list
            case .defaultSubspec:
                guard let list = stringList() else { return nil }
                defaultSubspec = list
            case .platforms:
                guard let read = platforms() else { return nil }
                targets = read
            case .source:
                // Only the root's source is read, and only there must it be an object.
                if isRoot {
                    guard let read = sourceObject() else { return nil }
                    source = read
                } else {
                    guard skipValue() else { return nil }
                }
            case .deprecated:
                if isRoot, word("true") {
                    deprecated = true
                } else {
                    guard skipValue() else { return nil }
                }
            case .deprecatedInFavorOf:
                // Any other value is ignored, as `JSONPodspec` ignores it.
                if isRoot, at(UInt8(ascii: "\"")) {
                    guard let other = stringValue() else { return nil }
                    if !other.isEmpty { deprecatedInFavorOf = other }
                } else {
                    guard skipValue() else { return nil }
                }
            }
        } while next(closing: UInt8(ascii: "}"))
        guard !failed, let name, let version else { return nil }
        // Platform-specific dependencies come after the others, in file order.
        for list in platformLists { JSONPodspec.merge(list, into: &dependencies) }
        var specification = Specification(
            name: name, version: version, source: isRoot ? source : nil, dependencies: dependencies,
            subspecs: subspecs, defaultSubspecs: defaultSubspecs ?? defaultSubspec ?? [],
            deploymentTargets: targets, testSpecs: testSpecs, appSpecs: appSpecs)
        if let deprecatedInFavorOf {
            specification.deprecatedInFavorOf = deprecatedInFavorOf
            specification.deprecated = true
        }
        if deprecated { specification.deprecated = true }
        return specification
    }

    /// A list of spec objects.
    private mutating func specList(parentName: String, version: String) -> [Specification]? {
        skipWhitespace()
        guard enter(UInt8(ascii: "[")) else { return nil }
        var specs: [Specification] = []
        if left(UInt8(ascii: "]")) { return specs }
        repeat {
            guard let spec = spec(parentName: parentName, version: version) else { return nil }
            specs.append(spec)
        } while next(closing: UInt8(ascii: "]"))
        return failed ? nil : specs
    }

    /// A spec's `dependencies`: an object of requirement lists (a repeated name replaces the
    /// earlier one, in its place), a list of names, or one name.
    private mutating func dependencyList() -> [Dependency]? {
        skipWhitespace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard enter(UInt8(ascii: "{")) else { return nil }
            var result: [Dependency] = []
            if left(UInt8(ascii: "}")) { return result }
            repeat {
                guard let nameText = memberKey() else { return nil }
                let name = String(decoding: nameText, as: UTF8.self)
                let requirements: [String]
                skipWhitespace()
                if at(UInt8(ascii: "[")) {
                    guard let list = stringList() else { return nil }
                    requirements = list
                } else if at(UInt8(ascii: "\"")) {
                    guard let text = stringValue() else { return nil }
                    requirements = [text]
                } else if word("null") {
                    requirements = []
                } else {
                    return nil
                }
                if let earlier = result.firstIndex(where: { $0.name == name }) {
                    result[earlier].requirements = requirements
                } else {
                    result.append(Dependency(name: name, requirements: requirements))
                }
            } while next(closing: UInt8(ascii: "}"))
            return failed ? nil : result
        case UInt8(ascii: "["):
            return stringList()?.map { Dependency(name: $0) }
        case UInt8(ascii: "\""):
            return stringValue().map { [Dependency(name: $0)] }
        default:
            return nil
        }
    }

    /// The value of a platform key: when it is an object, the dependencies of its first
    /// `dependencies` member are added to `lists`; anything else is only checked.
    private mutating func platformDependencies(into lists: inout [[Dependency]]) -> Bool {
        skipWhitespace()
        guard at(UInt8(ascii: "{")) else { return skipValue() }
        guard enter(UInt8(ascii: "{")) else { return false }
        if left(UInt8(ascii: "}")) { return true }
        var found = false
        repeat {
            guard let key = memberKey() else { return false }
            if !found, key.spells("dependencies") {
                guard let list = dependencyList() else { return false }
                lists.append(list)
                found = true
            } else {
                guard skipValue() else { return false }
            }
        } while next(closing: UInt8(ascii: "}"))
        return !failed
    }

    /// `platforms`: an object of deployment targets, strings or numbers as written, or null
    /// for no minimum (an empty target).
    private mutating func platforms() -> [String: String]? {
        skipWhitespace()
        guard enter(UInt8(ascii: "{")) else { return nil }
        var targets: [String: String] = [:]
        if left(UInt8(ascii: "}")) { return targets }
        repeat {
            guard let keyText = memberKey() else { return nil }
            let platform = String(decoding: keyText, as: UTF8.self)
            skipWhitespace()
            if at(UInt8(ascii: "\"")) {
                guard let target = stringValue() else { return nil }
                targets[platform] = target
            } else if word("null") {
                targets[platform] = ""
            } else {
                guard let target = number() else { return nil }
                targets[platform] = target
            }
        } while next(closing: UInt8(ascii: "}"))
        return failed ? nil : targets
    }

    /// The root's `source` object: each string or number sets the field its key names; any
    /// other value clears it.
    private mutating func sourceObject() -> Source? {
        skipWhitespace()
        guard enter(UInt8(ascii: "{")) else { return nil }
        var source = Source()
        if left(UInt8(ascii: "}")) { return source }
        repeat {
            guard let keyText = memberKey() else { return nil }
            let key = String(decoding: keyText, as: UTF8.self)
            skipWhitespace()
            let value: String?
            if at(UInt8(ascii: "\"")) {
                guard let text = stringValue() else { return nil }
                value = text
            } else if let text = number() {
                value = text
            } else {
                // Not a number, or a malformed one, which the check below refuses.
                guard skipValue() else { return nil }
                value = nil
            }
            source.set(key, to: value)
        } while next(closing: UInt8(ascii: "}"))
        return failed ? nil : source
    }

    /// A string, or a list of strings.
    private mutating func stringList() -> [String]? {
        skipWhitespace()
        if at(UInt8(ascii: "\"")) { return stringValue().map { [$0] } }
        guard enter(UInt8(ascii: "[")) else { return nil }
        var strings: [String] = []
        if left(UInt8(ascii: "]")) { return strings }
        repeat {
            skipWhitespace()
            guard let text = stringValue() else { return nil }
            strings.append(text)
        } while next(closing: UInt8(ascii: "]"))
        return failed ? nil : strings
    }

    // MARK: - Tokens

    /// Set when a member or element is followed by neither a comma nor the closing bracket.
    private var failed = false

    /// After a member or an element: true when a comma follows (another comes); false at the
    /// closing bracket, or on anything else, which sets `failed`.
    private mutating func next(closing: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count else {
            failed = true
            return false
        }
        if bytes[index] == UInt8(ascii: ",") {
            index += 1
            return true
        }
        if bytes[index] == closing {
            index += 1
            depth -= 1
        } else {
            failed = true
        }
        return false
    }

    /// Steps into the object or list opened by `bracket`, if it is next and not too deep.
    private mutating func enter(_ bracket: UInt8) -> Bool {
        guard at(bracket), depth < Self.depthLimit else { return false }
        index += 1
        depth += 1
        return true
    }

    /// Steps out of an object or a list that is empty, right after its opening bracket.
    private mutating func left(_ closing: UInt8) -> Bool {
        skipWhitespace()
        guard at(closing) else { return false }
        index += 1
        depth -= 1
        return true
    }

    /// A member's key without escapes, and the colon after it; the value is next.
    private mutating func memberKey() -> UnsafeBufferPointer<UInt8>? {
        skipWhitespace()
        guard at(UInt8(ascii: "\"")), let end = JSONParser.plainStringEnd(in: bytes, from: index) else { return nil }
        let key = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end])
        index = end + 1
        skipWhitespace()
        guard at(UInt8(ascii: ":")) else { return nil }
        index += 1
        skipWhitespace()
        return key
    }

    /// A string without escapes, as `JSONParser` makes it.
    private mutating func stringValue() -> String? {
        skipWhitespace()
        guard at(UInt8(ascii: "\"")), let end = JSONParser.plainStringEnd(in: bytes, from: index) else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]), as: UTF8.self)
        index = end + 1
        return text
    }

    /// A number's text, as written.
    private mutating func number() -> String? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "-")
                || (bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")),
              let end = JSONParser.numberEnd(in: bytes, from: index) else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
        index = end
        return text
    }

    /// Whether `byte` is next.
    private func at(_ byte: UInt8) -> Bool {
        index < bytes.count && bytes[index] == byte
    }

    /// Takes `literal` (`true`, `null`) when it is next.
    private mutating func word(_ literal: StaticString) -> Bool {
        skipWhitespace()
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count,
              memcmp(bytes.baseAddress! + index, literal.utf8Start, count) == 0 else { return false }
        index += count
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): index += 1
            default: return
            }
        }
    }

    // MARK: - Values only checked

    /// Steps over one value, checking it as `JSONParser` does.
    private mutating func skipValue() -> Bool {
        skipWhitespace()
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard enter(UInt8(ascii: "{")) else { return false }
            if left(UInt8(ascii: "}")) { return true }
            repeat {
                skipWhitespace()
                guard at(UInt8(ascii: "\"")), skipString() else { return false }
                skipWhitespace()
                guard at(UInt8(ascii: ":")) else { return false }
                index += 1
                guard skipValue() else { return false }
            } while next(closing: UInt8(ascii: "}"))
            return !failed
        case UInt8(ascii: "["):
            guard enter(UInt8(ascii: "[")) else { return false }
            if left(UInt8(ascii: "]")) { return true }
            repeat {
                guard skipValue() else { return false }
            } while next(closing: UInt8(ascii: "]"))
            return !failed
        case UInt8(ascii: "\""):
            return skipString()
        case UInt8(ascii: "t"):
            return word("true")
        case UInt8(ascii: "f"):
            return word("false")
        case UInt8(ascii: "n"):
            return word("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            guard let end = JSONParser.numberEnd(in: bytes, from: index) else { return false }
            index = end
            return true
        default:
            return false
        }
    }

    /// Steps over the string whose opening quote is next, checking its escapes as
    /// `JSONParser` does: no line break inside, and only JSON's escapes.
    private mutating func skipString() -> Bool {
        if let end = JSONParser.plainStringEnd(in: bytes, from: index) {
            index = end + 1
            return true
        }
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return true
            case UInt8(ascii: "\n"):
                return false
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else { return false }
                switch bytes[index + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                     UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 2
                case UInt8(ascii: "u"):
                    guard index + 6 <= bytes.count,
                          bytes[(index + 2)..<(index + 6)].allSatisfy(\.isHexDigit) else { return false }
                    index += 6
                default:
                    return false
                }
            default:
                index += 1
            }
        }
        return false
    }
}

private extension UnsafeBufferPointer<UInt8> {
    /// Whether the bytes are `literal`'s.
    func spells(_ literal: StaticString) -> Bool {
        count == literal.utf8CodeUnitCount && memcmp(baseAddress!, literal.utf8Start, count) == 0
    }
}

private extension UInt8 {
    var isHexDigit: Bool {
        (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9")) || (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "f"))
            || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "F"))
    }
}
