import Config
import Foundation

/// How planning one of several projects ended.
public enum ProjectPlanning {
    /// Ready to check.
    case ready(IntegrationPlan)
    /// It could not be planned (the command said why): its outcome is `error`.
    case unplanned
    /// The pins would add problems to its graph (the command listed them): its outcome is
    /// `problems`.
    case addsProblems

    /// The summary's word for a project that stopped before any change.
    var stoppedOutcome: String? {
        switch self {
        case .ready: nil
        case .unplanned: "error"
        case .addsProblems: "problems"
        }
    }
}

/// One of several projects, planned or not.
public enum PlannedProject {
    /// Planned: what to check.
    case planned(PreparedIntegration)
    /// It cannot be planned; nothing in it changed. The error lines and notes say why.
    case unplannable(errors: [String], notes: [String])
}

/// Plans, one by one, the main projects of an integrate into several of them: each by its
/// name in compctl.yml, keeping every plan's scratch folder until `removeScratches()`.
public final class SeveralProjectsPlanner {
    /// The projects' names and Podfiles (absolute), in compctl.yml's order.
    public let projects: [(name: String, podfile: String)]
    private let planner: IntegrationPlanner
    private var scratches: [String] = []

    /// A planner of `projects`; refuses projects whose Podfiles share a directory.
    public init(_ projects: [Project], configuration: Configuration, planner: IntegrationPlanner) throws {
        self.projects = projects.map { (name: $0.name, podfile: configuration.resolve(path: $0.podfile ?? "Podfile")) }
        self.planner = planner
        try IntegrationPlanner.requireOwnDirectories(self.projects)
    }

    /// Plans the project called `name`, or says why it cannot be planned.
    public func plan(_ name: String) -> PlannedProject {
        do {
            let prepared = try planner.plan(podfile: projects.first { $0.name == name }?.podfile ?? "Podfile")
            scratches.append(prepared.plan.scratch)
            return .planned(prepared)
        } catch let error as IntegrationError {
            return .unplannable(errors: error.errors, notes: error.notes)
        } catch {
            return .unplannable(errors: ["\(error)"], notes: [])
        }
    }

    /// Removes the scratch folders of every plan made.
    public func removeScratches() {
        for scratch in scratches { try? FileManager.default.removeItem(atPath: scratch) }
        scratches.removeAll()
    }
}

/// One row of the several-projects summary.
public struct ProjectOutcome: Encodable, Sendable, Equatable {
    /// The project's name in compctl.yml.
    public var project: String
    /// `passed`, `failed`, `timed-out`, `killed`, `cancelled`, `restored`, `skipped`,
    /// `error` or `problems`.
    public var outcome: String
    /// The check's log, relative to the current directory when below it.
    public var log: String?

    /// A row.
    public init(project: String, outcome: String, log: String?) {
        self.project = project
        self.outcome = outcome
        self.log = log
    }
}

/// How an integrate into several projects ended.
public struct SeveralProjectsResult: Sendable {
    /// One row per project, in order.
    public var rows: [ProjectOutcome]
    /// The pins whose specs were published.
    public var published: [String]
    /// The spec repo they were published to.
    public var target: String?
    /// Whether a project did not pass.
    public var failed: Bool
}

extension Integrator {
    /// Integrates into each of `projects` (their names) in turn, planning each with `plan`.
    ///
    /// Without `allOrNothing` each project is checked and landed in turn, and the specs are
    /// published after the first project passes (the next projects find them published).
    /// With it, every project is checked first, keeping its pinned files; a failure
    /// restores them all and publishes nothing; when all pass, the specs are published
    /// once and each project is landed.
    public func integrateEach(
        _ projects: [String], allOrNothing: Bool, plan: (String) throws -> ProjectPlanning
    ) async throws -> SeveralProjectsResult {
        var result = SeveralProjectsResult(rows: [], published: [], target: nil, failed: false)
        var checked: [(label: String, checked: CheckedProject)] = []
        for label in projects {
            let planning = try plan(label)
            switch planning {
            case .unplanned, .addsProblems:
                result.rows.append(ProjectOutcome(project: label, outcome: planning.stoppedOutcome ?? "error", log: nil))
                result.failed = true
            case let .ready(ready):
                switch try await check(ready, label: label) {
                case let .failed(failure):
                    result.rows.append(ProjectOutcome(project: label, outcome: failure.word,
                                                      log: DisplayPath.relative(failure.outcome.logPath)))
                    result.failed = true
                case let .passed(passed):
                    result.rows.append(ProjectOutcome(project: label, outcome: "passed", log: DisplayPath.relative(passed.log)))
                    if allOrNothing {
                        checked.append((label, passed))
                    } else {
                        try landInTurn(passed, label: label, into: &result)
                    }
                }
            }
            if allOrNothing && result.failed { break }
        }
        guard allOrNothing else { return result }
        if result.failed {
            restoreAll(checked.map(\.checked), projects: projects, into: &result)
        } else if !checked.isEmpty {
            try landAll(checked, into: &result)
        }
        return result
    }

    /// Lands one project of several as soon as it passed.
    private func landInTurn(_ passed: CheckedProject, label: String, into result: inout SeveralProjectsResult) throws {
        let landed = try land(passed, publishing: true)
        if !landed.published.isEmpty { (result.published, result.target) = (landed.published, passed.plan.target.name) }
        delegate.integration(.note("\(label): integrated \(passed.plan.pins.map(\.text).joined(separator: " ")); "
            + "committed \(landed.commit.hex.prefix(8))\(options.push ? " and pushed" : "")"))
    }

    /// `--all-or-nothing` after a failure: every checked project goes back, the rest are skipped.
    private func restoreAll(_ checked: [CheckedProject], projects: [String], into result: inout SeveralProjectsResult) {
        checked.forEach(restore)
        for row in result.rows.indices where result.rows[row].outcome == "passed" { result.rows[row].outcome = "restored" }
        for project in projects where !result.rows.contains(where: { $0.project == project }) {
            result.rows.append(ProjectOutcome(project: project, outcome: "skipped", log: nil))
        }
        delegate.integration(.note("--all-or-nothing: nothing was published or committed; every Podfile is as it was"))
    }

    /// `--all-or-nothing` when every project passed: the specs are published once (each
    /// journal recording the push), then each project is committed (and pushed).
    private func landAll(_ entries: [(label: String, checked: CheckedProject)], into result: inout SeveralProjectsResult) throws {
        var entries = entries
        let first = entries[0].checked.plan
        result.published = try publishSpecs(first, willPush: { commit, branch in
            for index in entries.indices {
                try Self.record(commit, branch: branch, target: first.target.url,
                                in: &entries[index].checked.journal, root: entries[index].checked.plan.root)
            }
        }, failed: { entries.forEach { restore($0.checked) } })
        if !result.published.isEmpty {
            for index in entries.indices {
                entries[index].checked.journal.step = .published
                try entries[index].checked.journal.save(in: entries[index].checked.plan.root)
            }
        }
        result.target = first.target.name
        var landed: [String] = []
        for entry in entries {
            do {
                let done = try land(entry.checked, publishing: false)
                landed.append("\(entry.label) \(done.commit.hex.prefix(8))")
            } catch let error as IntegrationError {
                // Earlier projects are committed (and pushed) already: compctl never
                // rewrites or force-pushes them.
                entries.dropFirst(landed.count + 1).forEach { restore($0.checked) }
                throw IntegrationError.partlyLanded(error, landed: landed, pushed: options.push)
            }
        }
    }
}
