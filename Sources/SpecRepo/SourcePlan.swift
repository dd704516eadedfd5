/// Whether trunk is read, and where from.
public enum TrunkSetting: Equatable, Sendable {
    /// Read from `url`: trunk's CDN, or a mirror of it (`COMPCTL_TRUNK=URL`).
    case on(url: String)
    /// Never read; `reason` says who turned it off (`compctl.yml says trunk: off`).
    case off(reason: String)

    /// trunk at its own CDN.
    public static let standard = TrunkSetting.on(url: SpecRepoURL.trunk)
}

/// One source a command will read, before it is opened.
public struct PlannedSource: Equatable, Sendable {
    /// What to open, as a SOURCE argument: a name from compctl.yml, a URL or a path; trunk's
    /// URL for trunk.
    public var argument: String
    /// Other addresses that name it: the Podfile's `source` lines and `:source`s it stands
    /// for, and `trunk` for trunk (a Podfile.lock's `SPEC REPOS` key).
    public var aliases: [String]
    /// Whether it is trunk (its CDN or a mirror of it).
    public var isTrunk: Bool

    /// A planned source.
    public init(argument: String, aliases: [String] = [], isTrunk: Bool = false) {
        self.argument = argument
        self.aliases = aliases
        self.isTrunk = isTrunk
    }
}

/// The sources a command reads, in priority order (the first that has a version of a pod
/// gives it, as the first `source` of a Podfile does).
public struct SourcePlan: Equatable, Sendable {
    public var sources: [PlannedSource]
    /// Why trunk is left out although the Podfile reads it (`trunk: off`), else nil.
    public var trunkLeftOut: String?

    /// A plan of `sources`.
    public init(sources: [PlannedSource], trunkLeftOut: String? = nil) {
        self.sources = sources
        self.trunkLeftOut = trunkLeftOut
    }

    /// The sources that are not trunk: what enumerations (`graph` without a Podfile,
    /// `outdated`, the report) read.
    public var privateSources: [PlannedSource] {
        sources.filter { !$0.isTrunk }
    }

    /// The sources of a Podfile, as CocoaPods reads them (`Installer::Analyzer#sources`): its
    /// `source` lines in order and the `:source` of its `pod` lines; only the latter when
    /// every pod names one; trunk when it names none and has pods.
    ///
    /// compctl.yml changes where they are read from and adds to them:
    /// - a `source` line that a spec repo of compctl.yml stands for (its `url` or one of its
    ///   `podfile_source`s, compared by `SpecRepoURL`) is read from that spec repo;
    /// - compctl.yml's other spec repos come after the Podfile's sources, by priority: they
    ///   can add pods, never change what the Podfile's sources give; those in
    ///   `readOnlyWhenNamed` (the binary repo, whose specs are twins of the source specs) are
    ///   read only when a `source` line or `:source` names them;
    /// - `commandLine` (`--source`), when given, stands for every source but trunk: its
    ///   sources take the place of the Podfile's first other source (after trunk when the
    ///   Podfile names no other), and compctl.yml's spec repos are not read;
    /// - trunk is read as `trunk` says, and left out when it is off.
    public static func forPodfile(
        sourceLines: [String], podSources: [String], everyPodHasSource: Bool, hasPods: Bool,
        commandLine: [String], configured: [ConfiguredSpecRepo], trunk: TrunkSetting,
        readOnlyWhenNamed: Set<String> = []
    ) -> SourcePlan {
        var addresses: [String] = []
        func add(_ address: String) {
            if !addresses.contains(where: { SpecRepoURL.same($0, address) }) { addresses.append(address) }
        }
        if everyPodHasSource && hasPods {
            podSources.forEach(add)
        } else if hasPods && sourceLines.isEmpty {
            add(SpecRepoURL.trunk)
            podSources.forEach(add)
        } else {
            (sourceLines + podSources).forEach(add)
        }

        var planned: [PlannedSource] = []
        var trunkLeftOut: String?
        func append(_ source: PlannedSource) {
            if let index = planned.firstIndex(where: { $0.argument == source.argument }) {
                for alias in source.aliases where !planned[index].aliases.contains(alias) {
                    planned[index].aliases.append(alias)
                }
            } else {
                planned.append(source)
            }
        }
        func trunkSource(alias: String) -> PlannedSource? {
            switch trunk {
            case let .on(url):
                let aliases = alias == SpecRepoURL.trunkName ? [alias] : [alias, SpecRepoURL.trunkName]
                return PlannedSource(argument: url, aliases: aliases, isTrunk: true)
            case let .off(reason):
                trunkLeftOut = reason
                return nil
            }
        }

        if !commandLine.isEmpty {
            let standIns = commandLine.map { argument in
                PlannedSource(argument: argument, aliases: addresses.filter { !SpecRepoURL.isTrunk($0) },
                              isTrunk: SpecRepoURL.isTrunk(argument))
            }
            var placed = false
            for address in addresses {
                if SpecRepoURL.isTrunk(address) {
                    if !standIns.contains(where: \.isTrunk), let source = trunkSource(alias: address) { append(source) }
                } else if !placed {
                    standIns.forEach(append)
                    placed = true
                }
            }
            if !placed { standIns.forEach(append) }
            return SourcePlan(sources: planned, trunkLeftOut: trunkLeftOut)
        }

        var used: Set<String> = []
        for address in addresses {
            if let entry = configured.first(where: { $0.standsFor(address) }) {
                used.insert(entry.name)
                append(PlannedSource(argument: entry.name, aliases: [address], isTrunk: SpecRepoURL.isTrunk(address)))
            } else if SpecRepoURL.isTrunk(address) {
                if let source = trunkSource(alias: address) { append(source) }
            } else {
                append(PlannedSource(argument: address, aliases: [address]))
            }
        }
        for entry in configured where !used.contains(entry.name) && !readOnlyWhenNamed.contains(entry.name) {
            append(PlannedSource(argument: entry.name, isTrunk: entry.podfileSources.contains(where: SpecRepoURL.isTrunk)))
        }
        return SourcePlan(sources: planned, trunkLeftOut: trunkLeftOut)
    }

    /// The sources of a command that reads no Podfile: `commandLine` (`--source`), else
    /// compctl.yml's spec repos by priority, else `fallback` (the private `source` lines of
    /// the project's Podfile). Never trunk, unless named.
    public static func withoutPodfile(commandLine: [String], configured: [ConfiguredSpecRepo],
                                      fallback: [String] = []) -> SourcePlan {
        if !commandLine.isEmpty {
            return SourcePlan(sources: commandLine.map { PlannedSource(argument: $0, isTrunk: SpecRepoURL.isTrunk($0)) })
        }
        if !configured.isEmpty {
            return SourcePlan(sources: configured.map { PlannedSource(argument: $0.name) })
        }
        var sources: [PlannedSource] = []
        for address in fallback where !SpecRepoURL.isTrunk(address)
            && !sources.contains(where: { SpecRepoURL.same($0.argument, address) }) {
            sources.append(PlannedSource(argument: address, aliases: [address]))
        }
        return SourcePlan(sources: sources)
    }
}

extension ConfiguredSpecRepo {
    /// Whether this spec repo stands for the Podfile source `address`: its URL or one of the
    /// Podfile sources compctl.yml maps to it.
    public func standsFor(_ address: String) -> Bool {
        ([writtenURL, url] + podfileSources).contains { SpecRepoURL.same($0, address) }
    }
}
