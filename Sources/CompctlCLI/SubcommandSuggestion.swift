import ArgumentParser

/// A misspelt subcommand (`compctl resovle`, `compctl repo shwo`) gets the suggestion
/// ArgumentParser gives a misspelt flag: the closest subcommand name, when one is close.
enum SubcommandSuggestion {
    /// The usage error for `arguments` (without the program name) when a word in a
    /// subcommand's place names none, with the closest name; `nil` when there is nothing
    /// to suggest (ArgumentParser reports the rest).
    static func error(for arguments: [String]) -> String? {
        var command: ParsableCommand.Type = Compctl.self
        var path = ["compctl"]
        for argument in arguments {
            if argument.hasPrefix("-") { return nil }
            let configuration = command.configuration
            let subcommands = configuration.subcommands
            guard !subcommands.isEmpty else { return nil }
            let names = subcommands.map { ($0.configuration.commandName ?? "", $0) }
            if let next = names.first(where: { $0.0 == argument || $0.1.configuration.aliases.contains(argument) }) {
                command = next.1
                path.append(next.0)
                continue
            }
            guard configuration.defaultSubcommand == nil,
                  let closest = closest(to: argument, in: names.map(\.0)) else { return nil }
            let shown = path.joined(separator: " ")
            return "Error: Unknown subcommand '\(argument)'. Did you mean '\(closest)'?\n"
                + "Usage: \(shown) <subcommand>\n  See '\(shown) --help' for more information.\n"
        }
        return nil
    }

    /// The name nearest `word` by edit distance, when it is at most a third of the word's
    /// length (at least 1) away; ties go to the first.
    static func closest(to word: String, in names: [String]) -> String? {
        let limit = max(1, word.count / 3)
        let scored = names.map { ($0, distance(word.lowercased(), $0)) }.filter { $0.1 <= limit }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// The Damerau–Levenshtein distance (with adjacent transpositions, the commonest typo).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
