import FileIO
import Foundation

/// What one run of the report leaves in the history directory: its counts, to draw the trend
/// of later runs from.
public struct ReportSnapshot: Codable, Sendable, Equatable {
    /// The version of this document's shape.
    public var schemaVersion: Int
    /// When the run's report was made (`2025-06-15T12:00:00Z`).
    public var generatedAt: String
    public var summary: Summary

    /// The current `schemaVersion`.
    public static let currentSchemaVersion = 1

    /// The snapshot of `report`.
    public init(of report: SkewReport) {
        schemaVersion = Self.currentSchemaVersion
        generatedAt = report.generatedAt
        summary = report.summary
    }
}

/// One run on the trend lines: the four counts the report draws.
public struct HistoryPoint: Codable, Sendable, Equatable {
    public var generatedAt: String
    public var problems: Int
    public var skew: Int
    public var pinsBehind: Int
    public var pendingRCs: Int

    /// The point of a run whose report was made at `generatedAt` with `summary`.
    public init(generatedAt: String, summary: Summary) {
        self.generatedAt = generatedAt
        problems = summary.problems
        skew = summary.skew
        pinsBehind = summary.pinsBehind
        pendingRCs = summary.pendingRCs
    }

    /// The measures drawn, in order: key (for ids and `data-measure`), label, value.
    public static let measures: [(key: String, label: String, value: @Sendable (HistoryPoint) -> Int)] = [
        ("problems", "problems", { $0.problems }),
        ("skew", "skew", { $0.skew }),
        ("pins-behind", "pins behind", { $0.pinsBehind }),
        ("pending-rcs", "pending rcs", { $0.pendingRCs }),
    ]
}

/// `report skew --history DIR`: one JSON snapshot per run in `DIR`, named
/// `skew-20260101T030000Z.json` so that a listing sorts them in the order they ran (a second
/// run in the same second gets `_02`, `_03`, …), and the series of the latest runs for the
/// trend lines. The directory may come from a cache or a branch anyone can push to: a file
/// that is not a snapshot is skipped with a warning, and each file is read only up to a
/// bound.
public struct ReportHistory {
    /// The directory of snapshots.
    public var directory: String

    /// How many runs the trend shows, this one included.
    public static let runsShown = 30
    /// A snapshot is a few hundred bytes; a larger file is not one.
    static let maximumSnapshotBytes = 64 * 1024
    static let prefix = "skew-"

    /// The history in `directory`.
    public init(directory: String) {
        self.directory = directory
    }

    /// The points of the latest `limit` earlier runs that can be read, oldest first, and a
    /// warning for each snapshot skipped on the way. No directory: no runs yet.
    public func earlierRuns(limit: Int = ReportHistory.runsShown - 1) throws -> (points: [HistoryPoint], warnings: [String]) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else { return ([], []) }
        guard isDirectory.boolValue else { throw ReportError.historyNotADirectory(path: directory) }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw ReportError.historyUnreadable(path: directory, reason: error.localizedDescription)
        }
        var points: [HistoryPoint] = []
        var warnings: [String] = []
        for name in names.filter(Self.isSnapshotName).sorted(by: >) {
            guard points.count < limit else { break }
            let path = directory + "/" + name
            switch Self.read(path) {
            case let .success(snapshot):
                points.append(HistoryPoint(generatedAt: snapshot.generatedAt, summary: snapshot.summary))
            case let .failure(reason):
                warnings.append("history \(path) is no snapshot of report skew (\(reason)); it is left out of the trend; delete it")
            }
        }
        return (points.reversed(), warnings)
    }

    /// Stores the snapshot of `report` as a new file (atomically, never over an earlier run's)
    /// and returns its path. Creates the directory when missing.
    @discardableResult
    public func store(_ report: SkewReport) throws -> String {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ReportError.historyUnwritable(path: directory, reason: error.localizedDescription)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = try encoder.encode(ReportSnapshot(of: report)) + Data("\n".utf8)
        let stamp = report.generatedAt.filter { $0 != "-" && $0 != ":" }
        for run in 1...99 {
            let path = directory + "/" + Self.prefix + stamp + (run == 1 ? "" : String(format: "_%02d", run)) + ".json"
            do {
                if try AtomicFile.create(data, at: path) { return path }
            } catch {
                throw ReportError.historyUnwritable(path: directory, reason: String(describing: error))
            }
        }
        throw ReportError.historyUnwritable(path: directory, reason: "99 runs at \(report.generatedAt) are already stored")
    }

    /// `skew-….json`, and nothing that starts with a dot (a write in progress).
    static func isSnapshotName(_ name: String) -> Bool {
        name.hasPrefix(prefix) && name.hasSuffix(".json")
    }

    private static func read(_ path: String) -> Result<ReportSnapshot, SnapshotProblem> {
        guard let handle = FileHandle(forReadingAtPath: path) else { return .failure(.unreadable) }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maximumSnapshotBytes + 1) else { return .failure(.unreadable) }
        guard data.count <= maximumSnapshotBytes else { return .failure(.tooLarge) }
        guard (try? JSONSerialization.jsonObject(with: data)) != nil else { return .failure(.notJSON) }
        guard let snapshot = try? JSONDecoder().decode(ReportSnapshot.self, from: data) else { return .failure(.wrongShape) }
        guard snapshot.schemaVersion == ReportSnapshot.currentSchemaVersion else { return .failure(.otherVersion(snapshot.schemaVersion)) }
        return .success(snapshot)
    }

    private enum SnapshotProblem: Error, CustomStringConvertible {
        case unreadable, tooLarge, notJSON, wrongShape
        case otherVersion(Int)

        var description: String {
            switch self {
            case .unreadable: "cannot be read"
            case .tooLarge: "larger than \(ReportHistory.maximumSnapshotBytes / 1024) KiB"
            case .notJSON: "not JSON"
            case .wrongShape: "JSON without a snapshot's fields"
            case let .otherVersion(version): "schemaVersion \(version), not \(ReportSnapshot.currentSchemaVersion)"
            }
        }
    }
}
