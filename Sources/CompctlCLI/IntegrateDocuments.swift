import Integration

/// The `integrate --json` document with several main projects.
struct ProjectsDocument: Encodable {
    var schemaVersion = JSONOutput.schemaVersion
    var projects: [ProjectOutcome]
    var published: [String]
}

/// The `integrate --json` document.
struct IntegrateDocument: Encodable {
    var schemaVersion = JSONOutput.schemaVersion
    var outcome: String
    var pins: [String: String]
    var published: [String]
    var commit: String?
    var log: String?

    /// The document of how the integrate of `pins` ended.
    init(_ outcome: IntegrateOutcome, pins: [ComponentPin]) {
        switch outcome {
        case .alreadyIntegrated:
            self.init(outcome: "already-integrated", pins: pins, published: [], commit: nil, log: nil)
        case let .failed(failure):
            self.init(outcome: "\(failure.outcome.status)", pins: pins, published: [], commit: nil, log: failure.outcome.logPath)
        case let .passed(landed):
            self.init(outcome: "passed", pins: pins, published: landed.published, commit: landed.commit.hex, log: landed.log)
        }
    }

    /// Prints the document of how the integrate of `pins` ended; a failed one's printing
    /// failing is ignored, as its failure was reported already.
    static func print(_ outcome: IntegrateOutcome, pins: [ComponentPin]) throws {
        if case .failed = outcome {
            try? JSONOutput.print(IntegrateDocument(outcome, pins: pins))
        } else {
            try JSONOutput.print(IntegrateDocument(outcome, pins: pins))
        }
    }

    init(outcome: String, pins: [ComponentPin], published: [String], commit: String?, log: String?) {
        self.outcome = outcome
        self.pins = Dictionary(pins.map { ($0.name, $0.version) }, uniquingKeysWith: { a, _ in a })
        self.published = published
        self.commit = commit
        self.log = log
    }
}
