import Foundation
import Testing

/// `Formula/compctl.rb`, the Homebrew formula of the repository's own tap. There is no
/// Homebrew here: these tests check what the formula says against the package (its version,
/// product, the URL the CI recipes clone, the README's install lines), and, where Ruby is
/// installed, load it under a stand-in for the part of Homebrew's formula DSL it uses,
/// record what `install` would run, and run its `test do` block against the built compctl.
@Suite struct HomebrewFormulaTests {
    static let formula = (try? String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Formula/compctl.rb"),
                                      encoding: .utf8)) ?? ""
    static let readme = RecipeWorld.readme

    /// The first capture of `pattern` in `text`.
    static func capture(_ pattern: String, in text: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines]),
              let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let range = Range(match.range(at: 1), in: text) else { return nil }
        return String(text[range])
    }

    /// Every capture of `pattern` in `text`.
    static func captures(_ pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines]) else { return [] }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// The git URL compctl's CI recipes clone its release from.
    static let cloneURL = capture(#"git clone --depth 1 --branch "\$[A-Z_]+" (\S+) "#, in: readme)

    @Test func theFormulaBuildsTheTaggedReleaseOfThisPackage() throws {
        let formula = Self.formula
        #expect(Self.capture(#"^class (\w+) < Formula$"#, in: formula) == "Compctl")
        let url = try #require(Self.capture(#"^  url "([^"]+)", tag: "[^"]+"$"#, in: formula))
        #expect(url == Self.cloneURL, "the formula builds \(url); the CI recipes clone \(Self.cloneURL ?? "nothing")")
        #expect(Self.capture(#"^  url "[^"]+", tag: "([^"]+)"$"#, in: formula) == RecipeWorld.version,
                "the formula's tag is not the package's version \(RecipeWorld.version)")
        #expect(Self.capture(#"^  head "([^"]+)", branch: "main"$"#, in: formula) == url)
        // A git tag is checked by git: no sha256 to keep in step.
        #expect(!formula.contains("\n  sha256 "))
        #expect(Self.captures(#"^  depends_on (.+)$"#, in: formula)
            == [#""pkg-config" => :build"#, #"xcode: ["16.0", :build] # Swift 6"#, #""libgit2""#])
        // `swift build -c release --product compctl` puts the product it names in .build/release.
        #expect(formula.contains(#"system "swift", "build", *args, "-c", "release", "--product", "compctl""#))
        #expect(formula.contains(#"bin.install ".build/release/compctl""#))
        let package = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(package.contains(#".executable(name: "compctl", targets: ["compctl"])"#))
        #expect(formula.contains("\n  test do\n"))
    }

    /// The README's install lines name the formula's tap and the package's version.
    @Test func theReadmeInstallsWhatThePackageIs() throws {
        let readme = Self.readme
        let url = try #require(Self.capture(#"^  head "([^"]+)""#, in: Self.formula))
        #expect(readme.contains("brew tap acme/compctl \(url)\n"))
        #expect(readme.contains("brew install acme/compctl/compctl "))
        #expect(readme.contains("brew install --HEAD acme/compctl/compctl "))
        let version = RecipeWorld.version
        let named = Self.captures(#"mint install acme/compctl@([0-9.]+)"#, in: readme)
            + Self.captures(#"compctl-([0-9.]+)-linux-x86_64\.tar\.gz"#, in: readme)
            + Self.captures(#"^    default: "([0-9.]+)"$"#, in: readme)
            + Self.captures(#"^  COMPCTL_VERSION: "([0-9.]+)"$"#, in: readme)
            + Self.captures(#"key: compctl-([0-9.]+),"#, in: readme)
        #expect(named.count >= 7 && named.allSatisfy { $0 == version }, "\(named) against \(version)")
    }

    /// Loaded under a stand-in for Homebrew's DSL: what the class declares, what `install`
    /// would run on this OS, and its `test do` block run against the built compctl.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ruby"), "Ruby is installed in /usr/bin"))
    func theFormulaRunsUnderAStandInForHomebrew() throws {
        let directory = try TemporaryDirectory()
        let harness = try directory.write(Self.harness, to: "harness.rb")
        try FileManager.default.createDirectory(atPath: directory("test"), withIntermediateDirectories: true)
        let bin = Paths.compctl.deletingLastPathComponent().path
        let formula = TestPaths.packageRoot.appendingPathComponent("Formula/compctl.rb").path
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/ruby"),
                                           [harness.path, formula, bin, directory("test"), RecipeWorld.version])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == """
            desc Release and CI orchestration for CocoaPods components and private spec repos
            url \(Self.cloneURL ?? "") tag=\(RecipeWorld.version)
            head \(Self.cloneURL ?? "") branch=main
            depends_on pkg-config build
            depends_on xcode 16.0 build
            depends_on libgit2
            uses_from_macos swift build
            install: swift build --static-swift-stdlib -c release --product compctl
            install: bin.install .build/release/compctl
            install: completions from compctl --generate-completion-script
            test: 4 assertions passed

            """, "\(result)")
    }

    /// The part of Homebrew's formula DSL that Formula/compctl.rb uses. `install` records
    /// what it would run (a release build takes minutes); the `test do` block runs for real,
    /// with `bin` the built compctl's folder. `Pathname#write` makes parent folders and
    /// refuses to overwrite, as Homebrew's does.
    static let harness = #"""
        require "open3"
        require "pathname"

        class Pathname
          def write(content)
            raise "Will not overwrite #{self}" if exist?
            dirname.mkpath
            File.write(self, content)
          end
        end

        class Version < String
          def head? = start_with?("HEAD")
        end

        module OS
          def self.mac? = RUBY_PLATFORM.include?("darwin")
          def self.linux? = RUBY_PLATFORM.include?("linux")
        end

        class Formula
          class << self
            def lines = (@lines ||= [])
            def desc(text) = lines << "desc #{text}"
            def homepage(_url) = nil
            def url(url, tag:) = lines << "url #{url} tag=#{tag}"
            def head(url, branch:) = lines << "head #{url} branch=#{branch}"
            def uses_from_macos(spec) = spec.each { |name, kind| lines << "uses_from_macos #{name} #{kind}" }

            def depends_on(spec)
              return lines << "depends_on #{spec}" if spec.is_a?(String)
              spec.each do |name, kind|
                if name == :xcode then lines << "depends_on xcode #{kind.join(" ")}"
                else lines << "depends_on #{name} #{kind}" end
              end
            end

            def test(&block) = @test = block
            def test_block = @test
          end

          attr_reader :bin, :testpath, :version

          def initialize(bin, testpath, version)
            @bin = Pathname(bin)
            @testpath = Pathname(testpath)
            @version = Version.new(version)
            @assertions = 0
          end

          # install: record, do not run.
          def system(*args) = puts("install: #{args.join(" ")}")
          def generate_completions_from_executable(executable, *args)
            puts "install: completions from #{Pathname(executable).basename} #{args.join(" ")}"
          end

          def install_recording
            recorder = Object.new
            recorder.define_singleton_method(:install) { |path| puts "install: bin.install #{path}" }
            recorder.define_singleton_method(:/) { |name| Pathname("bin") / name }
            define_singleton_method(:bin) { recorder }
            install
          end

          # test do: run for real.
          def shell_output(command)
            output, status = Open3.capture2(command)
            raise "#{command} exited #{status.exitstatus}" unless status.success?
            output
          end

          def assert_equal(expected, actual)
            raise "expected #{expected.inspect}, got #{actual.inspect}" unless expected == actual
            @assertions += 1
          end

          def assert_match(expected, actual)
            raise "expected #{actual.inspect} to contain #{expected.inspect}" unless actual.include?(expected)
            @assertions += 1
          end

          def run_test
            Dir.chdir(testpath) { instance_eval(&self.class.test_block) }
            @assertions
          end
        end

        load ARGV[0]
        puts Compctl.lines
        Compctl.new(ARGV[1], ARGV[2], ARGV[3]).install_recording
        puts "test: #{Compctl.new(ARGV[1], ARGV[2], ARGV[3]).run_test} assertions passed"
        """#
}
