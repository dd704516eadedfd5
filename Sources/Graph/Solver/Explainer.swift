import Versioning

/// Turns the derivation of a failed resolution into sentences, as pub's and SwiftPM's
/// PubGrub reporters do (`doc/solver.md`, "Error Reporting"): each line derives one fact from
/// two others; facts used more than once get a number to refer back to; the last line ends
/// in "version solving failed". Requirements read as CocoaPods prints them, `XXPay (~> 2.0)`,
/// and each names who imposes it: a Podfile target or a pod at some versions.
struct Explainer {
    let solver: PubGrubSolver
    private var lines: [(message: String, number: Int?)] = []
    private var lineNumbers: [Int: Int] = [:]
    private var derivations: [Int: Int] = [:]
    private var root = 0
    /// The requirement text first used for each constraint set, by package.
    private var requirementTexts: [Int: [VersionSet: String]] = [:]

    init(solver: PubGrubSolver) {
        self.solver = solver
        for incompatibility in solver.incompatibilities {
            guard case let .dependency(cause) = incompatibility.cause, !cause.isSameVersion,
                  let last = incompatibility.terms.last, last.package == cause.target,
                  solver.packages[last.package].pod != nil else { continue }
            let constraint = last.term.constraint(universe: solver.packages[last.package].universe)
            if requirementTexts[last.package]?[constraint] == nil, !cause.requirements.isEmpty {
                requirementTexts[last.package, default: [:]][constraint] = solver.catalog.display(cause.requirements)
            }
        }
    }

    /// The explanation of why `failure` (an incompatibility with only the root) holds.
    mutating func explain(_ failure: Int) -> String {
        root = failure
        count(failure)
        if solver.incompatibilities[failure].derivedFrom != nil {
            visit(failure)
        } else {
            write(failure, "Because \(describe(failure)), version solving failed.", numbered: false)
        }
        let padding = lineNumbers.isEmpty ? 0 : "(\(lineNumbers.count)) ".count
        var output: [String] = []
        var lastWasEmpty = false
        for line in lines {
            if line.message.isEmpty {
                if !lastWasEmpty { output.append("") }
                lastWasEmpty = true
                continue
            }
            lastWasEmpty = false
            if let number = line.number {
                let label = "(\(number))"
                output.append(label + String(repeating: " ", count: padding - label.count) + line.message)
            } else {
                output.append(String(repeating: " ", count: padding) + line.message)
            }
        }
        return output.joined(separator: "\n")
    }

    private mutating func count(_ index: Int) {
        if let known = derivations[index] {
            derivations[index] = known + 1
            return
        }
        derivations[index] = 1
        if let (first, second) = solver.incompatibilities[index].derivedFrom {
            count(first)
            count(second)
        }
    }

    private func isDerived(_ index: Int) -> Bool {
        solver.incompatibilities[index].derivedFrom != nil
    }

    private mutating func write(_ index: Int, _ message: String, numbered: Bool) {
        if numbered {
            let number = lineNumbers.count + 1
            lineNumbers[index] = number
            lines.append((message, number))
        } else {
            lines.append((message, nil))
        }
    }

    private mutating func visit(_ index: Int, conclusion: Bool = false) {
        let numbered = conclusion || (derivations[index] ?? 0) > 1
        let conjunction = conclusion || index == root ? "So," : "And"
        let text = describe(index)
        guard let (conflict, other) = solver.incompatibilities[index].derivedFrom else { return }

        if isDerived(conflict) && isDerived(other) {
            let conflictLine = lineNumbers[conflict]
            let otherLine = lineNumbers[other]
            if let conflictLine, let otherLine {
                write(index, "Because \(and(conflict, other, conflictLine, otherLine)), \(text).", numbered: numbered)
            } else if conflictLine != nil || otherLine != nil {
                let withLine = conflictLine != nil ? conflict : other
                let withoutLine = conflictLine != nil ? other : conflict
                let line = conflictLine ?? otherLine!
                visit(withoutLine)
                write(index, "\(conjunction) because \(describe(withLine)) (\(line)), \(text).", numbered: numbered)
            } else {
                let singleLineConflict = isSingleLine(conflict)
                let singleLineOther = isSingleLine(other)
                if singleLineOther || singleLineConflict {
                    let first = singleLineOther ? conflict : other
                    let second = singleLineOther ? other : conflict
                    visit(first)
                    visit(second)
                    write(index, "Thus, \(text).", numbered: numbered)
                } else {
                    visit(conflict, conclusion: true)
                    lines.append(("", nil))
                    visit(other)
                    write(index, "\(conjunction) because \(describe(conflict)) (\(lineNumbers[conflict]!)), \(text).",
                          numbered: numbered)
                }
            }
        } else if isDerived(conflict) || isDerived(other) {
            let derived = isDerived(conflict) ? conflict : other
            let external = isDerived(conflict) ? other : conflict
            if let derivedLine = lineNumbers[derived] {
                write(index, "Because \(and(external, derived, nil, derivedLine)), \(text).", numbered: numbered)
            } else if isCollapsible(derived) {
                let (first, second) = solver.incompatibilities[derived].derivedFrom!
                let collapsedDerived = isDerived(first) ? first : second
                let collapsedExternal = isDerived(first) ? second : first
                visit(collapsedDerived)
                write(index, "\(conjunction) because \(and(collapsedExternal, external, nil, nil)), \(text).",
                      numbered: numbered)
            } else {
                visit(derived)
                write(index, "\(conjunction) because \(describe(external)), \(text).", numbered: numbered)
            }
        } else {
            write(index, "Because \(and(conflict, other, nil, nil)), \(text).", numbered: numbered)
        }
    }

    private func isSingleLine(_ index: Int) -> Bool {
        guard let (first, second) = solver.incompatibilities[index].derivedFrom else { return false }
        return !isDerived(first) && !isDerived(second)
    }

    private func isCollapsible(_ index: Int) -> Bool {
        if (derivations[index] ?? 0) > 1 { return false }
        guard let (first, second) = solver.incompatibilities[index].derivedFrom else { return false }
        if isDerived(first) == isDerived(second) { return false }
        let complex = isDerived(first) ? first : second
        return lineNumbers[complex] == nil
    }

    // MARK: - Sentences

    private func incompatibility(_ index: Int) -> Incompatibility { solver.incompatibilities[index] }

    /// One incompatibility as a clause of a sentence.
    func describe(_ index: Int) -> String {
        let incompatibility = self.incompatibility(index)
        let terms = incompatibility.terms
        switch incompatibility.cause {
        case .root:
            return "\(solver.packages[PubGrubSolver.root].name) is required"
        case let .dependency(cause):
            return "\(depender(incompatibility)) depends on \(target(cause, incompatibility))"
        case .prereleaseOnly:
            return "only pre-release versions of \(terms[0].package == PubGrubSolver.root ? "" : preReleaseSubject(terms[0])), "
                + "and no requirement in use names a pre-release"
        case let .unavailable(reason):
            return "\(subject(incompatibility)) \(unavailablePhrase(reason, incompatibility))"
        case .conflict:
            break
        }
        if terms.isEmpty || (terms.count == 1 && terms[0].package == PubGrubSolver.root && terms[0].term.isPositive) {
            return "version solving failed"
        }
        if terms.count == 1 {
            return "\(terse(terms[0])) is \(terms[0].term.isPositive ? "forbidden" : "required")"
        }
        if terms.count == 2, terms[0].term.isPositive == terms[1].term.isPositive {
            return terms[0].term.isPositive
                ? "\(terse(terms[0])) is incompatible with \(terse(terms[1]))"
                : "either \(terse(terms[0])) or \(terse(terms[1]))"
        }
        let positive = terms.filter { $0.term.isPositive }
        let negative = terms.filter { !$0.term.isPositive }.map { terse($0) }
        if !positive.isEmpty && !negative.isEmpty {
            if positive.count == 1 {
                return "\(terse(positive[0], allowEvery: true)) requires \(negative.joined(separator: " or "))"
            }
            return "if \(positive.map { terse($0) }.joined(separator: " and ")) then \(negative.joined(separator: " or "))"
        }
        if !positive.isEmpty {
            return "one of \(positive.map { terse($0) }.joined(separator: " or ")) must be false"
        }
        return "one of \(negative.joined(separator: " or ")) must be true"
    }

    /// Two incompatibilities joined by "and", merged into one phrase where pub's reporter
    /// would (`X depends on both A and B`, `X depends on Y which depends on Z`).
    private func and(_ first: Int, _ second: Int, _ firstLine: Int?, _ secondLine: Int?) -> String {
        if let both = requiresBoth(first, second, firstLine, secondLine) { return both }
        if let through = requiresThrough(first, second, firstLine, secondLine) { return through }
        if let forbidden = requiresForbidden(first, second, firstLine, secondLine) { return forbidden }
        var text = describe(first)
        if let firstLine { text += " (\(firstLine))" }
        text += " and \(describe(second))"
        if let secondLine { text += " (\(secondLine))" }
        return text
    }

    private func single(_ index: Int, positive: Bool) -> PackageTerm? {
        let matching = incompatibility(index).terms.filter { $0.term.isPositive == positive }
        return matching.count == 1 ? matching[0] : nil
    }

    private func verb(_ index: Int) -> String {
        if case .dependency = incompatibility(index).cause { return "depends on" }
        return "requires"
    }

    private func requiresBoth(_ first: Int, _ second: Int, _ firstLine: Int?, _ secondLine: Int?) -> String? {
        let a = incompatibility(first), b = incompatibility(second)
        guard a.terms.count != 1, b.terms.count != 1,
              let aPositive = single(first, positive: true), let bPositive = single(second, positive: true),
              aPositive.package == bPositive.package, aPositive.term == bPositive.term,
              depender(a) == depender(b) else { return nil }
        let bothDependencies = verb(first) == "depends on" && verb(second) == "depends on"
        var text = "\(depender(a)) \(bothDependencies ? "depends on" : "requires") both \(negatives(a))"
        if let firstLine { text += " (\(firstLine))" }
        text += " and \(negatives(b))"
        if let secondLine { text += " (\(secondLine))" }
        return text
    }

    private func requiresThrough(_ first: Int, _ second: Int, _ firstLine: Int?, _ secondLine: Int?) -> String? {
        guard incompatibility(first).terms.count != 1, incompatibility(second).terms.count != 1 else { return nil }
        let firstNegative = single(first, positive: false), secondNegative = single(second, positive: false)
        let firstPositive = single(first, positive: true), secondPositive = single(second, positive: true)
        let prior: Int, latter: Int, priorLine: Int?, latterLine: Int?
        if let firstNegative, let secondPositive, leadsTo(firstNegative, secondPositive) {
            (prior, latter, priorLine, latterLine) = (first, second, firstLine, secondLine)
        } else if let secondNegative, let firstPositive, leadsTo(secondNegative, firstPositive) {
            (prior, latter, priorLine, latterLine) = (second, first, secondLine, firstLine)
        } else {
            return nil
        }
        var text = lead(prior) + negatives(incompatibility(prior))
        if let priorLine { text += " (\(priorLine))" }
        text += " which \(verb(latter)) \(negatives(incompatibility(latter)))"
        if let latterLine { text += " (\(latterLine))" }
        return text
    }

    private func requiresForbidden(_ first: Int, _ second: Int, _ firstLine: Int?, _ secondLine: Int?) -> String? {
        let a = incompatibility(first), b = incompatibility(second)
        guard a.terms.count == 1 || b.terms.count == 1 else { return nil }
        let (prior, latter, priorLine, latterLine) = a.terms.count == 1
            ? (second, first, secondLine, firstLine) : (first, second, firstLine, secondLine)
        guard let negative = single(prior, positive: false),
              let forbidden = incompatibility(latter).terms.first, forbidden.term.isPositive,
              leadsTo(negative, forbidden) else { return nil }
        var text = lead(prior) + negatives(incompatibility(prior))
        if let priorLine { text += " (\(priorLine))" }
        switch incompatibility(latter).cause {
        case .prereleaseOnly:
            text += ", which only pre-release versions of \(solver.packages[forbidden.package].name) match, "
                + "and no requirement in use names a pre-release"
        case let .unavailable(reason):
            text += " which \(unavailablePhrase(reason, incompatibility(latter)))"
        case let .dependency(cause):
            text += " which depends on \(target(cause, incompatibility(latter)))"
        case .root, .conflict:
            text += " which is forbidden"
        }
        if let latterLine { text += " (\(latterLine))" }
        return text
    }

    /// Whether what `negative` requires lies within `positive`, so that one leads to the other.
    private func leadsTo(_ negative: PackageTerm, _ positive: PackageTerm) -> Bool {
        guard negative.package == positive.package else { return false }
        let universe = solver.packages[negative.package].universe
        return negative.term.inverse(universe: universe).satisfies(positive.term)
    }

    /// "X depends on " or "if A or B then " for the start of a chained phrase.
    private func lead(_ index: Int) -> String {
        let positives = incompatibility(index).terms.filter { $0.term.isPositive }
        if positives.count > 1, case .dependency = incompatibility(index).cause {
            return "\(depender(incompatibility(index))) depends on "
        }
        if positives.count > 1 {
            return "if \(positives.map { terse($0) }.joined(separator: " or ")) then "
        }
        return "\(depender(incompatibility(index))) \(verb(index)) "
    }

    /// What the negative terms of an incompatibility ask for.
    private func negatives(_ incompatibility: Incompatibility) -> String {
        if case let .dependency(cause) = incompatibility.cause {
            return target(cause, incompatibility)
        }
        return incompatibility.terms.filter { !$0.term.isPositive }.map { terse($0) }.joined(separator: " or ")
    }

    /// Who states a dependency: a Podfile target, a pod at some versions, a subspec.
    private func depender(_ incompatibility: Incompatibility) -> String {
        if case let .dependency(cause) = incompatibility.cause {
            if let declarer = cause.declarer { return declarer }
            if let subspec = cause.subspec, incompatibility.terms.count >= 2 {
                return versioned(solver.packages[subspec].name, incompatibility.terms[1], allowEvery: true)
            }
        }
        guard let positive = incompatibility.terms.first(where: { $0.term.isPositive }) else { return "" }
        return terse(positive, allowEvery: true)
    }

    /// The subject of an `unavailable` incompatibility: the pod, or the subspec, at its versions.
    private func subject(_ incompatibility: Incompatibility) -> String {
        let terms = incompatibility.terms
        if terms.count == 2, case let .subspec(_, path) = solver.packages[terms[0].package].kind {
            let pod = solver.packages[terms[1].package]
            return versioned(PodName.join(pod.name, path), terms[1], allowEvery: true)
        }
        return terse(terms[0], allowEvery: true)
    }

    private func unavailablePhrase(_ reason: Unavailability, _ incompatibility: Incompatibility) -> String {
        switch reason {
        case let .platform(.needsDeploymentTarget(target), platform):
            let name = Platform(name: platform.name, deploymentTarget: target).description
            return "requires a deployment target of at least \(name) (the platform is \(platform.description))"
        case let .platform(_, platform):
            return "does not support \(platform.displayName)"
        case let .unreadable(message):
            return "cannot be read (\(message))"
        case .missingSubspec:
            return "does not exist"
        case let .malformedRequirement(dependency, error):
            return "has a malformed requirement on \(dependency) (\(error.description))"
        }
    }

    /// What a dependency asks for, as written: `XXPay (= 2.1.0-rc.2)`; and, when nothing
    /// can satisfy it, why.
    private func target(_ cause: DependencyCause, _ incompatibility: Incompatibility) -> String {
        if cause.isSameVersion { return cause.name }
        let requirements = cause.requirements.isEmpty ? "" : " (\(solver.catalog.display(cause.requirements)))"
        var text = cause.name + requirements
        guard !incompatibility.terms.contains(where: { $0.package == cause.target }),
              let universe = solver.packages[cause.target].pod else { return text }
        if let external = universe.external {
            text += ", which \(universe.name) \(universe.versions[0]) from \(external.origin) does not satisfy"
        } else {
            text += ", which no version of \(universe.name) matches"
        }
        return text
    }

    /// `P match > 2.0.2`, or just `P` when the term is all of P's versions.
    private func preReleaseSubject(_ packageTerm: PackageTerm) -> String {
        let package = solver.packages[packageTerm.package]
        if packageTerm.term.versions == package.universe { return package.name }
        return "\(package.name) match \(text(packageTerm.term.versions, of: packageTerm.package))"
    }

    /// A term as a noun: `XXPay (~> 2.0)`, `every version of XXOrder`, `XXUIKit/Core`.
    private func terse(_ packageTerm: PackageTerm, allowEvery: Bool = false) -> String {
        let package = solver.packages[packageTerm.package]
        switch package.kind {
        case .root, .subspec:
            return package.name
        case .pod:
            let constraint = packageTerm.term.constraint(universe: package.universe)
            return versioned(package.name, PackageTerm(package: packageTerm.package, term: .positive(constraint)),
                             allowEvery: allowEvery)
        }
    }

    /// `name` with the versions of the pod term `podTerm`.
    private func versioned(_ name: String, _ podTerm: PackageTerm, allowEvery: Bool) -> String {
        let package = solver.packages[podTerm.package]
        let versions = podTerm.term.versions
        if versions == package.universe { return allowEvery ? "every version of \(name)" : name }
        return "\(name) (\(text(versions, of: podTerm.package)))"
    }

    /// A set of versions as text: a requirement that means exactly it, else the versions or
    /// ranges of versions it holds.
    private func text(_ versions: VersionSet, of package: Int) -> String {
        if let known = requirementTexts[package]?[versions] { return known }
        guard let universe = solver.packages[package].pod else { return "" }
        let candidates = solver.packages[package].universe.indices
        var parts: [String] = []
        var position = 0
        while position < candidates.count {
            guard versions.contains(candidates[position]) else {
                position += 1
                continue
            }
            var end = position
            while end + 1 < candidates.count, versions.contains(candidates[end + 1]) { end += 1 }
            let low = universe.versions[candidates[position]], high = universe.versions[candidates[end]]
            if position == end {
                parts.append(low.description)
            } else if position == 0 {
                parts.append("<= \(high)")
            } else if end == candidates.count - 1 {
                parts.append(">= \(low)")
            } else {
                parts.append(">= \(low), <= \(high)")
            }
            position = end + 1
        }
        if parts.isEmpty { return "no version" }
        if parts.count == 1 { return parts[0] }
        return parts.dropLast().joined(separator: ", ") + " or " + parts.last!
    }
}
