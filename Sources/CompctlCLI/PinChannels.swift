import ArgumentParser
import BinaryChannel
import Config
import Foundation
import Graph
import Integration
import Manifest
import SpecRepo

/// One `NAME=binary|source` argument of `pin --channel`.
struct ChannelArgument: Equatable {
    var name: String
    var channel: Channel

    /// The argument's pod and channel, or why it is neither: the option's `transform`.
    @Sendable static func parse(_ argument: String) throws -> ChannelArgument {
        let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, let channel = Channel(rawValue: parts[1]) else {
            throw PinArgumentError("write NAME=binary or NAME=source")
        }
        return ChannelArgument(name: parts[0], channel: channel)
    }
}

extension PinCommand {
    /// `pin --channel NAME=CHANNEL…`: writes or removes the pods' `:source` (the binary repo)
    /// through the Podfile editor, after resolving the Podfile as edited; nothing is written
    /// when a switch is refused or the edited Podfile does not resolve.
    func switchChannels(inputs: PodfileInputs, sources: [SpecRepoSource], configuration: Configuration) throws {
        let devPods = devPods.pods(configuration)
        let binary = try reportingErrors { () throws -> BinaryChannelView in
            guard let view = try BinaryChannelView.open(configuration: configuration, sources: sources, devPods: devPods,
                                                        offline: sourceOptions.offline)
            else { throw BinaryError.noBinaryRepo }
            return view
        }
        var refusals: [String] = []
        var requests: [PodSource] = []
        for argument in channels {
            let root = podRootName(argument.name)
            switch argument.channel {
            case .binary:
                if devPods.contains(root) {
                    refusals.append("\(root) is under development (dev_pods or --dev-pods), so it comes from source; "
                        + "take it out of dev_pods to switch it to binary")
                } else if try reportingErrors({ try binary.chooser.binaries.versions(of: root).isEmpty }) {
                    refusals.append("\(binary.name) has no binary of \(root); publish one with "
                        + "`compctl publish \(root).podspec --binary` first")
                }
                requests.append(PodSource(name: root, source: binary.address))
            case .source:
                // Only a :source naming the binary repo goes; a pod taken from another spec repo stays there.
                let onBinary = inputs.podfile.declarations.contains {
                    $0.rootName == root && ($0.options.source.map(binary.isNamed) ?? false)
                }
                let named = inputs.podfile.declarations.contains { $0.rootName == root }
                if onBinary || !named { requests.append(PodSource(name: root, source: nil)) }
            }
        }
        if !refusals.isEmpty {
            refusals.forEach(Console.error)
            throw Exit.failure
        }
        let bytes = [UInt8](FileManager.default.contents(atPath: inputs.path) ?? Data())
        let edit = try reportingErrors { try PodfileEditor.setSources(requests, in: bytes, path: inputs.path) }

        // The Podfile as edited must resolve, each pod from the channel asked.
        let edited = try reportingErrors { try Podfile(parsing: edit.bytes, path: inputs.path) }
        let (after, afterSources) = try reportingErrors { () throws -> (PodfileInputs, [SpecRepoSource]) in
            let opened = try SpecSources(configuration: configuration, offline: sourceOptions.offline)
                .sources(for: edited, commandLine: sourceOptions.sources)
            return (try PodfileInputs(path: inputs.path, sources: opened.sources, trunkUnread: opened.trunkUnread,
                                      podfile: edited), opened.sources)
        }
        let resolution = try after.resolve(against: PodCatalog(providers: afterSources.map(\.provider)), sources: afterSources)
        // A switch changes where a pod comes from, never its version: a binary repo that lacks
        // the resolved version must not quietly give another one.
        let before = try inputs.resolve(against: PodCatalog(providers: sources.map(\.provider)), sources: sources)
        let moved = channels.compactMap { argument -> String? in
            let root = podRootName(argument.name)
            guard let was = before.version(of: root), let now = resolution.version(of: root), was != now else { return nil }
            return "switching \(root) to \(argument.channel.rawValue) would take \(now) instead of \(was): "
                + (argument.channel == .binary
                    ? "\(binary.name) has no binary of \(was); publish it with `compctl publish \(root).podspec --binary`, or pin \(root)=\(now) first"
                    : "pin \(root)=\(now) first if that is what you want")
        }
        if !moved.isEmpty {
            moved.forEach(Console.error)
            throw Exit.problems
        }
        let view = try reportingErrors {
            try BinaryChannelView.open(configuration: configuration, sources: afterSources, devPods: devPods,
                                       offline: sourceOptions.offline)
        }
        let found = try reportingErrors { try view.map { try $0.channels(of: resolution, sources: afterSources) } ?? [] }
        let switched = channels.map { argument in
            (podRootName(argument.name), found.first { $0.pod == podRootName(argument.name) }?.channel ?? argument.channel)
        }

        let change = try reportingErrors {
            try ProjectPins(podfile: inputs.path, edit: edit, pins: [], configuration: configuration, sources: afterSources)
        }
        if change.changed && !dryRun { try reportingErrors { try change.write() } }
        if json {
            try JSONOutput.print(PinDocument(
                podfile: inputs.path, channels: Dictionary(switched.map { ($0.0, $0.1.rawValue) }, uniquingKeysWith: { a, _ in a }),
                changed: change.changed, dryRun: dryRun))
            return
        }
        Console.outRaw(switched.map { "\($0.0)\t\($0.1.rawValue)\n" }.joined())
        let count = "\(switched.count) pod\(switched.count == 1 ? "" : "s")"
        Console.note(change.changed
            ? "\(dryRun ? "would switch" : "switched") \(count) in \(inputs.path)"
            : "\(inputs.path) already takes \(switched.count == 1 ? "this pod" : "these pods") from "
                + "\(switched.count == 1 ? "this channel" : "these channels"); nothing to change")
    }
}

/// `Foo` for `Foo/Core`.
private func podRootName(_ name: String) -> String {
    name.split(separator: "/", maxSplits: 1).first.map(String.init) ?? name
}
