/// Mutations of a seed's bytes. Each is a few array operations, so one input costs far less
/// than reading it; the readers' time is what the run measures.
struct Mutator {
    /// Inputs stay below this size: bigger ones only make each read slower.
    static let maximumSize = 96 * 1024
    /// What one repetition or nesting mutation may add: enough to pass every depth limit
    /// many times over, small enough to keep an input to a few milliseconds.
    static let maximumGrowth = 32 * 1024

    let seeds: [Seed]

    enum Mutation: CustomStringConvertible {
        case flipBits(count: Int)
        case insertBytes(count: Int)
        case deleteRange(Int)
        case duplicateRange(Int)
        case splice(from: String, length: Int)
        case repeatToken(String, times: Int)
        case nest(open: String, depth: Int)
        case unicode(count: Int)
        case truncate(at: Int)

        var description: String {
            switch self {
            case .flipBits(let count): "flip \(count) bits"
            case .insertBytes(let count): "insert \(count) bytes"
            case .deleteRange(let length): "delete \(length) bytes"
            case .duplicateRange(let length): "duplicate \(length) bytes"
            case .splice(let origin, let length): "splice \(length) bytes of \(origin)"
            case .repeatToken(let token, let times): "repeat \(token.debugDescription) \(times) times"
            case .nest(let open, let depth): "nest \(open.debugDescription) \(depth) deep"
            case .unicode(let count): "insert \(count) odd characters"
            case .truncate(let offset): "truncate at \(offset)"
            }
        }
    }

    /// Applies one to three mutations to `bytes`, returning what it did.
    func mutate(_ bytes: inout [UInt8], kind: InputKind, _ random: inout FuzzRandom) -> [Mutation] {
        var applied: [Mutation] = []
        for _ in 0..<(1 + random.below(3)) {
            applied.append(mutateOnce(&bytes, kind: kind, &random))
        }
        if bytes.count > Self.maximumSize {
            bytes.removeSubrange(Self.maximumSize...)
            applied.append(.truncate(at: Self.maximumSize))
        }
        return applied
    }

    private func mutateOnce(_ bytes: inout [UInt8], kind: InputKind, _ random: inout FuzzRandom) -> Mutation {
        switch random.below(100) {
        case 0..<12:
            let count = 1 + random.below(8)
            for _ in 0..<count where !bytes.isEmpty {
                bytes[random.below(bytes.count)] ^= UInt8(1 << random.below(8))
            }
            return .flipBits(count: count)
        case 12..<22:
            let count = 1 + random.below(16)
            let at = random.below(bytes.count + 1)
            bytes.insert(contentsOf: (0..<count).map { _ in random.pick(Self.interestingBytes) }, at: at)
            return .insertBytes(count: count)
        case 22..<32:
            let range = randomRange(in: bytes, maximumLength: 512, &random)
            bytes.removeSubrange(range)
            return .deleteRange(range.count)
        case 32..<42:
            let range = randomRange(in: bytes, maximumLength: 2048, &random)
            let copy = Array(bytes[range])
            bytes.insert(contentsOf: copy, at: random.below(bytes.count + 1))
            return .duplicateRange(copy.count)
        case 42..<52:
            let donor = random.pick(seeds)
            let range = randomRange(in: donor.bytes, maximumLength: 2048, &random)
            let at = random.below(bytes.count + 1)
            if random.chance(50) {
                let replaced = randomRange(in: bytes, maximumLength: 256, &random)
                bytes.replaceSubrange(replaced, with: donor.bytes[range])
            } else {
                bytes.insert(contentsOf: donor.bytes[range], at: at)
            }
            return .splice(from: donor.origin, length: range.count)
        case 52..<67:
            let token: [UInt8]
            if random.chance(70) {
                token = Array(random.pick(Self.tokens(for: kind)).utf8)
            } else {
                let range = randomRange(in: bytes, maximumLength: 16, &random)
                token = range.isEmpty ? [UInt8(ascii: "[")] : Array(bytes[range])
            }
            let wanted = random.pick([2, 10, 100, 1_000, 3_000, 10_000])
            let times = max(1, min(wanted, Self.maximumGrowth / max(token.count, 1)))
            var repeated: [UInt8] = []
            repeated.reserveCapacity(token.count * times)
            for _ in 0..<times { repeated += token }
            bytes.insert(contentsOf: repeated, at: random.below(bytes.count + 1))
            return .repeatToken(String(decoding: token, as: UTF8.self), times: times)
        case 67..<85:
            let (open, close) = random.pick(Self.nestings(for: kind))
            let wanted = random.pick([8, 63, 64, 65, 127, 128, 129, 255, 256, 257, 513, 1_000, 3_000, 5_000])
            let depth = max(1, min(wanted, Self.maximumGrowth / max(open.utf8.count + close.utf8.count, 1)))
            let range = randomRange(in: bytes, maximumLength: 64, &random)
            var wrapped: [UInt8] = []
            wrapped.reserveCapacity(range.count + depth * (open.utf8.count + close.utf8.count))
            if open == "\n- " || open == "\n  " {
                // Indentation nests YAML: each line one step further in; 300 lines (46 KB)
                // pass the lock reader's limit of 256.
                for level in 0..<min(wanted, 300) {
                    wrapped += Array("\n".utf8) + Array(repeating: UInt8(ascii: " "), count: level) + Array("- k:".utf8)
                }
                wrapped += bytes[range]
            } else {
                for _ in 0..<depth { wrapped += open.utf8 }
                wrapped += bytes[range]
                for _ in 0..<depth { wrapped += close.utf8 }
            }
            bytes.replaceSubrange(range, with: wrapped)
            return .nest(open: open, depth: depth)
        case 85..<95:
            let count = 1 + random.below(12)
            var inserted: [UInt8] = []
            for _ in 0..<count { inserted += random.pick(Self.oddCharacters) }
            bytes.insert(contentsOf: inserted, at: random.below(bytes.count + 1))
            return .unicode(count: count)
        default:
            let at = random.below(bytes.count + 1)
            bytes.removeSubrange(at...)
            return .truncate(at: at)
        }
    }

    private func randomRange(in bytes: [UInt8], maximumLength: Int, _ random: inout FuzzRandom) -> Range<Int> {
        guard !bytes.isEmpty else { return 0..<0 }
        let start = random.below(bytes.count)
        let length = random.below(min(maximumLength, bytes.count - start) + 1)
        return start..<(start + length)
    }

    /// Bytes that mean something to one of the readers.
    static let interestingBytes: [UInt8] = Array("[](){}<>\"'`#\\|&*:;,.=!?%@$-+/~^\n\r\t 0aZ_".utf8) + [0x00, 0x7F, 0x80, 0xC3, 0xFF]

    /// UTF-8 (and not quite UTF-8) that tends to upset text handling.
    static let oddCharacters: [[UInt8]] = [
        [0x00], [0x1B], [0x7F], [0x0D], [0x0B], [0x0C],
        Array("é".utf8), Array("\u{0301}".utf8), Array("\u{202E}".utf8), Array("\u{2066}".utf8), Array("\u{200D}".utf8),
        Array("\u{FEFF}".utf8), Array("\u{2028}".utf8), Array("😀".utf8), Array("\u{10FFFF}".utf8), Array("ﬁ".utf8),
        [0xC0, 0x80], [0xED, 0xA0, 0x80], [0x80], [0xFF], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82],
    ]

    /// Tokens worth repeating many times, by kind.
    static func tokens(for kind: InputKind) -> [String] {
        switch kind {
        case .rubyPodspec, .podfile:
            [
                "[", "]", "(", ")", "{", "}", "do\n", "end\n", "if true\n", "\"#{", "}\"", "e ", ">=e ", ".to_s", " + 'a'",
                "!", "not ", "true ? ", " : 1", "x = ", "s.dependency 'A'\n", "s.subspec 'S' do |s|\n", "<<~EOS\n", "EOS\n",
                "%w[", "'", "\"", "\\", "#", "=begin\n", "=end\n", "|x|", "::", "->", "..", "*", "**", "&.", ",", "\n", ";",
                ":sym", "a: ", "=> ", "elsif x\n", "else ", "rescue\n", "case x\nwhen 1\n", "def f\n", "target 'T' do\n",
                "pod 'A'\n", "abstract_target 'A' do\n", "- ", "[e ", " ** 2", "&& ", "unless x\n", "begin\n", " if x",
            ]
        case .jsonPodspec:
            ["[", "]", "{", "}", "\"a\":", ",", "\"", "\\u0000", "\\ud83d", "\\ude00", "1e999", "-", "null", "true", "\\", " ", "[{\"a\":"]
        case .config, .podfileLock:
            [
                "[", "]", "{", "}", "- ", "  ", ": ", "&a ", "*a", "? ", "|\n", ">\n", "---\n", "...\n", "'", "\"", "#",
                "!!str ", "%YAML 1.2\n", "<<: *a\n", "\t", "- A (1.0):\n", "  - B (~> 1.0)\n", "PODS:\n", "{a: ", "[a, ",
            ]
        case .packageSwift:
            [
                "(", ")", "[", "]", "{", "}", ".package(", "url: \"", "\", exact: \"1.0.0\")", "\"\"\"", "#\"", "\"#", "\\(",
                "/*", "*/", "//", "\"..<\"", ",", ".package(url: \"https://e.com/a.git\", from: \"1.0.0\"),",
            ]
        case .pbxproj:
            [
                "{", "}", "(", ")", "=", ";", ",", "\"", "/*", "*/", "//", "\\", "isa = XCRemoteSwiftPackageReference;",
                "requirement = {", "kind = exactVersion;", "version = 1.0.0;", "repositoryURL = \"https://e.com/a\";",
            ]
        }
    }

    /// Opening and closing text whose repetition nests, by kind.
    static func nestings(for kind: InputKind) -> [(String, String)] {
        switch kind {
        case .rubyPodspec:
            [
                ("[", "]"), ("(", ")"), ("{a: ", "}"), ("if true\n", "\nend"), ("[1].each do\n", "\nend"), ("\"#{", "}\""),
                ("s.subspec 'S' do |s|\n", "\nend"), ("begin\n", "\nend"), ("->{ ", " }"), ("e ", ""), ("!", ""), ("- ", ""),
                ("x = ", ""), ("true ? ", " : 1"), ("a.b(", ")"), ("e(", ")"), ("[1].map { ", " }"), ("case 1\nwhen 1\n", "\nend"),
                ("", ".to_s"), ("", " + 'a'"), ("", " if true"), ("unless false\n", "\nend"), ("while false\n", "\nend"),
            ]
        case .podfile:
            [
                ("target 'T' do\n", "\nend\n"), ("[", "]"), ("(", ")"), ("if x\n", "\nend\n"), ("def m\n", "\nend\n"),
                ("abstract_target 'A' do\n", "\nend\n"), ("\"#{", "}\""), ("else ", ""), ("[1].each do\n", "\nend\n"),
                ("{", "}"), ("begin\n", "\nend\n"), ("x = ", ""),
            ]
        case .jsonPodspec:
            [("[", "]"), ("{\"a\":", "}"), ("[{\"a\":", "}]")]
        case .config, .podfileLock:
            [("[", "]"), ("{a: ", "}"), ("\n- ", ""), ("\n  ", ""), ("[{a: ", "}]"), ("- ", "")]
        case .packageSwift:
            [("(", ")"), ("[", "]"), ("{", "}"), (".package(", ")"), ("\"\\(", ")\""), ("/*", "*/")]
        case .pbxproj:
            [("{a = ", ";}"), ("(", ")"), ("/*", "*/"), ("{", "}")]
        }
    }
}
