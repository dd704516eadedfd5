import ArgumentParser
import Config
import FileIO
import Foundation
import Manifest

/// `compctl init`: writes a commented `compctl.yml` for a main project or a component.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented compctl.yml for a main project or a component.",
        discussion: CommandExamples.standalone("init")
    )

    @Flag(help: "Write the smaller file for a component repo instead of a main project.")
    var component = false

    @Option(name: .customLong("output"), help: "Where to write the file.")
    var output: String = ConfigLoader.fileName

    @Flag(help: "Replace an existing file.")
    var force = false

    @Flag(help: "Print the file instead of writing it.")
    var dryRun = false

    @Option(help: ArgumentHelp(
        "The Podfile whose source lines become spec_repos (a main project's file).", valueName: "path"))
    var podfile = "Podfile"

    func run() throws {
        var text = StarterFile.text(for: component ? .component : .mainProject)
        var specRepos = 0
        if !component, FileManager.default.fileExists(atPath: podfile) {
            let read = try reportingErrors { try Podfile(contentsOf: podfile) }
            (text, specRepos) = StarterFile.mainProject(podfile: podfile, sources: read.sources)
        }
        if dryRun {
            Console.outRaw(text)
            return
        }
        if FileManager.default.fileExists(atPath: output) && !force {
            Console.error("\(output) already exists; edit it, or pass --force to replace it with the starter file")
            throw Exit.failure
        }
        try reportingErrors { try AtomicFile.write(text, to: output) }
        Console.note(specRepos == 0
            ? "wrote \(output); edit spec_repos and projects to match your setup"
            : "wrote \(output) with the \(specRepos) private spec repo\(specRepos == 1 ? "" : "s") of \(podfile)'s source lines; "
                + "edit projects and check_command to match your setup")
    }
}
