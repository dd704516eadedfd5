import Foundation
import Testing
import TestSupport

/// Seeded fuzzing of every reader, in process: mutations of every corpus podspec (Ruby and
/// JSON, the spec repo bundles' too), Podfile, Podfile.lock, Package.swift and of compctl.yml
/// files (the starters, the sample app's and generated ones). No input may crash a reader,
/// take more than a second, or get an answer that does not name the file.
///
/// - `COMPCTL_FUZZ_ITERATIONS`: how many mutated inputs (default 20,000; `scripts/soak.sh`
///   runs more).
/// - `COMPCTL_FUZZ_SEED`: the seed (decimal or 0x-hex); the default is fixed, so every run of
///   the suite reads the same inputs.
/// - `COMPCTL_FUZZ_SAVE`: an input number; the run only generates inputs up to it and writes
///   that one to `Reproducers/`, where `everyReproducerReadsQuickly` replays it on every run.
@Suite(.serialized) struct FuzzTests {
    static let defaultSeed: UInt64 = 0xC0_4D_C7_1D_2026_0009
    static let defaultIterations = 20_000
    /// No input may take longer to read: CPU time of the reading thread, so a busy machine
    /// (CI, other builds) does not make a fast input look slow.
    static let timeLimit = Duration.seconds(1)
    /// The watchdog calls an input that runs this long a hang.
    static let hangLimit = Duration.seconds(20)
    static let reproducers = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Reproducers")

    struct Report: Sendable {
        var inputs = 0
        var byKind: [InputKind: (count: Int, rejected: Int, time: Duration)] = [:]
        var slowest: (time: Duration, input: String) = (.zero, "")
        var tooSlow: [String] = []
        var broken: [String] = []
    }

    @Test func mutatedCorpusFilesNeverCrashOrHang() async throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["COMPCTL_FUZZ_SEED"].flatMap(Self.parseSeed) ?? Self.defaultSeed
        let iterations = environment["COMPCTL_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? Self.defaultIterations
        let save = environment["COMPCTL_FUZZ_SAVE"].flatMap { Int($0) }
        let seedText = "0x" + String(seed, radix: 16)

        var random = FuzzRandom(seed: seed)
        let seeds = try SeedCorpus.load(random: &random)
        let kinds = Dictionary(grouping: seeds, by: \.kind)
        #expect(Set(kinds.keys) == Set(InputKind.allCases), "a kind of file has no seed")
        print("fuzz: seed \(seedText), \(iterations) inputs from \(seeds.count) files ("
            + InputKind.allCases.map { "\(kinds[$0]?.count ?? 0) \($0.rawValue)" }.joined(separator: ", ") + ")")

        let started = ContinuousClock.now
        let random0 = random
        let report = await onLargeStack { () -> Report in
            var random = random0
            return Self.fuzz(seeds: seeds, kinds: kinds, iterations: iterations, seedText: seedText, save: save, &random)
        }
        if save != nil { return }
        let elapsed = ContinuousClock.now - started

        for kind in InputKind.allCases {
            let figures = report.byKind[kind] ?? (0, 0, .zero)
            print("fuzz: \(kind.rawValue): \(figures.count) inputs, \(figures.rejected) rejected with an error, "
                + "\(figures.time.formatted(.units(allowed: [.seconds, .milliseconds])))")
        }
        print("fuzz: \(report.inputs) inputs in \(elapsed.formatted(.units(allowed: [.seconds, .milliseconds]))); "
            + "slowest \(report.slowest.time.formatted(.units(allowed: [.seconds, .milliseconds], fractionalPart: .show(length: 1)))) "
            + "of CPU: " + report.slowest.input)
        #expect(report.inputs >= iterations)
        #expect(report.broken.isEmpty, "answers that do not name the file:\n\(report.broken.prefix(10).joined(separator: "\n"))")
        #expect(report.tooSlow.isEmpty, "inputs over \(Self.timeLimit):\n\(report.tooSlow.prefix(10).joined(separator: "\n"))")
    }

    /// Every crash or hang the fuzzer found, replayed.
    @Test func everyReproducerReadsQuickly() async throws {
        let files = SharedCorpus.files(under: Self.reproducers.path) { InputKind(fileName: $0) != nil }
        #expect(files.count >= 10)
        let inputs = try files.map { (name: $0.lastPathComponent, kind: InputKind(fileName: $0.lastPathComponent)!, bytes: [UInt8](try Data(contentsOf: $0))) }
        let problems = await onLargeStack { () -> [String] in
            CrashNote.install()
            defer { CrashNote.uninstall() }
            var problems: [String] = []
            for input in inputs {
                CrashNote.set("the reproducer \(input.name)")
                let started = threadCPUTime()
                let outcome = Readers.run(input.kind, input.bytes)
                let time = threadCPUTime() - started
                CrashNote.clear()
                if case .broken(let why) = outcome { problems.append("\(input.name): \(why)") }
                if time > Self.timeLimit { problems.append("\(input.name): took \(time)") }
            }
            return problems
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    private static func fuzz(
        seeds: [Seed], kinds: [InputKind: [Seed]], iterations: Int, seedText: String, save: Int?,
        _ random: inout FuzzRandom
    ) -> Report {
        let mutator = Mutator(seeds: seeds)
        var report = Report()
        var nextSeed: [InputKind: Int] = [:]
        let weights = InputKind.allCases.flatMap { Array(repeating: $0, count: $0.weight) }
        if save == nil {
            CrashNote.install()
        }
        let stopWatching = save == nil ? CrashNote.watch(limit: hangLimit) : {}
        defer {
            stopWatching()
            if save == nil { CrashNote.uninstall() }
        }

        // The unchanged files first, then the mutations.
        for (index, seed) in seeds.enumerated() where save == nil {
            read(seed.bytes, kind: seed.kind, description: "the seed \(seed.origin) (\(index))", into: &report)
        }
        for index in 0..<iterations {
            let kind = random.pick(weights)
            let candidates = kinds[kind]!
            let seed = candidates[nextSeed[kind, default: 0] % candidates.count]
            nextSeed[kind, default: 0] += 1
            var bytes = seed.bytes
            let mutations = mutator.mutate(&bytes, kind: kind, &random)
            if let save {
                guard index == save else { continue }
                let name = "fuzz-\(seedText)-\(index).\(kind.fileExtension)"
                try? Data(bytes).write(to: reproducers.appendingPathComponent(name))
                print("fuzz: wrote Reproducers/\(name) (\(seed.origin): \(mutations.map(\.description).joined(separator: ", ")))")
                return report
            }
            let description = "input \(index) of seed \(seedText), \(kind.rawValue) from \(seed.origin): "
                + mutations.map(\.description).joined(separator: ", ")
                + "; save it with COMPCTL_FUZZ_SEED=\(seedText) COMPCTL_FUZZ_SAVE=\(index) swift test --filter FuzzTests"
            read(bytes, kind: kind, description: description, into: &report)
        }
        return report
    }

    private static func read(_ bytes: [UInt8], kind: InputKind, description: String, into report: inout Report) {
        CrashNote.set(description)
        let started = threadCPUTime()
        let outcome = Readers.run(kind, bytes)
        let time = threadCPUTime() - started
        CrashNote.clear()
        report.inputs += 1
        var figures = report.byKind[kind] ?? (0, 0, .zero)
        figures.count += 1
        figures.time += time
        if outcome == .rejected { figures.rejected += 1 }
        report.byKind[kind] = figures
        if case .broken(let why) = outcome { report.broken.append("\(description): \(why)") }
        if time > report.slowest.time { report.slowest = (time, description) }
        if time > timeLimit { report.tooSlow.append("\(time): \(description)") }
    }

    static func parseSeed(_ text: String) -> UInt64? {
        text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    }
}

/// The CPU time the calling thread has used.
func threadCPUTime() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
}

/// Runs `body` on a thread with an 8 MB stack, the size of the thread a compctl command runs
/// on in Linux, whatever thread the test itself got. The test awaits it without blocking
/// one of the few threads every other test shares, and the thread runs at a lower priority
/// so the suite's timing-sensitive tests keep the CPU they expect (the time limit counts
/// CPU time, which the priority does not change).
func onLargeStack<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread {
            #if os(Linux)
            // With NPTL the nice value is per thread, and 0 names the calling one.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            #endif
            continuation.resume(returning: body())
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
