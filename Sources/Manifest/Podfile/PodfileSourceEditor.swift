import FileIO
import Foundation

/// A request to say (or stop saying) which spec repo a pod comes from: its `:source` option.
public struct PodSource: Equatable, Sendable {
    /// The pod; a subspec (`Foo/Bar`) means its root `Foo`.
    public var name: String
    /// The spec repo's address for `:source => '…'`; nil removes the option.
    public var source: String?

    public init(name: String, source: String?) {
        self.name = name
        self.source = source
    }
}

extension PodfileEditor {
    /// Sets or removes the `:source` option on every `pod` line naming each pod (or one of its
    /// subspecs), touching nothing else: a new option goes after the line's last argument as
    /// `, :source => 'address'`, with the line's quote; a removed one takes its comma with it.
    /// Problems (a pod the Podfile does not name, an external source, a line compctl could
    /// not read, an option inside a `{ … }` hash) are collected and thrown together; then
    /// nothing is edited.
    public static func setSources(_ requests: [PodSource], in bytes: [UInt8], path: String = "Podfile") throws(ManifestError) -> ManifestEdit {
        let podfile = try Podfile(parsing: bytes, path: path)
        var issues: [ManifestIssue] = []
        var changes: [ManifestEdit.Change] = []
        func issue(_ line: Int?, _ message: String) {
            issues.append(ManifestIssue(file: podfile.path, line: line, message: message))
        }
        var seen: [String: String?] = [:]
        for request in requests {
            let root = podRootName(request.name)
            if let earlier = seen[root] {
                if earlier != request.source { issue(nil, "`\(root)` is asked to come from two sources; give one") }
                continue
            }
            seen[root] = request.source
            if let address = request.source,
               address.isEmpty || address.contains(where: { $0 == "'" || $0 == "\"" || $0 == "\\" || $0.isNewline }) {
                issue(nil, "`\(address)` cannot be written as the :source of `\(root)`; give the spec repo's URL")
                continue
            }
            let declarations = podfile.declarations.filter { $0.rootName == root }
            for warning in podfile.warnings where warning.pod.map(podRootName) == root {
                issue(warning.line, "this `pod` line for `\(warning.pod ?? root)` could not be read, so compctl cannot set its :source; write its requirement and options as literals")
            }
            if declarations.isEmpty {
                issue(nil, "`\(root)` is not named in the Podfile, so it has no `pod` line to give a :source")
                continue
            }
            for declaration in declarations {
                if let external = declaration.options.externalSource {
                    issue(declaration.line, "`\(declaration.name)` comes from :\(external.kind.rawValue) `\(external.value)`, not from a spec repo, so it takes no :source")
                    continue
                }
                if declaration.nameFromArgument {
                    issue(declaration.line, "the name `\(declaration.name)` comes from an argument of `\(declaration.method ?? "a helper method")`, so a :source there would apply to every pod passed to it; give `\(declaration.name)` its own `pod` line")
                    continue
                }
                if declaration.options.source == request.source { continue }
                if let option = declaration.sourceOption, option.isInHash {
                    issue(declaration.line, "the :source of `\(declaration.name)` sits in a `{ … }` hash; write it as a plain `:source => '…'` option so compctl can change it")
                    continue
                }
                let quote = declaration.quote.character
                let written = request.source.map { Array(", :source => ".utf8) + [quote] + Array($0.utf8) + [quote] }
                switch (declaration.sourceOption, written) {
                case let (option?, replacement?):
                    changes.append(.init(range: option.removal, replacement: replacement))
                case let (option?, nil):
                    changes.append(.init(range: option.removal, replacement: []))
                case let (nil, replacement?):
                    changes.append(.init(range: declaration.argumentsEnd..<declaration.argumentsEnd, replacement: replacement))
                case (nil, nil):
                    break
                }
            }
        }
        if !issues.isEmpty { throw .cannotPin(issues) }
        // One line reached through several targets is one declaration per value; edit it once.
        var unique: [ManifestEdit.Change] = []
        for change in changes where !unique.contains(change) { unique.append(change) }
        return ManifestEdit(original: bytes, changes: unique)
    }
}
