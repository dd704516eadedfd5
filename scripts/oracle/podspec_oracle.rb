#!/usr/bin/env ruby
# frozen_string_literal: false
#
# podspec_oracle.rb: a dev tool, never run by CI.
#
# Computes, independently of compctl's Swift reader, what CocoaPods reads from every podspec in
# the shared corpus, and records it in Tests/PodspecTests/Fixtures/corpus-expectations.json.
#
# Ruby podspecs are evaluated by real Ruby against a small fake `Pod::Spec` DSL that mirrors
# CocoaPods' attribute semantics (cocoapods-core specification/dsl.rb and
# dsl/platform_proxy.rb): name, version, source, dependencies (generic, per platform, per
# subspec), default_subspecs and platforms. Everything a static reader cannot know (shell
# commands, file reads, environment variables, helper methods and constants defined outside
# the file) yields a poison value that remembers the line it came from. A spec whose name,
# version, subspecs, default subspecs or dependencies depend on poison is recorded as an
# expected error at that line. Conditions on such values are found by evaluating each spec
# twice, once with every probe false or unset and once with every probe true or set, and
# comparing what the DSL recorded.
#
# What it records per spec (the definitions compctl's Specification follows):
#   dependencies: the spec's own declarations, not inherited. Generic `dependency` calls first
#     (a repeated name replaces its requirements in place, like CocoaPods' attributes hash),
#     then platform-specific ones in the order they were declared; a platform-specific
#     declaration of a name already listed adds the requirements it does not have yet.
#   deployment_targets: the `platforms` attribute (null: supported with no minimum). Entries
#     the oracle cannot evaluate are left out and named in `unevaluated`.
#   source: :git and :tag, null when absent or unevaluable (then named in `unevaluated`).
#   Test and app specs are not subspecs for compctl and are left out.
#
# Usage: ruby scripts/oracle/podspec_oracle.rb [CORPUS_DIR] [OUTPUT_JSON]
# Needs the git CLI to clone the spec-repo bundles into a temporary directory.

require 'json'
require 'tmpdir'
require 'open3'

module Oracle
  MARK_FORMAT = "\u0001unknown-%d\u0001".freeze
  MARK_PATTERN = /\u0001unknown-(\d+)\u0001/.freeze
  PLATFORMS = %w[ios osx tvos watchos visionos].freeze

  # Where a value the oracle cannot know came from.
  Origin = Struct.new(:kind, :line)

  class << self
    attr_accessor :path, :world, :origins, :events

    def reset(path, world)
      @path = path
      @world = world
      @origins = []
      @events = []
    end

    # The line in the podspec that is executing now.
    def current_line
      location = caller_locations.find { |l| l.path == @path }
      location ? location.lineno : 0
    end

    # A marker string standing for an unknown value; it survives concatenation and
    # interpolation, so anything built from it stays recognisably unknown.
    def mark(kind, line = current_line)
      @origins << Origin.new(kind, line)
      format(MARK_FORMAT, @origins.size - 1)
    end

    def unknown(kind, line = current_line)
      Unknown.new(mark(kind, line))
    end

    # A yes/no question about the environment: false in the first world, true in the second.
    def probe(line = current_line)
      @events << [:probe, line]
      @world == :set
    end

    # The origin of the first unknown part of a value, or nil when the value is fully known.
    def origin_of(value)
      case value
      when Unknown then origin_of(value.__marker)
      when String
        match = MARK_PATTERN.match(value)
        match && @origins[match[1].to_i]
      when Array then value.lazy.map { |v| origin_of(v) }.find(&:itself)
      when Hash then value.lazy.flat_map { |k, v| [origin_of(k), origin_of(v)] }.find(&:itself)
      when Module then value.respond_to?(:__marker) ? origin_of(value.__marker) : nil
      end
    end

    def record(*event)
      @events << event
    end
  end

  # A value that cannot be known statically. Every use of it is unknown too; questions asked of
  # it are environment probes.
  class Unknown < BasicObject
    def initialize(marker)
      @marker = marker
    end

    def __marker
      @marker
    end

    def to_s
      @marker
    end

    alias to_str to_s
    alias inspect to_s

    def to_a
      [self]
    end

    def to_ary
      nil
    end

    def to_h
      {}
    end

    def ==(_other)
      ::Oracle.probe
    end

    def !=(_other)
      ::Oracle.probe
    end

    def !
      !::Oracle.probe
    end

    def is_a?(_klass)
      false
    end

    def respond_to?(*)
      true
    end

    def method_missing(name, *_args, &_block)
      return ::Oracle.probe if name.to_s.end_with?('?')

      self
    end

    def respond_to_missing?(*)
      true
    end
  end

  # The environment: every read is a probe.
  module FakeENV
    def self.[](_key)
      Oracle.probe ? Oracle.mark(:environment) : nil
    end

    def self.fetch(key, default = nil)
      self[key] || default
    end

    %i[key? include? has_key? member?].each do |name|
      define_singleton_method(name) { |_key| Oracle.probe }
    end

    def self.method_missing(_name, *_args)
      Oracle.unknown(:environment)
    end

    def self.respond_to_missing?(*)
      true
    end
  end

  # File and IO: reading is unknown, path arithmetic is plain Ruby, existence is a probe.
  module FakeFile
    %i[join basename dirname extname expand_path].each do |name|
      define_singleton_method(name) do |*args|
        Oracle.origin_of(args) ? Oracle.unknown(:file) : ::File.send(name, *args)
      end
    end

    %i[exist? exists? file? directory? readable?].each do |name|
      define_singleton_method(name) { |*_args| Oracle.probe }
    end

    def self.method_missing(_name, *_args)
      Oracle.unknown(:file)
    end

    def self.respond_to_missing?(*)
      true
    end
  end

  module FakeJSON
    def self.method_missing(_name, *args)
      origin = Oracle.origin_of(args)
      Oracle.unknown(origin ? origin.kind : :helper, origin ? origin.line : Oracle.current_line)
    end

    def self.respond_to_missing?(*)
      true
    end
  end

  # Stands for `spec.ios` and friends.
  class PlatformProxy
    def initialize(spec, platform)
      @spec = spec
      @platform = platform
    end

    def dependency(*args)
      @spec.__declare_dependency(@platform, args)
    end

    def deployment_target=(value)
      @spec.__set_deployment_target(@platform, value)
    end

    def method_missing(name, *_args, &_block)
      return nil if name.to_s.end_with?('=')

      Oracle.unknown(:attribute)
    end

    def respond_to_missing?(*)
      true
    end
  end

  # The fake `Pod::Spec`: records what compctl reads and ignores every other attribute.
  class Spec
    attr_reader :subspecs, :parent, :line

    def initialize(parent = nil, name = nil, discard: false)
      @parent = parent
      @discard = discard
      @own_name = name
      @subspecs = []
      @dependencies = {}
      @platform_dependencies = {}
      @platforms = {}
      @platforms_unknown = false
      @default_subspecs = nil
      @source = nil
      @line = Oracle.current_line
      yield self if block_given?
    end

    def name=(value)
      return if @discard

      fatal(:name, value)
      @own_name = value
      Oracle.record(:name, value.to_s)
    end

    def name
      @parent ? "#{@parent.name}/#{@own_name}" : @own_name
    end

    def version=(value)
      return if @discard

      fatal(:version, value)
      @version = value
      Oracle.record(:version, value.to_s)
    end

    def version
      @parent ? @parent.version : @version
    end

    attr_reader :own_name, :default_subspecs, :source

    def source=(value)
      @source = value
    end

    def dependency(*args)
      __declare_dependency(nil, args)
    end

    def dependencies=(value)
      return if @discard

      fatal(:dependency, value)
      @dependencies = {}
      case value
      when Hash then value.each { |n, reqs| @dependencies[n.to_s] = [*reqs] }
      else [*value].each { |n| @dependencies[n.to_s] = [] }
      end
      Oracle.record(:dependencies, name, @dependencies.to_a)
    end

    def __declare_dependency(platform, args)
      return if @discard

      fatal(:dependency, args)
      dep_name, *requirements = args
      unless requirements.all? { |r| r.is_a?(String) }
        Oracle.record(:error, Oracle.current_line, :unsupported_requirement)
        return
      end
      if platform
        @platform_dependencies[[platform, dep_name]] = requirements
      else
        @dependencies[dep_name] = requirements
      end
      Oracle.record(:dependency, name, platform, dep_name, requirements)
    end

    def subspec(sub_name, &block)
      return if @discard

      fatal(:subspec, sub_name)
      Oracle.record(:subspec, "#{name}/#{sub_name}")
      spec = Spec.new(self, sub_name, &block)
      @subspecs << spec
      spec
    end

    def test_spec(*_args, &block)
      Spec.new(self, nil, discard: true, &block)
    end
    alias app_spec test_spec

    def default_subspecs=(value)
      return if @discard

      fatal(:default_subspecs, value)
      @default_subspecs = [*value].map(&:to_s)
      Oracle.record(:default_subspecs, @default_subspecs)
    end
    alias default_subspec= default_subspecs=

    def platform=(args)
      platform_name, target = args
      platform_name = :osx if platform_name.to_s == 'macos'
      @platforms_unknown = false
      @platforms = platform_name ? { platform_name.to_s => target } : {}
    end

    def platforms=(value)
      if Oracle.origin_of(value) && !value.is_a?(Hash)
        @platforms = {}
        @platforms_unknown = true
      else
        @platforms = value.map { |k, v| [k.to_s, v] }.to_h
        @platforms_unknown = false
      end
    end

    def __set_deployment_target(platform, value)
      @platforms[platform] = value
    end

    def ios
      PlatformProxy.new(self, 'ios')
    end

    def osx
      PlatformProxy.new(self, 'osx')
    end
    alias macos osx

    def tvos
      PlatformProxy.new(self, 'tvos')
    end

    def watchos
      PlatformProxy.new(self, 'watchos')
    end

    def visionos
      PlatformProxy.new(self, 'visionos')
    end

    def method_missing(name, *_args, &_block)
      return nil if name.to_s.end_with?('=')

      Oracle.unknown(:attribute)
    end

    def respond_to_missing?(*)
      true
    end

    # The spec as the fixture records it.
    def to_expectation
      unevaluated = []
      source = nil
      if @source
        source = {}
        %i[git tag].each do |key|
          raw = @source.is_a?(Hash) ? (@source[key] || @source[key.to_s]) : nil
          if Oracle.origin_of(@source.is_a?(Hash) ? raw : @source)
            unevaluated << "source.#{key}"
            source[key.to_s] = nil
          else
            source[key.to_s] = raw&.to_s
          end
        end
      end
      targets = {}
      unevaluated << 'platforms' if @platforms_unknown
      @platforms.each do |platform, target|
        if Oracle.origin_of(target)
          unevaluated << "platforms.#{platform}"
        else
          targets[platform] = target&.to_s
        end
      end
      {
        'name' => name,
        'version' => version.to_s,
        'source' => source,
        'dependencies' => flattened_dependencies,
        'default_subspecs' => @default_subspecs || [],
        'deployment_targets' => targets,
        'unevaluated' => unevaluated,
        'subspecs' => @subspecs.map(&:to_expectation)
      }
    end

    private

    def flattened_dependencies
      result = @dependencies.map { |n, reqs| [n.to_s, reqs.map(&:to_s)] }
      @platform_dependencies.each do |(_, dep_name), reqs|
        existing = result.find { |n, _| n == dep_name.to_s }
        if existing
          reqs.each { |r| existing[1] << r.to_s unless existing[1].include?(r.to_s) }
        else
          result << [dep_name.to_s, reqs.map(&:to_s)]
        end
      end
      result.map { |n, reqs| { 'name' => n, 'requirements' => reqs } }
    end

    def fatal(what, value)
      origin = Oracle.origin_of(value)
      Oracle.record(:error, origin.line, "#{what}: #{origin.kind}") if origin
    end
  end

  # Evaluates Ruby podspec source in a fresh module whose constants and methods stand in for
  # the outside world.
  module Sandbox
    def self.build
      sandbox = Module.new
      pod = Module.new
      pod.const_set(:Spec, Spec)
      pod.const_set(:Specification, Spec)
      sandbox.const_set(:Pod, pod)
      sandbox.const_set(:ENV, FakeENV)
      sandbox.const_set(:File, FakeFile)
      sandbox.const_set(:IO, FakeFile)
      sandbox.const_set(:Dir, FakeFile)
      sandbox.const_set(:JSON, FakeJSON)
      sandbox.define_singleton_method(:const_missing) { |_name| Sandbox.unknown_module }
      sandbox.define_singleton_method(:`) { |_command| Oracle.mark(:shell) }
      sandbox.define_singleton_method(:system) { |*_args| Oracle.probe }
      %i[require require_relative load].each do |name|
        sandbox.define_singleton_method(name) { |*_args| true }
      end
      sandbox.define_singleton_method(:method_missing) do |_name, *args, &_block|
        if args.any? { |a| a.is_a?(Spec) || a.is_a?(PlatformProxy) }
          Oracle.record(:error, Oracle.current_line, :helper_with_spec)
        end
        Oracle.unknown(:helper)
      end
      sandbox
    end

    # A constant from outside the file: a module (so `A::B` works) that is unknown.
    def self.unknown_module
      marker = Oracle.mark(:constant)
      mod = Module.new
      mod.define_singleton_method(:__marker) { marker }
      mod.define_singleton_method(:to_s) { marker }
      mod.define_singleton_method(:to_str) { marker }
      mod.define_singleton_method(:const_missing) { |_name| mod }
      mod.define_singleton_method(:method_missing) { |*_args| Unknown.new(marker) }
      mod
    end
  end

  module_function

  # Runs one world in a child process so helper definitions never leak between files.
  def evaluate_world(path, source, world)
    reader, writer = IO.pipe
    pid = fork do
      reader.close
      Oracle.reset(path, world)
      result = begin
        value = Sandbox.build.module_eval(source, path, 1)
        if value.is_a?(Spec)
          { 'spec' => value.to_expectation }
        else
          { 'no_spec' => true }
        end
      rescue ScriptError, StandardError => e
        line = e.backtrace_locations&.find { |l| l.path == path }&.lineno
        { 'exception' => "#{e.class}: #{e.message}", 'line' => line }
      end
      result['events'] = Oracle.events
      writer.write(Marshal.dump(result))
      writer.close
      exit!(0)
    end
    writer.close
    data = reader.read
    Process.wait(pid)
    Marshal.load(data)
  end

  FATAL_EVENTS = %i[name version dependency dependencies subspec default_subspecs error].freeze

  # The expected outcome for one Ruby podspec: the spec, or the line of the first construct
  # that cannot be evaluated.
  def evaluate_ruby(path, source)
    unset = evaluate_world(path, source, :unset)
    set = evaluate_world(path, source, :set)
    return { 'exception' => unset['exception'], 'line' => unset['line'] } if unset['exception']
    return { 'exception' => 'the file does not end with a Pod::Spec' } if unset['no_spec']

    a = unset['events'].reject { |e| e.first == :probe }
    b = set['events'].reject { |e| e.first == :probe }
    index = (0...[a.size, b.size].max).find { |i| a[i] != b[i] }
    first_error = a.index { |e| e.first == :error }
    if first_error && (index.nil? || first_error <= index)
      return { 'error' => { 'line' => a[first_error][1], 'reason' => a[first_error][2].to_s } }
    end
    if index
      line = last_probe_before(unset['events'], index) || last_probe_before(set['events'], index)
      return { 'error' => { 'line' => line, 'reason' => 'condition' } }
    end
    { 'spec' => reconcile(unset['spec'], set['spec']) }
  end

  # The source and the deployment targets do not fail a spec; where the two worlds disagree
  # on them, they depend on the environment and are recorded as unevaluated.
  def reconcile(unset, set)
    spec = unset.dup
    if unset['source'] && set['source']
      %w[git tag].each do |key|
        next if unset['source'][key] == set['source'][key]

        spec['source'] = spec['source'].merge(key => nil)
        spec['unevaluated'] += ["source.#{key}"]
      end
    end
    targets = {}
    unset['deployment_targets'].each do |platform, target|
      if set['deployment_targets'].key?(platform) && set['deployment_targets'][platform] == target
        targets[platform] = target
      else
        spec['unevaluated'] += ["platforms.#{platform}"]
      end
    end
    spec['deployment_targets'] = targets
    spec['subspecs'] = unset['subspecs'].zip(set['subspecs']).map { |a, b| reconcile(a, b) }
    spec
  end

  def last_probe_before(events, index)
    seen = -1
    line = nil
    events.each do |event|
      if event.first == :probe
        line = event[1]
      else
        seen += 1
        break if seen == index
      end
    end
    line
  end

  def evaluate_json(text)
    json = JSON.parse(text)
    { 'spec' => json_spec(json, nil) }
  end

  def json_spec(json, parent_name)
    name = parent_name ? "#{parent_name}/#{json['name']}" : json['name']
    generic = json['dependencies']
    generic = generic.map { |n| [n, []] }.to_h if generic.is_a?(Array)
    result = (generic || {}).map { |n, reqs| [n, [*reqs]] }
    json.each do |key, value|
      next unless PLATFORMS.include?(key) || key == 'macos'
      next unless value.is_a?(Hash) && value['dependencies']

      value['dependencies'].each do |n, reqs|
        existing = result.find { |en, _| en == n }
        if existing
          [*reqs].each { |r| existing[1] << r unless existing[1].include?(r) }
        else
          result << [n, [*reqs]]
        end
      end
    end
    source = json['source'] && { 'git' => json['source']['git'], 'tag' => json['source']['tag'] }
    {
      'name' => name,
      'version' => json['version'].to_s,
      'source' => parent_name ? nil : source,
      'dependencies' => result.map { |n, reqs| { 'name' => n, 'requirements' => reqs } },
      'default_subspecs' => [*json['default_subspecs']],
      'deployment_targets' => (json['platforms'] || {}),
      'unevaluated' => [],
      'subspecs' => (json['subspecs'] || []).map { |s| json_spec(s, name) }
    }
  end

  # Subspecs carry the root's version; the Swift reader reports it the same way.
  def inherit_version(spec, version)
    spec['version'] = version
    spec['subspecs'].each { |s| inherit_version(s, version) }
  end

  def outcome(path, text)
    result = path.end_with?('.json') ? evaluate_json(text) : evaluate_ruby(path, text)
    if result['spec']
      result['spec']['subspecs'].each { |s| inherit_version(s, result['spec']['version']) }
    end
    result
  end

  # Leaves out what readers take as the default: empty lists and maps, and the version and
  # source of subspecs (always the root's version, never a source).
  def compact(entry)
    return entry unless entry['spec']

    entry.merge('spec' => compact_spec(entry['spec'], root: true))
  end

  def compact_spec(spec, root:)
    result = spec.reject { |key, value| (value.respond_to?(:empty?) && value.empty?) }
    result.delete('version') unless root
    result.delete('source') unless root
    result['subspecs'] = result['subspecs'].map { |s| compact_spec(s, root: false) } if result['subspecs']
    result
  end

  def entries_for(corpus_name, root)
    Dir.glob('**/*.{podspec,podspec.json}', base: root).sort.map do |relative|
      path = File.join(root, relative)
      text = File.read(path)
      entry = { 'corpus' => corpus_name, 'path' => relative,
                'kind' => relative.end_with?('.json') ? 'json' : 'ruby' }
      entry.merge(outcome(path, text))
    end
  end

  def main(corpus, output)
    entries = []
    entries += entries_for('podspecs', File.join(corpus, 'podspecs'))
    entries += entries_for('podspec-json', File.join(corpus, 'podspec-json'))
    Dir.mktmpdir('podspec-oracle') do |tmp|
      Dir.glob(File.join(corpus, 'specrepos', '*.bundle')).sort.each do |bundle|
        name = File.basename(bundle)
        clone = File.join(tmp, name)
        _, status = Open3.capture2e('git', 'clone', '--quiet', bundle, clone)
        raise "git clone #{bundle} failed" unless status.success?

        entries += entries_for("specrepos/#{name}", clone)
      end
    end
    # One entry a line keeps the fixture small and its diffs readable.
    lines = entries.map { |entry| "  #{JSON.generate(compact(entry))}" }
    File.write(output, "{\"comment\": \"Generated by scripts/oracle/podspec_oracle.rb; do not edit by hand.\",\n" \
                       "\"entries\": [\n#{lines.join(",\n")}\n]}\n")
    counts = entries.group_by { |e| [e['corpus'].split('/').first, e['kind']] }
    counts.sort.each do |(corpus_name, kind), list|
      ok = list.count { |e| e['spec'] }
      warn "#{corpus_name} #{kind}: #{list.size} specs, #{ok} read, #{list.size - ok} expected errors"
    end
  end
end

if $PROGRAM_NAME == __FILE__
  root = File.expand_path('../..', __dir__)
  # `../shared/corpus` beside the package, or beside any folder above it (git worktrees).
  corpus = ARGV[0] || ENV['COMPCTL_CORPUS'] ||
           root.split('/').size.downto(1).map { |n| File.join(root.split('/')[0...n].join('/'), 'shared/corpus') }
               .find { |candidate| File.directory?(candidate) }
  abort 'podspec_oracle: cannot find the shared corpus; pass its path' unless corpus
  output = ARGV[1] || File.join(root, 'Tests/PodspecTests/Fixtures/corpus-expectations.json')
  Oracle.main(corpus, output)
end
