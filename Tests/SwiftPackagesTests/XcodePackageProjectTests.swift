import Foundation
import Testing
import TestSupport
@testable import SwiftPackages

@Suite struct XcodePackageProjectTests {
    static let projects = SharedCorpus.files(under: "xcodeproj") { $0.hasSuffix("project.pbxproj") }

    @Test(arguments: projects)
    func everyReferenceBecomesADeclaration(url: URL) throws {
        let project = try XcodePackageProject(path: url.deletingLastPathComponent().path)
        let root = try project.root()
        let remote = root.dependencies.filter { $0.requirement != nil }
        #expect(remote.count == project.project.remotes.count, "\(url.path)")
        #expect(root.dependencies.count - remote.count == project.project.locals.count)
        for (declaration, reference) in zip(remote, project.project.remotes) {
            #expect(declaration.identity == PackageIdentity(location: reference.repositoryURL))
            switch (reference.kind, declaration.requirement!) {
            case ("exactVersion", .exact), ("upToNextMajorVersion", .upToNextMajor), ("upToNextMinorVersion", .upToNextMinor),
                 ("versionRange", .range), ("branch", .branch), ("revision", .revision):
                break
            default:
                Issue.record("\(reference.kind) became \(declaration.requirement!)")
            }
        }
        #expect(project.resolvedPath.hasSuffix("xcshareddata/swiftpm/Package.resolved"))
    }

    @Test func onePackageReferencedTwiceKeepsBothRequirements() throws {
        let url = try #require(Self.projects.first { $0.path.contains("duckduckgo") })
        let root = try XcodePackageProject(path: url.path).root()
        let kit = root.dependencies.filter { $0.identity == PackageIdentity(name: "browserserviceskit") }
        #expect(kit.map { $0.requirement?.label ?? "" }.sorted() == ["exact 237.1.0", "revision 6a5642a07acc"])
    }

    @Test func aVersionRangeReadsAsSwiftPMsRange() throws {
        let url = try #require(Self.projects.first { $0.path.contains("ProtonVPN") })
        let root = try XcodePackageProject(path: url.path).root()
        let ranges = root.dependencies.compactMap { declaration -> String? in
            guard case let .range(range)? = declaration.requirement else { return nil }
            return "\(declaration.identity) \(range)"
        }
        #expect(ranges.count == 2, "\(ranges)")
        #expect(ranges.allSatisfy { $0.contains("..<") })
    }
}
