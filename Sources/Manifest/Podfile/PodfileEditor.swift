import FileIO
import Foundation

/// A request to pin one pod to an exact version.
public struct PodPin: Equatable, Sendable {
    /// The pod; a subspec (`Foo/Bar`) pins its root `Foo`.
    public var name: String
    public var version: String
    /// When the Podfile does not name the pod: the target whose block gets a new
    /// `pod 'Name', 'version'` line. Ignored when the Podfile names the pod.
    public var addTo: String?

    public init(name: String, version: String, addTo: String? = nil) {
        self.name = name
        self.version = version
        self.addTo = addTo
    }
}

/// Pins pods in a Podfile by rewriting only the requirement of their `pod` lines, so every
/// other byte (options, comments, helper methods, indentation, line endings) stays as it was.
public enum PodfileEditor {
    /// Pins each pod exactly in Podfile source and returns the new bytes.
    ///
    /// Every `pod` line naming the pod or one of its subspecs is pinned, wherever it sits;
    /// several requirements become one. Errors (an external source, a line compctl could
    /// not read, an unknown pod or target) are collected and thrown together; then nothing
    /// is edited.
    public static func pin(_ pins: [PodPin], in bytes: [UInt8], path: String = "Podfile") throws(ManifestError) -> ManifestEdit {
        let podfile = try Podfile(parsing: bytes, path: path)
        return try pin(pins, in: podfile, bytes: bytes)
    }

    /// Pins pods using an already read Podfile; `bytes` must be the source it was read from.
    public static func pin(_ pins: [PodPin], in podfile: Podfile, bytes: [UInt8]) throws(ManifestError) -> ManifestEdit {
        var issues: [ManifestIssue] = []
        var changes: [Int: ManifestEdit.Change] = [:]
        var insertions: [ManifestEdit.Change] = []
        func issue(_ line: Int?, _ message: String) {
            issues.append(ManifestIssue(file: podfile.path, line: line, message: message))
        }

        var versions: [String: String] = [:]
        var ordered: [PodPin] = []
        for pin in pins {
            let root = podRootName(pin.name)
            if !isWritableVersion(pin.version) {
                issue(nil, "`\(pin.version)` is not a version compctl can write for `\(pin.name)`; give a version such as 1.2.3")
                continue
            }
            if let earlier = versions[root] {
                if earlier != pin.version {
                    issue(nil, "`\(root)` is asked to be pinned to both \(earlier) and \(pin.version); give one version")
                }
                continue
            }
            versions[root] = pin.version
            ordered.append(pin)
        }

        for pin in ordered {
            let root = podRootName(pin.name)
            let declarations = podfile.declarations.filter { $0.rootName == root }
            let skipped = podfile.warnings.filter { $0.pod.map(podRootName) == root }
            for warning in skipped {
                issue(warning.line, "this `pod` line for `\(warning.pod ?? root)` could not be read, so compctl cannot pin it; write its requirement and options as literals")
            }
            if declarations.isEmpty, skipped.isEmpty {
                guard let target = pin.addTo else {
                    issue(nil, "`\(pin.name)` is not named in the Podfile; add it to a target block, or name the target to add it to")
                    continue
                }
                do {
                    insertions.append(try addition(of: pin, to: target, in: podfile, bytes: bytes))
                } catch {
                    issues.append(error.issue)
                }
                continue
            }
            for declaration in declarations {
                if let external = declaration.options.externalSource {
                    issue(declaration.line, "`\(declaration.name)` comes from :\(external.kind.rawValue) `\(external.value)`, not from a spec repo, so it has no version to pin; remove the :\(external.kind.rawValue) option to pin it")
                    continue
                }
                if declaration.nameFromArgument {
                    let method = declaration.method.map { "`\($0)`" } ?? "its helper method"
                    issue(declaration.line, "the name `\(declaration.name)` comes from an argument of \(method), so pinning this line would pin every pod passed to it; give `\(declaration.name)` its own `pod` line")
                    continue
                }
                if let first = declaration.requirementRanges.first, let last = declaration.requirementRanges.last {
                    let written = bytes[first.lowerBound]
                    let quote = written == UInt8(ascii: "'") || written == UInt8(ascii: "\"") ? written : declaration.quote.character
                    changes[first.lowerBound] = .init(range: first.lowerBound..<last.upperBound,
                                                      replacement: [quote] + Array(pin.version.utf8) + [quote])
                } else {
                    let quote = declaration.quote.character
                    let at = declaration.requirementInsertionPoint
                    changes[at] = .init(range: at..<at, replacement: Array(", ".utf8) + [quote] + Array(pin.version.utf8) + [quote])
                }
            }
        }
        if !issues.isEmpty { throw .cannotPin(issues) }
        return ManifestEdit(original: bytes, changes: Array(changes.values) + insertions)
    }

    /// Reads the Podfile at `path`, pins the pods and, unless `dryRun`, replaces the file
    /// atomically. On any error the file is left untouched.
    @discardableResult
    public static func pinFile(at path: String, _ pins: [PodPin], dryRun: Bool = false) throws -> ManifestEdit {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ManifestError.unreadable(path: path, reason: "no such file, or it is not readable")
        }
        let bytes = [UInt8](data)
        let edit = try pin(pins, in: bytes, path: path)
        if !dryRun, edit.bytes != bytes { try AtomicFile.write(Data(edit.bytes), to: path) }
        return edit
    }

    private struct AdditionError: Error {
        var issue: ManifestIssue
    }

    /// A new `pod 'Name', 'version'` line after the last `pod` line of the target's block,
    /// with that line's indentation and line ending.
    private static func addition(of pin: PodPin, to target: String, in podfile: Podfile, bytes: [UInt8]) throws(AdditionError) -> ManifestEdit.Change {
        func fail(_ line: Int?, _ message: String) -> AdditionError {
            AdditionError(issue: ManifestIssue(file: podfile.path, line: line, message: message))
        }
        guard let definition = podfile.target(named: target), let layout = podfile.layouts[target] else {
            throw fail(nil, "cannot add `\(pin.name)` to target `\(target)`: the Podfile has no such target; check the target name")
        }
        guard layout.hasBlock else {
            throw fail(definition.line, "target `\(target)` has no `do … end` block to add `\(pin.name)` to; add the line by hand")
        }
        let quote = layout.lastPod != nil ? layout.lastPodQuote.character : UInt8(ascii: "'")
        func line(indentation: ArraySlice<UInt8>, ending: [UInt8]) -> [UInt8] {
            Array(indentation) + Array("pod ".utf8) + [quote] + Array(pin.name.utf8) + [quote] + Array(", ".utf8)
                + [quote] + Array(pin.version.utf8) + [quote] + ending
        }

        if let lastPod = layout.lastPod {
            let indentation = indentationOfLine(containing: lastPod.lowerBound, in: bytes)
            guard let newline = firstIndex(of: UInt8(ascii: "\n"), in: bytes, from: lastPod.upperBound) else {
                // The pod line is the file's last line and has no line break: keep it that way.
                let ending = lineEnding(in: bytes, near: lastPod.lowerBound)
                return .init(range: bytes.count..<bytes.count, replacement: ending + line(indentation: indentation, ending: []))
            }
            if definition.parent != nil, let end = layout.end, newline >= end {
                throw fail(definition.line, "target `\(target)` ends on the same line as its last `pod`, so compctl cannot add `\(pin.name)` to it; add the line by hand")
            }
            let ending = newline > 0 && bytes[newline - 1] == UInt8(ascii: "\r") ? Array("\r\n".utf8) : Array("\n".utf8)
            return .init(range: newline + 1..<newline + 1, replacement: line(indentation: indentation, ending: ending))
        }

        guard let end = layout.end else {
            // A root target with neither pods nor target blocks: append at the end.
            let ending = lineEnding(in: bytes, near: 0)
            let endsWithNewline = bytes.last == UInt8(ascii: "\n")
            return .init(range: bytes.count..<bytes.count,
                         replacement: endsWithNewline || bytes.isEmpty ? line(indentation: [], ending: ending) : ending + line(indentation: [], ending: []))
        }
        let endLineStart = lineStart(of: end, in: bytes)
        let endIndentation = bytes[endLineStart..<end]
        guard endIndentation.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else {
            throw fail(definition.line, "target `\(target)` ends on the same line as other code, so compctl cannot add `\(pin.name)` to it; add the line by hand")
        }
        let indentation: ArraySlice<UInt8>
        if definition.parent == nil {
            indentation = endIndentation
        } else if let first = layout.firstStatement, first < endLineStart {
            indentation = indentationOfLine(containing: first, in: bytes)
        } else {
            let usesTabs = endIndentation.contains(UInt8(ascii: "\t")) || bytes.contains(UInt8(ascii: "\t"))
            indentation = endIndentation + (usesTabs ? [UInt8(ascii: "\t")] : Array("  ".utf8))
        }
        let ending = lineEnding(in: bytes, near: end)
        return .init(range: endLineStart..<endLineStart, replacement: line(indentation: indentation, ending: ending))
    }

    private static func lineStart(of position: Int, in bytes: [UInt8]) -> Int {
        var start = position
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        return start
    }

    private static func indentationOfLine(containing position: Int, in bytes: [UInt8]) -> ArraySlice<UInt8> {
        let start = lineStart(of: position, in: bytes)
        var end = start
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return bytes[start..<end]
    }

    private static func firstIndex(of byte: UInt8, in bytes: [UInt8], from position: Int) -> Int? {
        var k = position
        while k < bytes.count {
            if bytes[k] == byte { return k }
            k += 1
        }
        return nil
    }

    /// The line ending used at `position` (or, failing that, anywhere in the file).
    private static func lineEnding(in bytes: [UInt8], near position: Int) -> [UInt8] {
        let newline = firstIndex(of: UInt8(ascii: "\n"), in: bytes, from: position)
            ?? firstIndex(of: UInt8(ascii: "\n"), in: bytes, from: 0)
        if let newline, newline > 0, bytes[newline - 1] == UInt8(ascii: "\r") { return Array("\r\n".utf8) }
        return Array("\n".utf8)
    }
}
