#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CompctlCLI

@main
struct Entrypoint {
    static func main() async {
        if let usage = SubcommandSuggestion.error(for: Array(CommandLine.arguments.dropFirst())) {
            let bytes = Array(usage.utf8)
            _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            exit(64)
        }
        await Compctl.mainReportingJSONFailures()
    }
}
