import Config
import Foundation
import TestSupport

/// SplitMix64: small, fast and the same on every platform, so a seed names one run.
struct FuzzRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(max(bound, 1)))
    }

    mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }
}

/// What a file is, which decides the readers it goes through and the mutations that suit it.
enum InputKind: String, CaseIterable, Sendable {
    case rubyPodspec = "podspec"
    case jsonPodspec = "podspec.json"
    case podfile = "Podfile"
    case podfileLock = "lock"
    case config = "yml"
    case packageSwift = "swift"
    case pbxproj = "pbxproj"

    /// The kind of a reproducer file, from its extension.
    init?(fileName name: String) {
        if name.hasSuffix(".podspec.json") { self = .jsonPodspec } else if name.hasSuffix(".podspec") {
            self = .rubyPodspec
        } else if name.hasSuffix(".Podfile") { self = .podfile } else if name.hasSuffix(".lock") {
            self = .podfileLock
        } else if name.hasSuffix(".yml") { self = .config } else if name.hasSuffix(".swift") {
            self = .packageSwift
        } else if name.hasSuffix(".pbxproj") {
            self = .pbxproj
        } else {
            return nil
        }
    }

    /// The extension a reproducer of this kind is saved with.
    var fileExtension: String { rawValue }

    /// How often the fuzzer picks the kind, out of 100: podspecs come from three spec repos
    /// and a dozen projects, so they get the most; the three Package.swift files (the
    /// slowest to read, 6 ms each in a debug build) the least.
    var weight: Int {
        switch self {
        case .rubyPodspec: 36
        case .jsonPodspec: 18
        case .podfile: 22
        case .podfileLock: 8
        case .config: 8
        case .packageSwift: 6
        case .pbxproj: 2
        }
    }
}

/// One file the fuzzer starts from.
struct Seed: Sendable {
    var kind: InputKind
    /// Where it comes from, for messages: a corpus path, `bundle:…`, `generated:…`.
    var origin: String
    var bytes: [UInt8]
}

/// Every seed file: the corpus's loose podspecs, Podfiles, lock files and Package.swift
/// files, the specs inside its three spec repo bundles (cloned with the git CLI), the
/// project's sample app and spec repo, the starter compctl.yml files and generated ones.
enum SeedCorpus {
    static func load(random: inout FuzzRandom) throws -> [Seed] {
        var seeds: [Seed] = []
        func add(_ url: URL, _ kind: InputKind, origin: String) throws {
            seeds.append(Seed(kind: kind, origin: origin, bytes: [UInt8](try Data(contentsOf: url))))
        }
        func addPodspecs(under folder: String, label: (URL) -> String) throws {
            for url in SharedCorpus.files(under: folder, where: { $0.hasSuffix(".podspec") || $0.hasSuffix(".podspec.json") }) {
                try add(url, url.path.hasSuffix(".json") ? .jsonPodspec : .rubyPodspec, origin: label(url))
            }
        }
        let corpus = SharedCorpus.root
        func relative(_ url: URL) -> String { String(url.path.dropFirst(corpus.path.count + 1)) }

        try addPodspecs(under: "podspecs", label: relative)
        try addPodspecs(under: "podspec-json", label: relative)
        for url in SharedCorpus.files(under: "podfiles", where: { $0.hasSuffix("Podfile") }) {
            try add(url, .podfile, origin: relative(url))
        }
        for url in SharedCorpus.files(under: "podfile-locks", where: { $0.hasSuffix("Podfile.lock") }) {
            try add(url, .podfileLock, origin: relative(url))
        }
        for url in SharedCorpus.files(under: "package-swift", where: { $0.hasSuffix("Package.swift") }) {
            try add(url, .packageSwift, origin: relative(url))
        }
        for url in SharedCorpus.files(under: "xcodeproj", where: { $0.hasSuffix("project.pbxproj") }) {
            try add(url, .pbxproj, origin: relative(url))
        }

        // The specs at the tip of each spec repo bundle.
        let clones = try TemporaryDirectory(prefix: "compctl-fuzz-bundles")
        for bundle in ["artsy+Specs", "wisemen-digital+Podspecs", "zumo+zumokit-specs"] {
            let clone = clones.url.appendingPathComponent(bundle)
            try gitCLI("clone", "--quiet", corpus.appendingPathComponent("specrepos/\(bundle).bundle").path, clone.path)
            try addPodspecs(under: clone.path) { "bundle:\(bundle)/" + $0.path.dropFirst(clone.path.count + 1) }
        }

        // The project's own sample app, spec repo and starter files.
        let root = SharedCorpus.packageRoot
        try addPodspecs(under: root.appendingPathComponent("Specs").path) { "Specs/" + $0.path.dropFirst(root.path.count + 7) }
        let sample = root.appendingPathComponent("scripts/sample-app")
        try add(sample.appendingPathComponent("Podfile"), .podfile, origin: "scripts/sample-app/Podfile")
        try add(sample.appendingPathComponent("Podfile.lock"), .podfileLock, origin: "scripts/sample-app/Podfile.lock")
        try add(sample.appendingPathComponent("compctl.yml"), .config, origin: "scripts/sample-app/compctl.yml")
        seeds.append(Seed(kind: .config, origin: "starter:main", bytes: Array(StarterFile.text(for: .mainProject).utf8)))
        seeds.append(Seed(kind: .config, origin: "starter:component", bytes: Array(StarterFile.text(for: .component).utf8)))
        for index in 0..<24 {
            seeds.append(Seed(kind: .config, origin: "generated:\(index)", bytes: Array(generatedConfig(&random).utf8)))
        }
        return seeds
    }

    /// A random compctl.yml built from every key the loader knows, mostly valid, in block or
    /// flow style, with comments, anchors and aliases here and there.
    static func generatedConfig(_ random: inout FuzzRandom) -> String {
        var lines: [String] = []
        let names = ["acme", "private", "second", "Specs", "a-b_c", "ü", ""]
        let urls = ["../Specs", "git@git.example.com:ios/Specs.git", "https://example.com/Specs.git", "file:///tmp/x", "~/Specs"]
        if random.chance(80) {
            lines.append("spec_repos:\(random.chance(20) ? " &repos" : "")")
            for index in 0..<(1 + random.below(3)) {
                if random.chance(30) {
                    lines.append("  - {name: \(random.pick(names))\(index), url: \"\(random.pick(urls))\", priority: \(random.below(5))}")
                } else {
                    lines.append("  - name: \(random.pick(names))\(index)")
                    lines.append("    url: \(random.pick(urls))")
                    if random.chance(50) { lines.append("    priority: \(random.pick(["1", "2", "-1", "x", "1.5"]))") }
                }
            }
        }
        if random.chance(70) {
            lines.append("projects:")
            for index in 0..<(1 + random.below(3)) {
                lines.append("  - name: App\(index)")
                lines.append("    \(random.pick(["podfile: Podfile", "package_swift: Package.swift", "podfile: Example/Podfile"]))")
                if random.chance(40) { lines.append("    kind: \(random.pick(["main", "example", "other"]))") }
            }
        }
        if random.chance(60) {
            lines.append("check_command: " + random.pick(["\"sh check.sh\"", "[\"xcodebuild\", \"-scheme\", \"App\"]", "[]", "''"]))
        }
        if random.chance(60) {
            lines.append("layers:")
            for index in 0..<(1 + random.below(4)) {
                lines.append("  - name: layer\(index)")
                lines.append("    pods: [\"XX*Kit\", \"XX?ay\", \"*\"]")
                if random.chance(50) { lines.append("    allow_same_layer: \(random.pick(["true", "false", "yes", "maybe"]))") }
            }
        }
        if random.chance(50) { lines.append("tag_format: \(random.pick(["\"{version}\"", "\"v{version}\"", "x"]))") }
        if random.chance(50) { lines.append("rc_label: \(random.pick(["rc", "beta", "1", ""]))") }
        if random.chance(50) {
            lines.append("interface_rule:")
            lines.append("  enabled: \(random.pick(["true", "false"]))")
            lines.append("  suffix: \(random.pick(["Protocols", "Interface", ""]))")
        }
        if random.chance(40) { lines.append("stale_rc_days: \(random.pick(["30", "0", "-5", "many"]))") }
        if random.chance(20) { lines.append("# a comment") }
        if random.chance(10) { lines.append("unknown_key: *repos") }
        return lines.joined(separator: "\n") + "\n"
    }
}
