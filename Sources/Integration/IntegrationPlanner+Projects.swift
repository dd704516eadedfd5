import Config
import Foundation

/// Which projects an integrate goes into.
extension IntegrationPlanner {
    /// The main projects an integrate goes into when no `--podfile` is given: compctl.yml's
    /// `kind: main` projects that have a Podfile. With more than one, each is integrated in turn.
    public static func mainProjects(of configuration: Configuration) -> [Project] {
        configuration.projects.filter { $0.kind == .main && $0.podfile != nil }
    }

    /// The Podfile an integrate into one project goes into, as an absolute path: `explicit`
    /// (`--podfile`), else the main project's in compctl.yml, else ./Podfile.
    public static func podfile(explicit: String?, configuration: Configuration) -> String {
        URL(fileURLWithPath: PodfileInputs.defaultPath(explicit: explicit, configuration: configuration)).standardizedFileURL.path
    }

    /// The Podfiles `integrate --recover` recovers: `explicit` (`--podfile`), else every main
    /// project's, else the default Podfile.
    public static func podfilesToRecover(explicit: String?, configuration: Configuration) -> [String] {
        let mains = mainProjects(of: configuration).compactMap(\.podfile).map { configuration.resolve(path: $0) }
        guard explicit == nil, !mains.isEmpty else {
            return [PodfileInputs.defaultPath(explicit: explicit, configuration: configuration)]
        }
        return mains
    }

    /// Refuses main projects whose Podfiles share a directory: each project's journal and
    /// lock live in its Podfile's directory, so two projects there would share them.
    /// `projects` are the projects' names with their Podfiles' paths.
    public static func requireOwnDirectories(_ projects: [(name: String, podfile: String)]) throws {
        let roots = projects.map { ProjectFiles.root(ofPodfile: $0.podfile) }
        guard let shared = roots.first(where: { root in roots.filter { $0 == root }.count > 1 }) else { return }
        let names = zip(projects, roots).filter { $0.1 == shared }.map(\.0.name)
        throw IntegrationError.sharedProjectDirectory(projects: names, directory: shared)
    }
}
