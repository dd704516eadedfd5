import ArgumentParser

/// The command lines CI runs hundreds of times a pipeline, recognised without building
/// ArgumentParser's command tree: `version compare A B`, `version sort V…` and
/// `version satisfies -r REQ… V…`, with plain arguments only.
///
/// Parsing through the tree reflects over every command on the path (`Mirror`, dynamic
/// casts), and each first cast scans the binary's 7,000 protocol conformance records: about
/// 10 of the 20 million instructions `compctl version compare 1 2` ran, more than the rest
/// of its start (issue 14). A line here fills the same command's properties and runs its
/// own `validate()` and `run()`, so the output is the one the full parser gives. Anything
/// else (a flag, `--`, `-h`, an argument that starts with `-`, an invalid version, a
/// missing argument) returns nil and goes through the full parser, which prints its usual
/// errors and help.
enum QuickPath {
    /// The parsed and validated command `arguments` (without the executable) name, or nil
    /// when the full parser must see them.
    static func command(for arguments: [String]) -> ParsableCommand? {
        guard arguments.count >= 2, arguments[0] == "version" else { return nil }
        let rest = Array(arguments.dropFirst(2))
        var command: ParsableCommand?
        switch arguments[1] {
        case "compare":
            guard rest.count == 2, rest.allSatisfy(isPlain) else { return nil }
            var compare = VersionCommand.Compare()
            compare.a = rest[0]
            compare.b = rest[1]
            compare.json = false
            command = compare
        case "sort":
            guard !rest.isEmpty, rest.allSatisfy(isPlain) else { return nil }
            var sort = VersionCommand.Sort()
            sort.versions = rest
            sort.json = false
            command = sort
        case "satisfies":
            guard let (requirements, versions) = requirementsAndVersions(rest) else { return nil }
            var satisfies = VersionCommand.Satisfies()
            satisfies.requirements = requirements
            satisfies.versions = versions
            satisfies.raw = false
            satisfies.json = false
            command = satisfies
        default:
            return nil
        }
        do {
            try command?.validate()
        } catch {
            return nil
        }
        return command
    }

    /// An argument that no parser would read as an option.
    private static func isPlain(_ argument: String) -> Bool {
        !argument.hasPrefix("-")
    }

    /// `-r REQ` and `--requirement REQ` pairs anywhere, the rest plain versions; nil for any
    /// other option or a dangling `-r`.
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
            } else {
                return nil
            }
        }
        return (requirements, versions)
    }
}
