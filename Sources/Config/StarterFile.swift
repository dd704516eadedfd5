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

    static let mainProject = """
        # compctl.yml for a main project: the app that integrates every component.
        # Every key is optional; delete what you do not need. Relative paths are relative to
        # this file. Reference: README.md, section "compctl.yml".

        # Private spec repos, searched in priority order (lowest number first), as the first
        # `source` line of a Podfile wins. `url` is a directory, a bare repository, or a git
        # URL (file://, ssh://, https://, git@host:path). Credentials come from the ssh agent,
        # COMPCTL_SSH_KEY or COMPCTL_GIT_TOKEN, never from this file.
        spec_repos:
          - name: private
            url: git@git.example.com:ios/Specs.git
            priority: 1

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

        # The spec repo that `compctl bump --publish private` and `compctl publish --repo
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
