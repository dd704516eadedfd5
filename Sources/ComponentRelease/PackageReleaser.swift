import Foundation
import Git
import Manifest
import SwiftPackages
import Versioning

/// Everything a package release will do, decided and checked before anything changes.
public struct PackageBumpPlan: Sendable, Equatable {
    /// The package's work tree, with a trailing `/`.
    public var workTree: String
    /// The package's name (Package.swift's `name:`, else its directory's).
    public var name: String
    /// The version its tags had reached, or nil for a first release.
    public var from: SemanticVersion?
    /// The tag `from` was read from.
    public var fromTag: String?
    /// The version to release.
    public var to: SemanticVersion
    /// The annotated tag to create on HEAD.
    public var tag: String
    /// `Release Net 1.2.0-rc.1`: the tag's message.
    public var message: String
    public var branch: String
    /// The commit the tag marks: HEAD.
    public var head: ObjectID
    public var remoteName: String
    /// The remote's URL, credentials included (redact before showing); nil without one.
    public var remoteURL: String?
    public var warnings: [String]
}

/// Releases a Swift package from its work tree: its version is its tags, so a release is
/// the next version after the highest tag SwiftPM reads (`1.2.0`, `v1.2.0`, `1.2`) in HEAD's
/// history, made an annotated tag on HEAD, pushed with `push` (the branch, then the tag). The rc sequence
/// is the pods' (`--rc` 1.4.2 → 1.4.3-rc.1, again → 1.4.3-rc.2, `--release` → 1.4.3). Nothing
/// is committed; `plan` refuses a dirty work tree and an existing tag (here or on the
/// remote), and changes nothing.
public struct PackageReleaser {
    public var workingDirectory: String
    public var credentials: Credentials
    public var remoteName: String
    public var signature: Signature?
    /// Lists a remote's tags; `Remote.listReferences` by default.
    public var listRemoteTags: (String) throws -> Set<String>

    /// A releaser for the package around `workingDirectory`.
    public init(workingDirectory: String = FileManager.default.currentDirectoryPath,
                credentials: Credentials = .fromEnvironment(), remoteName: String = "origin", signature: Signature? = nil) {
        self.workingDirectory = workingDirectory
        self.credentials = credentials
        self.remoteName = remoteName
        self.signature = signature
        listRemoteTags = { url in
            let references = try Remote.listReferences(at: url, credentials: credentials)
            return Set(references.lazy.map(\.name).filter { $0.hasPrefix("refs/tags/") }.map { String($0.dropFirst(10)) })
        }
    }

    /// Whether the repository around `directory` is a Swift package without a podspec at its
    /// root: the case `bump` releases by tag alone.
    public static func isPackageWithoutPodspec(at directory: String) -> Bool {
        guard let repository = try? Repository.open(at: directory, searchingParents: true),
              let work = repository.workDirectory,
              let names = try? FileManager.default.contentsOfDirectory(atPath: work) else { return false }
        return names.contains("Package.swift") && !names.contains { $0.hasSuffix(".podspec") || $0.hasSuffix(".podspec.json") }
    }

    /// Decides the release; changes nothing.
    public func plan(kind: BumpKind, rcLabel: String, tagFormat: String, push: Bool) throws -> PackageBumpPlan {
        let repository: Repository
        do {
            repository = try Repository.open(at: workingDirectory, searchingParents: true)
        } catch {
            throw ReleaseError.notAGitRepository(path: workingDirectory)
        }
        guard let workTree = repository.workDirectory else { throw ReleaseError.bareRepository(path: repository.gitDirectory) }
        let shown = String(workTree.dropLast())
        guard let branch = repository.headBranch else { throw ReleaseError.detachedHead(workTree: shown) }
        guard let head = try repository.referenceTarget("refs/heads/\(branch)") else {
            throw ReleaseError.noCommit(workTree: shown, branch: branch)
        }
        let changes = try repository.uncommittedChanges()
        guard changes.isEmpty else { throw ReleaseError.dirtyWorkTree(workTree: shown, paths: changes) }
        let name = Self.packageName(workTree: workTree)

        // The versions SwiftPM reads from the tags; the release follows the highest one in
        // HEAD's history (a hotfix branch continues its own line).
        let tags = try repository.tagNames()
        let versions = VersionTags.versions(of: tags, toolsVersion: SwiftToolsVersion.current)
        let current = versions.last { tagged in
            guard let marked = try? repository.tag(named: tagged.tag).commit else { return false }
            return (try? repository.isAncestor(marked, of: head)) == true
        }
        let start = current.map(\.version) ?? SemanticVersion(0, 0, 0)
        let next: SemanticVersion
        do {
            let bumped = try Versioning.Version(start.withoutBuildMetadata.description).bumped(kind, rcLabel: rcLabel)
            guard let parsed = SemanticVersion(bumped.description) else {
                throw ReleaseError.cannotBump(path: "\(shown)/Package.swift", reason: "\(bumped) is not a version SwiftPM reads")
            }
            next = parsed
        } catch let error as VersionError {
            let from = current.map { "the newest tag \($0.tag)" } ?? "no version tag"
            throw ReleaseError.cannotBump(path: "\(shown)/Package.swift", reason: "\(from): \(error.description)")
        }
        let tag = ComponentReleaser.tag(for: next.description, format: tagFormat)
        if try repository.referenceTarget("refs/tags/\(tag)") != nil || versions.contains(where: { $0.version == next }) {
            throw ReleaseError.tagExists(tag: tag, workTree: shown)
        }
        let remote = try? repository.remote(named: remoteName)
        if push && remote == nil { throw ReleaseError.noRemote(name: remoteName, workTree: shown) }
        var warnings: [String] = []
        if let remote {
            do {
                if try listRemoteTags(remote.url).contains(tag) {
                    throw ReleaseError.tagExistsOnRemote(tag: tag, url: Git.redact(remote.url))
                }
            } catch let error as ReleaseError {
                throw error
            } catch {
                guard !push else { throw ReleaseError.remoteUnreachable(url: Git.redact(remote.url), reason: "\(error)") }
                warnings.append("could not check whether tag \(tag) exists on \(Git.redact(remote.url)): \(error)")
            }
        }
        return PackageBumpPlan(workTree: workTree, name: name, from: current?.version, fromTag: current?.tag, to: next, tag: tag,
                               message: "Release \(name) \(next)", branch: branch, head: head, remoteName: remoteName,
                               remoteURL: remote?.url, warnings: warnings)
    }

    /// Creates the tag and with `push` pushes the branch, then the tag; a failed push
    /// deletes the local tag again.
    public func apply(_ plan: PackageBumpPlan, push: Bool) throws -> Bool {
        let repository = try Repository.open(at: plan.workTree)
        do {
            try repository.createTag(plan.tag, target: plan.head, message: plan.message, tagger: signature)
        } catch {
            throw ReleaseError.stepFailed(step: "creating tag \(plan.tag)", reason: "\(error)")
        }
        guard push else { return false }
        let url = Git.redact(plan.remoteURL ?? plan.remoteName)
        do {
            try repository.push(["refs/heads/\(plan.branch):refs/heads/\(plan.branch)"], to: plan.remoteName, credentials: credentials)
            try repository.push(["refs/tags/\(plan.tag):refs/tags/\(plan.tag)"], to: plan.remoteName, credentials: credentials)
        } catch {
            do {
                try repository.deleteReference("refs/tags/\(plan.tag)")
            } catch let cleanup {
                throw ReleaseError.rollbackFailed(original: "push to \(url) failed: \(error)", reason: "\(cleanup)")
            }
            throw ReleaseError.packagePushFailed(tag: plan.tag, url: url, reason: "\(error)")
        }
        return true
    }

    /// The name Package.swift gives the package, else the work tree's directory name.
    static func packageName(workTree: String) -> String {
        let manifest = workTree + "Package.swift"
        if let data = FileManager.default.contents(atPath: manifest),
           let declaration = try? PackageDeclaration(parsing: [UInt8](data), path: manifest),
           let name = declaration.name, !name.isEmpty, !name.contains(where: { $0.isNewline || $0 == "\u{0}" }) {
            return name
        }
        return (String(workTree.dropLast()) as NSString).lastPathComponent
    }
}

extension SemanticVersion {
    /// The version without build metadata.
    var withoutBuildMetadata: SemanticVersion { SemanticVersion(major, minor, patch, prerelease: prerelease) }
}
