import Foundation
@testable import Integration
import Testing
import TestSupport

/// Where a resolve looks for Podfile.lock: beside the Podfile, as CocoaPods finds it
/// (`Pathname#dirname`), joined as text (issue 14).
@Suite struct PodfileLockPathTests {
    static let cwd = FileManager.default.currentDirectoryPath

    @Test(arguments: [
        ("/work/app/Podfile", "/work/app/Podfile.lock"),
        ("/Podfile", "/Podfile.lock"),
        ("Podfile", cwd + "/Podfile.lock"),
        ("./Podfile", cwd + "/Podfile.lock"),
        ("app/Podfile", cwd + "/app/Podfile.lock"),
        ("../app/Podfile", cwd + "/../app/Podfile.lock"),
        ("app/./ios/../Podfile", cwd + "/app/ios/../Podfile.lock"),
        ("//work//app/./Podfile", "/work/app/Podfile.lock"),
        ("/work/my app/ünï/Podfile.custom", "/work/my app/ünï/Podfile.lock"),
    ])
    func theLockIsBesideThePodfile(_ podfile: String, _ lock: String) {
        #expect(PodfileInputs.lockPath(besidePodfile: podfile) == lock)
    }

    /// `..` after a symbolic link leads where the kernel takes it, as it does for the Podfile
    /// itself (and as CocoaPods' `Pathname#dirname` leaves it): the lock beside the Podfile
    /// read, not beside the path's text with `..` taken away.
    @Test func aLinkBeforeDotDotLeadsToTheLockBesideThePodfileRead() throws {
        let directory = try TemporaryDirectory()
        let app = directory.path("app")
        try FileManager.default.createDirectory(atPath: app + "/sub", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.path("link"), withDestinationPath: app + "/sub")
        try "platform :ios, '13.0'\ntarget 'App' do\n  pod 'Foo'\nend\n".write(
            toFile: app + "/Podfile", atomically: true, encoding: .utf8)
        try "PODS:\n  - Foo (1.0.0)\n\nDEPENDENCIES:\n  - Foo\n\nCOCOAPODS: 1.15.2\n".write(
            toFile: app + "/Podfile.lock", atomically: true, encoding: .utf8)
        let inputs = try PodfileInputs(path: directory.path("link/../Podfile"), sources: [])
        #expect(inputs.lock?.pods.map(\.name) == ["Foo"])
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
