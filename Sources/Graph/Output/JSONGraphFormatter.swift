import Foundation

/// One JSON document (sorted keys, `schemaVersion` 1):
///
/// ```
/// {"schemaVersion": 1, "scope": "podfile",
///  "pods": [{"name", "version", "source", "kind", "subspecs"}],
///  "edges": [{"from", "root", "to", "dependency", "requirements", "via"}],
///  "problems": [{"kind", "message", "pods"}],          (with --check)
///  "affected": {"pod", "waves": [{"wave", "pods"}]},   (with --affected)
///  "why": {"pod", "version", "paths": [{"start", "steps": [{"to", "dependency", "requirements"}]}], "truncated"},
///  "warnings": ["…"]}
/// ```
public struct JSONGraphFormatter: GraphFormatter {
    /// The JSON formatter.
    public init() {}

    /// The document's shape; `JSONGraphFormatter.Document` decodes what `format` wrote.
    public struct Document: Codable, Equatable, Sendable {
        public var schemaVersion: Int
        public var scope: DependencyGraph.Scope
        public var pods: [Pod]?
        public var edges: [Edge]?
        public var problems: [GraphProblem]?
        public var affected: Affected?
        public var why: Why?
        public var warnings: [String]

        /// A node of the graph.
        public struct Pod: Codable, Equatable, Sendable {
            public var name: String
            public var version: String?
            public var source: String?
            public var kind: DependencyGraph.Node.Kind
            public var subspecs: [String]
            /// With a binary channel: `binary`, or `source` with why; absent without one.
            public var channel: String? = nil
        }

        /// An edge of the graph; `root` marks a Podfile target's requirement.
        public struct Edge: Codable, Equatable, Sendable {
            public var from: String
            public var root: Bool
            public var to: String
            public var dependency: String
            public var requirements: [String]
            public var via: String?

            /// An edge from its parts.
            public init(from: String, root: Bool, to: String, dependency: String, requirements: [String], via: String?) {
                self.from = from
                self.root = root
                self.to = to
                self.dependency = dependency
                self.requirements = requirements
                self.via = via
            }
        }

        /// `--affected`: the changed pod and its waves.
        public struct Affected: Codable, Equatable, Sendable {
            public var pod: String
            public var waves: [Wave]

            /// The waves affected by `pod`.
            public init(pod: String, waves: [Wave]) {
                self.pod = pod
                self.waves = waves
            }
        }

        /// One wave, numbered from 0 (the changed pod itself).
        public struct Wave: Codable, Equatable, Sendable {
            public var wave: Int
            public var pods: [String]

            /// Wave number `wave` with `pods`.
            public init(wave: Int, pods: [String]) {
                self.wave = wave
                self.pods = pods
            }
        }

        /// `why`: the pod and every path to it.
        public struct Why: Codable, Equatable, Sendable {
            public var pod: String
            public var version: String?
            public var paths: [Path]
            public var truncated: Bool
        }

        /// One path: where it starts and each step.
        public struct Path: Codable, Equatable, Sendable {
            public var start: String
            public var steps: [Step]
        }

        /// One edge of a path: the pod reached and the requirement on the way.
        public struct Step: Codable, Equatable, Sendable {
            public var to: String
            public var dependency: String
            public var requirements: [String]
        }
    }

    /// The report as one pretty-printed document.
    public func format(_ report: GraphReport) throws -> String {
        let graph = report.graph
        let document = Document(
            schemaVersion: 1,
            scope: graph.scope,
            pods: report.includesGraph ? graph.nodes.map {
                Document.Pod(name: $0.name, version: $0.version?.description, source: $0.source, kind: $0.kind,
                             subspecs: $0.subspecs, channel: $0.channel)
            } : nil,
            edges: report.includesGraph ? graph.edges.map {
                Document.Edge(from: $0.from, root: $0.isRoot, to: $0.to, dependency: $0.dependency,
                              requirements: $0.requirements, via: $0.via)
            } : nil,
            problems: report.problems,
            affected: report.affected.map { affected in
                Document.Affected(pod: affected.pod, waves: affected.numbered.map { Document.Wave(wave: $0.wave, pods: $0.pods) })
            },
            why: report.why.map { why in
                Document.Why(pod: why.pod.name, version: why.pod.version?.description, paths: why.paths.map { path in
                    Document.Path(start: path.start, steps: path.edges.map {
                        Document.Step(to: $0.to, dependency: $0.dependency, requirements: $0.requirements)
                    })
                }, truncated: why.isTruncated)
            },
            warnings: report.warnings.map(\.description))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
    }
}
