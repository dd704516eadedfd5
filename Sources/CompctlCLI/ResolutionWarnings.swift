import Graph
import Integration
import SpecRepo

/// What the resolving commands print around their results.
enum ResolutionWarnings {
    /// Each spec repo's junk found so far: in the pod directories read, and the specs that
    /// could not be loaded (which is why Graph's `unreadableSpec` warnings are not printed).
    static func printJunk(of sources: [SpecRepoSource]) {
        for source in sources {
            for junk in source.repository?.skipped ?? [] {
                Console.warning("\(source.name): \(junk)")
            }
            if let stale = source.cdn?.staleReport { Console.warning(stale) }
        }
    }

    /// The junk of `sources`, then the warnings of the resolution or graph, except what the
    /// junk or `inputs` already said. A pod in one source and its twin in the binary repo
    /// (`twins`: its names) is not shadowed; one the binary repo gives first, with no
    /// `:source` naming it, is said so.
    static func printWarnings(_ warnings: [GraphWarning], inputs: PodfileInputs?, sources: [SpecRepoSource],
                              twins: Set<String> = []) {
        printJunk(of: sources)
        let reported = inputs?.externalsWithoutSpec ?? []
        for warning in warnings {
            switch warning {
            case let .externalWithoutSpec(pod, _) where reported.contains(pod): continue
            case let .shadowed(_, holders) where !twins.contains(holders[0])
                && holders.filter({ !twins.contains($0) }).count <= 1:
                continue
            case let .shadowed(pod, holders) where twins.contains(holders[0]):
                let others = holders.filter { !twins.contains($0) }
                Console.warning("\(pod) comes from the binary repo \(holders[0]) although its `pod` line names no :source: "
                    + "once a :source names \(holders[0]), CocoaPods reads it for every pod, and it comes before "
                    + "\(others.joined(separator: ", ")); put the source spec repo's `source` line in the Podfile first, "
                    + "or switch \(pod) openly with `compctl pin --channel \(pod)=binary`")
            case .unreadableSpec: continue
            default: Console.warning(warning.description)
            }
        }
    }

    /// The unmanaged pods: those trunk would give when it cannot be read, as one warning
    /// that says why; any other as one note (no source holds them), unless `notes` is off
    /// (`--json`, where the document lists them).
    static func printUnmanaged(_ pods: [UnmanagedPod], fallback: TrunkFallback? = nil, notes: Bool = true) {
        let fromTrunk = Set(fallback?.pods.map(\.name) ?? [])
        let public_ = pods.filter { fromTrunk.contains($0.name) }
        if let fallback, !public_.isEmpty {
            let count = public_.count
            Console.warning("trunk is not read (\(fallback.reason)), so \(count) public pod\(count == 1 ? " is" : "s are") "
                + "taken at the version Podfile.lock records, unresolved, with the dependencies it records there: "
                + public_.map { pod in pod.lockedVersion.map { "\(pod.name) \($0)" } ?? "\(pod.name) (not in Podfile.lock)" }
                    .joined(separator: ", "))
        }
        let others = pods.filter { !fromTrunk.contains($0.name) }
        guard notes, !others.isEmpty else { return }
        Console.note("note: \(others.count) unmanaged pod\(others.count == 1 ? "" : "s"), in no configured source "
            + "(never resolved; shown at the version Podfile.lock records): " + others.map { pod in
                pod.lockedVersion.map { "\(pod.name) \($0)" } ?? pod.name
            }.joined(separator: ", "))
    }
}
