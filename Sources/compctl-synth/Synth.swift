// compctl-synth: writes a seeded synthetic spec repo for benchmarks (scripts/bench.sh).
// A developer tool, not part of the product: N pods x M versions in layers (a pod depends
// only on pods of lower layers, with `~>` requirements that some published version
// satisfies), about one version in ten an rc, as JSON or Ruby podspecs, optionally sharded
// like trunk (`Specs/` + `CocoaPods-version.yml` with prefix_lengths [1, 1, 1]).
// `--pin-percent` makes that share of requirements exact pins of older releases, so that
// consumers disagree and a resolver must backtrack (or fail); `--podfile` writes a main
// project's Podfile naming `--top` pods of the top layer, with or without the repo;
// `--serve-cdn` serves the repo as a CDN on 127.0.0.1 instead of writing it (trunk's
// layout, made on the fly, `--latency-ms` added to each answer); `--time-search` times
// CocoaPods' search alone on a Podfile and a repo (SearchTimer.swift).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Foundation
import SpecRepo

@main
struct Synth: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compctl-synth",
        abstract: "Writes a seeded synthetic spec repo for benchmarks."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json
        case ruby
    }

    @Option(help: "Number of pods.")
    var pods: Int = 100

    @Option(help: "Number of versions per pod.")
    var versions: Int = 20

    @Option(help: "Seed of the random generator; the same seed writes the same repo.")
    var seed: UInt64 = 1

    @Option(help: "Directory to create; must not exist or be empty. Optional with --podfile.")
    var out: String?

    @Option(help: "Percentage of requirements that pin an older release exactly (`= 1.2.3`): conflicts and backtracking.")
    var pinPercent: Int = 0

    @Option(help: "Also write a Podfile here, naming --top pods of the top layer.")
    var podfile: String?

    @Option(help: "Number of top-level pods in the Podfile.")
    var top: Int = 50

    @Option(help: "Seed of the Podfile's choice of pods; the repo is the same for every Podfile seed.")
    var podfileSeed: UInt64 = 1

    @Option(help: "Percentage of the Podfile's pods pinned exactly to one of their releases, as main projects pin.")
    var podfilePinPercent: Int = 0

    @Flag(help: "Trunk's layout: pods under Specs/ sharded by MD5 with prefix_lengths [1, 1, 1].")
    var sharded = false

    @Option(help: "Podspec format: json or ruby.")
    var format: Format = .json

    @Option(help: "Number of dependency layers (resource, base, core, business, app, ...).")
    var layers: Int = 5

    @Flag(help: "Serve the repo as a CDN on 127.0.0.1 (trunk's layout, made on the fly) instead of writing it; prints its URL.")
    var serveCdn = false

    @Option(help: "With --serve-cdn: serve the specs of this spec repo folder instead of a generated repo.")
    var from: String?

    @Option(help: "With --serve-cdn: the port (0: one the kernel picks).")
    var port: Int = 0

    @Option(help: "With --serve-cdn: milliseconds added before each answer, standing in for a real CDN.")
    var latencyMs: Int = 20

    @Option(help: ArgumentHelp(
        "Instead of writing: resolve this Podfile against --source as compctl does, then resolve it again over the "
            + "specs already read (CocoaPods' search alone), then again from scratch in the same process; prints the "
            + "three times in seconds, the last two medians.",
        valueName: "podfile"))
    var timeSearch: String?

    @Option(help: "With --time-search: the spec repo folder to resolve against.")
    var source: String?

    @Option(help: "With --time-search: how many times the search, and the resolve from scratch, run again.")
    var searchRuns: Int = 5

    @Option(help: "With --time-search and --read-files: the pod folders the resolve listed, one a line (from strace).")
    var readFolders: String?

    @Option(help: "With --time-search and --read-folders: the spec files the resolve read, one a line; adds the time to list and parse them all on one thread.")
    var readFiles: String?

    func validate() throws {
        guard pods > 0, versions > 0 else { throw ValidationError("--pods and --versions must be positive") }
        guard layers > 0 else { throw ValidationError("--layers must be positive") }
        guard (0...100).contains(pinPercent) else { throw ValidationError("--pin-percent must be between 0 and 100") }
        guard top > 0 else { throw ValidationError("--top must be positive") }
        guard (0...100).contains(podfilePinPercent) else {
            throw ValidationError("--podfile-pin-percent must be between 0 and 100")
        }
        if timeSearch != nil {
            guard source != nil else { throw ValidationError("--time-search resolves against --source: add it") }
            guard out == nil, podfile == nil, !serveCdn else {
                throw ValidationError("--time-search only reads: drop --out, --podfile and --serve-cdn")
            }
            guard searchRuns > 0 else { throw ValidationError("--search-runs must be positive") }
            guard (readFolders == nil) == (readFiles == nil) else {
                throw ValidationError("--read-folders and --read-files go together")
            }
            return
        }
        if source != nil { throw ValidationError("--source names what --time-search resolves against: add --time-search") }
        guard out != nil || podfile != nil || serveCdn else { throw ValidationError("give --out, --podfile, --serve-cdn or several") }
        if serveCdn, out != nil { throw ValidationError("--serve-cdn serves the repo instead of writing it: drop --out") }
        if from != nil, !serveCdn { throw ValidationError("--from names what --serve-cdn serves: add --serve-cdn") }
        var info = stat()
        if let out, stat(out, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR, isEmptyDirectory(out) else {
                throw ValidationError("--out '\(out)' exists and is not an empty directory; pick a new path")
            }
        }
    }

    func run() throws {
        if let timeSearch, let source {
            let (first, search, again) = try SearchTimer.measure(podfile: timeSearch, source: source, runs: searchRuns)
            var line = String(format: "%.6f %.6f %.6f", Self.seconds(first), Self.seconds(search), Self.seconds(again))
            if let readFolders, let readFiles {
                let reading = try SearchTimer.readAndParse(source: source, folders: readFolders, files: readFiles)
                line += String(format: " %.6f", Self.seconds(reading))
            }
            print(line)
            return
        }
        if serveCdn, let from {
            try CDNServer(folder: from, latency: Double(latencyMs) / 1000).serve(port: port)
        }
        var random = SplitMix64(seed: seed)
        let model = RepoModel.generate(
            pods: pods, versions: versions, layers: layers, pinPercent: pinPercent, random: &random)
        if let podfile {
            try write(podfileText(model), to: podfile)
        }
        if let out {
            try writeRepo(model, to: out)
        }
        if serveCdn {
            let server = CDNServer(pods: model, latency: Double(latencyMs) / 1000) { pod, release in
                Self.jsonSpec(pod: pod, release: release)
            }
            try server.serve(port: port)
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// A main project's Podfile: `top` distinct pods of the top layer, in a seeded order,
    /// without requirements (the newest release that resolves wins), except that
    /// `podfilePinPercent` of them are pinned exactly to one of their releases.
    private func podfileText(_ model: [PodModel]) -> String {
        let topLayer = model.filter { $0.layer == layers - 1 }
        var random = SplitMix64(seed: podfileSeed &* 0x9E37_79B9_7F4A_7C15 &+ seed)
        var lines: [String] = []
        var remaining = topLayer
        while lines.count < min(top, topLayer.count) {
            let pod = remaining.remove(at: Int.random(in: 0..<remaining.count, using: &random))
            if podfilePinPercent > 0, Int.random(in: 0..<100, using: &random) < podfilePinPercent {
                let (major, minor, patch) = pod.finals[Int.random(in: 0..<pod.finals.count, using: &random)]
                lines.append("  pod '\(pod.name)', '\(major).\(minor).\(patch)'\n")
            } else {
                lines.append("  pod '\(pod.name)'\n")
            }
        }
        return "# compctl-synth: \(lines.count) top pods of \(pods) x \(versions), seed \(seed), "
            + "pins \(pinPercent)%, Podfile seed \(podfileSeed), Podfile pins \(podfilePinPercent)%\n"
            + "platform :ios, '13.0'\n\ntarget 'App' do\n" + lines.joined() + "end\n"
    }

    private func writeRepo(_ model: [PodModel], to out: String) throws {
        let layout = SpecRepoLayout(specsDirectory: sharded ? "Specs" : "", prefixLengths: sharded ? [1, 1, 1] : [])
        try makeDirectory(out)
        if sharded {
            try write("---\nmin: 1.0.0\nprefix_lengths:\n- 1\n- 1\n- 1\n", to: out + "/" + SpecRepoLayout.metadataFile)
        }
        var created: Set<String> = [out]
        var rcCount = 0
        for pod in model {
            let podDirectory = out + "/" + layout.podPath(for: pod.name)
            try makeDirectories(podDirectory, created: &created)
            for release in pod.releases {
                if release.version.contains("-") { rcCount += 1 }
                let versionDirectory = podDirectory + "/" + release.version
                try makeDirectory(versionDirectory)
                switch format {
                case .json:
                    try write(Self.jsonSpec(pod: pod, release: release), to: versionDirectory + "/\(pod.name).podspec.json")
                case .ruby:
                    try write(rubySpec(pod: pod, release: release), to: versionDirectory + "/\(pod.name).podspec")
                }
            }
        }
        let message = "compctl-synth: wrote \(pods) pods x \(versions) versions (\(rcCount) rcs), "
            + "\(format.rawValue)\(sharded ? ", sharded" : "") to \(out)\n"
        FileHandle.standardError.write(Data(message.utf8))
    }

    // MARK: - Podspec text

    static func jsonSpec(pod: PodModel, release: ReleaseModel) -> String {
        var dependencies: [String] = []
        for dependency in release.dependencies {
            dependencies.append("    \"\(dependency.name)\": [\n      \"\(dependency.requirement)\"\n    ]")
        }
        return """
            {
              "name": "\(pod.name)",
              "version": "\(release.version)",
              "summary": "Synthetic component \(pod.name) in layer \(pod.layer).",
              "homepage": "https://git.example.com/synth/\(pod.name)",
              "license": {
                "type": "MIT"
              },
              "authors": {
                "Synth": "synth@example.com"
              },
              "source": {
                "git": "https://git.example.com/synth/\(pod.name).git",
                "tag": "\(release.version)"
              },
              "platforms": {
                "ios": "12.0"
              },
              "source_files": "Sources/**/*.swift",
              "dependencies": {
            \(dependencies.joined(separator: ",\n"))
              }
            }

            """
    }

    private func rubySpec(pod: PodModel, release: ReleaseModel) -> String {
        var lines = [
            "Pod::Spec.new do |s|",
            "  s.name             = '\(pod.name)'",
            "  s.version          = '\(release.version)'",
            "  s.summary          = 'Synthetic component \(pod.name) in layer \(pod.layer).'",
            "  s.homepage         = 'https://git.example.com/synth/\(pod.name)'",
            "  s.license          = { :type => 'MIT' }",
            "  s.author           = { 'Synth' => 'synth@example.com' }",
            "  s.source           = { :git => 'https://git.example.com/synth/\(pod.name).git', :tag => '\(release.version)' }",
            "  s.ios.deployment_target = '12.0'",
            "  s.source_files     = 'Sources/**/*.swift'",
        ]
        if !release.dependencies.isEmpty { lines.append("") }
        for dependency in release.dependencies {
            lines.append("  s.dependency '\(dependency.name)', '\(dependency.requirement)'")
        }
        lines.append("end")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Files

    private func makeDirectories(_ path: String, created: inout Set<String>) throws {
        if created.contains(path) { return }
        let parent = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !parent.isEmpty && parent != path { try makeDirectories(parent, created: &created) }
        try makeDirectory(path)
        created.insert(path)
    }

    private func makeDirectory(_ path: String) throws {
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw ValidationError("cannot create '\(path)': \(String(cString: strerror(errno)))")
        }
    }

    private func write(_ text: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            throw ValidationError("cannot write '\(path)': \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
            }
            guard written > 0 else {
                throw ValidationError("cannot write '\(path)': \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    private func isEmptyDirectory(_ path: String) -> Bool {
        guard let directory = opendir(path) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { return false }
        }
        return true
    }
}

// MARK: - The model

/// A small, fast, seedable generator (SplitMix64), so that a seed always gives the same repo
/// on every platform, unlike `SystemRandomNumberGenerator`.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

struct DependencyModel {
    var name: String
    var requirement: String
}

struct ReleaseModel {
    var version: String
    var dependencies: [DependencyModel]
}

struct PodModel {
    var name: String
    var layer: Int
    var releases: [ReleaseModel]
    /// The final (non-rc) versions as (major, minor, patch), for requirements on this pod.
    var finals: [(Int, Int, Int)]
}

enum RepoModel {
    static let words = [
        "Base", "Core", "Net", "Pay", "Feed", "Auth", "Cart", "Chat", "Map", "Media", "Log", "Push",
        "Share", "Store", "Theme", "Track", "User", "Video", "Web", "Kit", "Mall", "Order", "Live", "Coupon",
    ]

    /// `count` pods in `layers` layers, each with `versionCount` versions; every pod depends
    /// on up to three pods of lower layers, with requirements some version satisfies;
    /// `pinPercent` of them pin an older release exactly.
    static func generate(
        pods count: Int, versions versionCount: Int, layers: Int, pinPercent: Int = 0, random: inout SplitMix64
    ) -> [PodModel] {
        var pods: [PodModel] = []
        pods.reserveCapacity(count)
        for index in 0..<count {
            let name = words[Int.random(in: 0..<words.count, using: &random)]
                + words[Int.random(in: 0..<words.count, using: &random)]
                + String(index)
            let layer = index * layers / count
            let (versions, finals) = versionSequence(count: versionCount, random: &random)
            pods.append(PodModel(
                name: name, layer: layer,
                releases: versions.map { ReleaseModel(version: $0, dependencies: []) },
                finals: finals
            ))
        }
        let firstOfLayer = (0..<layers).map { layer in pods.firstIndex { $0.layer >= layer } ?? count }
        for index in pods.indices where pods[index].layer > 0 {
            let lowerCount = firstOfLayer[pods[index].layer]
            guard lowerCount > 0 else { continue }
            let targetCount = Int.random(in: 1...3, using: &random)
            var targets: [Int] = []
            for _ in 0..<targetCount {
                let target = Int.random(in: 0..<lowerCount, using: &random)
                if !targets.contains(target) { targets.append(target) }
            }
            for releaseIndex in pods[index].releases.indices {
                pods[index].releases[releaseIndex].dependencies = targets.map { target in
                    DependencyModel(
                        name: pods[target].name,
                        requirement: requirement(on: pods[target], pinPercent: pinPercent, random: &random))
                }
            }
        }
        return pods
    }

    /// `~> major.minor` of one of the target's finals, newer ones more likely; one in ten
    /// pins the patch level instead (`~> major.minor.patch`). `pinPercent` of them are an
    /// exact pin of any final instead, which other consumers' ranges often exclude.
    static func requirement(on pod: PodModel, pinPercent: Int = 0, random: inout SplitMix64) -> String {
        let finals = pod.finals
        // Drawn only when asked for, so that repos without pins stay as they were.
        if pinPercent > 0, Int.random(in: 0..<100, using: &random) < pinPercent {
            let (major, minor, patch) = finals[Int.random(in: 0..<finals.count, using: &random)]
            return "= \(major).\(minor).\(patch)"
        }
        let back = min(finals.count - 1, Int.random(in: 0..<3, using: &random))
        let (major, minor, patch) = finals[finals.count - 1 - back]
        if Int.random(in: 0..<10, using: &random) == 0 { return "~> \(major).\(minor).\(patch)" }
        return "~> \(major).\(minor)"
    }

    /// `count` ascending versions from 0.1.0, mostly patch bumps, some minor, few major;
    /// about one in ten is an rc of the next release. The last one is always a release.
    static func versionSequence(count: Int, random: inout SplitMix64) -> ([String], [(Int, Int, Int)]) {
        var versions: [String] = []
        var finals: [(Int, Int, Int)] = []
        var current = (0, 1, 0)
        var rc = 0
        while versions.count < count {
            let remaining = count - versions.count
            if remaining > 1 && Int.random(in: 0..<10, using: &random) == 0 {
                rc += 1
                versions.append("\(current.0).\(current.1).\(current.2)-rc.\(rc)")
                continue
            }
            versions.append("\(current.0).\(current.1).\(current.2)")
            finals.append(current)
            rc = 0
            let roll = Int.random(in: 0..<100, using: &random)
            if roll < 70 {
                current = (current.0, current.1, current.2 + 1)
            } else if roll < 92 {
                current = (current.0, current.1 + 1, 0)
            } else {
                current = (current.0 + 1, 0, 0)
            }
        }
        return (versions, finals)
    }
}
