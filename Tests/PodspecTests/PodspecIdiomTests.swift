import Foundation
import Podspec
import Testing

/// The idioms podspecs use to name themselves after their file or read a file beside them.
@Suite struct PodspecIdiomTests {
    @Test func aNameTakenFromTheFileNameIsTheFileName() throws {
        // As 5 specs of a real private spec repo write it; the spec repo reads it by its path in the repo.
        let spec = try readRuby("""
            Pod::Spec.new do |s|
              s.name = File.basename(__FILE__).chomp(".podspec")
              s.version = '1.0.0'
            end
            """, path: "Specs/Networking/1.0.0/Networking.podspec").get()
        #expect(spec.name == "Networking")
    }

    @Test(arguments: [
        ("File.basename(__FILE__, '.podspec')", "Foo"),
        ("File.basename(__FILE__, '.*')", "Foo"),
        ("File.basename(__FILE__).sub('.podspec', '')", "Foo"),
        ("File.basename(__FILE__).gsub('o', '0').chomp('.p0dspec')", "F00"),
        ("File.basename(File.dirname(__FILE__))", "Foo"),
        ("File.basename(__dir__)", "Foo"),
        ("File.basename(File.expand_path('..', __FILE__))", "Foo"),
        ("File.basename(File.join(__dir__, 'Foo.podspec'), '.podspec')", "Foo"),
        ("'  Foo  '.strip", "Foo"),
        ("'Foo-Bar'.split('-').first", "Foo"),
    ])
    func evaluatesTheFileAndStringIdioms(expression: String, name: String) throws {
        let spec = try readRuby("""
            Pod::Spec.new do |s|
              s.name = \(expression)
              s.version = '1.0.0'
            end
            """, path: "Specs/Foo/Foo.podspec").get()
        #expect(spec.name == name)
    }

    @Test func readsAFileBesideThePodspec() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("2.3.1\n", to: "Kit/VERSION")
        let podspec = try directory.write("""
            Pod::Spec.new do |s|
              s.name = File.basename(__FILE__, '.podspec')
              s.version = File.read(File.join(__dir__, 'VERSION')).strip
            end
            """, to: "Kit/Kit.podspec")
        let spec = try PodspecReader.read(contentsOf: podspec.path)
        #expect(spec.name == "Kit")
        #expect(spec.version == "2.3.1")
    }

    @Test func readsAFileFoundThroughExpandPath() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("{\"version\": \"4.0.0\"}", to: "Kit/version.txt")
        let podspec = try directory.write("""
            version = File.read(File.expand_path('version.txt', __dir__)).split('"')[3]
            Pod::Spec.new do |s|
              s.name = 'Kit'
              s.version = version
            end
            """, to: "Kit/Kit.podspec")
        #expect(try PodspecReader.read(contentsOf: podspec.path).version == "4.0.0")
    }

    @Test func aFileThatDoesNotExistIsStillAnErrorAtItsLine() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let podspec = try directory.write("""
            Pod::Spec.new do |s|
              s.name = 'Kit'
              s.version = File.read(File.join(__dir__, 'VERSION')).strip
            end
            """, to: "Kit/Kit.podspec")
        #expect(throws: PodspecError.self) { try PodspecReader.read(contentsOf: podspec.path) }
        do {
            _ = try PodspecReader.read(contentsOf: podspec.path)
        } catch {
            #expect(error.line == 3)
            #expect(error.message.hasPrefix("cannot evaluate the version: it reads a file"))
        }
    }

    @Test(arguments: [
        "File.join(__dir__, '..', 'secret', 'VERSION')",
        "File.expand_path('../secret/VERSION', __dir__)",
        "'VERSION'",
        "'/etc/hostname'",
    ])
    func neverReadsOutsideThePodspecsFolder(path: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("9.9.9", to: "secret/VERSION")
        try directory.write("9.9.9", to: "Kit/VERSION")
        let podspec = try directory.write("""
            Pod::Spec.new do |s|
              s.name = 'Kit'
              s.version = File.read(\(path)).strip
            end
            """, to: "Kit/Kit.podspec")
        do {
            let spec = try PodspecReader.read(contentsOf: podspec.path)
            Issue.record("read \(spec.version) from \(path)")
        } catch {
            #expect(error.line == 3)
            #expect(error.message.hasPrefix("cannot evaluate the version: it reads a file"))
        }
    }

    @Test func neverFollowsASymlinkOutOfThePodspecsFolder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("9.9.9", to: "secret/VERSION")
        try FileManager.default.createDirectory(atPath: directory("Kit"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory("Kit/VERSION"), withDestinationPath: directory("secret/VERSION"))
        let podspec = try directory.write("""
            Pod::Spec.new do |s|
              s.name = 'Kit'
              s.version = File.read(File.join(__dir__, 'VERSION'))
            end
            """, to: "Kit/Kit.podspec")
        #expect(throws: PodspecError.self) { try PodspecReader.read(contentsOf: podspec.path) }
    }

    @Test func theCorpusReactNativeSpecStillNamesTheFileItCannotRead() throws {
        // React-RCTActionSheet reads ../../package.json: outside its folder, so it stays unknown.
        let path = SharedCorpus.root.appendingPathComponent("podspecs/facebook+react-native/React-RCTActionSheet.podspec").path
        #expect(throws: PodspecError.self) { try PodspecReader.read(contentsOf: path) }
    }
}
