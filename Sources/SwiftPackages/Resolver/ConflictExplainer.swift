/// Explains a failed resolution as pub's and SwiftPM's reporters do: each line derives one
/// fact from two others, facts used twice get a number, and the last line ends in "version
/// solving failed". Requirements read as the manifest wrote them (`'net' from 1.0.0`).
struct ConflictExplainer {
    let resolver: PackageResolver
    private var lines: [(text: String, number: Int?)] = []
    private var numbers: [ObjectIdentifier: Int] = [:]
    private var uses: [ObjectIdentifier: Int] = [:]
    private var root: Incompatibility?

    init(resolver: PackageResolver) {
        self.resolver = resolver
    }

    mutating func explain(_ failure: Incompatibility) -> String {
        root = failure
        count(failure)
        if failure.derivedFrom != nil {
            visit(failure)
        } else {
            lines.append(("Because \(describe(failure)), version solving failed.", nil))
        }
        let width = numbers.isEmpty ? 0 : "(\(numbers.count)) ".count
        return lines.map { line in
            guard !line.text.isEmpty else { return "" }
            guard let number = line.number else { return String(repeating: " ", count: width) + line.text }
            let label = "(\(number))"
            return label + String(repeating: " ", count: width - label.count) + line.text
        }.joined(separator: "\n")
    }

    private mutating func count(_ incompatibility: Incompatibility) {
        let id = ObjectIdentifier(incompatibility)
        if let known = uses[id] {
            uses[id] = known + 1
            return
        }
        uses[id] = 1
        if let (a, b) = incompatibility.derivedFrom {
            count(a)
            count(b)
        }
    }

    private mutating func write(_ incompatibility: Incompatibility, _ text: String, numbered: Bool) {
        if numbered {
            numbers[ObjectIdentifier(incompatibility)] = numbers.count + 1
            lines.append((text, numbers.count))
        } else {
            lines.append((text, nil))
        }
    }

    private func number(_ incompatibility: Incompatibility) -> Int? { numbers[ObjectIdentifier(incompatibility)] }
    private func isDerived(_ incompatibility: Incompatibility) -> Bool { incompatibility.derivedFrom != nil }

    private mutating func visit(_ incompatibility: Incompatibility, conclusion: Bool = false) {
        let numbered = conclusion || (uses[ObjectIdentifier(incompatibility)] ?? 0) > 1
        let conjunction = conclusion || incompatibility === root ? "So," : "And"
        let text = describe(incompatibility)
        guard let (conflict, other) = incompatibility.derivedFrom else { return }
        if isDerived(conflict) && isDerived(other) {
            let conflictLine = number(conflict), otherLine = number(other)
            if let conflictLine, let otherLine {
                write(incompatibility, "Because \(describe(conflict)) (\(conflictLine)) and \(describe(other)) (\(otherLine)), \(text).", numbered: numbered)
            } else if conflictLine != nil || otherLine != nil {
                let (withLine, withoutLine) = conflictLine != nil ? (conflict, other) : (other, conflict)
                visit(withoutLine)
                write(incompatibility, "\(conjunction) because \(describe(withLine)) (\(number(withLine)!)), \(text).", numbered: numbered)
            } else if isSingleLine(conflict) || isSingleLine(other) {
                let (first, second) = isSingleLine(other) ? (conflict, other) : (other, conflict)
                visit(first)
                visit(second)
                write(incompatibility, "Thus, \(text).", numbered: numbered)
            } else {
                visit(conflict, conclusion: true)
                lines.append(("", nil))
                visit(other)
                write(incompatibility, "\(conjunction) because \(describe(conflict)) (\(number(conflict)!)), \(text).", numbered: numbered)
            }
        } else if isDerived(conflict) || isDerived(other) {
            let (derived, external) = isDerived(conflict) ? (conflict, other) : (other, conflict)
            if let line = number(derived) {
                write(incompatibility, "Because \(describe(external)) and \(describe(derived)) (\(line)), \(text).", numbered: numbered)
            } else {
                visit(derived)
                write(incompatibility, "\(conjunction) because \(describe(external)), \(text).", numbered: numbered)
            }
        } else {
            write(incompatibility, "Because \(describe(conflict)) and \(describe(other)), \(text).", numbered: numbered)
        }
    }

    private func isSingleLine(_ incompatibility: Incompatibility) -> Bool {
        guard let (a, b) = incompatibility.derivedFrom else { return false }
        return !isDerived(a) && !isDerived(b)
    }

    // MARK: - Clauses

    private func describe(_ incompatibility: Incompatibility) -> String {
        let terms = incompatibility.terms
        switch incompatibility.cause {
        case .root:
            return "\(resolver.name(of: PackageResolver.root)) is required"
        case let .dependency(node, declaration):
            let depender = node == PackageResolver.root || terms.count < 2
                ? resolver.name(of: node) : term(terms[0], every: true)
            let target = terms.first { !$0.isPositive }
            var wanted = "?"
            if let target {
                wanted = declaration.map { "\(resolver.name(of: target.node)) \($0.requirement.label)" } ?? term(target.inverse)
            }
            return "\(depender) depends on \(wanted)"
        case .noAvailableVersion:
            return "no version of \(terms.first.map { term($0) } ?? "?") matches"
        case let .unversionedDependency(on):
            return "\(terms.first.map { term($0, every: true) } ?? "?") depends on \(resolver.name(of: on)) by branch, revision or path, which a versioned package may not"
        case let .incompatibleToolsVersion(tools):
            let needs = tools.map { "needs tools version \($0)" } ?? "declares no tools version"
            return "\(terms.first.map { term($0, every: true) } ?? "?") \(needs), which compctl reads for Swift \(resolver.toolsVersion) (4.0 or later)"
        case .conflict:
            break
        }
        if terms.isEmpty || (terms.count == 1 && terms[0].node == PackageResolver.root && terms[0].isPositive) {
            return "version solving failed"
        }
        if terms.count == 1 {
            return "\(term(terms[0])) is \(terms[0].isPositive ? "forbidden" : "required")"
        }
        if terms.count == 2, terms[0].isPositive == terms[1].isPositive {
            return terms[0].isPositive
                ? "\(term(terms[0])) is incompatible with \(term(terms[1]))"
                : "either \(term(terms[0].inverse)) or \(term(terms[1].inverse))"
        }
        let positive = terms.filter(\.isPositive).map { term($0) }
        let negative = terms.filter { !$0.isPositive }.map { term($0.inverse) }
        if !positive.isEmpty && !negative.isEmpty {
            if positive.count == 1 { return "\(positive[0]) requires \(negative.joined(separator: " or "))" }
            return "if \(positive.joined(separator: " and ")) then \(negative.joined(separator: " or "))"
        }
        if !positive.isEmpty { return "one of \(positive.joined(separator: " or ")) must be false" }
        return "one of \(negative.joined(separator: " or ")) must be true"
    }

    /// `'net' 1.0.0..<2.0.0`, `'net' 1.2.0`, `every version of 'net'`.
    private func term(_ term: Term, every: Bool = false) -> String {
        let name = resolver.name(of: term.node)
        if term.node == PackageResolver.root { return name }
        if case .any = term.versions { return every ? "every version of \(name)" : name }
        return "\(name) \(term.versions)"
    }
}
