/// Why the Graph library could not do what was asked.
public enum GraphError: Error, Equatable, CustomStringConvertible {
    /// No set of versions meets every requirement; the explanation says why, requirement by
    /// requirement, each with who imposes it.
    case conflict(String)
    /// A root requirement does not parse.
    case malformedRequirement(pod: String, declaredBy: String, String)
    /// A `:source` names a source that is not configured.
    case unknownSource(String, pod: String, known: [String])
    /// A `:source` names a source that does not have the pod.
    case notInSource(String, pod: String, declaredBy: String)
    /// An external pod's spec has a version that is not a version.
    case malformedExternalSpec(pod: String, origin: String, version: String)
    /// A query names a pod the graph does not have.
    case unknownPod(String)
    /// `--update` names pods that Podfile.lock does not have.
    case notLocked([String])
    /// A source could not list its pods (`pod` nil) or the versions of `pod`.
    case unreadableSource(source: String, pod: String?, message: String)
    /// Several of the above, reported together.
    case several([GraphError])

    /// Whether this is `unreadableSource`: a source failed, which no caller may take for a
    /// conflict or an empty answer.
    public var isUnreadableSource: Bool {
        if case .unreadableSource = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case let .conflict(explanation):
            return "could not find compatible versions:\n" + explanation
        case let .malformedRequirement(pod, declaredBy, reason):
            return "the requirement of \(declaredBy) on \(pod) is malformed: \(reason)"
        case let .unknownSource(source, pod, known):
            let list = known.isEmpty ? "none is configured" : "configured: " + known.joined(separator: ", ")
            return "\(pod) asks for source '\(source)', which is not configured (\(list)); "
                + "add it to compctl.yml or fix the pod's :source"
        case let .notInSource(source, pod, declaredBy):
            return "\(declaredBy) takes \(pod) from source '\(source)', which has no pod of that name; "
                + "update the source (compctl repo update) or fix the pod's name or :source"
        case let .malformedExternalSpec(pod, origin, version):
            return "the spec of \(pod) from \(origin) has version '\(version)', which is not a version; fix the podspec"
        case let .unknownPod(name):
            return "the graph has no pod named \(name); check the spelling, or the sources and the Podfile"
        case let .notLocked(pods):
            let list = pods.map { "`\($0)`" }.joined(separator: ", ")
            return pods.count == 1
                ? "the \(list) pod is not in Podfile.lock, so it cannot be updated; check the name, or resolve without --update"
                : "pods \(list) are not in Podfile.lock, so they cannot be updated; check the names, or resolve without --update"
        case let .unreadableSource(source, pod, message):
            let what = pod.map { "the versions of \($0)" } ?? "the pods"
            return "cannot read \(what) from source '\(source)': \(message); "
                + "check that the source can be reached, then run again"
        case let .several(errors):
            return errors.map(\.description).joined(separator: "\n")
        }
    }
}
