import Dispatch

/// Work a resolve's first steps leave the second core idle for, done there before the
/// resolver's thread needs it: the worker thread that reads ahead is started (its stack
/// and heap arena made), and the Swift runtime looks up, once per process, the
/// conformances that the first `String`-keyed dictionary and the first long sort need.
/// Each lookup scans the binary's 7,000 conformance records (about 330,000
/// instructions); made on the resolver's thread, they were on its critical path.
enum RuntimeWarmUp {
    static func start() {
        DispatchQueue.global().async {
            var keyed: [String: String] = [:]
            keyed["warm"] = "up"
            // Long enough for the standard library's merge sort to keep a list of runs.
            var numbers = (0..<64).map { ($0 * 37) % 64 }
            numbers.sort { $0 < $1 }
            keep(keyed.count + numbers[0])
        }
    }

    /// Uses `value`, so that the optimizer keeps what computed it.
    @inline(never)
    private static func keep(_ value: Int) {
        withExtendedLifetime(value) {}
    }
}
