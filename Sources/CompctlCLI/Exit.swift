import ArgumentParser
import CompileCheck
import Integration

/// compctl's exit codes, the contract that scripts rely on (DESIGN.md).
enum Exit {
    /// The operation failed: a compile check failed, a push was still rejected, bad input.
    static let failure = ExitCode(1)
    /// A check found problems: cycles, skew, lint errors, a resolution conflict.
    static let problems = ExitCode(2)
    /// A usage error. swift-argument-parser exits with 64 for `ValidationError` itself.
    static let usage = ExitCode(64)
}

/// Runs `body`, turning any error it throws into an `error:` line (an `IntegrationError`
/// into its error and note lines) and exit code 1. Errors that already are an `ExitCode`
/// or a usage error pass through unchanged.
func reportingErrors<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch {
        throw reported(error)
    }
}

/// `reportingErrors` for an asynchronous `body`.
func reportingErrors<T>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch {
        throw reported(error)
    }
}

/// What `reportingErrors` throws for `error`, after printing it.
private func reported(_ error: any Error) -> any Error {
    switch error {
    case is ExitCode, is ValidationError:
        return error
    case let error as IntegrationError:
        error.errors.forEach(Console.error)
        error.notes.forEach { Console.note($0) }
        return Exit.failure
    default:
        Console.error(String(describing: error))
        return Exit.failure
    }
}

/// Runs an integrate's `body`, printing an `IntegrationError`'s lines (errors, then notes)
/// and other errors as `error:` lines, with exit code 1. A compile check that cannot start
/// is left to ArgumentParser, as before.
func reportingIntegrationErrors<T>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as IntegrationError {
        error.errors.forEach(Console.error)
        error.notes.forEach { Console.note($0) }
        throw Exit.failure
    } catch let error as CompileCheckError {
        throw error
    } catch let error as ExitCode {
        throw error
    } catch {
        Console.error("\(error)")
        throw Exit.failure
    }
}
