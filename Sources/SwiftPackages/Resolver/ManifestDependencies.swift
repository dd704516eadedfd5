import Diagnostics
import Manifest

/// What a manifest contributes to a resolution, read as SwiftPM reads it: every declared
/// dependency for a root package (and for tools versions before 5.2), otherwise only those
/// the products' targets use (`Manifest.dependenciesRequired(for:)`).
enum ManifestDependencies {
    static func read(_ file: ManifestFile, identity: PackageIdentity, version: String?, packageLocation: String,
                     isRoot: Bool) throws -> PackageResolver.VersionDependencies {
        let declaration: PackageDeclaration
        do {
            declaration = try PackageDeclaration(parsing: file.bytes, path: file.displayPath)
        } catch let ManifestError.malformed(issue) {
            throw PackageError.unreadableManifest(issue)
        } catch {
            throw PackageError.unreadableManifest(FileIssue(file: file.displayPath, line: nil, message: "\(error)"))
        }
        var flagged = declaration.problems.map { flag(identity, version, $0.description) }
        let directory = PackageLocation.isLocalPath(packageLocation) ? packageLocation : ""
        var dependencies: [(declared: DeclaredDependency, converted: PackageDependencyDeclaration)] = []
        for declared in declaration.dependencies {
            let place = "\(file.displayPath):\(declared.line)"
            let location: String
            switch declared.location {
            case let .url(url):
                location = directory.isEmpty && !url.hasPrefix("/") && PackageLocation.isLocalPath(url) && !url.hasPrefix("file://")
                    ? url : PackageLocation.resolved(url, relativeTo: directory)
            case let .path(path):
                location = PackageLocation.resolved(path, relativeTo: directory)
            case let .registry(id):
                flagged.append(flag(identity, version, "\(place): `.package(id: \"\(id)\")` names a registry package; compctl reads git repositories only, so it leaves this dependency out"))
                continue
            }
            let requirement: PackageRequirement?
            do {
                requirement = try convert(declared.requirement)
            } catch let problem as RequirementProblem {
                flagged.append(flag(identity, version, "\(place): \(problem.message)"))
                continue
            }
            dependencies.append((declared, PackageDependencyDeclaration(
                identity: PackageIdentity(location: location), location: location, requirement: requirement,
                file: file.displayPath, line: declared.line)))
        }
        let oldTools = declaration.toolsVersion.map { $0 < PackageDeclaration.ToolsVersion(5, 2) } ?? true
        if isRoot || oldTools || declaration.problems.contains(where: isAboutTargets) {
            return .init(toolsVersion: declaration.toolsVersion, dependencies: dependencies.map(\.converted), flagged: flagged)
        }
        let used = usedPackageNames(declaration)
        let required = dependencies.filter { entry in
            let name = entry.declared.name ?? PackageIdentity.defaultName(of: entry.converted.location)
            return used.contains(name.lowercased())
        }
        return .init(toolsVersion: declaration.toolsVersion, dependencies: required.map(\.converted), flagged: flagged)
    }

    private static func flag(_ identity: PackageIdentity, _ version: String?, _ text: String) -> FlaggedManifest {
        FlaggedManifest(identity: identity, version: version, issue: FileIssueText(text: text))
    }

    private static func isAboutTargets(_ issue: FileIssue) -> Bool {
        issue.message.contains("target") || issue.message.contains("product") || issue.message.contains("#if")
            || issue.message.contains("changed by code")
    }

    /// The lower-cased package names the targets of every product name (through target
    /// dependencies on other targets of the package, and plugins).
    static func usedPackageNames(_ declaration: PackageDeclaration) -> Set<String> {
        let targets = Dictionary(declaration.targets.map { ($0.name, $0) }, uniquingKeysWith: { $1 })
        var pending = declaration.products.flatMap(\.targets)
        var seen = Set<String>()
        var used = Set<String>()
        while let name = pending.popLast() {
            guard seen.insert(name).inserted, let target = targets[name] else { continue }
            for dependency in target.dependencies {
                switch dependency {
                case let .target(other):
                    if targets[other] != nil { pending.append(other) }
                case let .byName(other):
                    if targets[other] != nil { pending.append(other) }
                    used.insert(other.lowercased())
                case let .product(_, package?):
                    used.insert(package.lowercased())
                case .product(_, nil):
                    break
                }
            }
            for package in target.pluginPackages { used.insert(package.lowercased()) }
        }
        return used
    }

    struct RequirementProblem: Error { var message: String }

    /// A declared requirement as SwiftPM's value; a version string SwiftPM would refuse is a problem.
    static func convert(_ requirement: DeclaredDependency.Requirement) throws -> PackageRequirement? {
        func version(_ text: String) throws -> SemanticVersion {
            guard let parsed = SemanticVersion(text) else {
                throw RequirementProblem(message: "\"\(text)\" is not a version SwiftPM accepts (it needs major.minor.patch, such as \"1.2.0\"); the dependency is left out")
            }
            return parsed
        }
        switch requirement {
        case let .exact(v): return .exact(try version(v))
        case let .upToNextMajor(v): return .upToNextMajor(try version(v))
        case let .upToNextMinor(v): return .upToNextMinor(try version(v))
        case let .halfOpen(a, b): return .range(VersionRange(try version(a), try version(b)))
        case let .closed(a, b): return .closedRange(try version(a), try version(b))
        case let .branch(name): return .branch(name)
        case let .revision(id): return .revision(id)
        case .none: return nil
        }
    }
}
