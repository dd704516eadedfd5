import Foundation

/// One CI recipe of a Markdown file: a ```yaml block whose first line is a comment naming
/// the file it is (`# .github/workflows/integrate.yml in AcmeApp`, `# .gitlab-ci.yml`).
public struct CIRecipe: Equatable, Sendable {
    /// What kind of file the block is.
    public enum Kind: Equatable, Sendable {
        case githubWorkflow
        case githubAction
        case gitlabPipeline
    }

    public var kind: Kind
    /// The path the comment names (`.github/workflows/integrate.yml`).
    public var path: String
    /// The repository the comment names after `in` (`AcmeApp`), if any.
    public var repository: String?
    /// The block's text.
    public var text: String

    /// Every recipe of `markdown`, in order.
    public static func all(in markdown: String) -> [CIRecipe] {
        var recipes: [CIRecipe] = []
        var lines = markdown.components(separatedBy: "\n")[...]
        while let fence = lines.firstIndex(of: "```yaml") {
            let body = lines[(fence + 1)...].prefix { $0 != "```" }
            lines = lines[min(lines.endIndex, fence + 1 + body.count + 1)...]
            guard let first = body.first, first.hasPrefix("# ") else { continue }
            let words = first.dropFirst(2).split(separator: " ").map(String.init)
            guard let path = words.first else { continue }
            let kind: Kind
            if path.hasPrefix(".github/workflows/") {
                kind = .githubWorkflow
            } else if path.hasPrefix(".github/actions/") {
                kind = .githubAction
            } else if path == ".gitlab-ci.yml" {
                kind = .gitlabPipeline
            } else {
                continue
            }
            let repository = words.count >= 3 && words[1] == "in" ? words[2] : nil
            recipes.append(CIRecipe(kind: kind, path: path, repository: repository, text: body.joined(separator: "\n") + "\n"))
        }
        return recipes
    }
}
