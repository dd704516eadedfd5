import ArgumentParser

/// The command lines CI runs hundreds of times a pipeline, recognised without building
/// ArgumentParser's command tree: `version compare A B`, `version sort V…` and
/// `version satisfies -r REQ… V…`, with plain arguments only; `resolve`, `lint PODSPEC`
/// and `spec show PODSPEC` with their long options (`--podfile P`, `--source=S`, `--json`,
/// …); and `--version`.
///
/// Parsing through the tree reflects over every command on the path (`Mirror`, dynamic
/// casts), and each first cast scans the binary's 7,000 protocol conformance records: about
/// 10 of the 20 million instructions `compctl version compare 1 2` ran, more than the rest
/// of its start, and 15 million of a resolve of 1,000 pods (issue 14). A `resolve` line
/// becomes the `ResolveLine` the command's `run()` runs; a `version` line runs the checks
/// and the printing its command's `validate()` and `run()` call. Either way the output is
/// the one the full parser gives. Anything else (an unknown or short option, `--`, `-h`, an
/// argument or value that starts with `-`, an option given twice, an invalid version, a
/// missing argument) returns nil and goes through the full parser, which prints its usual
/// errors and help.
enum QuickPath {
    /// The `resolve` line `arguments` (without the executable) name, as `ResolveCommand`
    /// runs it, or nil when the full parser must see them. The command itself is not made
    /// (see `ResolveCommand.run(_:)`).
    static func resolveLine(for arguments: [String]) -> ResolveLine? {
        guard arguments.first == "resolve" else { return nil }
        return resolve(arguments.dropFirst())
    }

    /// The `lint PODSPEC` line `arguments` name, with its long options, as
    /// `LintCommand.run(_:)` runs it; nil when the full parser must see it (including
    /// `--json` beside a `--format`, which the command refuses).
    static func lintLine(for arguments: [String]) -> LintLine? {
        guard arguments.first == "lint",
              let words = LongOptions(arguments.dropFirst(), options: ["source", "config", "format"],
                                      repeatable: ["source"], flags: ["json"]),
              words.plain.count == 1 else { return nil }
        var line = LintLine()
        line.podspec = words.plain[0]
        line.sources = words.values["source"] ?? []
        line.config = words.value("config")
        line.json = words.flags.contains("json")
        if let format = words.value("format") {
            guard let known = LintFormat(rawValue: format) else { return nil }
            line.format = known
        }
        guard !line.json || line.format == .text else { return nil }
        return line
    }

    /// The `spec show PODSPEC [--json]` line `arguments` name; nil when the full parser must
    /// see it.
    static func specShowLine(for arguments: [String]) -> (podspec: String, json: Bool)? {
        guard arguments.count >= 2, arguments[0] == "spec", arguments[1] == "show",
              let words = LongOptions(arguments.dropFirst(2), options: [], repeatable: [], flags: ["json"]),
              words.plain.count == 1 else { return nil }
        return (words.plain[0], words.flags.contains("json"))
    }

    /// What `compctl --version` prints, when `arguments` is that line. ArgumentParser
    /// answers it only after building the whole command tree, which doubled its start.
    static func rootVersionText(for arguments: [String]) -> String? {
        arguments == ["--version"] ? Compctl.versionText : nil
    }

    /// The `version compare|sort|satisfies` line `arguments` name, validated and ready to
    /// run, or nil when the full parser must see it. The line runs its command's own checks
    /// and printing without making the command: its property wrappers' initializers build
    /// ArgumentParser's name sets, whose generic types the runtime instantiates from their
    /// mangled names, about a tenth of `version compare`'s instructions. With `--json`, the
    /// full parser took 7.5 ms for `version compare 1 2`, and its time grew with the square
    /// of the arguments (0.6 s to sort 4,000 versions, against a few milliseconds here).
    static func versionLine(for arguments: [String]) -> (run: () throws -> Void, json: Bool)? {
        guard arguments.count >= 2, arguments[0] == "version" else { return nil }
        // `--json` anywhere, once; the full parser decides what a repeated one means.
        var rest = Array(arguments.dropFirst(2))
        let flags = rest.filter { $0 == "--json" }.count
        guard flags <= 1 else { return nil }
        let json = flags == 1
        do {
            switch arguments[1] {
            case "compare":
                rest.removeAll { $0 == "--json" }
                guard rest.count == 2, rest.allSatisfy(isPlain) else { return nil }
                try VersionCommand.Compare.check(rest[0], rest[1])
                return ({ [rest] in try VersionCommand.Compare.printOrder(rest[0], rest[1], json: json) }, json)
            case "sort":
                rest.removeAll { $0 == "--json" }
                guard !rest.isEmpty, rest.allSatisfy(isPlain) else { return nil }
                try VersionCommand.Sort.check(rest)
                return ({ [rest] in try VersionCommand.Sort.printSorted(rest, json: json) }, json)
            case "satisfies":
                // Not taken out first: `-r --json` is a requirement without its value.
                guard let (requirements, versions) = requirementsAndVersions(rest) else { return nil }
                try VersionCommand.Satisfies.check(requirements: requirements, versions: versions)
                return ({
                    try VersionCommand.Satisfies.printPassing(
                        requirements: requirements, versions: versions, raw: false, json: json)
                }, json)
            default:
                return nil
            }
        } catch {
            // A check that fails: the full parser reports it as usual.
            return nil
        }
    }

    /// An argument that no parser would read as an option.
    private static func isPlain(_ argument: String) -> Bool {
        !argument.hasPrefix("-")
    }

    /// `-r REQ` and `--requirement REQ` pairs anywhere, the rest plain versions (and a
    /// `--json`, which the caller counted); nil for any other option or a dangling `-r`.
    private static func requirementsAndVersions(_ arguments: [String]) -> ([String], [String])? {
        var requirements: [String] = []
        var versions: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "-r" || argument == "--requirement" {
                guard index + 1 < arguments.count, isPlain(arguments[index + 1]) else { return nil }
                requirements.append(arguments[index + 1])
                index += 2
            } else if isPlain(argument) {
                versions.append(argument)
                index += 1
            } else if argument == "--json" {
                index += 1
            } else {
                return nil
            }
        }
        return (requirements, versions)
    }

    /// `resolve` with any of its options and pod names; nil for anything else.
    private static func resolve(_ arguments: ArraySlice<String>) -> ResolveLine? {
        guard let words = LongOptions(
            arguments, options: ["podfile", "package", "source", "dev-pods", "config"], repeatable: ["source"],
            flags: ["offline", "update", "channels", "json"]) else { return nil }
        var line = ResolveLine()
        line.podfile = words.value("podfile")
        line.package = words.value("package")
        line.sources = words.values["source"] ?? []
        line.offline = words.flags.contains("offline")
        line.devPods = words.value("dev-pods")
        line.config = words.value("config")
        line.update = words.flags.contains("update")
        line.pods = words.plain
        line.showsChannels = words.flags.contains("channels")
        line.json = words.flags.contains("json")
        return line
    }
}

/// The words of one command line after its subcommand, read as ArgumentParser reads long
/// options: `--name VALUE` or `--name=VALUE` for an option, `--name` for a flag, anything not
/// starting with `-` as a positional argument, in any order. Nil when the full parser must
/// judge the line: an unknown or short option, `--`, a value that is empty or starts with
/// `-`, a missing value, a flag given a value, or a flag or single option given twice.
struct LongOptions {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var plain: [String] = []

    init?(_ arguments: ArraySlice<String>, options: Set<String>, repeatable: Set<String>, flags known: Set<String>) {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                plain.append(argument)
                continue
            }
            guard argument.hasPrefix("--"), argument.count > 2 else { return nil }
            let word = argument.dropFirst(2)
            let name: String
            let value: String
            if let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                value = String(word[word.index(after: equals)...])
                guard options.contains(name) else { return nil }
            } else if known.contains(String(word)) {
                guard flags.insert(String(word)).inserted else { return nil }
                continue
            } else {
                name = String(word)
                guard options.contains(name), index < arguments.endIndex else { return nil }
                value = arguments[index]
                index += 1
            }
            guard !value.isEmpty, !value.hasPrefix("-") else { return nil }
            guard values[name] == nil || repeatable.contains(name) else { return nil }
            values[name, default: []].append(value)
        }
    }

    /// The value of a single option, nil when it was not given.
    func value(_ name: String) -> String? {
        values[name]?.first
    }
}
