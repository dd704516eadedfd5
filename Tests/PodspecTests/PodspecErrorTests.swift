import Foundation
import Podspec
import Testing

/// Every kind of error the readers report, with its exact text.
@Suite struct PodspecErrorTests {
    @Test(arguments: [
        (
            "s.version = `git describe --tags`.strip",
            "Foo.podspec:3: cannot evaluate the version: it comes from a shell command; set a literal version, "
                + "e.g. s.version = '1.2.3'"
        ),
        (
            "s.version = %x(scripts/version.sh)",
            "Foo.podspec:3: cannot evaluate the version: it comes from a shell command; set a literal version, "
                + "e.g. s.version = '1.2.3'"
        ),
        (
            "s.version = read_version()",
            "Foo.podspec:3: cannot evaluate the version: it comes from the helper `read_version`, which compctl does not "
                + "evaluate; set a literal version, e.g. s.version = '1.2.3'"
        ),
        (
            "s.version = File.read('VERSION').strip",
            "Foo.podspec:3: cannot evaluate the version: it reads a file; set a literal version, e.g. s.version = '1.2.3'"
        ),
        (
            "s.version = Foo::VERSION",
            "Foo.podspec:3: cannot evaluate the version: it comes from the constant `Foo::VERSION`, which this file does "
                + "not define; set a literal version, e.g. s.version = '1.2.3'"
        ),
        (
            "s.version = ENV['FOO_VERSION']",
            "Foo.podspec:3: cannot evaluate the version: it reads an environment variable; set a literal version, "
                + "e.g. s.version = '1.2.3'"
        ),
        (
            "s.version = ENV.fetch('FOO_VERSION', '1.0')",
            "Foo.podspec:3: cannot evaluate the version: it reads an environment variable; set a literal version, "
                + "e.g. s.version = '1.2.3'"
        ),
        (
            "s.version = '1.0'.tr('1', '2')",
            "Foo.podspec:3: cannot evaluate the version: it comes from `.tr`, which compctl does not evaluate; "
                + "set a literal version, e.g. s.version = '1.2.3'"
        ),
    ])
    func aVersionItCannotEvaluateIsAnErrorAtItsLine(statement: String, message: String) {
        let result = readRuby("""
            Pod::Spec.new do |s|
              s.name = 'Foo'
              \(statement)
            end
            """)
        #expect(result.errorText == message)
    }

    @Test func namesTheLineOfTheConstructAndTheLineThatUsesIt() {
        let result = readRuby("""
            require_relative 'lib/foo/version'
            version = Foo::VERSION
            Pod::Spec.new do |spec|
              spec.name = 'Foo'
              spec.version = version
            end
            """)
        #expect(result.errorText == "Foo.podspec:2: cannot evaluate the version (set on line 5): it comes from the constant "
            + "`Foo::VERSION`, which this file does not define; set a literal version, e.g. spec.version = '1.2.3'")
    }

    @Test func aNameTakenFromThePodspecsFileNameIsEvaluated() throws {
        let spec = try readRuby("""
            Pod::Spec.new do |s|
              s.name = File.basename(__FILE__, '.podspec')
              s.version = '1.0'
            end
            """).get()
        #expect(spec.name == "Foo")
    }

    @Test func aNameItCannotEvaluateIsAnError() {
        let result = readRuby("""
            Pod::Spec.new do |s|
              s.name = File.basename(Dir.pwd)
              s.version = '1.0'
            end
            """)
        #expect(result.errorText == "Foo.podspec:2: cannot evaluate the name: it reads a file; set a literal name, "
            + "e.g. s.name = 'Foo'")
    }

    @Test func aDependencyNameItCannotEvaluateIsAnError() {
        let result = readRuby(podspec("s.dependency ENV['CORE_POD'], '~> 1.0'"))
        #expect(result.errorText == "Foo.podspec:4: cannot evaluate the name of a dependency: it reads an environment "
            + "variable; declare it with literal strings outside any condition, e.g. s.dependency 'Foo', '~> 1.0'")
    }

    @Test func aRequirementItCannotEvaluateIsAnError() {
        let result = readRuby(podspec("s.dependency 'Core', \"~> #{core_version}\""))
        #expect(result.errorText == "Foo.podspec:4: cannot evaluate the requirements of the dependency `Core`: it comes "
            + "from the helper `core_version`, which compctl does not evaluate; declare it with literal strings outside "
            + "any condition, e.g. s.dependency 'Foo', '~> 1.0'")
    }

    @Test func aDependencyUnderAConditionItCannotDecideIsAnErrorAtTheCondition() {
        let result = readRuby(podspec("""
            if ENV['STAFF'] != nil
              s.dependency 'Fonts'
            else
              s.dependency 'OSSFonts'
            end
            """))
        #expect(result.errorText == "Foo.podspec:4: cannot evaluate the dependency `Fonts` (declared on line 5): it "
            + "depends on a condition that reads an environment variable; declare it with literal strings outside any "
            + "condition, e.g. s.dependency 'Foo', '~> 1.0'")
    }

    @Test func aDependencyBehindAModifierConditionIsAnError() {
        let result = readRuby(podspec("s.dependency 'Debug' if File.exist?('debug.txt')"))
        #expect(result.errorText == "Foo.podspec:4: cannot evaluate the dependency `Debug`: it depends on a condition that "
            + "reads a file; declare it with literal strings outside any condition, e.g. s.dependency 'Foo', '~> 1.0'")
    }

    @Test func aDependencyInsideALoopOverAnUnknownValueIsAnError() {
        let result = readRuby(podspec("""
            Dir.glob('Modules/*').each do |path|
              s.dependency File.basename(path)
            end
            """))
        #expect(result.errorText == "Foo.podspec:4: cannot evaluate the name of a dependency (declared on line 5): it "
            + "is inside a block that runs over a value that reads a file; declare it with literal strings outside any "
            + "condition, e.g. s.dependency 'Foo', '~> 1.0'")
    }

    @Test func aDependencyAfterAJumpThatMayHappenIsAnError() {
        let result = readRuby(podspec("""
            %w[A B].each do |name|
              next if ENV['SKIP_' + name]
              s.dependency name
            end
            """))
        #expect(result.errorText == "Foo.podspec:5: cannot evaluate the dependency `A` (declared on line 6): it depends "
            + "on a condition that reads an environment variable; declare it with literal strings outside any condition, "
            + "e.g. s.dependency 'Foo', '~> 1.0'")
    }

    @Test func aDependencyInARescueClauseIsAnErrorWhenTheBodyMayRaise() {
        let result = readRuby(podspec("""
            begin
              require 'cocoapods-binary'
            rescue LoadError
              s.dependency 'Fallback'
            end
            """))
        #expect(result.errorText == "Foo.podspec:4: cannot evaluate the dependency `Fallback` (declared on line 7): it is "
            + "inside a rescue clause, which runs only when an error is raised; declare it with literal strings outside "
            + "any condition, e.g. s.dependency 'Foo', '~> 1.0'")
    }

    @Test func aSubspecUnderAnUnknownConditionIsAnError() {
        let result = readRuby(podspec("""
            unless ENV['LITE']
              s.subspec 'Full' do |ss|
              end
            end
            """))
        #expect(result.errorText == "Foo.podspec:4: cannot evaluate the subspec `Full` (declared on line 5): it depends "
            + "on a condition that reads an environment variable; declare subspecs with a literal name outside any condition")
    }

    @Test func defaultSubspecsItCannotEvaluateAreAnError() {
        let result = readRuby(podspec("s.default_subspecs = ENV['CI'] ? 'Core' : 'Full'"))
        #expect(result.errorText == "Foo.podspec:4: cannot evaluate the default subspecs: it depends on a condition that "
            + "reads an environment variable; set literal names outside any condition, e.g. s.default_subspecs = 'Core'")
    }

    @Test func passingTheSpecToAHelperIsAnError() {
        let result = readRuby(podspec("install_modules_dependencies(s)"))
        #expect(result.errorText == "Foo.podspec:4: cannot evaluate the call to `install_modules_dependencies`: it passes "
            + "the spec to a method compctl does not evaluate, which may change its dependencies; declare them in the "
            + "podspec itself")
    }

    @Test func aMethodTheDSLDoesNotHaveIsAnErrorWhenItTakesArguments() {
        let result = readRuby("""
            class Pod::Specification
              def component(name)
                subspec(name) { |ss| ss.dependency 'Core' }
              end
            end
            Pod::Spec.new do |s|
              s.name = 'Foo'
              s.version = '1.0'
              s.summary = "#{s.module_name} components"
              s.component 'UI'
            end
            """)
        #expect(result.errorText == "Foo.podspec:10: cannot evaluate `s.component`: it is not a CocoaPods DSL method "
            + "compctl knows, so it may declare subspecs or dependencies compctl would miss; use dependency and subspec "
            + "directly")
    }

    @Test func aStatementItCannotParseIsAnErrorWhenItSetsTheVersion() {
        let result = readRuby(podspec("s.version = case x in [a, *] then a end"))
        #expect(result.errorText == "Foo.podspec:4: cannot evaluate the version: it is in a statement compctl cannot "
            + "parse; set a literal version, e.g. s.version = '1.2.3'")
    }

    @Test func aRequirementThatIsNotAVersionIsAnError() {
        let result = readRuby(podspec("s.dependency 'Core', :path => '../Core'"))
        #expect(result.errorText == "Foo.podspec:4: the dependency `Core` has a requirement that is a hash, not a string; "
            + "podspecs take only version requirements such as '~> 1.0'")
    }

    @Test func reportsTheFirstProblemInTheOrderTheFileRuns() {
        let result = readRuby("""
            Pod::Spec.new do |s|
              s.name = 'Foo'
              s.version = `scripts/version.sh`
              s.dependency 'Core', "= #{s.version}"
            end
            """)
        #expect(result.errorText?.hasPrefix("Foo.podspec:3: cannot evaluate the version:") == true)
    }

    @Test func aSpecWithoutNameOrVersionIsAnError() {
        #expect(readRuby("Pod::Spec.new do |s|\n  s.version = '1.0'\nend").errorText
            == "Foo.podspec:1: the spec has no name; add s.name = 'Foo'")
        #expect(readRuby("Pod::Spec.new do |s|\n  s.name = 'Foo'\nend").errorText
            == "Foo.podspec:1: the spec has no version; add s.version = '1.2.3'")
        #expect(readRuby("Pod::Spec.new do |s|\n  s.name = 'Foo'\n  s.version = 1.0 + 1\nend").errorText
            == "Foo.podspec:3: cannot evaluate the version: it comes from `+`, which compctl does not evaluate; "
            + "set a literal version, e.g. s.version = '1.2.3'")
        #expect(readRuby("Pod::Spec.new do |s|\n  s.name = nil\n  s.version = '1.0'\nend").errorText
            == "Foo.podspec:2: the name must be a non-empty string, not nil; write s.name = 'Foo'")
    }

    @Test func aFileWithoutItsSpecAtTheEndIsAnError() {
        #expect(readRuby("puts 'hello'\n").errorText
            == "Foo.podspec:1: no Pod::Spec.new block; a podspec creates its spec with Pod::Spec.new do |s| … end")
        #expect(readRuby("spec = Pod::Spec.new do |s|\n  s.name = 'Foo'\n  s.version = '1'\nend\nputs 'done'\n").errorText
            == "Foo.podspec:5: the file does not end with its Pod::Spec.new block, so CocoaPods would not load it; "
            + "move the code after the block above it")
    }

    @Test(arguments: [
        ("Pod::Spec.new do |s|\n  s.name = 'Foo\nend\n", "Foo.podspec:2: cannot parse the podspec: a string is never closed; fix the Ruby syntax"),
        ("Pod::Spec.new do |s|\n  s.name = 'Foo'\n", "Foo.podspec:3: cannot parse the podspec: the file ends before a block is closed with `end`; fix the Ruby syntax"),
        ("Pod::Spec.new do |s|\n  s.description = <<-DESC\n  text\nend\n", "Foo.podspec:2: cannot parse the podspec: the heredoc DESC is never terminated; fix the Ruby syntax"),
        ("Pod::Spec.new do |s|\n  s.name = 'Foo'\nend\nend\n", "Foo.podspec:4: cannot parse the podspec: unexpected `end`; fix the Ruby syntax"),
        ("Pod::Spec.new do |s|\n  s.name = \"#{s.x\"\nend\n", "Foo.podspec:2: cannot parse the podspec: a string is never closed; fix the Ruby syntax"),
    ])
    func aSyntaxErrorNamesItsLine(text: String, message: String) {
        #expect(readRuby(text).errorText == message)
    }

    @Test func aMissingFileIsAnError() {
        let result = Result { () throws(PodspecError) in try PodspecReader.read(contentsOf: "/nonexistent/Foo.podspec") }
        #expect(result.errorText == "/nonexistent/Foo.podspec: no such file; check the path to the podspec")
        let folder = Result { () throws(PodspecError) in try PodspecReader.read(contentsOf: "/tmp") }
        #expect(folder.errorText == "/tmp: is a directory, not a podspec; give the path of the .podspec file")
    }

    @Test func errorsDescribeThemselvesWithAndWithoutALine() {
        #expect(PodspecError(file: "A.podspec", line: 3, message: "m").description == "A.podspec:3: m")
        #expect(PodspecError(file: "A.podspec", line: nil, message: "m").description == "A.podspec: m")
    }

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
