import ArgumentParser

/// compctl's exit codes, the contract that scripts rely on (DESIGN.md).
enum Exit {
    /// The operation failed: a compile check failed, a push was still rejected, bad input.
    static let failure = ExitCode(1)
    /// A check found problems: cycles, skew, lint errors, a resolution conflict.
    static let problems = ExitCode(2)
    /// A usage error. swift-argument-parser exits with 64 for `ValidationError` itself.
    static let usage = ExitCode(64)
}

/// Runs `body`, turning any error it throws into an `error:` line and exit code 1.
/// Errors that already are an `ExitCode` or a usage error pass through unchanged.
func reportingErrors<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as ExitCode {
        throw error
    } catch let error as ValidationError {
        throw error
    } catch {
        Console.error(String(describing: error))
        throw Exit.failure
    }
}
