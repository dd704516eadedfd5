import Foundation
import Testing
@testable import Manifest

private func lock(_ directory: String) throws -> PodfileLock {
    try PodfileLock(contentsOf: TestPaths.corpusFile("podfile-locks/\(directory)/Podfile.lock"))
}

private func dependency(_ name: String, _ requirements: [String] = [], from: String? = nil) -> PodfileLock.Dependency {
    PodfileLock.Dependency(name: name, requirements: requirements, externalSource: from)
}

@Suite struct PodfileLockTests {
    @Test func simplenote() throws {
        let lock = try lock("Automattic+simplenote-ios")
        #expect(lock.pods.count == 15)
        #expect(lock.pods[0] == PodfileLock.Pod(name: "AppCenter", version: "4.4.3", dependencies: [
            dependency("AppCenter/Analytics", ["= 4.4.3"]), dependency("AppCenter/Crashes", ["= 4.4.3"]),
        ]))
        #expect(lock.versions["AppCenter/Distribute"] == "4.4.3")
        #expect(lock.versions["Gridicons"] == "0.19")
        #expect(lock.dependencies.count == 7)
        #expect(lock.dependencies.first == dependency("AppCenter", ["~> 4.4.3"]))
        #expect(lock.dependencies.last == dependency("ZIPFoundation", ["~> 0.9.9"]))
        #expect(lock.specRepos == [PodfileLock.SpecRepo(repo: "trunk", pods: [
            "AppCenter", "Gridicons", "Simperium", "SwiftLint", "WordPress-Ratings-iOS", "ZIPFoundation",
        ])])
        #expect(lock.externalSources.isEmpty)
        #expect(lock.checkoutOptions.isEmpty)
        #expect(lock.specChecksums.count == 6)
        #expect(lock.specChecksums["ZIPFoundation"] == "063163dc828bf699c5be160eb4f58f676322d94f")
        #expect(lock.podfileChecksum == "6fc187e283b4fb7f9f4a0ef73a27632724c90845")
        #expect(lock.cocoapodsVersion == "1.15.2")
    }

    @Test func gitHawk() throws {
        let lock = try lock("GitHawkApp+GitHawk")
        #expect(lock.pods.count == 40)
        #expect(lock.versions["IGListKit/Swift"] == "3.3.0")
        #expect(lock.version(of: "IGListKit") == "3.3.0")
        #expect(lock.version(of: "SDWebImage") == "4.0.0")
        #expect(lock.version(of: "Nope") == nil)
        #expect(lock.pods.first { $0.name == "FBSnapshotTestCase/SwiftSupport" }?.dependencies == [dependency("FBSnapshotTestCase/Core")])
        #expect(lock.dependencies.count == 29)
        #expect(lock.dependencies[1] == dependency("cmark-gfm-swift", from: "`https://github.com/GitHawkApp/cmark-gfm-swift.git`, branch `master`"))
        #expect(lock.dependencies[4] == dependency("DateAgo", from: "`Local Pods/DateAgo`"))
        #expect(lock.specRepos.map(\.repo) == ["https://github.com/cocoapods/specs.git"])
        #expect(lock.specRepos[0].pods.count == 17)
        #expect(lock.externalSources.count == 15)
        #expect(lock.externalSources["DateAgo"] == ["path": "Local Pods/DateAgo"])
        #expect(lock.externalSources["IGListKit"] == ["branch": "fix-layout-insets", "git": "https://github.com/GitHawkApp/IGListKit.git"])
        #expect(lock.checkoutOptions.count == 10)
        #expect(lock.checkoutOptions["IGListKit"] == ["commit": "34773b673601ad8cb5fb2df8196ca619cdc243d0", "git": "https://github.com/GitHawkApp/IGListKit.git"])
        #expect(lock.specChecksums.count == 32)
        #expect(lock.cocoapodsVersion == "1.6.1")
    }

    @Test func rocketChatQuotedEntries() throws {
        let lock = try lock("RocketChat+Rocket.Chat.iOS")
        #expect(lock.pods.count == 45)
        #expect(lock.versions["GoogleUtilities/NSData+zlib"] == "5.3.4")
        let analytics = try #require(lock.pods.first { $0.name == "FirebaseAnalytics" })
        #expect(analytics.version == "5.3.0")
        #expect(analytics.dependencies.contains(dependency("GoogleUtilities/NSData+zlib", ["~> 5.2"])))
        #expect(analytics.dependencies.count == 8)
        #expect(lock.pods.first { $0.name == "GoogleUtilities/Network" }?.dependencies.contains(dependency("GoogleUtilities/NSData+zlib")) == true)
        #expect(lock.dependencies.count == 22)
        #expect(lock.dependencies.contains(dependency("Starscream", ["~> 3"])))
        #expect(lock.dependencies.contains(dependency("MobilePlayer", from: "`https://github.com/RocketChat/RCiOSMobilePlayer`")))
        #expect(lock.specRepos[0].pods.count == 26)
        #expect(lock.externalSources["MobilePlayer"] == ["git": "https://github.com/RocketChat/RCiOSMobilePlayer"])
        #expect(lock.checkoutOptions.count == 4)
        #expect(lock.specChecksums.count == 30)
        #expect(lock.cocoapodsVersion == "1.5.3")
    }

    @Test func element() throws {
        let lock = try lock("vector-im+element-ios")
        #expect(lock.pods.count == 56)
        #expect(lock.pods.first { $0.name == "MatrixKit" }?.dependencies.last == dependency("MatrixSDK", ["= 0.19.4"]))
        #expect(lock.versions["MatrixSDK/JingleCallStack"] == "0.19.4")
        #expect(lock.versions["SwiftJWT"] == "3.6.200")
        #expect(lock.dependencies.count == 21)
        #expect(lock.dependencies.contains(dependency("MatrixKit", ["= 0.15.4"])))
        #expect(lock.dependencies.contains(dependency("MatrixSDK/JingleCallStack")))
        #expect(lock.specRepos.map(\.repo) == ["trunk"])
        #expect(lock.specRepos[0].pods.count == 36)
        #expect(lock.externalSources.isEmpty)
        #expect(lock.specChecksums.count == 36)
        #expect(lock.podfileChecksum == "2b61b852a5b62fbb75643a30281e362fd4566f12")
        #expect(lock.cocoapodsVersion == "1.10.1")
    }

    @Test func readsSeveralRequirementsAndCRLF() throws {
        let lock = try PodfileLock(parsing: "PODS:\r\n  - 'Foo (1.2)':\r\n    - Bar (>= 1.0, < 2.0)\r\n  - Bar (1.5)\r\n\r\nDEPENDENCIES:\r\n  - Foo (~> 1.0)\r\n\r\nCOCOAPODS: 1.16.2\r\n")
        #expect(lock.pods == [
            PodfileLock.Pod(name: "Foo", version: "1.2", dependencies: [dependency("Bar", [">= 1.0", "< 2.0"])]),
            PodfileLock.Pod(name: "Bar", version: "1.5", dependencies: []),
        ])
        #expect(lock.dependencies == [dependency("Foo", ["~> 1.0"])])
        #expect(lock.cocoapodsVersion == "1.16.2")
    }

    @Test func malformedLocksNameTheLine() {
        func malformed(_ line: Int, _ message: String) -> ManifestError {
            .malformed(ManifestIssue(file: "Podfile.lock", line: line, message: message))
        }
        #expect(throws: malformed(2, "`Foo` has no version; PODS entries are `Name (version)`")) {
            try PodfileLock(parsing: "PODS:\n  - Foo\n")
        }
        #expect(throws: malformed(1, "PODS must be a list of `Name (version)` entries")) {
            try PodfileLock(parsing: "PODS: Foo (1.0)\n")
        }
        #expect(throws: malformed(3, "unexpected indentation; check that this line lines up with its siblings")) {
            try PodfileLock(parsing: "PODS:\n    - Foo (1.0)\n  - Bar (1.0)\n")
        }
        #expect(throws: malformed(2, "compctl reads the block YAML CocoaPods writes; `[Foo]` is not part of it, regenerate the file with `pod install`")) {
            try PodfileLock(parsing: "DEPENDENCIES:\n  - [Foo]\n")
        }
        #expect(throws: malformed(1, "the file is empty; regenerate it with `pod install`")) {
            try PodfileLock(parsing: "\n")
        }
        #expect(throws: ManifestError.unreadable(path: "/nonexistent-compctl/Podfile.lock", reason: "no such file, or it is not readable")) {
            try PodfileLock(contentsOf: "/nonexistent-compctl/Podfile.lock")
        }
    }
}
