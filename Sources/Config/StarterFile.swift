import Foundation

/// The commented `compctl.yml` that `compctl init` writes.
public enum StarterFile {
    /// What the file is for: the app that integrates components, or one component's repo.
    public enum Kind: Sendable {
        case mainProject
        case component
    }

    /// The starter text for `kind`. It parses as a valid configuration as it stands.
    public static func text(for kind: Kind) -> String {
        switch kind {
        case .mainProject: mainProject
        case .component: component
        }
    }

    /// The main project's starter text with the spec repos of a Podfile's `source` lines
    /// (`sources`, in the Podfile's order, so the first wins as in CocoaPods) and the
    /// Podfile's path. Trunk is public: it is named in a comment, not listed. Returns the
    /// text and how many private spec repos it lists.
    public static func mainProject(podfile: String, sources: [String]) -> (text: String, specRepos: Int) {
        var names: Set<String> = []
        var lines: [String] = []
        var trunk: [String] = []
        for source in sources {
            if isTrunk(source) {
                trunk.append(source)
                continue
            }
            var name = specRepoName(forURL: source)
            if names.contains(name) { name = (2...).lazy.map { "\(name)-\($0)" }.first { !names.contains($0) }! }
            names.insert(name)
            lines += ["  - name: \(name)", "    url: \(quotedIfNeeded(source))", "    priority: \(names.count)"]
        }
        guard !lines.isEmpty else { return (mainProject, 0) }
        var block = "spec_repos:\n" + lines.joined(separator: "\n") + "\n"
        for url in trunk {
            block += "  # trunk (\(url)) is read where the Podfile names it; `trunk: off` below never reads it\n"
        }
        let starter = mainProject.components(separatedBy: "\n")
        guard let start = starter.firstIndex(of: "spec_repos:"),
              let end = starter[start...].firstIndex(of: "") else { return (mainProject, 0) }
        var text = (starter[..<start] + [block.dropLast().description] + starter[end...]).joined(separator: "\n")
        text = text.replacingOccurrences(of: "    podfile: Podfile\n", with: "    podfile: \(quotedIfNeeded(podfile))\n")
        return (text, names.count)
    }

    /// Whether `url` is CocoaPods' public trunk (its CDN or the old GitHub spec repo).
    static func isTrunk(_ url: String) -> Bool {
        let lowered = url.lowercased()
        return lowered == "trunk" || lowered.contains("cdn.cocoapods.org") || lowered.contains("github.com/cocoapods/specs")
    }

    /// A spec repo's name from its URL: the last path component without `.git`, lower-case,
    /// with only letters, digits, `.`, `_` and `-`.
    static func specRepoName(forURL url: String) -> String {
        var last = url.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? ""
        if last.lowercased().hasSuffix(".git") { last = String(last.dropLast(4)) }
        let name = String(last.lowercased().unicodeScalars.filter {
            CharacterSet.alphanumerics.contains($0) && $0.isASCII || "._-".unicodeScalars.contains($0)
        }.map(Character.init))
        return name.isEmpty || name.hasPrefix(".") ? "specs" : name
    }

    /// `value` as a YAML scalar: as it is when plain YAML keeps it, else double-quoted.
    static func quotedIfNeeded(_ value: String) -> String {
        let plain = value.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "@:/._-~+".unicodeScalars.contains($0) }
            && !value.hasPrefix("@") && !value.contains(": ")
        if plain { return value }
        return "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static let mainProject = """
        # compctl.yml for a main project: the app that integrates every component.
        # Every key is optional; delete what you do not need. Relative paths are relative to
        # this file. Reference: README.md, section "compctl.yml".

        # Spec repos. A Podfile is resolved against its own `source` lines, in their order, as
        # CocoaPods reads them; a spec repo listed here that a `source` line names (by `url`,
        # or in `podfile_source`) is read from its `url`, and the others come after the
        # Podfile's sources, in priority order (lowest number first). `url` is a directory, a
        # bare repository, a git URL (file://, ssh://, https://, git@host:path) or a CDN URL.
        # Credentials come from the ssh agent, COMPCTL_SSH_KEY or COMPCTL_GIT_TOKEN, never
        # from this file.
        spec_repos:
          - name: private
            url: git@git.example.com:ios/Specs.git
            priority: 1

        # trunk (CocoaPods' public CDN) is read where a Podfile reads it. `off` never reads it,
        # for a team that keeps compctl off the public network: public pods are then taken at
        # their Podfile.lock versions, with a warning.
        trunk: on

        # Projects whose manifests compctl reads, checks for skew and pins. `kind: main` is an
        # app that ships; `kind: example` is a component's example app ("shell project").
        projects:
          - name: App
            podfile: Podfile
            kind: main

        # The compile check `compctl integrate` runs before it pins anything. It runs exactly
        # as written, in this directory; compctl passes context only through environment
        # variables: COMPCTL_COMPONENTS, COMPCTL_STAGED_SPEC_REPO, COMPCTL_PODFILE.
        check_command: "xcodebuild -workspace App.xcworkspace -scheme App -sdk iphonesimulator build"

        # Layers, lowest first. A pod may depend only on pods of lower layers. Patterns are
        # pod names or globs. allow_same_layer: false forbids dependencies inside a layer.
        layers:
          - name: resource
            pods: ["*Resources", "*Assets"]
          - name: base
            pods: ["*Foundation", "*Networking", "*Storage"]
            allow_same_layer: false
          - name: core
            pods: ["*Router", "*Mediator"]
          - name: business
            pods: ["*"]

        # How versions become git tags: "{version}" (1.2.0) or "v{version}" (v1.2.0).
        tag_format: "{version}"

        # The label of release candidates: rc gives 0.1.8-rc.1.
        rc_label: rc

        # Interface pods (Foo + suffix) share their major version with Foo; adding an
        # interface bumps the minor of both, changing or removing one bumps the major.
        interface_rule:
          enabled: false
          suffix: Protocols

        # `report skew` calls an rc stale when it is older than this and was never released.
        stale_rc_days: 30

        """

    static let component = """
        # compctl.yml for a component repo: how `compctl bump` tags and where it publishes.
        # Every key is optional; delete what you do not need. Reference: README.md.

        # The spec repo that `compctl bump --repo private` and `compctl publish --repo
        # private` push to. `url` is a directory, a bare repository or a git URL.
        spec_repos:
          - name: private
            url: git@git.example.com:ios/Specs.git
            priority: 1

        # How versions become git tags: "{version}" (1.2.0) or "v{version}" (v1.2.0).
        tag_format: "{version}"

        # The label of release candidates: rc gives 0.1.8-rc.1.
        rc_label: rc

        """
}
