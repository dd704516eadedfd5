import Foundation
@testable import Integration
import Testing
import TestSupport

/// Where a resolve looks for Podfile.lock: beside the Podfile, at the path `URL` gave before
/// the path was joined as text (issue 14), so that messages and the file read stay the same.
@Suite struct PodfileLockPathTests {
    static func urlPath(_ podfile: String) -> String {
        URL(fileURLWithPath: podfile).deletingLastPathComponent().appendingPathComponent("Podfile.lock").path
    }

    @Test(arguments: [
        "/work/app/Podfile", "/Podfile", "Podfile", "app/Podfile", "./Podfile", "../app/Podfile",
        "app/./ios/../Podfile", "/work/my app/Podfile", "/work/ünï/Podfile", "/work/app/Podfile.custom",
    ])
    func theLockIsWhereURLPutIt(_ podfile: String) {
        #expect(PodfileInputs.lockPath(besidePodfile: podfile) == Self.urlPath(podfile))
    }

    @Test func theLockBesideThePodfileIsRead() throws {
        let directory = try TemporaryDirectory()
        let app = directory.path("app")
        try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
        try "platform :ios, '13.0'\ntarget 'App' do\n  pod 'Foo'\nend\n".write(
            toFile: app + "/Podfile", atomically: true, encoding: .utf8)
        try "PODS:\n  - Foo (1.0.0)\n\nDEPENDENCIES:\n  - Foo\n\nCOCOAPODS: 1.15.2\n".write(
            toFile: app + "/Podfile.lock", atomically: true, encoding: .utf8)
        // Through `..` from a folder beside it, as a script in CI may name it.
        try FileManager.default.createDirectory(atPath: directory.path("ci"), withIntermediateDirectories: true)
        let inputs = try PodfileInputs(path: directory.path("ci/../app/Podfile"), sources: [])
        #expect(inputs.lock?.pods.map(\.name) == ["Foo"])
    }
}
