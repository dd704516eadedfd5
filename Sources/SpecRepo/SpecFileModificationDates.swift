#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Versioning

/// The publish dates of a directory spec repo: each spec file's modification time.
public struct SpecFileModificationDates: Sendable {
    /// The spec repo whose versions are dated.
    public let repository: SpecRepository
    /// The directory the repo is read from.
    public let root: String

    /// Dates for `repository`, read from the files below `root`.
    public init(repository: SpecRepository, root: String) {
        self.repository = repository
        self.root = root
    }

    /// When the spec file of `version` of `pod` was last modified, or nil when there is none.
    public func publishDate(of pod: String, version: Version) -> Date? {
        guard let entry = repository.pod(named: pod)?.versions.first(where: { $0.version == version }) else { return nil }
        let directory = root + "/" + entry.directoryPath
        // Listed by pod directories only, the spec file's name may not be known yet.
        let names = entry.specFileName.map { [$0] } ?? ["\(pod).podspec.json", "\(pod).podspec"]
        for name in names {
            // `stat` itself: FileManager's attribute dictionary costs more than the system call,
            // and a large repo has thousands of rcs.
            var info = stat()
            guard stat(directory + "/" + name, &info) == 0 else { continue }
            #if canImport(Darwin)
            let time = info.st_mtimespec
            #else
            let time = info.st_mtim
            #endif
            return Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000)
        }
        return nil
    }
}

