import Foundation
import Testing

@Suite struct SpecCommandTests {
    /// `TestPaths.corpus`, or `shared/corpus` beside a folder above the package root, where a git
    /// worktree finds it.
    static var corpus: URL {
        var folder = TestPaths.packageRoot
        while !FileManager.default.fileExists(atPath: TestPaths.corpus.path), folder.path != "/" {
            let candidate = folder.deletingLastPathComponent().appendingPathComponent("shared/corpus")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return TestPaths.corpus
    }

    static let moya = """
        Pod::Spec.new do |s|
          s.name         = "Moya"
          s.version      = "15.0.0"
          s.description  = <<-EOS
          Network abstraction layer.
          EOS
          s.ios.deployment_target = '10.0'
          s.osx.deployment_target = '10.12'
          s.source       = { :git => "https://github.com/Moya/Moya.git", :tag => s.version }
          s.default_subspec = "Core"
          s.dependency "Result", "~> 4.0", "< 4.5"

          s.subspec "Core" do |ss|
            ss.dependency "Alamofire", "~> 5.0"
          end

          s.subspec "RxSwift" do |ss|
            ss.dependency "Moya/Core"
            ss.dependency "RxSwift", "~> 6.0"
            ss.ios.deployment_target = '12.0'
          end
        end

        """

    @Test func showsARubyPodspecAsText() throws {
        let folder = try TemporaryDirectory()
        let podspec = try folder.write(Self.moya, to: "Moya.podspec")
        let result = try compctl(["spec", "show", podspec.path])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr == "", "\(result)")
        #expect(result.stdout == """
            Moya 15.0.0
            source: https://github.com/Moya/Moya.git (tag 15.0.0)
            platforms: ios 10.0, osx 10.12
            default subspecs: Core
            dependencies:
              Result ~> 4.0, < 4.5
            subspec Moya/Core
              dependencies:
                Alamofire ~> 5.0
            subspec Moya/RxSwift
              platforms: ios 12.0
              dependencies:
                Moya/Core
                RxSwift ~> 6.0

            """)
    }

    @Test(arguments: [
        ("Kit.podspec", """
            Pod::Spec.new do |s|
              s.name = 'Kit'
              s.version = '1.0.0'
              s.dependency 'Core', '~> 1.0'
              s.test_spec do |t|
                t.source_files = 'Tests/**/*.swift'
                t.dependency 'OCMock', '~> 3.9'
              end
              s.test_spec 'UITests' do |t|
                t.test_type = :ui
                t.requires_app_host = true
              end
              s.app_spec 'Demo' do |app|
                app.dependency 'Kit/UI'
              end
            end
            """),
        ("Kit.podspec.json", """
            {
              "name": "Kit", "version": "1.0.0", "dependencies": {"Core": ["~> 1.0"]},
              "testspecs": [
                {"name": "Tests", "test_type": "unit", "source_files": "Tests/**/*.swift",
                 "dependencies": {"OCMock": ["~> 3.9"]}},
                {"name": "UITests", "test_type": "ui", "requires_app_host": true}
              ],
              "appspecs": [{"name": "Demo", "dependencies": {"Kit/UI": []}}]
            }
            """),
    ])
    func showsTestSpecsAndAppSpecsAsCocoaPodsJSONKeepsThem(file: String, text: String) throws {
        let folder = try TemporaryDirectory()
        let podspec = try folder.write(text, to: file)
        let result = try compctl(["spec", "show", podspec.path, "--json"])
        #expect(result.exitCode == 0, "\(result)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? NSDictionary)
        #expect(document["testspecs"] as? NSArray == [
            ["name": "Kit/Tests", "dependencies": ["OCMock": ["~> 3.9"]]],
            ["name": "Kit/UITests", "dependencies": [String: [String]]()],
        ] as NSArray)
        #expect(document["appspecs"] as? NSArray == [["name": "Kit/Demo", "dependencies": ["Kit/UI": [String]()]]] as NSArray)
        // They are not the pod's dependencies nor subspecs: resolution never sees them.
        #expect(document["dependencies"] as? NSDictionary == ["Core": ["~> 1.0"]])
        #expect(document["subspecs"] as? NSArray == [] as NSArray)
    }

    @Test func showsARubyPodspecAsJSON() throws {
        let folder = try TemporaryDirectory()
        let podspec = try folder.write(Self.moya, to: "Moya.podspec")
        let result = try compctl(["spec", "show", podspec.path, "--json"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr == "", "\(result)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? NSDictionary)
        let expected: NSDictionary = [
            "schemaVersion": 1,
            "name": "Moya",
            "version": "15.0.0",
            "source": ["git": "https://github.com/Moya/Moya.git", "tag": "15.0.0"],
            "dependencies": ["Result": ["~> 4.0", "< 4.5"]],
            "default_subspecs": ["Core"],
            "platforms": ["ios": "10.0", "osx": "10.12"],
            "subspecs": [
                [
                    "name": "Moya/Core", "dependencies": ["Alamofire": ["~> 5.0"]],
                    "default_subspecs": [String](), "platforms": [String: String](),
                ],
                [
                    "name": "Moya/RxSwift", "dependencies": ["Moya/Core": [String](), "RxSwift": ["~> 6.0"]],
                    "default_subspecs": [String](), "platforms": ["ios": "12.0"],
                ],
            ],
            "testspecs": [[String: Any]](),
            "appspecs": [[String: Any]](),
        ]
        #expect(document == expected)
        // One document with sorted keys: `compctl spec show --json | jq` must always work.
        #expect(result.stdout.hasPrefix("{\n  \"appspecs\""), "\(result)")
        #expect(result.stdout.hasSuffix("}\n"), "\(result)")
    }

    @Test func showsAJSONPodspecWithNullForMissingParts() throws {
        let folder = try TemporaryDirectory()
        let podspec = try folder.write("""
            {"name": "Tiny", "version": "0.1.0", "platforms": {"ios": null}, "source": {"http": "https://x/t.zip", "sha256": "0a1b"}}
            """, to: "Tiny.podspec.json")
        let result = try compctl(["spec", "show", podspec.path, "--json"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == """
            {
              "appspecs" : [

              ],
              "default_subspecs" : [

              ],
              "dependencies" : {

              },
              "name" : "Tiny",
              "platforms" : {
                "ios" : null
              },
              "schemaVersion" : 1,
              "source" : {
                "git" : null,
                "http" : "https://x/t.zip",
                "sha256" : "0a1b",
                "tag" : null
              },
              "subspecs" : [

              ],
              "testspecs" : [

              ],
              "version" : "0.1.0"
            }

            """)
        let text = try compctl(["spec", "show", podspec.path])
        #expect(text.stdout == "Tiny 0.1.0\nsource: https://x/t.zip (sha256 0a1b)\nplatforms: ios\ndependencies: none\n", "\(text)")
    }

    @Test func aMissingFileIsAFailure() throws {
        let folder = try TemporaryDirectory()
        let missing = folder.url.appendingPathComponent("Nope.podspec").path
        let result = try compctl(["spec", "show", missing])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout == "", "\(result)")
        #expect(result.stderr == "error: \(missing): no such file; check the path to the podspec\n", "\(result)")
    }

    @Test func aVersionFromAShellCommandIsAFailureNamingTheLine() throws {
        let folder = try TemporaryDirectory()
        let podspec = try folder.write("""
            Pod::Spec.new do |s|
              s.name = 'IGListKit'
              s.version = `scripts/version.sh`
              s.dependency 'IGListDiffKit', "= #{s.version}"
            end

            """, to: "IGListKit.podspec")
        let result = try compctl(["spec", "show", podspec.path, "--json"])
        #expect(result.exitCode == 1, "\(result)")
        // --json gets a document on failure too: the error lines, as on stderr.
        let message = "\(podspec.path):3: cannot evaluate the version: it comes from a shell command; "
            + "set a literal version, e.g. s.version = '1.2.3'"
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(document?["errors"] as? [String] == [message], "\(result)")
        #expect(document?["exitCode"] as? Int == 1, "\(result)")
        #expect(result.stderr == "error: \(podspec.path):3: cannot evaluate the version: it comes from a shell command; "
            + "set a literal version, e.g. s.version = '1.2.3'\n", "\(result)")
    }

    @Test func aMalformedPodspecIsAFailureNamingTheLine() throws {
        let folder = try TemporaryDirectory()
        let podspec = try folder.write("{\n  \"name\": \"Foo\",\n  \"version\": \"1.0\"\n  \"dependencies\": {}\n}\n", to: "Foo.podspec.json")
        let result = try compctl(["spec", "show", podspec.path])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout == "", "\(result)")
        #expect(result.stderr == "error: \(podspec.path):4: malformed JSON: expected ',' or '}' in an object; fix the JSON syntax\n")
    }

    @Test func partsItCannotEvaluateButDoesNotNeedAreWarnings() throws {
        let folder = try TemporaryDirectory()
        let podspec = try folder.write("""
            Pod::Spec.new do |spec|
              spec.name = 'boost'
              spec.version = '1.83.0'
              spec.source = { :http => 'https://archives.boost.io/boost_1_83_0.tar.bz2' }
              spec.platforms = min_supported_versions
            end

            """, to: "boost.podspec")
        let result = try compctl(["spec", "show", podspec.path])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == """
            boost 1.83.0
            source: https://archives.boost.io/boost_1_83_0.tar.bz2
            platforms: any
            dependencies: none

            """)
        #expect(result.stderr == "warning: \(podspec.path):5: cannot evaluate the platforms: it comes from the helper "
            + "`min_supported_versions`, which compctl does not evaluate; compctl leaves them out\n", "\(result)")
    }

    @Test func readsTheCorpusPodspecs() throws {
        let alamofire = Self.corpus.appendingPathComponent("podspec-json/CocoaPods+Specs/Alamofire/5.8.1/Alamofire.podspec.json")
        let json = try compctl(["spec", "show", alamofire.path])
        #expect(json.exitCode == 0, "\(json)")
        #expect(json.stdout.hasPrefix("Alamofire 5.8.1\nsource: https://github.com/Alamofire/Alamofire.git (tag 5.8.1)\n"), "\(json)")
        let folly = Self.corpus.appendingPathComponent("podspecs/facebook+react-native/RCT-Folly.podspec")
        let ruby = try compctl(["spec", "show", folly.path])
        #expect(ruby.exitCode == 1, "\(ruby)")
        #expect(ruby.stderr == "error: \(folly.path):6: cannot evaluate the version (set on line 14): it comes from the "
            + "helper `get_folly_config`, which compctl does not evaluate; set a literal version, e.g. "
            + "spec.version = '1.2.3'\n", "\(ruby)")
    }

    @Test func aMissingArgumentIsAUsageError() throws {
        let result = try compctl(["spec", "show"])
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.stdout == "", "\(result)")
        #expect(result.stderr.contains("Missing expected argument '<podspec>'"), "\(result)")
    }
}
