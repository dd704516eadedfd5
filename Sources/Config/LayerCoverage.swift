import FileIO

/// A mistake in compctl.yml's layers that only the pods of the spec repos reveal: a pattern
/// that matches none of them (a typo, a renamed pod), or a pod that two layers name (the
/// first wins, which may not be what was meant). Warnings, not errors: the checks still run.
public struct LayerWarning: Equatable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Equatable, Sendable {
        /// `pattern` of the layer `layer` matches no pod.
        case matchesNothing(layer: String, pattern: String)
        /// `pod` is matched by each of `layers` (in order) through the pattern beside it.
        case inSeveralLayers(pod: String, layers: [(layer: String, pattern: String)])

        public static func == (lhs: Kind, rhs: Kind) -> Bool {
            switch (lhs, rhs) {
            case let (.matchesNothing(a, b), .matchesNothing(c, d)): a == c && b == d
            case let (.inSeveralLayers(a, b), .inSeveralLayers(c, d)):
                a == c && b.map(\.layer) == d.map(\.layer) && b.map(\.pattern) == d.map(\.pattern)
            default: false
            }
        }
    }

    public var kind: Kind

    public var description: String {
        switch kind {
        case let .matchesNothing(layer, pattern):
            return "compctl.yml: the pattern '\(pattern)' of layer \(layer) matches no pod in the spec repos; "
                + "correct it, or remove it from the layer's pods"
        case let .inSeveralLayers(pod, layers):
            let count = layers.count == 2 ? "two" : "\(layers.count)"
            let names = layers.map { "\($0.layer) (by '\($0.pattern)')" }
            let list = names.count == 2 ? names.joined(separator: " and ")
                : names.dropLast().joined(separator: ", ") + " and " + names.last!
            return "compctl.yml: \(pod) is in \(count) layers, \(list); it counts as \(layers[0].layer), the first of them; "
                + "keep it in one layer's pods"
        }
    }
}

extension Configuration {
    /// The layer mistakes `pods` (root names of every pod in the spec repos) reveal: patterns
    /// matching none of them, in the file's order, then pods named by several layers, by name.
    public func layerWarnings<S: Sequence>(pods: S) -> [LayerWarning] where S.Element == String {
        let names = Set(pods)
        var warnings: [LayerWarning] = []
        for layer in layers {
            for pattern in layer.pods where !names.contains(where: { GlobPattern.matches(pattern, $0) }) {
                warnings.append(LayerWarning(kind: .matchesNothing(layer: layer.name, pattern: pattern)))
            }
        }
        for pod in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let matches = layers.compactMap { layer in
                layer.pods.first { GlobPattern.matches($0, pod) }.map { (layer: layer.name, pattern: $0) }
            }
            if matches.count > 1 { warnings.append(LayerWarning(kind: .inSeveralLayers(pod: pod, layers: matches))) }
        }
        return warnings
    }
}
