import Config
import Foundation
import Manifest
import Podspec
import SpecRepo

/// Runs every library reader (and the editors that read first) that takes one kind of file,
/// in process, and checks that what comes back is a value or an error that names the file.
enum Readers {
    enum Outcome: Equatable {
        case read
        case rejected
        /// The reader answered, but not as it must: an error without the file's name or a
        /// message, for example.
        case broken(String)
    }

    static func run(_ kind: InputKind, _ bytes: [UInt8]) -> Outcome {
        switch kind {
        case .rubyPodspec: podspec(bytes, path: "Fuzz.podspec")
        case .jsonPodspec: podspec(bytes, path: "Fuzz.podspec.json")
        case .podfile: podfile(bytes)
        case .podfileLock: podfileLock(bytes)
        case .config: yaml(bytes)
        case .packageSwift: packageSwift(bytes)
        case .pbxproj: pbxproj(bytes)
        }
    }

    private static func check(_ error: PodspecError, _ path: String) -> Outcome {
        guard error.file == path, !error.message.isEmpty else { return .broken("podspec error \(error)") }
        return .rejected
    }

    private static func check(_ error: ManifestError, _ path: String) -> Outcome {
        switch error {
        case .malformed(let issue) where issue.file == path && !issue.message.isEmpty:
            return .rejected
        case .cannotPin(let issues) where !issues.isEmpty && issues.allSatisfy({ $0.file == path && !$0.message.isEmpty }):
            return .rejected
        default:
            return .broken("manifest error \(error)")
        }
    }

    /// The podspec reader, then the version rewriter `bump` uses, which reads it again.
    private static func podspec(_ bytes: [UInt8], path: String) -> Outcome {
        let data = Data(bytes)
        do {
            _ = try PodspecReader.read(data: data, path: path)
        } catch {
            return check(error, path)
        }
        do {
            _ = try VersionRewriter.rewrite(data, path: path, to: "9.8.7")
        } catch {
            return check(error, path)
        }
        return .read
    }

    /// The Podfile reader, then the pin editor on the first pod it declares.
    private static func podfile(_ bytes: [UInt8]) -> Outcome {
        let podfile: Podfile
        do {
            podfile = try Podfile(parsing: bytes, path: "Podfile")
        } catch {
            return check(error, "Podfile")
        }
        let pins = podfile.declarations.prefix(1).map { PodPin(name: $0.name, version: "9.8.7") }
            + [PodPin(name: "FuzzNew", version: "1.0.0", addTo: podfile.targets.last?.name)]
        do {
            _ = try PodfileEditor.pin(pins, in: podfile, bytes: bytes)
        } catch {
            return check(error, "Podfile")
        }
        return .read
    }

    private static func podfileLock(_ bytes: [UInt8]) -> Outcome {
        do {
            _ = try PodfileLock(parsing: String(decoding: bytes, as: UTF8.self), path: "Podfile.lock")
        } catch {
            return check(error, "Podfile.lock")
        }
        return .read
    }

    /// compctl.yml, and the same text as a spec repo's CocoaPods-version.yml: both go
    /// through Yams.
    private static func yaml(_ bytes: [UInt8]) -> Outcome {
        let text = String(decoding: bytes, as: UTF8.self)
        var outcome = Outcome.read
        do {
            _ = try ConfigLoader.parse(text, path: "compctl.yml", directory: "/project")
        } catch ConfigError.invalid(let issues) {
            guard !issues.isEmpty, issues.allSatisfy({ $0.file == "compctl.yml" && !$0.message.isEmpty }) else {
                return .broken("config issues \(issues)")
            }
            outcome = .rejected
        } catch {
            return .broken("config error \(error)")
        }
        do {
            _ = try SpecRepoLayout.prefixLengths(inMetadata: text, path: "CocoaPods-version.yml")
        } catch SpecRepoError.invalidMetadata(let path, let reason) {
            guard path == "CocoaPods-version.yml", !reason.isEmpty else { return .broken("metadata error \(reason)") }
        } catch {
            return .broken("metadata error \(error)")
        }
        return outcome
    }

    /// An Xcode project's package references, then the editor pinning the first of them.
    private static func pbxproj(_ bytes: [UInt8]) -> Outcome {
        let project: PBXProject
        do {
            project = try PBXProject(parsing: bytes, path: "project.pbxproj")
        } catch {
            return check(error, "project.pbxproj")
        }
        guard let first = project.remotes.first else { return .read }
        do {
            _ = try PBXProjectEditor.pin([first.repositoryURL: "9.8.7"], in: bytes, path: "project.pbxproj") { $0 == $1 }
        } catch {
            return check(error, "project.pbxproj")
        }
        return .read
    }

    /// The Package.swift readers (the pin editor's and the resolver's), then the pin editor on
    /// its first URL dependency.
    private static func packageSwift(_ bytes: [UInt8]) -> Outcome {
        let manifest: PackageManifest
        do {
            manifest = try PackageManifest(parsing: bytes, path: "Package.swift")
            let declaration = try PackageDeclaration(parsing: bytes, path: "Package.swift")
            if declaration.problems.contains(where: { $0.file != "Package.swift" || $0.message.isEmpty }) {
                return .broken("a declaration problem without the file or a message")
            }
        } catch {
            return check(error, "Package.swift")
        }
        var pins: [PackagePin] = []
        for dependency in manifest.dependencies {
            if case .url(let url) = dependency.location {
                pins.append(PackagePin(package: url, version: "9.8.7"))
                break
            }
        }
        guard !pins.isEmpty else { return .read }
        do {
            _ = try PackageManifestEditor.pin(pins, in: bytes, path: "Package.swift", replacingOtherRequirements: true)
        } catch {
            return check(error, "Package.swift")
        }
        return .read
    }
}
