// swift-tools-version:6.0
import PackageDescription
#if os(Linux)
import Foundation
#endif

// Start-up (issue 14): a release build on Linux links libgit2 statically when the archives
// of Debian's and Ubuntu's libgit2-dev are installed, and `swift build -c release
// --static-swift-stdlib` (what scripts/package.sh, the Homebrew formula and
// scripts/bench.sh run) links the Swift runtime and Foundation statically too. The flag
// cannot live here: Foundation's archives need it when each module is compiled, not only
// when the binary is linked.
// Loading libgit2.so and the 14 shared libraries it pulls in (mbedtls, libssh2, OpenSSL's
// libcrypto, pcre2, http-parser, zlib, Kerberos) cost every run, even `compctl version
// compare`, about 7 million instructions of symbol lookup and relocation before main.
// Kerberos (GSSAPI, for `Negotiate` authentication over HTTPS) is not linked at all: no
// distribution ships its archive, and linking libgssapi_krb5.so loads seven libraries, about
// a millisecond of every run. The CGSSAPI target defines the calls libgit2 makes and loads
// it on the first one. Without those archives (another distribution, macOS),
// libgit2 is linked as a shared library, as in debug builds. Set COMPCTL_SHARED_LIBGIT2=1
// to link it as a shared library anyway (to take the distribution's security updates).
let libgit2Archives = ["git2", "mbedtls", "mbedx509", "mbedcrypto", "ssh2", "crypto", "http_parser", "pcre2-8", "z"]

/// The linker flags that link libgit2 and its dependencies from their archives, or nil
/// when an archive is missing (or COMPCTL_SHARED_LIBGIT2 is set) and libgit2.so is linked.
func staticLibgit2Flags() -> [String]? {
    #if os(Linux)
    if ProcessInfo.processInfo.environment["COMPCTL_SHARED_LIBGIT2"] == "1" { return nil }
    #if arch(x86_64)
    let triple = "x86_64-linux-gnu"
    #elseif arch(arm64)
    let triple = "aarch64-linux-gnu"
    #else
    return nil
    #endif
    let directory = "/usr/lib/\(triple)"
    let present = libgit2Archives.allSatisfy { FileManager.default.fileExists(atPath: "\(directory)/lib\($0).a") }
    guard present else { return nil }
    return libgit2Archives.flatMap { ["-Xlinker", "\(directory)/lib\($0).a"] }
    #else
    return nil
    #endif
}

let staticLibgit2 = staticLibgit2Flags()

let libgit2Linking: [LinkerSetting] = {
    if let flags = staticLibgit2 {
        return [
            .linkedLibrary("git2", .when(platforms: [.linux], configuration: .debug)),
            .unsafeFlags(flags, .when(platforms: [.linux], configuration: .release)),
        ]
    }
    return [.linkedLibrary("git2")]
}()

// Start-up (issue 14): a release build of compctl on Linux is linked at a fixed address, not
// as a position-independent executable. A PIE binary this size carries 106,000 relative
// relocations (2.5 MB of them): before main, the loader reads them all and writes a pointer
// into 365 pages of Swift metadata and Foundation's tables, each write a copy-on-write
// page fault. That was 640 page faults and 6.0 ms for `compctl version compare 1 2`; linked
// at a fixed address, 286 and 3.4 ms (perf stat, 30 runs). Packing the relocations (DT_RELR)
// keeps the faults and saved nothing. The cost: the executable's own code is not placed at a
// random address (the stack, the heap and the shared libraries still are), as with Go's
// default Linux binaries. Set COMPCTL_PIE=1 to link a position-independent executable anyway.
//
// Swift's static standard library links with `-export-dynamic`, which put 12,000 of
// compctl's own symbols in the dynamic symbol table. At start the Swift runtime finds its own
// path with `dladdr`, which walks that table: 400,000 instructions, 15 % of
// `compctl version compare 1 2`. Nothing looks compctl's symbols up at run time (libcurl and
// Kerberos are opened with RTLD_LOCAL and bind to their own libraries; crash backtraces read
// the symbol table, which stays), so they are not exported: 3.4 ms → 3.1 ms (paired, 41 runs).
let fixedAddressLinking: [LinkerSetting] = {
    #if os(Linux)
    if ProcessInfo.processInfo.environment["COMPCTL_PIE"] == "1" { return [] }
    return [.unsafeFlags(["-Xlinker", "--no-pie", "-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux], configuration: .release))]
    #else
    return []
    #endif
}()

// Start-up (issue 14): `--static-swift-stdlib` links the Swift runtime's C++ code against
// libstdc++.so and the unwinder in libgcc_s.so, and loading them cost every run about
// 0.8 ms before main: mapping them and binding their symbols (a static hello world started
// in 2.2 ms with libstdc++.so and 1.5 ms without, perf stat, 80 runs each, three times;
// `compctl version compare 1 2` then took 0.89x the time without libgcc_s.so, 41 pairs).
// A release build on Linux links both from GCC's archives instead, when the toolchain's
// GCC installation has them (Debian's and Ubuntu's libstdc++-N-dev, which the Swift
// toolchain needs anyway). The static standard library asks for `-lstdc++`, and clang for
// `-lgcc_s`; the linker finds `Support/link/libstdc++.so` and `libgcc_s.so` first, linker
// scripts that name `libstdc++.a` and `libgcc_eh.a`. A release build without
// `--static-swift-stdlib` links libswiftCore.so, which loads libstdc++.so and libgcc_s.so as
// before. Set COMPCTL_SHARED_LIBSTDCXX=1 to link the shared libraries anyway.
let staticLibstdcxxLinking: [LinkerSetting] = {
    #if os(Linux)
    if ProcessInfo.processInfo.environment["COMPCTL_SHARED_LIBSTDCXX"] == "1" { return [] }
    #if arch(x86_64)
    let gcc = "/usr/lib/gcc/x86_64-linux-gnu"
    #elseif arch(arm64)
    let gcc = "/usr/lib/gcc/aarch64-linux-gnu"
    #else
    return []
    #endif
    // clang links against the newest GCC installation it finds: that one must have the archives.
    let installations = (try? FileManager.default.contentsOfDirectory(atPath: gcc)) ?? []
    let newest = installations.compactMap { name in Int(name.prefix { $0.isNumber }).map { (version: $0, name: name) } }
        .max { $0.version < $1.version }
    guard let newest, ["libstdc++.a", "libgcc_eh.a"].allSatisfy({ FileManager.default.fileExists(atPath: "\(gcc)/\(newest.name)/\($0)") })
    else { return [] }
    return [.unsafeFlags(["-L", "\(Context.packageDirectory)/Support/link"], .when(platforms: [.linux], configuration: .release))]
    #else
    return []
    #endif
}()

let package = Package(
    name: "compctl",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "compctl", targets: ["compctl"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // compctl.yml and a spec repo's `CocoaPods-version.yml` (its sharding metadata).
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // Runs the compile check in its own process group.
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
    ],
    targets: [
        // The executable: one file whose `@main` hands over to CompctlCLI.
        .executableTarget(name: "compctl", dependencies: ["CompctlCLI"], linkerSettings: fixedAddressLinking + staticLibstdcxxLinking),

        // One file per subcommand. Parses arguments, calls a library, prints results to
        // stdout and diagnostics to stderr, and picks the exit code. Nothing below it prints.
        .target(
            name: "CompctlCLI",
            dependencies: [
                "Versioning", "Podspec", "SpecRepo", "Git", "Config", "FileIO", "Graph", "Manifest", "Report", "CompileCheck",
                "ComponentRelease", "Integration", "TextFormat", "Diagnostics", "BinaryChannel", "SwiftPackages",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // CocoaPods versions and requirements (`Pod::Version`, `Pod::Requirement`), the
        // resolver's prerelease rule and compctl's bump rules. Pure values, no I/O.
        .target(name: "Versioning"),

        // Ruby source as the podspec and Podfile readers see it: one lexer (strings with escapes
        // and `#{}`, heredocs, `%` literals, symbols, numbers, comments, `=begin`/`=end`,
        // `__END__`), tokens with their line and byte range for rewriting, and bracket and
        // `do`…`end` matching. Bounded nesting; errors name the line and the problem.
        .target(name: "RubySyntax"),

        // Podspecs: the full JSON format, a tolerant reader of the declarative Ruby subset
        // (a parser and evaluator over RubySyntax's tokens), and a rewriter that changes only
        // the version literal.
        .target(name: "Podspec", dependencies: ["Versioning", "Diagnostics", "RubySyntax"]),

        // Private spec repos in CocoaPods' layout (plain, `Specs/`, sharded by MD5 prefix):
        // listing names and versions, reporting junk, and loading specs lazily; serves them
        // through Graph's `SpecProvider`. `SourceLocator` reads every command's SOURCE.
        .target(
            name: "SpecRepo",
            dependencies: [
                "Versioning", "Podspec", "Git", "Graph", "HTTP", "FileIO",
                .product(name: "Yams", package: "Yams"),
            ]
        ),

        // Releasing a component from its work tree (`compctl bump`): rewrite the podspec's
        // version, commit, tag, push, and undo the local steps when a later one fails; a Swift
        // package without a podspec is released by its next tag alone.
        .target(name: "ComponentRelease", dependencies: ["Versioning", "Podspec", "Git", "Graph", "FileIO", "Manifest", "SwiftPackages"]),

        // Developer tool, not shipped: writes seeded synthetic spec repos (N pods x M
        // versions, layered `~>` dependencies, some rcs) for `scripts/bench.sh`, and times
        // CocoaPods' search alone on a Podfile (`--time-search`).
        .executableTarget(
            name: "compctl-synth",
            dependencies: [
                "Graph", "Integration", "SpecRepo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Developer tool, not shipped: writes seeded synthetic universes of Swift packages (bare
        // git repositories with tags and manifests, and a root package) for the agreement tests
        // against `swift package resolve` and for `scripts/bench.sh`.
        .target(name: "PackageSynth", dependencies: ["Git"]),
        .executableTarget(
            name: "compctl-package-synth",
            dependencies: ["PackageSynth", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),

        // The dependency graph: the resolution `pod install` gives (CocoaPods' own Molinillo
        // search over its provider: prereleases, subspecs, deployment targets, cycles,
        // Podfile.lock, external and unmanaged pods, source priority), with PubGrub deciding
        // first whether an answer exists and explaining conflicts requirement by requirement;
        // the repo-wide and Podfile graphs with their checks (cycles, skew, layers, rc leaks,
        // interface rule, shadowing), `why` and `affected`, and the text/dot/mermaid/json/matrix
        // formats.
        // Specs come in through the `SpecProvider` protocol, never through git or files.
        .target(name: "Graph", dependencies: ["Versioning", "Podspec", "Diagnostics"], exclude: ["README.md"]),

        // The nightly skew report: the state of every component across the spec repos and the
        // projects (newest release and rc, each project's pin and how far behind it is), stale
        // constraints, skew, the graph checks' problems, unused components and stale rcs, with
        // a verdict for CI; rendered as Markdown, JSON, or one self-contained HTML page whose
        // graph Graphviz draws when installed and a built-in layered layout otherwise; with
        // the history of earlier runs (one snapshot each) for trend lines.
        .target(name: "Report", dependencies: ["Graph", "Versioning", "TextFormat", "FileIO"], exclude: ["README.md"]),

        // `compctl.yml`: spec repos, projects, the compile check, layers, tag format, rc
        // label and the interface rule, with errors that name the line.
        .target(name: "Config", dependencies: ["Diagnostics", "CompileCheck", "FileIO", .product(name: "Yams", package: "Yams")]),

        // Text laid out in columns: the aligned tables of the CLI and the report's Markdown tables.
        .target(name: "TextFormat"),

        // One problem in a file the user wrote (file, line, message), which each library's
        // own error type wraps: the Podfile, Package.swift and lock readers, podspecs, compctl.yml.
        .target(name: "Diagnostics"),

        // Atomic file writes (a temporary file, then a rename), shared by every writer; file
        // locks; shell-style glob matching of one name.
        .target(name: "FileIO"),

        // Main-project manifests: a Podfile reader (over RubySyntax's tokens) that follows
        // targets, helper methods and literal variables and warns (naming the line) about what
        // it cannot evaluate; the pinning editor that rewrites only requirement literals;
        // Podfile.lock; Package.swift's literal declarations and exact pins in it; and an Xcode
        // project's Swift package references with their pinning editor. Requirements stay
        // strings here; `Versioning` and `SwiftPackages` interpret them.
        .target(name: "Manifest", dependencies: ["Diagnostics", "FileIO", "RubySyntax"]),

        // libgit2's headers through pkg-config, plus a shim for its variadic option call. The
        // Git target links the library (see `libgit2Linking` above).
        // With the archives, headers are in /usr/include and pkg-config is not asked: its
        // `-lgit2` would come first on the link line and link the shared library.
        .systemLibrary(
            name: "CLibGit2",
            pkgConfig: staticLibgit2 == nil ? "libgit2" : nil,
            providers: [.apt(["libgit2-dev"]), .brew(["libgit2"])]
        ),

        // Safe Swift over libgit2: owning classes, `GitError` from `git_error_last()`.
        .target(name: "Git", dependencies: [
            "CLibGit2", "Checksum", .target(name: "CGSSAPI", condition: .when(platforms: [.linux])),
        ], linkerSettings: libgit2Linking),

        // The GSSAPI calls libgit2 makes for Kerberos (`Negotiate`) authentication, forwarded to
        // libgssapi_krb5.so.2 loaded on the first call (see the note on start-up above).
        .target(name: "CGSSAPI", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),

        // SHA-256 and SHA-1, fed in pieces: the checksums of binary archives (`sha256`, and the
        // `sha1` of older binary specs) and of OpenSSH's hashed host names.
        .target(name: "Checksum"),

        // libcurl, loaded with dlopen on first use instead of linked (linking it costs every
        // compctl run several milliseconds of start-up), with non-variadic wrappers of its
        // option calls. Needs curl's headers to build (libcurl4-openssl-dev), libcurl to run.
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),

        // Requests over libcurl's multi interface (GETs for CDN sources, HEAD, and the binary
        // channel's PUT uploads): many at once over a bounded number of connections (HTTP/2
        // multiplexing where offered), timeouts, retries with backoff.
        .target(name: "HTTP", dependencies: ["CCurl"]),

        // The compile check of `compctl integrate`: runs the configured command (a shell string
        // or an argument vector, never interpolated) in its own process group, streams its
        // output into a log, reports progress, and stops the whole group on timeout or cancel.
        .target(
            name: "CompileCheck",
            dependencies: [.product(name: "Subprocess", package: "swift-subprocess")]
        ),

        // The binary channel: the binary twin of a published source spec (same name, version,
        // dependencies and subspecs; an archive URL with its SHA-256 and what it vendors), built by
        // `binary_command` in a checkout at the release tag, kept in an artifact store (a folder
        // or an HTTP(S) server taking an authenticated PUT: atomic, verified, retried, never over
        // another archive) and published into the binary spec repo only after the archive is.
        .target(
            name: "BinaryChannel",
            dependencies: ["Checksum", "CompileCheck", "FileIO", "Git", "Graph", "HTTP", "Podspec", "SpecRepo", "Versioning"]
        ),

        // `compctl integrate` and `pin`, planning and execution: which main projects an
        // integrate goes into, reading a Podfile into a resolution request, planning (candidate
        // specs at their tags, staging, the graph checks' new problems), the pins of the Podfile
        // and Package.swift, the project's lock and scratch folders, the journal and the
        // recovery of a killed run, the compile check and its re-runs when the branch moved,
        // publishing and landing (commit, push with re-applied pins), and the several-projects
        // policies. Reports through a delegate; the compile check, the publisher, git and the
        // spec repos are protocols. The commands only parse, print and pick exit codes.
        .target(
            name: "Integration",
            dependencies: [
                "BinaryChannel", "CompileCheck", "Config", "FileIO", "Git", "Graph", "Manifest", "Podspec", "SpecRepo", "Versioning",
                "SwiftPackages",
            ]
        ),

        // Swift packages as components: SwiftPM's versions, requirements and package identity;
        // the versions a repository's tags name; SwiftPM's PubGrub resolver (the same choices
        // as `swift package resolve`) over repositories read through libgit2 without a
        // checkout; Package.resolved (v1, v2, v3, with `originHash`); the package graph and its
        // checks; pins in Package.swift, an Xcode project and Package.resolved.
        .target(name: "SwiftPackages", dependencies: ["Manifest", "Git", "FileIO", "Diagnostics", "Graph", "Versioning", "Checksum"]),

        // Test helpers, once for every test target: a process runner, temporary directories,
        // the git CLI and isolated libgit2 for fixtures, free loopback ports and listeners,
        // `git daemon`, a loopback HTTP server.
        .target(name: "TestSupport", dependencies: ["Git", .product(name: "Yams", package: "Yams")], path: "Tests/TestSupport"),
        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport"]),

        .testTarget(name: "VersioningTests", dependencies: ["Versioning", "TestSupport"]),
        .testTarget(name: "RubySyntaxTests", dependencies: ["RubySyntax"]),
        // Fixtures/corpus-expectations.json is read through #filePath, not as a resource.
        .testTarget(name: "PodspecTests", dependencies: ["Podspec", "TestSupport"], exclude: ["Fixtures"]),
        // Fixtures/*.txt (corpus expectations) are read through #filePath, not as resources.
        .testTarget(
            name: "SpecRepoTests",
            dependencies: ["SpecRepo", "Versioning", "Podspec", "Git", "Graph", "TestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "GitTests", dependencies: ["Git", "TestSupport"]),
        .testTarget(name: "ChecksumTests", dependencies: ["Checksum"]),
        .testTarget(
            name: "BinaryChannelTests",
            dependencies: ["BinaryChannel", "Checksum", "CompileCheck", "Graph", "Podspec", "SpecRepo", "Git", "TestSupport", "Versioning"]
        ),
        .testTarget(name: "HTTPTests", dependencies: ["HTTP", "TestSupport"]),
        .testTarget(name: "ComponentReleaseTests", dependencies: ["ComponentRelease", "Git", "Versioning", "TestSupport"]),
        .testTarget(name: "GraphTests", dependencies: ["Graph", "Versioning", "Podspec", "TestSupport"]),
        .testTarget(name: "ReportTests", dependencies: ["Report", "Graph", "Versioning", "Podspec", "TestSupport"]),
        .testTarget(name: "TextFormatTests", dependencies: ["TextFormat"]),
        .testTarget(name: "ConfigTests", dependencies: ["Config", "FileIO", "TestSupport"]),
        .testTarget(name: "CompileCheckTests", dependencies: ["CompileCheck", "TestSupport"]),
        .testTarget(name: "ManifestTests", dependencies: ["Manifest", "TestSupport"]),
        // SwiftPackages, with real `swift package resolve` runs as the oracle on generated universes.
        .testTarget(name: "SwiftPackagesTests", dependencies: ["SwiftPackages", "PackageSynth", "Manifest", "Git", "TestSupport"]),
        // Seeded, time-checked fuzzing of every reader in process (20,000 mutated corpus files by
        // default, COMPCTL_FUZZ_ITERATIONS for more). Reproducers/ is read through #filePath.
        .testTarget(
            name: "FuzzTests",
            dependencies: ["Podspec", "Manifest", "Config", "SpecRepo", "TestSupport"],
            exclude: ["Reproducers"]
        ),
        // The integrate flow with a fake compile check and publisher over real temp git repos.
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["Integration", "CompileCheck", "Config", "Git", "Graph", "Podspec", "SpecRepo", "TestSupport"]
        ),
        // Runs the built `compctl` binary and checks stdout, stderr and the exit code.
        // Snapshots/ (golden files) are read through #filePath, not as resources.
        .testTarget(name: "CompctlEndToEndTests", dependencies: ["compctl", "TestSupport", "SpecRepo", "Checksum", "PackageSynth"], exclude: ["Snapshots"]),
        // Parses argument lists with the real CLI without running them: README.md's CI recipes.
        .testTarget(
            name: "CompctlCLITests",
            dependencies: [
                "CompctlCLI", "Config", "TestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
    ]
)

// Start-up and first use of each generic type (issue 14): by default the compiler refers to
// a concrete generic type (`[PodKey: Spec]`'s storage, `Set<SpecDependency>`, …) by its
// mangled name, and the runtime demangles it on first use and proves each requirement
// (`PodKey: Hashable`) by scanning all of the binary's 7,200 protocol conformance records:
// about 440,000 instructions per type, some 14 million of a 90-million-instruction resolve.
// This flag makes the compiler call the type's metadata accessor with the witness tables it
// already knows instead. Release builds only; the code does not change.
let directMetadataAccess = SwiftSetting.unsafeFlags(
    ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release))

// Speed (issue 14): Swift checks at run time that no two accesses to a class's stored
// property or a global overlap (dynamic exclusivity enforcement): a call into the runtime
// and a thread-local list at every such access. That was 7 % of the instructions of a
// resolve's search. Debug builds keep the check, and the whole test suite runs on a debug
// build, so an overlapping access still traps there; release builds leave the run-time
// check out (the compile-time check stays).
let uncheckedExclusivity = SwiftSetting.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings = (target.swiftSettings ?? []) + [directMetadataAccess, uncheckedExclusivity]
}
