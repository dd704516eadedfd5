/// Shell-style glob matching of one name: `*` any run, `?` one character. Layer patterns
/// match pod names with it, and podspec file patterns each segment of a path.
public enum GlobPattern {
    /// Whether `name` matches `pattern` whole.
    public static func matches(_ pattern: String, _ name: String) -> Bool {
        let p = Array(pattern.unicodeScalars)
        let n = Array(name.unicodeScalars)
        var pi = 0, ni = 0
        var starPattern = -1, starName = 0
        while ni < n.count {
            if pi < p.count, p[pi] == "?" || p[pi] == n[ni] {
                pi += 1
                ni += 1
            } else if pi < p.count, p[pi] == "*" {
                starPattern = pi
                starName = ni
                pi += 1
            } else if starPattern >= 0 {
                pi = starPattern + 1
                starName += 1
                ni = starName
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
