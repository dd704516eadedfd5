import Foundation

/// Where the long-running harnesses (kill -9, concurrency, fuzzing) tell `scripts/soak.sh`
/// what they did: when `COMPCTL_HARNESS_REPORT` names a file, each harness appends one
/// line `attack<TAB>trials<TAB>failures`; otherwise nothing is written.
public enum HarnessReport {
    /// Appends `attack`, `trials` and `failures` to the report file, if there is one.
    public static func record(attack: String, trials: Int, failures: Int,
                              environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let path = environment["COMPCTL_HARNESS_REPORT"], !path.isEmpty else { return }
        let line = "\(attack)\t\(trials)\t\(failures)\n"
        // O_APPEND: harnesses of parallel suites may write at once; one short write each.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = line.withCString { write(descriptor, $0, strlen($0)) }
    }

    /// The integer in the environment variable `name`, else `fallback`.
    public static func count(_ name: String, default fallback: Int,
                             environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        environment[name].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? fallback
    }
}
