import RubySyntax

/// Reads a Ruby `.podspec` through the tolerant reader: lexer, parser, evaluator.
enum RubyPodspec {
    /// The evaluated file: the root spec under construction and the evaluator that built it.
    struct Evaluation {
        var evaluator: RubyEvaluator
        var root: Int
    }

    /// Parses and evaluates `bytes`. Throws syntax and structural problems; fatal problems
    /// found while evaluating stay in `evaluator.errors` for the caller to decide on.
    static func evaluate(bytes: [UInt8], path: String, file: PodspecFileContext? = nil) throws(PodspecError) -> Evaluation {
        let program: [RubyNode]
        do throws(RubyParseError) {
            let tokens: [RubyToken]
            do {
                tokens = try RubyLexer.tokenize(bytes, maximumNesting: RubyParser.maximumDepth)
            } catch {
                throw RubyParseError(error)
            }
            program = try RubyParser.parse(tokens)
        } catch {
            throw PodspecError(
                file: path, line: error.line, message: "cannot parse the podspec: \(error.message); \(error.fix)")
        }
        let evaluator = RubyEvaluator(path: path, filePath: file?.absolutePath, readBeside: file?.readBeside)
        let result = evaluator.run(program)
        if let stopped = evaluator.stopped { throw stopped }
        if case .spec(let id) = result, evaluator.specs[id].parent == nil {
            return Evaluation(evaluator: evaluator, root: id)
        }
        if let error = evaluator.errors.first { throw error }
        let lastLine = program.last?.line ?? 1
        if !evaluator.specs.contains(where: { $0.parent == nil }) {
            throw PodspecError(
                file: path, line: lastLine,
                message: "no Pod::Spec.new block; a podspec creates its spec with Pod::Spec.new do |s| … end")
        }
        throw PodspecError(
            file: path, line: lastLine,
            message: "the file does not end with its Pod::Spec.new block, so CocoaPods would not load it; "
                + "move the code after the block above it")
    }

    static func read(bytes: [UInt8], path: String, file: PodspecFileContext? = nil) throws(PodspecError) -> Specification {
        let evaluation = try evaluate(bytes: bytes, path: path, file: file)
        let evaluator = evaluation.evaluator
        if let error = evaluator.errors.first { throw error }
        let root = evaluator.specs[evaluation.root]
        guard let name = root.shortName else {
            throw PodspecError(file: path, line: root.line, message: "the spec has no name; add s.name = 'Foo'")
        }
        guard case .string(let version, _)? = root.version else {
            throw PodspecError(file: path, line: root.line, message: "the spec has no version; add s.version = '1.2.3'")
        }
        var warnings: [PodspecError] = []
        var spec = build(evaluation.root, name: name, version: version, evaluator: evaluator, path: path, warnings: &warnings)
        warnings += evaluator.leftOut
        spec.warnings = warnings.sorted { ($0.line ?? 0) < ($1.line ?? 0) }
        return spec
    }

    private static func build(
        _ id: Int, name: String, version: String, evaluator: RubyEvaluator, path: String,
        warnings: inout [PodspecError]
    ) -> Specification {
        let builder = evaluator.specs[id]
        let owner = builder.parent == nil ? "" : " of \(name)"
        var source: Source?
        switch builder.source {
        case .none:
            source = nil
        case .value(let value, let unknownFields):
            source = value
            for field in unknownFields {
                warnings.append(PodspecError(
                    file: path, line: field.origin.line,
                    message: "cannot evaluate the source's :\(field.field)\(owner): it \(field.origin.reason); "
                        + "compctl leaves it out"))
            }
        case .unknown(let origin):
            source = nil
            warnings.append(PodspecError(
                file: path, line: origin.line,
                message: "cannot evaluate the source\(owner): it \(origin.reason); compctl leaves it out"))
        }
        var targets: [String: String] = [:]
        if let origin = builder.platformsUnknown {
            warnings.append(PodspecError(
                file: path, line: origin.line,
                message: "cannot evaluate the platforms\(owner): it \(origin.reason); compctl leaves them out"))
        }
        for platform in builder.platforms {
            switch platform.target {
            case .known(let target):
                targets[platform.name] = target
            case .unknown(let origin):
                warnings.append(PodspecError(
                    file: path, line: origin.line,
                    message: "cannot evaluate the \(platform.name) deployment target\(owner): it \(origin.reason); "
                        + "compctl leaves it out"))
            }
        }
        let subspecs = builder.subspecs.map { subspec in
            build(
                subspec, name: name + "/" + (evaluator.specs[subspec].shortName ?? ""), version: version,
                evaluator: evaluator, path: path, warnings: &warnings)
        }
        func auxiliary(_ ids: [Int]) -> [Specification] {
            ids.map { id in
                build(id, name: name + "/" + (evaluator.specs[id].shortName ?? ""), version: version,
                      evaluator: evaluator, path: path, warnings: &warnings)
            }
        }
        var spec = Specification(
            name: name,
            version: version,
            source: builder.parent == nil ? source : nil,
            dependencies: builder.flattenedDependencies,
            subspecs: subspecs,
            defaultSubspecs: builder.defaultSubspecs,
            deploymentTargets: targets,
            testSpecs: auxiliary(builder.testSpecs),
            appSpecs: auxiliary(builder.appSpecs)
        )
        if builder.parent == nil {
            // `Specification#deprecated?`: either attribute says so.
            spec.deprecatedInFavorOf = builder.deprecatedInFavorOf
            spec.deprecated = builder.deprecated || builder.deprecatedInFavorOf != nil
        }
        return spec
    }
}
