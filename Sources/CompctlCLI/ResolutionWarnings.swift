import Graph
import Integration
import SpecRepo

/// What the resolving commands print around their results.
enum ResolutionWarnings {
    /// Each spec repo's junk found so far: in the pod directories read, and the specs that
    /// could not be loaded (which is why Graph's `unreadableSpec` warnings are not printed).
    static func printJunk(of sources: [SpecRepoSource]) {
        for source in sources {
            for junk in source.repository.skipped {
                Console.warning("\(source.repository.name): \(junk)")
            }
        }
    }

    /// The junk of `sources`, then the warnings of the resolution or graph, except what the
    /// junk or `inputs` already said.
    static func printWarnings(_ warnings: [GraphWarning], inputs: PodfileInputs?, sources: [SpecRepoSource]) {
        printJunk(of: sources)
        let reported = inputs?.externalsWithoutSpec ?? []
        for warning in warnings {
            switch warning {
            case let .externalWithoutSpec(pod, _) where reported.contains(pod): continue
            case .unreadableSpec: continue
            default: Console.warning(warning.description)
            }
        }
    }

    /// The unmanaged pods, as one note: the sources do not have them, so they are taken at
    /// the lock's version and never resolved or checked.
    static func printUnmanaged(_ pods: [UnmanagedPod]) {
        guard !pods.isEmpty else { return }
        let list = pods.map { pod in pod.lockedVersion.map { "\(pod.name) \($0)" } ?? pod.name }
        Console.note("note: \(pods.count) unmanaged pod\(pods.count == 1 ? "" : "s"), in no configured source "
            + "(never resolved; shown at the version Podfile.lock records): \(list.joined(separator: ", "))")
    }
}
