/// Which part of a version a bump raises (compctl's bump rules, DESIGN.md).
public enum BumpKind: Sendable, Hashable {
    /// The next major release: 1.2.3 → 2.0.0; a prerelease of x.0.0 → x.0.0.
    case major
    /// The next minor release: 1.2.3 → 1.3.0; a prerelease of x.y.0 → x.y.0.
    case minor
    /// The next patch release: 1.2.3 → 1.2.4; a prerelease of x.y.z → x.y.z.
    case patch
    /// The release a prerelease leads to: 0.1.8-rc.2 → 0.1.8.
    case release
    /// The next release candidate: 0.1.7 → 0.1.8-rc.1 (for `.patch`), 0.1.8-rc.1 → 0.1.8-rc.2.
    case rc(base: RCBase)
}

/// The release a release candidate leads to, counted from the version bumped.
public enum RCBase: Sendable, Hashable {
    case major, minor, patch
}

extension Version {
    /// The version after this one by compctl's bump rules. Build metadata is dropped.
    ///
    /// On a release, `.major`/`.minor`/`.patch` raise that number and set the lower ones
    /// to 0 (1.0 `.patch` → 1.0.1). On a prerelease they follow npm semver's `inc`: the
    /// prerelease's own release when it is already of that kind (1.2.3-rc.1 `.patch` →
    /// 1.2.3, 1.3.0-rc.1 `.minor` → 1.3.0), else the next one. `.rc` starts
    /// `<release>-<label>.1`, or continues the sequence of a prerelease of that same
    /// release (`-<label>.N` → `-<label>.N+1`). Throws when this is no prerelease and
    /// `.release` is asked, when the label is not letters only, and when the result
    /// would not sort after this version: a bump never goes backwards.
    public func bumped(_ kind: BumpKind, rcLabel: String = "rc") throws -> Version {
        let text: String
        switch kind {
        case .major: text = Version.dotted(releaseTarget(.major))
        case .minor: text = Version.dotted(releaseTarget(.minor))
        case .patch: text = Version.dotted(releaseTarget(.patch))
        case .release:
            guard isPrerelease else { throw VersionError.notAPrerelease(description) }
            // Gem's `release`: the leading numbers as they are (0.1.8-rc.2 → 0.1.8).
            text = Version.dotted(leadingNumbers)
        case let .rc(base):
            guard !rcLabel.isEmpty, rcLabel.utf8.allSatisfy(\.isASCIILetter) else {
                throw VersionError.invalidRCLabel(rcLabel)
            }
            let target = releaseTarget(base)
            let sameRelease = isPrerelease
                && Version.compareNumbers(numbers, Version.droppingTrailingZeros(target)) == 0
            var next = 1
            if sameRelease, prereleaseSegments.first == .text(rcLabel) {
                if prereleaseSegments.count == 1 {
                    next = 1
                } else if case let .number(current) = prereleaseSegments[1] {
                    next = current + 1
                }
            }
            text = "\(Version.dotted(target))-\(rcLabel).\(next)"
        }
        let result = try Version(text)
        guard self < result else {
            throw VersionError.bumpNotGreater(from: description, to: result.description)
        }
        return result
    }

    /// The major.minor.patch a bump of `level` leads to.
    private func releaseTarget(_ level: RCBase) -> [Int] {
        switch (level, isPrerelease) {
        case (.patch, false): return [major, minor, patch + 1]
        case (.patch, true): return [major, minor, patch]
        case (.minor, false): return [major, minor + 1, 0]
        case (.minor, true): return patch == 0 ? [major, minor, 0] : [major, minor + 1, 0]
        case (.major, false): return [major + 1, 0, 0]
        case (.major, true): return minor == 0 && patch == 0 ? [major, 0, 0] : [major + 1, 0, 0]
        }
    }

    private static func droppingTrailingZeros(_ values: [Int]) -> [Int] {
        var values = values
        while let last = values.last, last == 0 { values.removeLast() }
        return values
    }
}

extension Version {
    /// Whether this version is a release candidate under `label` (compctl.yml's `rc_label`):
    /// its prerelease part starts with the label, as `bumped(.rc, rcLabel:)` writes it
    /// (`2.1.0-rc.2`, `1.0.0.rc.1`, `1.0.0-rc1`). Other prereleases, such as a binary build
    /// `2.3.0-xcframework` or a `-beta.1` when the label is `rc`, are no rcs.
    public func isReleaseCandidate(label: String) -> Bool {
        prereleaseSegments.first == .text(label)
    }
}
