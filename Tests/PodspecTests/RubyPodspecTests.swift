import Podspec
import Testing

/// The declarative subset the Ruby reader understands, one construct per test.
@Suite struct RubyPodspecTests {
    @Test func readsTheBasicsWithAnyReceiverNameAndEitherQuoteStyle() throws {
        let spec = try readRuby("""
            Pod::Spec.new do |spec|
              spec.name    = "Foo"
              spec.version = '1.2.3'
              spec.source  = { :git => "https://example.com/foo.git", :tag => '1.2.3' }
              spec.dependency "Bar", '~> 2.0'
            end
            """).get()
        #expect(spec == .test(
            name: "Foo", version: "1.2.3", source: Source(git: "https://example.com/foo.git", tag: "1.2.3"),
            dependencies: [Dependency(name: "Bar", requirements: ["~> 2.0"])]))
    }

    /// A reported gap: `s.deprecated` and `s.deprecated_in_favor_of` in a Ruby podspec were
    /// ignored, so `resolve` did not warn of a deprecated pod of a private spec repo as
    /// `pod install` does (the JSON podspecs of a CDN were read).
    @Test func readsTheDeprecationAsCocoaPodsDoes() throws {
        let plain = try readRuby("Pod::Spec.new { |s| s.name = 'Old'; s.version = '1.0'; s.deprecated = true }").get()
        #expect(plain.deprecated && plain.deprecatedInFavorOf == nil)
        let replaced = try readRuby("""
            Pod::Spec.new do |s|
              s.name = 'OldNet'
              s.version = '1.0'
              s.deprecated_in_favor_of = 'NewNet'
            end
            """).get()
        #expect(replaced.deprecated && replaced.deprecatedInFavorOf == "NewNet")
        let kept = try readRuby("Pod::Spec.new { |s| s.name = 'Kept'; s.version = '1.0'; s.deprecated = false }").get()
        #expect(!kept.deprecated && kept.deprecatedInFavorOf == nil)
    }

    @Test func acceptsPodSpecificationAndBraceBlocks() throws {
        let spec = try readRuby("Pod::Specification.new { |x| x.name = 'Foo'; x.version = '1.0' }").get()
        #expect(spec == .test(name: "Foo", version: "1.0"))
    }

    @Test(arguments: [
        "<<-DESC\n    A description.\n    DESC",
        "<<~DESC\n    A description with #{interpolation}.\n  DESC",
        "<<DESC\nA description.\nDESC",
        "<<-'DESC'\n    Not #{interpolated}.\n    DESC",
        "%q{A description {with} braces}",
        "%Q{A description #{'interpolated'}}",
        "%{A\n  multi-line description}",
        "%q(parentheses)",
        "'one' \\\n    'two'",
    ])
    func skipsDescriptionsInEveryQuotingStyle(description: String) throws {
        let spec = try readRuby("""
            Pod::Spec.new do |s|
              s.name = 'Foo'
              s.description = \(description)
              s.version = '1.0'
              s.dependency 'Bar'
            end
            """).get()
        #expect(spec == .test(name: "Foo", version: "1.0", dependencies: [Dependency(name: "Bar")]))
    }

    @Test func readsTwoHeredocsOpenedOnOneLine() throws {
        let spec = try readRuby("""
            Pod::Spec.new do |s|
              s.name = 'Foo'
              s.license = { :type => 'MIT', :text => <<-LICENSE }, <<-OTHER
                Copyright
              LICENSE
                Other
              OTHER
              s.version = '1.0'
            end
            """).get()
        #expect(spec.version == "1.0")
    }

    @Test(arguments: [
        (":tag => s.version.to_s", "1.2.3"),
        (":tag => s.version", "1.2.3"),
        (":tag => \"v#{s.version}\"", "v1.2.3"),
        (":tag => \"v\" + s.version.to_s", "v1.2.3"),
        ("tag: s.version.to_s", "1.2.3"),
        ("tag: \"#{s.name}-#{s.version}\"", "Foo-1.2.3"),
        (":tag => 'release/' + s.version.to_s", "release/1.2.3"),
        ("'tag' => '#{s.version}'", "#{s.version}"),
    ])
    func computesTheTagFromTheVersion(tag: String, expected: String) throws {
        let spec = try readRuby("""
            Pod::Spec.new do |s|
              s.name = 'Foo'
              s.version = '1.2.3'
              s.source = { :git => 'https://example.com/foo.git', \(tag) }
            end
            """).get()
        #expect(spec.source == Source(git: "https://example.com/foo.git", tag: expected))
    }

    @Test func readsAMultiLineSourceHashWithNewHashSyntax() throws {
        let spec = try readRuby("""
            Pod::Spec.new do |s|
              s.name = 'Foo'
              s.version = '2.0.0'
              s.source = {
                git: 'https://example.com/foo.git',
                tag: "v#{s.version}",
                submodules: true,
              }
            end
            """).get()
        #expect(spec.source == Source(git: "https://example.com/foo.git", tag: "v2.0.0"))
    }

    @Test func readsDependenciesWithSeveralRequirementsInFileOrder() throws {
        let spec = try readRuby("""
            Pod::Spec.new do |s|
              s.name = 'Foo'
              s.version = '1.0'
              s.dependency 'A', '~> 1.0', '< 1.5'
              s.dependency "B"
              s.dependency 'C/Sub', '>= 2.0.0-rc.1'
              s.dependency('D', '= 1.0')
            end
            """).get()
        #expect(spec.dependencies == [
            Dependency(name: "A", requirements: ["~> 1.0", "< 1.5"]),
            Dependency(name: "B"),
            Dependency(name: "C/Sub", requirements: [">= 2.0.0-rc.1"]),
            Dependency(name: "D", requirements: ["= 1.0"]),
        ])
    }

    @Test func aRepeatedDependencyReplacesItsRequirementsInPlace() throws {
        let spec = try readRuby("""
            Pod::Spec.new do |s|
              s.name = 'Foo'
              s.version = '1.0'
              s.dependency 'A', '~> 1.0'
              s.dependency 'B'
              s.dependency 'A', '~> 2.0'
            end
            """).get()
        #expect(spec.dependencies == [Dependency(name: "A", requirements: ["~> 2.0"]), Dependency(name: "B")])
    }

    @Test func platformDependenciesFollowTheGenericOnesAndMergeRequirements() throws {
        let spec = try readRuby("""
            Pod::Spec.new do |s|
              s.name = 'Foo'
              s.version = '1.0'
              s.ios.dependency 'Flutter'
              s.dependency 'A', '~> 1.0'
              s.osx.dependency 'FlutterMacOS'
              s.ios.dependency 'A', '< 1.5'
              s.tvos.dependency 'Flutter'
            end
            """).get()
        #expect(spec.dependencies == [
            Dependency(name: "A", requirements: ["~> 1.0", "< 1.5"]),
            Dependency(name: "Flutter"),
            Dependency(name: "FlutterMacOS"),
        ])
    }

    @Test func readsTheDependenciesAttributeInItsThreeForms() throws {
        let list = try readRuby(podspec("s.dependencies = 'A', 'B'")).get()
        #expect(list.dependencies == [Dependency(name: "A"), Dependency(name: "B")])
        let array = try readRuby(podspec("s.dependencies = ['A']")).get()
        #expect(array.dependencies == [Dependency(name: "A")])
        let hash = try readRuby(podspec("s.dependencies = { 'A' => '~> 1.0', 'B' => ['> 1', '< 2'] }")).get()
        #expect(hash.dependencies == [
            Dependency(name: "A", requirements: ["~> 1.0"]), Dependency(name: "B", requirements: ["> 1", "< 2"]),
        ])
    }

    @Test func subspecsOwnTheirDependenciesAndNestWithFullNames() throws {
        let spec = try readRuby("""
            Pod::Spec.new do |s|
              s.name = 'Foo'
              s.version = '3.1.0'
              s.dependency 'Root'
              s.default_subspecs = 'Core', 'UI'
              s.subspec 'Core' do |core|
                core.dependency 'Alamofire', '~> 5.0'
                core.subspec 'Extra' do |extra|
                  extra.dependency 'Foo/Core'
                  extra.ios.deployment_target = '13.0'
                end
              end
              s.subspec 'Empty' do
              end
              s.subspec "UI" do |ss|
                ss.dependency 'SnapKit'
                ss.default_subspec = 'Extra'
              end
            end
            """).get()
        #expect(spec == .test(
            name: "Foo", version: "3.1.0",
            dependencies: [Dependency(name: "Root")],
            subspecs: [
                .test(
                    name: "Foo/Core", version: "3.1.0",
                    dependencies: [Dependency(name: "Alamofire", requirements: ["~> 5.0"])],
                    subspecs: [
                        .test(
                            name: "Foo/Core/Extra", version: "3.1.0", dependencies: [Dependency(name: "Foo/Core")],
                            deploymentTargets: ["ios": "13.0"]),
                    ]),
                .test(name: "Foo/Empty", version: "3.1.0"),
                .test(name: "Foo/UI", version: "3.1.0", dependencies: [Dependency(name: "SnapKit")], defaultSubspecs: ["Extra"]),
            ],
            defaultSubspecs: ["Core", "UI"]))
        #expect(spec.subspec(named: "Foo/Core/Extra")?.deploymentTargets == ["ios": "13.0"])
        #expect(spec.allSubspecs.map(\.name) == ["Foo/Core", "Foo/Core/Extra", "Foo/Empty", "Foo/UI"])
    }

    @Test func leavesTestAndAppSpecsOut() throws {
        let spec = try readRuby(podspec("""
            s.test_spec 'Tests' do |t|
              t.dependency 'Quick'
              t.source_files = `ls`
            end
            s.app_spec 'App' do |a|
              a.dependency 'Nimble'
            end
            """)).get()
        #expect(spec.subspecs.isEmpty)
        #expect(spec.dependencies.isEmpty)
    }

    @Test func readsAVersionHeldInALocalVariable() throws {
        let spec = try readRuby("""
            version = '1.2.3'
            Pod::Spec.new do |s|
              s.name = 'Foo'
              s.version = version
              s.source = { :git => 'https://example.com/foo.git', :tag => "v#{version}" }
              s.dependency 'Foo-Core', version
            end
            """).get()
        #expect(spec.version == "1.2.3")
        #expect(spec.source?.tag == "v1.2.3")
        #expect(spec.dependencies == [Dependency(name: "Foo-Core", requirements: ["1.2.3"])])
    }

    @Test func readsVersionsAndRequirementsFromConstantsAndLocalsSetInTheFile() throws {
        let spec = try readRuby("""
            VERSION = "4.5.6".freeze
            abseil = '~> 1.2'
            Pod::Spec.new do |s|
              s.name = 'Foo'
              s.version = VERSION
              s.dependency 'abseil/base', abseil
              %w[A B].each { |name| s.dependency name, "= #{s.version}" }
              [s.ios, s.osx].each do |platform|
                platform.dependency 'Shared'
              end
            end
            """).get()
        #expect(spec.version == "4.5.6")
        #expect(spec.dependencies == [
            Dependency(name: "abseil/base", requirements: ["~> 1.2"]),
            Dependency(name: "A", requirements: ["= 4.5.6"]),
            Dependency(name: "B", requirements: ["= 4.5.6"]),
            Dependency(name: "Shared"),
        ])
    }

    @Test func readsDeploymentTargetsInTheirThreeForms() throws {
        let perPlatform = try readRuby(podspec("""
            s.ios.deployment_target = '12.0'
            s.osx.deployment_target = "10.15"
            s.macos.deployment_target = '11.0'
            s.visionos.deployment_target = "1.0" if s.respond_to?(:visionos)
            """)).get()
        #expect(perPlatform.deploymentTargets == ["ios": "12.0", "osx": "11.0", "visionos": "1.0"])
        let platform = try readRuby(podspec("s.platform = :ios, '12.0'")).get()
        #expect(platform.deploymentTargets == ["ios": "12.0"])
        let bare = try readRuby(podspec("s.platform = :ios")).get()
        #expect(bare.deploymentTargets == ["ios": ""])
        let platforms = try readRuby(podspec("s.platforms = { :ios => '12.0', :tvos => '13.0', :osx => nil }")).get()
        #expect(platforms.deploymentTargets == ["ios": "12.0", "tvos": "13.0", "osx": ""])
        let replaced = try readRuby(podspec("s.osx.deployment_target = '10.15'\ns.platform = :ios, '9.0'")).get()
        #expect(replaced.deploymentTargets == ["ios": "9.0"])
    }

    @Test func readsDefaultSubspecsAsStringListOrSymbol() throws {
        #expect(try readRuby(podspec("s.default_subspec = 'Core'")).get().defaultSubspecs == ["Core"])
        #expect(try readRuby(podspec("s.default_subspecs = ['Core', 'UI']")).get().defaultSubspecs == ["Core", "UI"])
        #expect(try readRuby(podspec("s.default_subspecs = 'Core', 'UI'")).get().defaultSubspecs == ["Core", "UI"])
        #expect(try readRuby(podspec("s.default_subspecs = :none")).get().defaultSubspecs == ["none"])
    }

    @Test func evaluatesConditionsItCanDecide() throws {
        let spec = try readRuby("""
            version = '1.0.0'
            source = { :git => 'https://example.com/foo.git' }
            if version == '1000.0.0'
              source[:commit] = `git rev-parse HEAD`.strip
            else
              source[:tag] = "v#{version}"
            end
            Pod::Spec.new do |s|
              s.name = 'Foo'
              s.version = version
              s.source = source
              s.dependency 'Debug' unless version.end_with?('.0')
              s.dependency 'Release' if true && !false
              case version
              when '2.0.0' then s.dependency 'Two'
              when '1.0.0' then s.dependency 'One'
              end
            end
            """).get()
        #expect(spec.source == Source(git: "https://example.com/foo.git", tag: "v1.0.0"))
        #expect(spec.dependencies == [Dependency(name: "Release"), Dependency(name: "One")])
    }

    @Test func evaluatesComparisonsRescueClausesAndKernelConversions() throws {
        let spec = try readRuby("""
            DEPS = { 'Alamofire' => '~> 5.0', 'SnapKit' => ['>= 5.0', '< 6.0'] }.freeze
            Pod::Spec.new do |s|
              s.name = 'Foo'; s.version = '2.0.0-beta.1'
              DEPS.each { |name, requirement| s.dependency name, *Array(requirement) }
              s.dependency 'Big' if 2 > 1 && 'b' >= 'a'
              s.dependency 'Never' if ENV['X'] && false
              begin
                s.dependency 'Safe'
              rescue
                s.dependency 'Fallback'
              end
              s.subspec('Core') { |c| c.dependency 'Moya', '~> 15.0' }
            end
            """).get()
        #expect(spec == .test(
            name: "Foo", version: "2.0.0-beta.1",
            dependencies: [
                Dependency(name: "Alamofire", requirements: ["~> 5.0"]),
                Dependency(name: "SnapKit", requirements: [">= 5.0", "< 6.0"]),
                Dependency(name: "Big"),
                Dependency(name: "Safe"),
            ],
            subspecs: [.test(name: "Foo/Core", version: "2.0.0-beta.1", dependencies: [Dependency(name: "Moya", requirements: ["~> 15.0"])])]))
    }

    @Test func skipsEverythingItDoesNotUseEvenWhenItCannotBeEvaluated() throws {
        let spec = try readRuby("""
            require 'json'
            require_relative 'helpers'
            package = JSON.parse(File.read(File.join(__dir__, 'package.json')))
            Pod::Spec.new do |s|
              s.name = 'Foo'
              s.version = '1.0'
              s.summary = package['description']
              s.prepare_command = File.read('configure.sh')
              s.source_files = podspec_sources('*.{h,m}'), Helpers::PATHS
              s.pod_target_xcconfig = {
                'OTHER_SWIFT_FLAGS' => "$(inherited) #{ENV.key?('CI') ? '-D CI' : ''}",
                'HEADER_SEARCH_PATHS' => "\\"$(PODS_ROOT)/#{`pwd`.strip}\\""
              }
              s.user_target_xcconfig = { 'X' => ENV['X'] } if ENV['X']
              s.resource_bundles = { "#{s.module_name}_Privacy" => 'PrivacyInfo.xcprivacy' }
              [s.ios, s.tvos].each do |os|
                os.source_files = Dir.glob('*.swift')
              end
              s.script_phase = { :name => 'x', :script => `echo` }
            end
            """).get()
        #expect(spec == .test(name: "Foo", version: "1.0"))
    }

    @Test func recoversFromStatementsItCannotParseWhenTheyDoNotMatter() throws {
        let spec = try readRuby("""
            Pod::Spec.new do |s|
              s.name = 'Foo'
              s.version = '1.0'
              s.source_files = case x in { a: } then 1 end
              s.dependency 'Bar'
            end
            """).get()
        #expect(spec.dependencies == [Dependency(name: "Bar")])
    }

    @Test func warnsAboutASourceOrDeploymentTargetItCannotEvaluate() throws {
        let spec = try readRuby("""
            Pod::Spec.new do |s|
              s.name = 'Foo'
              s.version = '1.0'
              s.source = { :git => ENV['FOO_GIT'] || 'https://example.com/foo.git', :tag => s.version.to_s }
              s.ios.deployment_target = min_ios_version_supported
              s.tvos.deployment_target = '13.0'
            end
            """).get()
        #expect(spec.source == Source(git: nil, tag: "1.0"))
        #expect(spec.deploymentTargets == ["tvos": "13.0"])
        #expect(spec.warnings.map(\.description) == [
            "Foo.podspec:4: cannot evaluate the source's :git: it reads an environment variable; compctl leaves it out",
            "Foo.podspec:5: cannot evaluate the ios deployment target: it comes from the helper `min_ios_version_supported`, "
                + "which compctl does not evaluate; compctl leaves it out",
        ])
    }

    @Test func warnsAboutPlatformsOfASubspecSetUnderAnUnknownCondition() throws {
        let spec = try readRuby(podspec("""
            s.subspec 'Core' do |ss|
              ss.platforms = { :ios => '12.0' } if ENV['IOS']
            end
            """)).get()
        #expect(spec.warnings.map(\.description) == [
            "Foo.podspec:5: cannot evaluate the platforms of Foo/Core: it depends on a condition that reads an "
                + "environment variable; compctl leaves them out",
        ])
    }

    @Test func handlesCommentsBlockCommentsAndEndMarker() throws {
        let spec = try readRuby("""
            # s.version = `shell`
            =begin
            s.dependency `shell`
            =end
            Pod::Spec.new do |s|
              s.name = 'Foo' # a comment with 'quotes' and #{braces}
              s.version = '1.0'
              #s.dependency 'Commented'
            end
            __END__
            s.dependency 'Ignored' if `whatever
            """).get()
        #expect(spec == .test(name: "Foo", version: "1.0"))
    }

    @Test func readsCarriageReturnLineEndings() throws {
        let spec = try readRuby("Pod::Spec.new do |s|\r\n  s.name = 'Foo'\r\n  s.version = '1.0'\r\n  s.dependency 'A'\r\nend\r\n").get()
        #expect(spec == .test(name: "Foo", version: "1.0", dependencies: [Dependency(name: "A")]))
    }

    /// A minimal podspec with `body` inside its block, from line 4 on.
    private func podspec(_ body: String) -> String {
        """
        Pod::Spec.new do |s|
          s.name = 'Foo'
          s.version = '1.0'
        \(body)
        end
        """
    }
}

/// `test_spec` and `app_spec`: kept apart from the subspecs and the pod's dependencies.
@Suite struct RubyTestAndAppSpecTests {
    @Test func keepsTestAndAppSpecsWithTheirDependencies() throws {
        let spec = try readRuby("""
            Pod::Spec.new do |s|
              s.name = 'Foo'
              s.version = '1.0'
              s.test_spec do |t|
                t.dependency 'OCMock'
              end
              s.app_spec 'Demo' do |a|
                a.dependency 'Foo/UI', '~> 1.0'
              end
            end
            """).get()
        #expect(spec.dependencies.isEmpty)
        #expect(spec.subspecs.isEmpty)
        #expect(spec.testSpecs.map(\.name) == ["Foo/Tests"])
        #expect(spec.testSpecs.first?.dependencies == [Dependency(name: "OCMock")])
        #expect(spec.appSpecs == [.test(name: "Foo/Demo", version: "1.0", dependencies: [Dependency(name: "Foo/UI", requirements: ["~> 1.0"])])])
    }

    @Test func whatItCannotEvaluateInATestSpecLeavesThatTestSpecOutWithAWarning() throws {
        let spec = try readRuby("""
            Pod::Spec.new do |s|
              s.name = 'Foo'
              s.version = '1.0'
              s.dependency 'Core'
              s.test_spec 'Tests' do |t|
                t.dependency ENV['MOCKS']
              end
            end
            """).get()
        #expect(spec.dependencies == [Dependency(name: "Core")])
        #expect(spec.testSpecs.isEmpty)
        #expect(spec.warnings.map(\.description) == [
            "Foo.podspec:6: cannot evaluate the name of a dependency: it reads an environment variable; declare it with "
                + "literal strings outside any condition, e.g. s.dependency 'Foo', '~> 1.0' (in the test_spec `Tests`, "
                + "which compctl leaves out)",
        ])
    }
}
