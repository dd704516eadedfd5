import CompileCheck

/// Something an integrate has to say while it runs. The library never prints: the
/// command turns each event into its line on stderr.
public enum IntegrationEvent: Sendable {
    /// A line for the user: a requeue, a recovery, a project landed, a moved remote.
    case note(String)
    /// Another compctl holds the project's lock at `path` (`holder` is its pid when known);
    /// this one waits up to `timeout`.
    case waitingForLock(path: String, holder: Int32?, timeout: Duration)
    /// The compile check is running (at most ten times a second, from a background task).
    case checkProgress(CheckProgress)
    /// The compile check ended with `status` after `elapsed`; `status == nil`: it could not run.
    case checkEnded(CheckStatus?, elapsed: Duration)
    /// The compile check of `project` (its name with several main projects) did not pass;
    /// its files are already restored. `outcome` carries the log's tail and path.
    case checkFailed(CheckOutcome, project: String?)
}

/// Hears an integrate's events, possibly from a background task.
public protocol IntegrationDelegate: Sendable {
    /// Called for each event, in order.
    func integration(_ event: IntegrationEvent)
}

/// A delegate that ignores every event.
public struct SilentIntegrationDelegate: IntegrationDelegate {
    /// The silent delegate.
    public init() {}
    public func integration(_ event: IntegrationEvent) {}
}
