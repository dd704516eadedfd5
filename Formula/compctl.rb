# Homebrew formula for compctl. This repository is its own tap:
#   brew tap acme/compctl https://git.acme.example/tools/compctl.git
#   brew install acme/compctl/compctl           # the release tagged below, built from source
#   brew install --HEAD acme/compctl/compctl    # main
# Releasing X.Y.Z: set `tag:` to it in the commit that sets compctl's version (the tests check
# that both agree), then tag that commit. A git tag needs no sha256; the tarball of
# scripts/package.sh is for machines that should not build.
class Compctl < Formula
  desc "Release and CI orchestration for CocoaPods components and private spec repos"
  homepage "https://git.acme.example/tools/compctl"
  url "https://git.acme.example/tools/compctl.git", tag: "0.1.0"
  head "https://git.acme.example/tools/compctl.git", branch: "main"

  depends_on "pkg-config" => :build
  depends_on xcode: ["16.0", :build] # Swift 6
  depends_on "libgit2"

  uses_from_macos "swift" => :build

  def install
    # On Linux the Swift runtime is linked in, as scripts/package.sh does.
    args = OS.mac? ? ["--disable-sandbox"] : ["--static-swift-stdlib"]
    system "swift", "build", *args, "-c", "release", "--product", "compctl"
    bin.install ".build/release/compctl"
    generate_completions_from_executable(bin/"compctl", "--generate-completion-script")
  end

  test do
    assert_match "compctl #{version} (libgit2 ", shell_output("#{bin}/compctl --version") unless version.head?
    assert_equal ">\n", shell_output("#{bin}/compctl version compare 1.0.0-rc.10 1.0.0-rc.9")
    assert_equal "0.1.8-rc.1\n", shell_output("#{bin}/compctl version bump --rc 0.1.7")
    (testpath/"Specs/Foo/1.0.0/Foo.podspec.json").write <<~JSON
      {"name": "Foo", "version": "1.0.0", "source": {"git": "https://example.invalid/Foo.git", "tag": "1.0.0"}}
    JSON
    assert_equal "Foo\t1.0.0\n", shell_output("#{bin}/compctl repo show #{testpath}/Specs")
  end
end
