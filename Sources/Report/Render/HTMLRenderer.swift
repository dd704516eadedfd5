/// The report as one self-contained HTML page: no network, inline CSS and JS, a sortable and
/// filterable state table, and the dependency graph as inline SVG with its problems
/// highlighted. Every piece of text from the report is escaped.
public struct HTMLRenderer: ReportRenderer {
    /// The drawing of `report.graph` (an `<svg>` element), or nil when it was not drawn.
    public var graphSVG: String?
    /// Said under the graph: who drew it, or why it is missing.
    public var graphNote: String

    /// A renderer placing `graphSVG` in the page, with `graphNote` under it.
    public init(graphSVG: String?, graphNote: String) {
        self.graphSVG = graphSVG
        self.graphNote = graphNote
    }

    public func render(_ report: SkewReport) -> String {
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="compctl report skew">
            <link rel="icon" href="data:,">
            <title>Component skew report · \(e(report.generatedAt))</title>
            <style>
            \(HTMLAssets.css)
            </style>
            </head>
            <body>

            """
        page += header(report)
        page += "<main>\n"
        page += componentsSection(report)
        page += graphSection(report)
        page += problemsSection(report)
        page += staleConstraintsSection(report)
        page += skewSection(report)
        page += candidatesSection(report)
        page += unusedSection(report)
        if !report.warnings.isEmpty {
            page += "<section id=\"warnings\">\n<h2>Warnings</h2>\n<ul class=\"warnings\">\n"
            for warning in report.warnings { page += "<li>\(e(warning))</li>\n" }
            page += "</ul>\n</section>\n"
        }
        page += "</main>\n"
        page += "<footer>Made by <code>compctl report skew</code> · schemaVersion \(report.schemaVersion) · \(e(report.generatedAt))</footer>\n"
        page += "<script>\n\(HTMLAssets.script)\n</script>\n</body>\n</html>\n"
        return page
    }

    // MARK: - Sections

    private func header(_ report: SkewReport) -> String {
        let verdict = report.verdict
        var out = "<header>\n<h1>Component skew report</h1>\n"
        let projects = report.projects.map { "\($0.name) (\($0.kind.rawValue))" }
        out += "<p class=\"meta\">Generated \(e(report.generatedAt)) from \(e(report.sources.joined(separator: ", ")))"
        out += projects.isEmpty ? " · no projects configured" : " for \(e(projects.joined(separator: ", ")))"
        out += " · \(report.summary.components) components</p>\n"
        out += "<div class=\"verdict verdict-\(verdict.status.rawValue)\" role=\"status\">"
        out += "<span class=\"status\">\(e(verdict.status.rawValue.uppercased()))</span> <span>\(e(verdict.text))</span></div>\n"
        out += "<nav class=\"cards\" aria-label=\"Summary\">\n"
        for row in Display.summaryRows(report) {
            out += "<a class=\"card \(row.count == 0 ? "zero" : "some")\" href=\"#\(row.anchor)\">"
            out += "<span class=\"count\">\(row.count)</span><span class=\"label\">\(e(row.label))</span></a>\n"
        }
        out += "</nav>\n"
        out += trendSection(report)
        out += "</header>\n"
        return out
    }

    /// The last runs of `--history` as one small line per measure, oldest on the left.
    private func trendSection(_ report: SkewReport) -> String {
        guard let points = report.history, let first = points.first, let last = points.last else { return "" }
        let runs = points.count == 1 ? "1 run" : "\(points.count) runs"
        var out = "<section id=\"trend\">\n<h2>Last \(runs) <span class=\"muted\">\(e(first.generatedAt))"
        out += points.count > 1 ? " to \(e(last.generatedAt))" : ""
        out += "</span></h2>\n<div class=\"trends\">\n"
        let (width, height, pad) = (160.0, 36.0, 4.0)
        for measure in HistoryPoint.measures {
            let values = points.map(measure.value)
            let top = Double(max(values.max() ?? 0, 1))
            let coordinates = values.enumerated().map { index, value -> (Double, Double) in
                let x = values.count == 1 ? width / 2 : pad + Double(index) * (width - 2 * pad) / Double(values.count - 1)
                return (x, height - pad - Double(value) / top * (height - 2 * pad))
            }
            let change = values.count > 1 ? values[values.count - 1] - values[0] : 0
            let described = "\(measure.label) over the last \(runs): " + values.map(String.init).joined(separator: ", ")
            out += "<figure class=\"trend\"><figcaption><span class=\"label\">\(e(measure.label))</span> "
            out += "<span class=\"now\">\(values.last ?? 0)</span>"
            if values.count > 1 {
                out += " <span class=\"change\">\(change > 0 ? "+\(change)" : change == 0 ? "±0" : "−\(-change)") since \(e(first.generatedAt.prefix(10)))</span>"
            }
            out += "</figcaption>"
            out += "<svg class=\"trend-line\" data-measure=\"\(measure.key)\" viewBox=\"0 0 \(n(width)) \(n(height))\" "
                + "width=\"\(n(width))\" height=\"\(n(height))\" role=\"img\" aria-label=\"\(e(described))\">"
            out += "<title>\(e(described))</title>"
            out += "<line x1=\"0\" y1=\"\(n(height - pad))\" x2=\"\(n(width))\" y2=\"\(n(height - pad))\" stroke=\"#d0d7de\" stroke-width=\"1\"/>"
            if coordinates.count > 1 {
                out += "<polyline points=\"" + coordinates.map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " ")
                    + "\" fill=\"none\" stroke=\"#0969da\" stroke-width=\"2\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>"
            }
            if let end = coordinates.last {
                out += "<circle cx=\"\(n(end.0))\" cy=\"\(n(end.1))\" r=\"3\" fill=\"#0969da\"/>"
            }
            out += "</svg></figure>\n"
        }
        out += "</div>\n</section>\n"
        return out
    }

    private func componentsSection(_ report: SkewReport) -> String {
        let findings = Display.findings(report)
        let layerOrder = report.graph.layers
        var out = "<section id=\"components\">\n<h2>Components</h2>\n"
        out += "<div class=\"controls\">"
        out += "<input type=\"search\" id=\"state-filter\" placeholder=\"Filter: pod, layer, version, finding…\" aria-label=\"Filter components\">"
        out += "<label><input type=\"checkbox\" id=\"state-attention\"> only components with findings</label>"
        out += "<span id=\"state-count\" class=\"muted\">\(report.components.count) components</span></div>\n"
        out += "<div class=\"table-wrap\">\n<table id=\"state-table\" class=\"sortable stacked\" data-default-sort=\"layer\">\n<thead><tr>"
        let binaries = report.components.contains { $0.newestReleaseHasBinary != nil }
        var headers: [(key: String, type: String, title: String, numeric: Bool)] = [
            ("pod", "text", "Pod", false), ("layer", "number", "Layer", false),
            ("release", "version", "Newest release", false),
        ]
        if binaries { headers.append(("binary", "text", "Binary", false)) }
        headers += [("rc", "version", "Newest rc", false), ("rc-age", "number", "rc age (days)", true)]
        for (position, project) in report.projects.enumerated() {
            headers.append(("pin-\(position)", "version", Display.projectHeader(project), false))
            headers.append(("behind-\(position)", "number", "behind", true))
        }
        headers.append(("findings", "number", "Findings", false))
        for header in headers {
            out += "<th scope=\"col\" data-key=\"\(e(header.key))\" data-type=\"\(header.type)\"\(header.numeric ? " class=\"num\"" : "")>\(e(header.title))</th>"
        }
        out += "</tr></thead>\n<tbody>\n"
        for component in report.components {
            let tags = findings[component.name] ?? []
            let behind = component.pins.contains { $0.behind > 0 }
            out += "<tr data-attention=\"\(tags.isEmpty && !behind ? "0" : "1")\">"
            out += "<th scope=\"row\" data-sort=\"\(e(component.name))\">\(e(component.name))</th>"
            let layerIndex = component.layer.flatMap { layerOrder.firstIndex(of: $0) } ?? layerOrder.count
            out += "<td data-label=\"Layer\" data-sort=\"\(layerIndex)\">\(e(component.layer ?? Display.none))</td>"
            out += "<td class=\"version\" data-label=\"Newest release\" data-sort=\"\(e(component.newestRelease?.description ?? ""))\">\(e(Display.version(component.newestRelease)))</td>"
            if binaries {
                let word = Display.binary(component.newestReleaseHasBinary)
                out += "<td data-label=\"Binary\" data-sort=\"\(e(word))\">"
                    + (component.newestReleaseHasBinary == false ? badge("missing") : e(word)) + "</td>"
            }
            if let rc = component.newestRC {
                out += "<td class=\"version\" data-label=\"Newest rc\" data-sort=\"\(e(rc.version.description))\">\(e(rc.version.description)) \(badge(rc.state.rawValue))</td>"
                out += "<td class=\"num\" data-label=\"rc age (days)\" data-sort=\"\(rc.ageDays.map(String.init) ?? "")\">\(e(Display.age(rc)))</td>"
            } else {
                out += "<td class=\"version\" data-label=\"Newest rc\" data-sort=\"\">\(Display.none)</td>"
                    + "<td class=\"num\" data-label=\"rc age (days)\" data-sort=\"\">\(Display.none)</td>"
            }
            for project in report.projects {
                let pinLabel = e(Display.projectHeader(project)), behindLabel = e(Display.projectHeader(project) + ": behind")
                if let pin = component.pin(in: project.name) {
                    let origin = pin.origin == .podfile ? "" : " <span class=\"origin\" title=\"read from \(pin.origin == .lock ? "Podfile.lock" : "the resolution")\">\(e(pin.origin.rawValue))</span>"
                    let ahead = pin.ahead ? " <span class=\"badge badge-ahead\" title=\"higher than the newest release\">ahead</span>" : ""
                    out += "<td class=\"version\" data-label=\"\(pinLabel)\" data-sort=\"\(e(pin.version.description))\">\(e(pin.version.description))\(origin)\(ahead)</td>"
                    out += "<td class=\"num\(pin.behind > 0 ? " behind" : "")\" data-label=\"\(behindLabel)\" data-sort=\"\(pin.behind)\">\(pin.behind)</td>"
                } else {
                    out += "<td class=\"version muted\" data-label=\"\(pinLabel)\" data-sort=\"\">\(Display.none)</td>"
                        + "<td class=\"num muted\" data-label=\"\(behindLabel)\" data-sort=\"\">\(Display.none)</td>"
                }
            }
            out += "<td data-label=\"Findings\" data-sort=\"\(tags.count)\">\(tags.isEmpty ? "<span class=\"muted\">\(Display.none)</span>" : tags.map { badge($0) }.joined(separator: " "))</td>"
            out += "</tr>\n"
        }
        out += "</tbody>\n</table>\n</div>\n"
        out += "<p class=\"hint\">Click a column to sort. A pin is the Podfile's exact requirement; "
            + "<span class=\"origin\">lock</span> marks one read from Podfile.lock, <span class=\"origin\">resolution</span> "
            + "one from compctl's resolution. <em>behind</em> counts the newer releases.</p>\n"
        out += "</section>\n"
        return out
    }

    private func graphSection(_ report: SkewReport) -> String {
        var out = "<section id=\"graph\">\n<h2>Dependency graph (newest releases)</h2>\n<div class=\"legend\">"
        for (kind, stroke) in [("dependency", GraphStyle.normal)] + GraphStyle.highlights {
            out += "<span class=\"legend-item\" data-kind=\"\(e(kind))\"><svg width=\"36\" height=\"10\" aria-hidden=\"true\">"
            out += "<line x1=\"0\" y1=\"5\" x2=\"36\" y2=\"5\" stroke=\"\(stroke.colour)\" stroke-width=\"\(stroke.width)\""
            if !stroke.dash.isEmpty { out += " stroke-dasharray=\"\(stroke.dash)\"" }
            out += "/></svg>\(e(stroke.meaning))</span>"
        }
        out += "<span class=\"legend-item\"><svg width=\"22\" height=\"14\" aria-hidden=\"true\"><rect x=\"1\" y=\"1\" width=\"20\" height=\"12\" rx=\"3\" "
            + "fill=\"#fff5f5\" stroke=\"\(GraphStyle.problemBorder)\" stroke-width=\"1.8\"/></svg>pod named by a problem</span>"
        out += "</div>\n"
        if let svg = graphSVG {
            // Shown by the script when the drawing is wider than its box (it keeps its text at
            // 11 px or more, so a big graph scrolls): the whole of it, smaller, is a tap away.
            out += "<p class=\"graph-tools\" hidden><span>The drawing is wider than its box: scroll it sideways, or</span> "
                + "<button type=\"button\" aria-pressed=\"false\">Fit to width</button></p>\n"
            out += "<div class=\"graph\">\n\(svg)\n</div>\n"
        }
        out += "<p class=\"hint\">\(e(graphNote))</p>\n</section>\n"
        return out
    }

    private func problemsSection(_ report: SkewReport) -> String {
        var out = "<section id=\"problems\">\n<h2>Problems <span class=\"count\">\(report.problems.count)</span></h2>\n"
        guard !report.problems.isEmpty else {
            return out + "<p class=\"empty\">graph --check finds nothing: no cycle, layer breach, rc leak, interface breach or shadowing.</p>\n</section>\n"
        }
        out += "<ul class=\"problems\">\n"
        for problem in report.problems {
            let first = problem.occurrences[0]
            out += "<li class=\"problem problem-\(e(problem.kind))\">\(badge(problem.kind)) \(e(first.message))"
            out += " <span class=\"scope\">in \(e(first.scope))</span>"
            for other in problem.occurrences.dropFirst() {
                out += "<div class=\"also\"><span class=\"scope\">in \(e(other.scope)):</span> \(e(other.message))</div>"
            }
            out += "</li>\n"
        }
        out += "</ul>\n</section>\n"
        return out
    }

    private func staleConstraintsSection(_ report: SkewReport) -> String {
        var out = "<section id=\"stale-constraints\">\n<h2>Stale constraints <span class=\"count\">\(report.staleConstraints.count)</span></h2>\n"
        guard !report.staleConstraints.isEmpty else {
            return out + "<p class=\"empty\">Every requirement admits the newest release of its pod.</p>\n</section>\n"
        }
        out += "<p class=\"hint\">Requirements that exclude the newest release of a pod, and who states them.</p>\n"
        out += "<div class=\"table-wrap\"><table class=\"stacked\">\n<thead><tr><th>Pod</th><th>Newest release</th><th>Held back by</th>"
            + "<th>Requirement</th><th>Allows up to</th><th>Seen in</th></tr></thead>\n"
        for constraint in report.staleConstraints {
            out += "<tbody class=\"group\">\n"
            for (position, holder) in constraint.heldBackBy.enumerated() {
                out += "<tr>"
                if position == 0 {
                    let span = constraint.heldBackBy.count
                    out += "<th scope=\"rowgroup\" rowspan=\"\(span)\">\(e(constraint.pod))</th>"
                    out += "<td class=\"version\" data-label=\"Newest release\" rowspan=\"\(span)\">\(e(constraint.newestRelease.description))</td>"
                }
                out += "<td data-label=\"Held back by\">\(e(holder.consumer.label))\(holder.consumer.kind == .project ? " <span class=\"origin\">Podfile</span>" : "")</td>"
                out += "<td class=\"version\" data-label=\"Requirement\">\(e(holder.consumer.requirement))</td>"
                out += "<td class=\"version\" data-label=\"Allows up to\">\(e(Display.version(holder.highestAllowed)))</td>"
                out += "<td data-label=\"Seen in\">\(e(holder.consumer.scopes.joined(separator: ", ")))</td></tr>\n"
            }
            out += "</tbody>\n"
        }
        out += "</table></div>\n</section>\n"
        return out
    }

    private func skewSection(_ report: SkewReport) -> String {
        let skew = report.skew
        var out = "<section id=\"skew\">\n<h2>Skew <span class=\"count\">\(skew.pins.count + skew.ranges.count)</span></h2>\n"
        guard !skew.pins.isEmpty || !skew.ranges.isEmpty else {
            let what = report.projects.count > 1 ? "Every project pins each pod at the same version, and" : "No"
            let tail = report.projects.count > 1 ? " no two consumers' ranges of a pod are disjoint." : " two consumers' ranges of a pod are disjoint."
            return out + "<p class=\"empty\">\(e(what + tail))</p>\n</section>\n"
        }
        if !skew.pins.isEmpty {
            out += "<h3>Pinned differently</h3>\n<div class=\"table-wrap\"><table class=\"stacked\">\n<thead><tr><th>Pod</th>"
            for project in report.projects { out += "<th>\(e(Display.projectHeader(project)))</th>" }
            out += "</tr></thead>\n<tbody>\n"
            for entry in skew.pins {
                out += "<tr><th scope=\"row\">\(e(entry.pod))</th>"
                for project in report.projects {
                    out += "<td class=\"version\" data-label=\"\(e(Display.projectHeader(project)))\">"
                        + "\(e(Display.version(entry.pins.first { $0.project == project.name }?.version)))</td>"
                }
                out += "</tr>\n"
            }
            out += "</tbody>\n</table></div>\n"
        }
        if !skew.ranges.isEmpty {
            out += "<h3>Ranges with nothing in common</h3>\n<ul class=\"problems\">\n"
            for range in skew.ranges {
                out += "<li class=\"problem problem-skew\">\(badge("skew")) <strong>\(e(range.pod))</strong>: "
                out += "\(e(Display.list(range.first.map(Display.consumer)))), but \(e(Display.list(range.second.map(Display.consumer)))); "
                out += "no version satisfies both</li>\n"
            }
            out += "</ul>\n"
        }
        out += "</section>\n"
        return out
    }

    private func candidatesSection(_ report: SkewReport) -> String {
        let candidates = report.releaseCandidates
        var out = "<section id=\"release-candidates\">\n<h2>Release candidates <span class=\"count\">\(candidates.count)</span></h2>\n"
        guard !candidates.isEmpty else { return out + "<p class=\"empty\">No rc in the spec repos.</p>\n</section>\n" }
        out += "<p class=\"hint\">An rc is released when its release is published; stale when it was not, and a higher "
            + "release supersedes it or it is older than \(report.staleRCDays) days; pending otherwise.</p>\n"
        out += "<div class=\"table-wrap\"><table class=\"stacked\">\n<thead><tr><th>Pod</th><th>rc</th><th class=\"num\">Age (days)</th><th>State</th><th>Note</th></tr></thead>\n<tbody>\n"
        for rc in candidates {
            out += "<tr class=\"rc-\(rc.state.rawValue)\"><th scope=\"row\">\(e(rc.pod))</th><td class=\"version\" data-label=\"rc\">\(e(rc.version.description))</td>"
            out += "<td class=\"num\" data-label=\"Age (days)\">\(e(Display.age(rc)))</td><td data-label=\"State\">\(badge(rc.state.rawValue))</td>"
                + "<td data-label=\"Note\">\(e(Display.candidateNote(rc)))</td></tr>\n"
        }
        out += "</tbody>\n</table></div>\n</section>\n"
        return out
    }

    private func unusedSection(_ report: SkewReport) -> String {
        var out = "<section id=\"unused\">\n<h2>Unused components <span class=\"count\">\(report.unused.count)</span></h2>\n"
        guard !report.unused.isEmpty else {
            let none = report.projects.contains { $0.kind == .main }
                ? "Every published component is reached by a main project."
                : "No main project is configured, so nothing is counted as unused."
            return out + "<p class=\"empty\">\(e(none))</p>\n</section>\n"
        }
        out += "<div class=\"table-wrap\"><table class=\"stacked\">\n<thead><tr><th>Pod</th><th>Layer</th><th>Newest</th></tr></thead>\n<tbody>\n"
        for component in report.unused {
            out += "<tr><th scope=\"row\">\(e(component.name))</th><td data-label=\"Layer\">\(e(component.layer ?? Display.none))</td>"
            out += "<td class=\"version\" data-label=\"Newest\">\(e(Display.version(component.newestVersion)))</td></tr>\n"
        }
        out += "</tbody>\n</table></div>\n</section>\n"
        return out
    }

    // MARK: - Helpers

    private func badge(_ text: String) -> String {
        let slug = text.replacingOccurrences(of: " ", with: "-")
        return "<span class=\"badge badge-\(e(slug))\">\(e(text))</span>"
    }

    private func e<S: StringProtocol>(_ text: S) -> String {
        HTMLText.escape(String(text))
    }

    /// A coordinate with at most one decimal.
    private func n(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
