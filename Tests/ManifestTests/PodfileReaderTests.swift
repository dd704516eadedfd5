import Foundation
import Testing
@testable import Manifest

extension Podfile {
    static func test(_ source: String) throws -> Podfile {
        try Podfile(parsing: Array(source.utf8), path: "Podfile")
    }

    func declaration(_ name: String, line: Int? = nil) -> PodDeclaration? {
        declarations.first { $0.name == name && (line == nil || $0.line == line) }
    }
}

@Suite struct PodfileReaderTests {
    @Test func readsTargetsNestingAndTheirSettings() throws {
        let podfile = try Podfile.test("""
        source 'https://cdn.cocoapods.org/'
        source "git@example.com:specs.git"
        platform :ios, '13.0'
        use_frameworks!
        plugin 'cocoapods-keys', keys: ['A']

        abstract_target 'Shared' do
          pod 'Base', '~> 1.0'
          target 'App' do
            platform :ios, 14.0
            use_frameworks! :linkage => :static
            target 'AppTests' do
              inherit! :search_paths
            end
          end
          target :Widget do
            abstract!
            inherit! :none
          end
        end
        """)
        #expect(podfile.sources == ["https://cdn.cocoapods.org/", "git@example.com:specs.git"])
        #expect(podfile.platform == PodfilePlatform(name: "ios", version: "13.0"))
        #expect(podfile.plugins == ["cocoapods-keys"])
        #expect(podfile.targets.map(row) == [
            "Pods abstract ios 13.0", "Shared<Pods abstract", "App<Shared ios 14.0", "AppTests<App search_paths",
            "Widget<Shared abstract none",
        ])
        #expect(podfile.targets.map(\.usesFrameworks) == [true, false, true, false, false])
        #expect(podfile.target(named: "AppTests")?.inheritsSearchPathsOnly == true)
        #expect(podfile.target(named: "App")?.line == 9)
        #expect(podfile.warnings.isEmpty)
    }

    @Test func readsEveryOption() throws {
        let podfile = try Podfile.test("""
        pod 'A', :git => 'https://x/A.git', :branch => 'dev'
        pod 'B', git: 'https://x/B.git', tag: '1.0', :commit => 'abc'
        pod 'C', :path => '../C'
        pod 'D', :podspec => 'D.podspec'
        pod 'E', '~> 1.0', :subspecs => %w[Core UI], :testspecs => ['Tests']
        pod 'F', :configurations => ['Debug', 'Beta'], :modular_headers => false, :inhibit_warnings => true
        pod 'G', :configuration => 'Debug', :source => 'https://github.com/private/Specs.git', :project_name => 'X'
        pod 'H', { :path => '../H' }
        """)
        #expect(podfile.declarations.map(row) == [
            "1 | A |  | git=https://x/A.git branch=dev | Pods",
            "2 | B |  | git=https://x/B.git tag=1.0 commit=abc | Pods",
            "3 | C |  | path=../C | Pods",
            "4 | D |  | podspec=D.podspec | Pods",
            "5 | E | ~> 1.0 | subspecs=Core,UI testspecs=Tests | Pods",
            "6 | F |  | configurations=Debug,Beta modular_headers=false inhibit_warnings=true | Pods",
            "7 | G |  | configurations=Debug source=https://github.com/private/Specs.git | Pods",
            "8 | H |  | path=../H | Pods",
        ])
        #expect(podfile.declaration("G")?.options.otherOptions == ["project_name"])
    }

    @Test func followsHelperMethodsIntoEveryCallingTarget() throws {
        let podfile = try Podfile.test("""
        def networking(version, extras: '>= 0')
          pod 'Alamofire', version
          pod 'Extras', extras
        end

        def shared_pods
          pod 'Shared', '1.0'
          networking '~> 5.0'
        end

        target 'App' do
          shared_pods
        end

        target 'Tests' do
          networking '5.1.0', extras: '2.0'
        end
        """)
        #expect(podfile.declarations.map(row) == [
            "7 | Shared | 1.0 |  | App",
            "2 | Alamofire | ~> 5.0 |  | App",
            "3 | Extras | >= 0 |  | App",
            "2 | Alamofire | 5.1.0 |  | Tests",
            "3 | Extras | 2.0 |  | Tests",
        ])
        let alamofire = try #require(podfile.declaration("Alamofire"))
        #expect(alamofire.uses == [PodUse(target: "App", callLines: [12, 8], isConditional: false)])
        #expect(alamofire.method == "networking")
        #expect(alamofire.nameFromArgument == false)
        #expect(podfile.dependencies.filter { $0.name == "Alamofire" }.map(\.declaredBy) == ["App", "Tests"])
    }

    @Test func substitutesVariablesThatHoldALiteral() throws {
        let podfile = try Podfile.test("""
        rx_version = '~> 6.0'
        $kit = "1.2.3"
        SDK = '4.0'
        @major = '7'
        pod 'RxSwift', rx_version
        pod 'Kit', $kit
        pod 'SDK', SDK
        pod 'Nuke', "~> #{@major}.0"
        if ENV['CI']
          rx_version = '6.5.0'
        end
        pod 'RxCocoa', rx_version
        target 'App' do
          pod 'RxRelay', rx_version
        end
        """)
        #expect(podfile.declarations.map(\.requirements) == [["~> 6.0"], ["1.2.3"], ["4.0"], ["~> 7.0"]])
        #expect(podfile.warnings == [
            PodfileWarning(line: 12, message: "the requirement `rx_version` of `RxCocoa` is not a string literal or a variable holding one; the pod is skipped", pod: "RxCocoa"),
            PodfileWarning(line: 14, message: "the requirement `rx_version` of `RxRelay` is not a string literal or a variable holding one; the pod is skipped", pod: "RxRelay"),
        ])
        // The range of a variable requirement is the variable in the pod line.
        let source = Array("rx = '1.0'\npod 'Rx', rx\n".utf8)
        let rx = try #require(try Podfile(parsing: source, path: "Podfile").declaration("Rx"))
        #expect(String(decoding: source[rx.requirementRanges[0]], as: UTF8.self) == "rx")
    }

    @Test func readsBothBranchesOfConditionalsAsConditional() throws {
        let podfile = try Podfile.test("""
        target 'App' do
          if ENV['DEBUG']
            pod 'FLEX', '~> 4.0'
          elsif ENV['BETA'] then pod 'Beta'
          else
            pod 'Release'
          end
          case ENV['FLAVOUR']
          when 'a' then pod 'A'
          when 'b'
            pod 'B'
          end
          pod 'Reveal' if ENV['REVEAL']
          pod 'Always'
        end
        """)
        #expect(podfile.declarations.map { "\($0.name)\($0.isConditional ? "?" : "")" }
                == ["FLEX?", "Beta?", "Release?", "A?", "B?", "Reveal?", "Always"])
        #expect(podfile.warnings.isEmpty)
    }

    @Test func warnsAboutEverythingItCannotEvaluate() throws {
        let podfile = try Podfile.test("""
        require 'json'
        require_relative 'helpers/pods'
        load 'More.rb'
        eval(File.read('Extra'))
        podspec :path => 'Foo.podspec'
        names = JSON.parse(File.read('pods.json'))
        target 'App' do
          use_company_pods!
          pod "#{names.first}"
          pod 'Foo', :git => names.last
          pod 'Bar', :head
          %w[A B].each { |name| pod name }
        end
        target ENV['TARGET'] do
          pod 'Hidden'
        end
        def recursive
          recursive
        end
        recursive
        """)
        #expect(podfile.warnings.map(\.description) == [
            "line 2: `require_relative 'helpers/pods'` runs Ruby that compctl does not read; pods it declares are not read",
            "line 3: `load 'More.rb'` runs Ruby that compctl does not read; pods it declares are not read",
            "line 4: `eval` runs Ruby that compctl does not read; pods it declares are not read",
            "line 5: `podspec` declares the dependencies of a podspec, which compctl does not read here; they are not read",
            "line 8: `use_company_pods!` is not defined in this Podfile (a plugin or a required file provides it); pods it declares are not read",
            "line 9: the pod name `\"#{names.first}\"` is not a string literal; the line is skipped",
            "line 10: the option `:git` of `Foo` is `names.last`, which is not a literal; the pod is skipped",
            "line 11: the requirement `:head` of `Bar` is not a string literal or a variable holding one; the pod is skipped",
            "line 12: this `pod` line sits in code compctl cannot evaluate; it is not read",
            "line 14: the target name `ENV['TARGET']` is not a string literal; the target and its pods are not read",
            "line 15: this `pod` line sits in code compctl cannot evaluate; it is not read",
            "line 18: `recursive` calls itself; the recursive call is not read",
        ])
        #expect(podfile.warnings.compactMap(\.pod) == ["Foo", "Bar"])
        #expect(podfile.declarations.isEmpty)
    }

    @Test func expressionsThatDeclareNothingAreNotWarnings() throws {
        let podfile = try Podfile.test("""
        flavour = if ENV['CI'] then 'ci' else 'local' end
        retries = begin
          Integer(ENV['RETRIES'])
        rescue ArgumentError
          3
        end
        ENV['COCOAPODS_DISABLE_STATS'] = 'true'
        puts "flavour #{flavour}" unless defined?(Bundler)
        raise 'use bundler' if ENV['BUNDLE_GEMFILE'].nil?
        install! 'cocoapods', :deterministic_uuids => false
        inhibit_all_warnings!
        workspace 'App.xcworkspace'
        pod 'Foo', '~> 1.0'
        """)
        #expect(podfile.warnings == [])
        #expect(podfile.declarations.map(\.name) == ["Foo"])
    }

    @Test func skipsHookBodiesWhateverRubyTheyHold() throws {
        let podfile = try Podfile.test("""
        =begin
        pod 'Commented'
        =end
        pod 'Before'
        post_install do |installer|
          text = <<~RUBY
            pod 'InHeredoc'
            end
          RUBY
          patched = text.sub(/["<]\\w+\\/(\\w+-Swift\\.h)[">]/, '"\\1"') if text =~ %r{do}
          list = %w[end do] + %i[if]
          installer.pods_project.targets.each do |target|
            next unless target.name == 'X'
            while false do end
            target.build_configurations.each { |config| config.build_settings['A'] = "#{1 / 2}" }
          end
          pod 'InHook'
        end
        pod 'After' # trailing
        __END__
        pod 'AfterEnd'
        """)
        #expect(podfile.declarations.map(\.name) == ["Before", "After"])
        #expect(podfile.warnings.isEmpty)
    }

    @Test func flattensDeclarationsForTheResolver() throws {
        let podfile = try Podfile.test("""
        def common
          pod 'Log', '~> 1.0'
        end
        target 'App' do
          common
          pod 'UI', '2.0', subspecs: ['Buttons', 'Lists']
          pod 'Local', path: '../Local'
          target 'AppTests' do
            common
          end
        end
        """)
        #expect(podfile.dependencies == [
            PodfileDependency(name: "Log", requirements: ["~> 1.0"], externalSource: nil, declaredBy: "App", line: 2, callLines: [5], isConditional: false),
            PodfileDependency(name: "Log", requirements: ["~> 1.0"], externalSource: nil, declaredBy: "AppTests", line: 2, callLines: [9], isConditional: false),
            PodfileDependency(name: "UI/Buttons", requirements: ["2.0"], externalSource: nil, declaredBy: "App", line: 6, callLines: [], isConditional: false),
            PodfileDependency(name: "UI/Lists", requirements: ["2.0"], externalSource: nil, declaredBy: "App", line: 6, callLines: [], isConditional: false),
            PodfileDependency(name: "Local", requirements: [], externalSource: PodExternalSource(kind: .path, value: "../Local"), declaredBy: "App", line: 7, callLines: [], isConditional: false),
        ])
        #expect(podfile.declarations(of: "AppTests").map(\.name) == ["Log"])
    }

    @Test func rangesAreUTF8ByteOffsets() throws {
        let source = Array("# 🎉 ünïcode\r\npod \"Föö\", '~> 1.0', '< 2'\r\npod 'Bar'".utf8)
        let podfile = try Podfile(parsing: source, path: "Podfile")
        let foo = try #require(podfile.declaration("Föö"))
        #expect(foo.line == 2)
        #expect(foo.quote == .double)
        #expect(String(decoding: source[foo.nameRange], as: UTF8.self) == "\"Föö\"")
        #expect(foo.requirementRanges.map { String(decoding: source[$0], as: UTF8.self) } == ["'~> 1.0'", "'< 2'"])
        let bar = try #require(podfile.declaration("Bar"))
        #expect(bar.line == 3)
        #expect(bar.requirementInsertionPoint == source.count)
    }

    @Test func skipsAByteOrderMarkAndKnowsALocalNamedPod() throws {
        let podfile = try Podfile(parsing: [0xEF, 0xBB, 0xBF] + Array("source 'https://a/specs'\npod = 'x'\npod.upcase\npod 'A'\n".utf8))
        #expect(podfile.sources == ["https://a/specs"])
        #expect(podfile.declarations.map(\.name) == ["A"])
        #expect(podfile.warnings.isEmpty)
    }

    @Test func unbalancedRubyIsAnErrorNamingTheLine() {
        #expect(throws: ManifestError.malformed(ManifestIssue(file: "Podfile", line: 1, message: "`do` is never closed; add the missing `end`"))) {
            try Podfile.test("target 'App' do\n  pod 'A'\n")
        }
        #expect(throws: ManifestError.malformed(ManifestIssue(file: "Podfile", line: 3, message: "unexpected `end`: no block is open; check the brackets and `end`s"))) {
            try Podfile.test("target 'App' do\nend\nend\n")
        }
        #expect(throws: ManifestError.malformed(ManifestIssue(file: "Podfile", line: 2, message: "string is never closed; add the closing '"))) {
            try Podfile.test("pod 'A'\npod 'B\n")
        }
    }

    // Its speed is measured by scripts/bench.sh, never by a timed test.
    @Test func readsEveryPodOfALargeGeneratedPodfile() throws {
        var lines: [String] = ["source 'https://cdn.cocoapods.org/'", "platform :ios, '13.0'", "use_frameworks!", ""]
        for helper in 0..<10 {
            lines.append("def helper_\(helper)")
            for pod in 0..<10 { lines.append("  pod 'Helper\(helper)Pod\(pod)', '~> \(pod).0', :configurations => ['Debug']") }
            lines.append("end")
        }
        for target in 0..<20 {
            lines.append("target 'Target\(target)' do")
            lines.append("  helper_\(target % 10)")
            for pod in 0..<15 { lines.append("  pod 'T\(target)P\(pod)', '>= 1.\(pod)', '< 2' # comment \(pod)") }
            lines.append("  target 'Target\(target)Tests' do\n    inherit! :search_paths\n  end")
            lines.append("end")
        }
        lines.append("post_install do |installer|\n  installer.pods_project.targets.each do |t|\n    t.build_configurations.each { |c| c.build_settings['X'] = 'Y' }\n  end\nend")
        let source = Array(lines.joined(separator: "\n").utf8)
        let lineCount = source.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        #expect(lineCount >= 500)

        let podfile = try Podfile(parsing: source, path: "Podfile")
        #expect(podfile.declarations.count == 100 + 300)
        #expect(podfile.targets.filter { $0.name.hasSuffix("Tests") }.count == 20)
        #expect(podfile.warnings.isEmpty)
    }

    /// Found by the fuzzer (Reproducers/fuzz-0x6-5277.Podfile): block parameters opened with
    /// `|` and never closed made the body start after the block's `end`, and building that
    /// range crashed (`Range requires lowerBound <= upperBound`).
    @Test func blockParametersThatNeverCloseAreNotACrash() throws {
        for opener in ["target 'App' do|", "abstract_target 'All' do |x", "[1].each do |a, b"] {
            let podfile = try Podfile(parsing: Array("\(opener)\n  pod 'Alamofire'\nend\npod 'Moya'\n".utf8), path: "Podfile")
            #expect(podfile.declarations.map(\.name) == ["Moya"], "\(opener)")
            #expect(podfile.warnings.map(\.line) == [2], "\(opener): \(podfile.warnings)")
        }
    }
}
