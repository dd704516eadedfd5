import ArgumentParser
import Config
import Foundation

/// `--config PATH`, shared by every command that reads `compctl.yml`.
struct ConfigOptions: ParsableArguments {
    @Option(name: .customLong("config"), help: ArgumentHelp(
        "The compctl.yml to use (default: the nearest one in this directory or a parent).",
        valueName: "path"))
    var path: String?

    /// The configuration: the file given, else the nearest `compctl.yml`, else the defaults.
    /// A bad file is an error, never silently ignored.
    func load() throws -> Configuration {
        try Self.load(path: path)
    }

    /// `load()` for `--config` given as `path` (nil: not given).
    static func load(path: String?) throws -> Configuration {
        let cwd = FileManager.default.currentDirectoryPath
        // Empty when the directory was removed after the shell entered it: no relative path,
        // and no compctl.yml above it, can be found.
        guard cwd.hasPrefix("/") else {
            throw CommandError("the working directory no longer exists (it was removed or moved); "
                + "cd into a directory that exists and run compctl again")
        }
        if let path {
            guard FileManager.default.fileExists(atPath: path) else {
                throw ConfigError.unreadable(path: path, reason: "no such file; check --config")
            }
            return try ConfigLoader.load(path: path)
        }
        guard let found = ConfigLoader.find(from: cwd) else {
            return Configuration.defaults(directory: cwd)
        }
        return try ConfigLoader.load(path: found)
    }
}
