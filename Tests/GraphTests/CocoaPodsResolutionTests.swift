import Graph
import Podspec
import Testing
import Versioning

/// What `pod install` resolves where a valid answer is not enough: cycles, pods no source
/// holds, Podfile.lock, and CocoaPods' choice among several valid answers. Each expectation
/// is CocoaPods' answer (CocoaPods 1.15's `Pod::Resolver` on Molinillo 0.8.0), checked against
/// a run of the real Molinillo with CocoaPods' specification provider; the comment says which
/// part of their code decides it.
@Suite struct CocoaPodsResolutionTests {
    // MARK: - Cycles

    /// Molinillo's `DependencyGraph#add_edge` raises `CircularDependencyError` when the new
    /// edge closes a cycle; with no state left to unwind to, CocoaPods prints its message.
    @Test func cycleIsAConflict() {
        let repo = InMemorySpecProvider.test(pod("A", ["1.0"], [.on("B")]), pod("B", ["1.0"], [.on("A")]))
        #expect(conflict([repo], [.app("A")]) == "There is a circular dependency between A and B")
    }

    /// The message names every spec of the cycle, from the dependency back to the spec that
    /// needs it (`DependencyGraph#path`).
    @Test func longerCycleNamesEveryPod() {
        let repo = InMemorySpecProvider.test(
            pod("A", ["1.0"], [.on("B")]), pod("B", ["1.0"], [.on("C")]), pod("C", ["1.0"], [.on("A")]))
        #expect(conflict([repo], [.app("A")]) == "There is a circular dependency between A and B and C")
    }

    /// The circular error is rescued in `process_topmost_state` and unwound like a version
    /// conflict: when only B's newest closes the cycle, CocoaPods takes the older B.
    @Test func cycleOfTheNewestVersionIsAvoided() throws {
        let repo = InMemorySpecProvider.test(
            pod("A", ["1.0", "2.0"], [.on("B")]),
            pod("B", ["1.0"]), pod("B", ["2.0"], [.on("A")]))
        #expect(try resolved([repo], [.app("A")]) == ["A (2.0)", "B (1.0)"])
    }

    /// Molinillo fixture `fixed_circular`: bar 1.0.0 closes a cycle with foo, so CocoaPods
    /// resolves bar 0.1.0.
    @Test func fixedCircularFixture() throws {
        let repo = InMemorySpecProvider.test(
            pod("foo", ["0.2.6"], [.on("bar", ">= 0")]),
            pod("bar", ["1.0.0"], [.on("foo", ">= 0.1")]), pod("bar", ["0.1.0"]),
            pod("circular_app", ["1.0.0"], [.on("foo", ">= 0"), .on("bar", ">= 0")]), pod("circular_app", ["0.0.1"]))
        #expect(try resolved([repo], [.app("circular_app")]) == ["bar (0.1.0)", "circular_app (1.0.0)", "foo (0.2.6)"])
    }

    /// Molinillo's vertices are spec names: `A/UI → B → A/Core` is no cycle, although the pods
    /// A and B depend on each other.
    @Test func subspecsOfOnePodAreNoCycle() throws {
        let repo = InMemorySpecProvider.test(
            [.test("A", "1.0", subspecs: [.sub("A/Core"), .sub("A/UI", [.on("B")])])],
            pod("B", ["1.0"], [.on("A/Core")]))
        let resolution = try Resolver(providers: [repo]).resolve(ResolveRequest(requirements: [.app("A")]))
        #expect(resolution.pods.map { "\($0.name) (\($0.version)) \($0.subspecs)" }
            == ["A (1.0) [\"A/Core\", \"A/UI\"]", "B (1.0) []"])
    }

    // MARK: - Pods no source holds

    /// CocoaPods' `find_cached_set` raises `NoSuchDependencyError` as soon as a spec that
    /// needs the pod is activated; Molinillo does not rescue it, so `pod install` stops there
    /// even though an older Y needs no X (it does not backtrack).
    @Test func podNoSourceHoldsStopsTheResolution() {
        let repo = InMemorySpecProvider.test(pod("Y", ["1.0"]), pod("Y", ["2.0"], [.on("X", "~> 1.0")]))
        #expect(conflict([repo], [.app("Y")]).hasPrefix("Unable to find a specification for `X (~> 1.0)` depended upon by `Y`"))
    }

    /// A Podfile dependency on a pod no source holds fails before any state exists, so
    /// Molinillo names no dependent.
    @Test func podfileDependencyNoSourceHolds() {
        let repo = InMemorySpecProvider.test(pod("Y", ["1.0"]))
        #expect(conflict([repo], [.app("Y"), .app("Nowhere")]) == """
            Unable to find a specification for `Nowhere`

            You have either:
             * an out-of-date spec repo: `compctl repo update`.
             * mistyped the name or version.
             * not added the spec repo that hosts the podspec to compctl.yml or the Podfile's `source` lines.
            """)
    }

    /// A pod the request takes from Podfile.lock is resolved at the locked version with the
    /// lock's dependencies, which hold like any others (here on a private pod).
    @Test func unmanagedPodBringsItsLockedDependencies() throws {
        let repo = InMemorySpecProvider.test(pod("XXKit", ["1.0.0", "2.0.0"]), pod("XXHome", ["1.0"], [.on("Firebase/Core")]))
        let firebase = LockedUnmanagedPod(name: "Firebase", version: v("10.0.0"), specs: [
            "Firebase/Core": [SpecDependency(name: "XXKit", requirements: ["~> 1.0"])],
        ])
        let resolution = try Resolver(providers: [repo]).resolve(ResolveRequest(
            requirements: [.app("XXHome")], unmanagedPods: [firebase]))
        #expect(resolution.pods.map { "\($0.name) (\($0.version))" } == ["XXHome (1.0)", "XXKit (1.0.0)"])
        #expect(resolution.unmanaged == [UnmanagedPod(name: "Firebase", lockedVersion: v("10.0.0"))])
        #expect(resolution.graph.node(named: "Firebase")?.kind == .unmanaged)
        #expect(resolution.graph.edges.contains { $0.from == "Firebase" && $0.to == "XXKit" })
    }

    // MARK: - Podfile.lock

    /// `pod install`: `LockingDependencyAnalyzer` locks every pod of the lock whose Podfile
    /// dependency still accepts its version, and `Resolver#search_for` adds the locked
    /// version to every search for it.
    @Test func lockedVersionsAreKept() throws {
        #expect(try lockCase(update: .none) == ["A (1.0)", "B (1.0)", "E (1.0)", "S (1.0)"])
    }

    /// `detect_changes_with_podfile` marks A changed when its Podfile requirement no longer
    /// accepts the locked 1.0; unlocking detaches A and the dependencies only A needs (E),
    /// but S stays locked because B, still locked, depends on it.
    @Test func changedPodfileDependencyUnlocksItsPod() throws {
        #expect(try lockCase(update: .none, aRequirement: "~> 1.1") == ["A (1.1)", "B (1.0)", "E (1.1)", "S (1.0)"])
    }

    /// `pod update A`: the same unlocking as a changed dependency, for the named pods.
    @Test func updateNamedPodsUnlocksThemAndTheirOwnDependencies() throws {
        #expect(try lockCase(update: .pods(["A"])) == ["A (1.1)", "B (1.0)", "E (1.1)", "S (1.0)"])
    }

    /// `pod update`: nothing locked.
    @Test func updateAllIgnoresTheLock() throws {
        #expect(try lockCase(update: .all) == ["A (1.1)", "B (1.1)", "E (1.1)", "S (1.1)"])
    }

    /// A locked shared dependency that the new version of a changed pod cannot use fails, as
    /// `pod install` does, until it is updated too.
    @Test func lockedSharedDependencyBlocksAChangedPod() throws {
        let repo = InMemorySpecProvider.test(
            pod("A", ["1.0"], [.on("S", "~> 1.0")]), pod("A", ["2.0"], [.on("S", "~> 1.1")]),
            pod("S", ["1.0", "1.1"]), pod("B", ["1.0"], [.on("S")]))
        let lock = ResolutionLock(
            pods: [.init(name: "A", version: v("1.0"), dependencies: [SpecDependency(name: "S", requirements: ["~> 1.0"])]),
                   .init(name: "B", version: v("1.0"), dependencies: [SpecDependency(name: "S")]),
                   .init(name: "S", version: v("1.0"))],
            dependencies: [.init(name: "A"), .init(name: "B")])
        let request = ResolveRequest(requirements: [.app("A", "2.0"), .app("B")], lock: lock)
        #expect(throws: GraphError.conflict("""
            Because A (= 2.0) depends on S (~> 1.1) which is locked at 1.0 by Podfile.lock (`--update S` releases it), A (= 2.0) is forbidden.
            So, because target 'App' depends on A (= 2.0), version solving failed.
            """)) { try Resolver(providers: [repo]).resolve(request) }
        var updated = request
        updated.update = .pods(["S"])
        let resolution = try Resolver(providers: [repo]).resolve(updated)
        #expect(resolution.pods.map { "\($0.name) (\($0.version))" } == ["A (2.0)", "B (1.0)", "S (1.1)"])
    }

    /// `pod update NAME` of a pod the lock does not have (`verify_pods_are_installed!`).
    @Test func updatingAPodTheLockLacksIsAnError() {
        let repo = InMemorySpecProvider.test(pod("A", ["1.0"]))
        let lock = ResolutionLock(pods: [.init(name: "A", version: v("1.0"))], dependencies: [.init(name: "A")])
        #expect(throws: GraphError.notLocked(["Nope"])) {
            try Resolver(providers: [repo]).resolve(ResolveRequest(requirements: [.app("A")], lock: lock, update: .pods(["Nope"])))
        }
    }

    /// A, S, E and B, with everything locked at 1.0 and a 1.1 of each published since.
    private func lockCase(update: LockUpdate, aRequirement: String? = nil) throws -> [String] {
        let repo = InMemorySpecProvider.test(
            pod("A", ["1.0", "1.1"], [.on("S", "~> 1.0"), .on("E")]),
            pod("S", ["1.0", "1.1"]), pod("E", ["1.0", "1.1"]), pod("B", ["1.0", "1.1"], [.on("S")]))
        let lock = ResolutionLock(
            pods: [.init(name: "A", version: v("1.0"), dependencies: [
                       SpecDependency(name: "E"), SpecDependency(name: "S", requirements: ["~> 1.0"])]),
                   .init(name: "B", version: v("1.0"), dependencies: [SpecDependency(name: "S")]),
                   .init(name: "E", version: v("1.0")), .init(name: "S", version: v("1.0"))],
            dependencies: [.init(name: "A"), .init(name: "B")])
        let a: RootRequirement = aRequirement.map { .app("A", $0) } ?? .app("A")
        let resolution = try Resolver(providers: [repo]).resolve(ResolveRequest(
            requirements: [a, .app("B")], lock: lock, update: update))
        return resolution.pods.map { "\($0.name) (\($0.version))" }
    }

    // MARK: - CocoaPods' choice among valid answers

    /// `sort_dependencies` decides the pod with the fewest candidate versions first (B), and
    /// Molinillo tries versions newest first; so B 2.0 is kept and A falls back to 1.0, where
    /// deciding in the Podfile's order would keep A 3.0 and lower B.
    @Test func fewestCandidatesAreDecidedFirst() throws {
        let repo = InMemorySpecProvider.test(
            pod("A", ["1.0"], [.on("C", "~> 1.0")]), pod("A", ["2.0", "3.0"], [.on("C", "~> 2.0")]),
            pod("B", ["1.0"]), pod("B", ["2.0"], [.on("C", "~> 1.0")]), pod("C", ["1.0", "2.0"]))
        #expect(try resolved([repo], [.app("A"), .app("B")]) == ["A (1.0)", "B (2.0)", "C (1.0)"])
    }

    /// Kit and Net have two candidates each, so `sort_dependencies` keeps the Podfile's order:
    /// Kit's newest is activated first and its exact pin decides Net (and Log). Deciding with
    /// PubGrub's learnt clauses kept Net's newest and lowered Kit to 1.0.0 instead; both
    /// answers are valid, CocoaPods gives this one.
    @Test func cocoaPodsDecisionOrderChoosesAmongValidAnswers() throws {
        let repo = InMemorySpecProvider.test(
            pod("Kit", ["1.0.0"]), pod("Kit", ["2.0.0"], [.on("Log", "< 1.2.0"), .on("Net", "= 1.3.2")]),
            pod("Net", ["1.3.2"]), pod("Net", ["2.2.1"], [.on("Log")]), pod("Log", ["0.0.2", "1.2.0"]))
        #expect(try resolved([repo], [.app("Kit"), .app("Net")]) == ["Kit (2.0.0)", "Log (0.0.2)", "Net (1.3.2)"])
    }

    /// Molinillo fixture `backtracking_order` with CocoaPods' provider (the fixture's own
    /// expectation is for Molinillo's test index, which sorts differently): c is decided
    /// before x because it has fewer candidates once b is in, and the unwinding keeps b's
    /// newest.
    @Test func backtrackingOrderFixtureAsCocoaPodsResolvesIt() throws {
        let repo = Self.backtrackingOrderFixture()
        #expect(try resolved([repo], [.app("a"), .app("x")]) == ["a (1.0.0)", "b (1.0.1)", "c (1.0.0)", "x (0.0.2)"])
    }

    /// Molinillo's `backtracking_order` index.
    private static func backtrackingOrderFixture() -> InMemorySpecProvider {
        InMemorySpecProvider.test(
            pod("a", ["1.0.0"], [.on("b", ">= 0")]), pod("a", ["0.0.1"]),
            pod("b", ["1.0.1"], [.on("c", "= 1.0.0")]), pod("b", ["1.0.0"], [.on("c", ">= 0")]),
            pod("c", ["2.0.0", "1.0.0"]),
            pod("x", ["1.1.0"], [.on("c", "~> 2.0.0")]), pod("x", ["1.0.0"], [.on("a", "< 1.0")]),
            pod("x", ["0.0.2", "0.0.1"]))
    }

    /// When CocoaPods' search runs out of its step budget, the answer is PubGrub's, decided in
    /// CocoaPods' order, with a warning that says so.
    @Test func exhaustedSearchFallsBackWithAWarning() throws {
        let repo = InMemorySpecProvider.test(
            pod("A", ["1.0"], [.on("C", "~> 1.0")]), pod("A", ["2.0", "3.0"], [.on("C", "~> 2.0")]),
            pod("B", ["1.0"]), pod("B", ["2.0"], [.on("C", "~> 1.0")]), pod("C", ["1.0", "2.0"]))
        let resolution = try Resolver(providers: [repo], searchBudget: 2).resolve(ResolveRequest(
            requirements: [.app("A"), .app("B")]))
        #expect(resolution.warnings.map(\.description) == [
            "CocoaPods' search did not settle within 2 steps; these versions meet every requirement, "
                + "but `pod install` may choose others",
        ])
        #expect(resolution.pods.count == 3)
    }

    /// CocoaPods' search runs first; past its first steps it asks PubGrub whether an answer
    /// exists and, when one does, goes on where it was: the answer is still CocoaPods' own,
    /// with no warning.
    @Test func aSearchPastItsFirstStepsGoesOnWhenAnAnswerExists() throws {
        let repo = Self.backtrackingOrderFixture()
        var resolver = Resolver(providers: [repo])
        resolver.unsolvableSearchBudget = 1
        let resolution = try resolver.resolve(ResolveRequest(requirements: [.app("a"), .app("x")]))
        #expect(resolution.warnings.isEmpty)
        #expect(resolution.pods.map { "\($0.name) (\($0.version))" }.sorted()
            == ["a (1.0.0)", "b (1.0.1)", "c (1.0.0)", "x (0.0.2)"])
    }

    /// When no answer exists and the search has not found that out within its first steps, it
    /// stops there and the error is PubGrub's explanation, as when the search ends by itself.
    @Test func anUnsolvableGraphStopsTheSearchAtItsFirstSteps() throws {
        let repo = InMemorySpecProvider.test(
            pod("A", ["1.0", "2.0"], [.on("C", "~> 1.0")]), pod("B", ["1.0", "2.0"], [.on("C", "~> 2.0")]),
            pod("C", ["1.0", "2.0"]))
        let request = ResolveRequest(requirements: [.app("A"), .app("B")])
        var early = Resolver(providers: [repo])
        early.unsolvableSearchBudget = 1
        let text = conflict([repo], [.app("A"), .app("B")])
        #expect(text.contains("C"))
        #expect(throws: GraphError.conflict(text)) { try early.resolve(request) }
    }

    // MARK: - Prereleases

    /// `valid_possibility_version_for_root_name?` admits a prerelease only when the requirement
    /// names one or an activated spec of the pod has such a requirement. `P (> 2.0.2)` is
    /// decided first (the Podfile's requirements tie with X's), its only candidate is an rc,
    /// and X is not activated yet: CocoaPods finds no version of P, although X would name
    /// the rc later.
    @Test func prereleaseNamedOnlyByALaterRequirementConflicts() {
        let repo = InMemorySpecProvider.test(
            pod("P", ["2.0.2", "2.1.0-rc.2"]), pod("X", ["1.0"], [.on("P", ">= 2.1.0-rc.1")]))
        #expect(conflict([repo], [.app("P", "> 2.0.2"), .app("X")]).hasPrefix(
            "CocoaPods could not find compatible versions for pod \"P\""))
    }

    /// The requirement that names the rc is activated first (it names a prerelease, so
    /// `sort_dependencies` puts it first), so the release range that follows accepts the rc.
    @Test func prereleaseNamedFirstIsAdmittedForLaterRanges() throws {
        let repo = InMemorySpecProvider.test(
            pod("P", ["2.0.2", "2.1.0-rc.2"]), pod("X", ["1.0"], [.on("P", "~> 2.0")]))
        #expect(try resolved([repo], [.app("X"), .app("P", "= 2.1.0-rc.2")]) == ["P (2.1.0-rc.2)", "X (1.0)"])
    }
}
