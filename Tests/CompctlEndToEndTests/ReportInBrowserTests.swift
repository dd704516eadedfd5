import Foundation
import Testing

/// The HTML report as a real browser lays it out: headless Chromium at a phone's width
/// (390 CSS px, as a phone: the page's viewport meta tag applies) and at a desktop's
/// (1400 px), measured in the DOM. With `COMPCTL_SCREENSHOTS=DIR` the tests also leave
/// `report-390.png` and `report-1400.png` there, to look at.
@Suite(.serialized, .enabled(if: HeadlessChromium.executable != nil,
                             "chromium is not installed (scripts/bootstrap.sh installs it with apt-get)"))
struct ReportInBrowserTests {
    /// The sample with an example app beside the main project, so that the state table has
    /// two projects' columns (10 in all), and every section has rows.
    private static func sample() throws -> SampleWorkspace {
        let sample = try SampleWorkspace()
        let example = sample.app.appendingPathComponent("XXFoundationExample")
        try FileManager.default.createDirectory(at: example, withIntermediateDirectories: true)
        try """
            platform :ios, '13.0'
            target 'XXFoundationExample' do
              pod 'XXFoundation', '1.6.19'
              pod 'XXMediator', '~> 1.0.0'
            end

            """.write(to: example.appendingPathComponent("Podfile"), atomically: true, encoding: .utf8)
        let config = try String(contentsOfFile: sample.config, encoding: .utf8).replacingOccurrences(
            of: "    kind: main\n",
            with: "    kind: main\n  - name: XXFoundationExample\n    podfile: XXFoundationExample/Podfile\n    kind: example\n")
        try config.write(toFile: sample.config, atomically: true, encoding: .utf8)
        return sample
    }

    /// Every cell of every table, each inside the viewport and not cut off by a scrolling
    /// box; in the phone layout each cell also says which column it is.
    private static let columnProbe = """
        (() => {
          const width = window.innerWidth;
          const result = { width: width, pageWidth: document.documentElement.scrollWidth, cells: 0, outside: [], clipped: [], unnamed: [] };
          document.querySelectorAll('main table').forEach((table) => {
            const name = table.id || (table.closest('section') || {}).id;
            for (let box = table.parentElement; box && box !== document.body; box = box.parentElement) {
              if (box.scrollWidth > box.clientWidth + 1) { result.clipped.push(name + ' in ' + box.className); }
            }
            const head = table.tHead;
            const headShown = head && getComputedStyle(head).display !== 'none';
            Array.from(table.rows).forEach((row) => {
              // A hidden row, or a header the phone layout hides: each card names its cells.
              if (row.hidden || getComputedStyle(row.parentElement).display === 'none') { return; }
              Array.from(row.cells).forEach((cell) => {
                result.cells += 1;
                const r = cell.getBoundingClientRect();
                const what = name + ': ' + cell.textContent.trim().slice(0, 30);
                if (r.width < 1 || r.height < 1 || r.left < -0.5 || r.right > width + 0.5) {
                  result.outside.push(what + ' at ' + Math.round(r.left) + '..' + Math.round(r.right));
                }
                const inBody = cell.parentElement.parentElement !== head;
                const label = getComputedStyle(cell, '::before').content;
                const named = !inBody || cell.scope === 'row' || cell.scope === 'rowgroup'
                  || (headShown && getComputedStyle(cell).display === 'table-cell') || (label && label !== 'none' && label !== '""');
                if (!named) { result.unnamed.push(what); }
              });
            });
          });
          return JSON.stringify(result);
        })()
        """

    /// The smallest text of the graph drawing, in CSS pixels as drawn, and how many texts.
    private static let textProbe = """
        (() => {
          const drawing = document.querySelector('.graph-drawing');
          if (!drawing) { return JSON.stringify({ texts: 0 }); }
          let smallest = 1e9, texts = 0, at = '';
          drawing.querySelectorAll('text').forEach((text) => {
            if (!text.textContent.trim()) { return; }
            const size = parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a;
            texts += 1;
            if (size < smallest) { smallest = size; at = text.textContent.trim(); }
          });
          return JSON.stringify({ texts: texts, smallest: Math.round(smallest * 100) / 100, at: at,
                                  layout: drawing.getAttribute('data-layout') });
        })()
        """

    private struct Columns: Decodable {
        var width: Int
        var pageWidth: Int
        var cells: Int
        var outside: [String]
        var clipped: [String]
        var unnamed: [String]
    }

    private struct Texts: Decodable {
        var texts: Int
        var smallest: Double?
        var at: String?
        var layout: String?
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ value: Any?) throws -> T {
        let text = try #require(value as? String)
        return try JSONDecoder().decode(T.self, from: Data(text.utf8))
    }

    /// The PNG's width and height, from its header.
    private static func size(ofPNG file: URL) throws -> (Int, Int) {
        let data = try Data(contentsOf: file)
        #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let number = { (offset: Int) in data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    @Test func onAPhoneNoColumnDisappears() throws {
        let sample = try Self.sample()
        let page = sample.directory.url.appendingPathComponent("report.html")
        // Graphviz's drawing when it is installed (as scripts/bootstrap.sh does), as a team sees it.
        let result = try sample.report(["--output", page.path], graphviz: FileManager.default.isExecutableFile(atPath: "/usr/bin/dot"))
        #expect(result.exitCode == 0, "\(result)")

        let browser = try HeadlessChromium(executable: try #require(HeadlessChromium.executable))
        defer { browser.close() }
        for (width, height, mobile) in [(390, 844, true), (1400, 900, false)] {
            let tab = try browser.open(page, width: width, height: height, mobile: mobile)
            let columns = try Self.decode(Columns.self, try tab.evaluate(Self.columnProbe))
            #expect(columns.width == width)
            #expect(columns.pageWidth <= width, "the page scrolls sideways at \(width) px")
            #expect(columns.cells > 300)
            #expect(columns.outside.isEmpty, "at \(width) px, cells outside the screen: \(columns.outside.prefix(12))")
            #expect(columns.clipped.isEmpty, "at \(width) px, tables cut off by a scrolling box: \(columns.clipped)")
            #expect(columns.unnamed.isEmpty, "at \(width) px, cells that do not say their column: \(columns.unnamed.prefix(12))")

            let shot = sample.directory.url.appendingPathComponent("report-\(width).png")
            try tab.screenshot(to: shot)
            #expect(try Self.size(ofPNG: shot).0 == width)
            if let keep = ProcessInfo.processInfo.environment["COMPCTL_SCREENSHOTS"] {
                let target = URL(fileURLWithPath: keep).appendingPathComponent("report-\(width).png")
                try? FileManager.default.removeItem(at: target)
                try FileManager.default.copyItem(at: shot, to: target)
            }
        }
    }

    /// The drawing and its box: whether it scrolls sideways, whether the bar offering to fit it
    /// is shown, and what its button says.
    private static let fitProbe = """
        (() => {
          const box = document.querySelector('.graph');
          const tools = document.querySelector('.graph-tools');
          return JSON.stringify({ scrolls: box.scrollWidth > box.clientWidth + 1, offered: !!tools && !tools.hidden,
                                  button: tools ? tools.querySelector('button').textContent : '' });
        })()
        """

    private struct Fit: Decodable, Equatable {
        var scrolls: Bool
        var offered: Bool
        var button: String
    }

    /// A drawing wider than its box says so and offers to fit it to the box (a phone sees a
    /// tenth of the sample's graph otherwise), and back to its actual size; one that fits
    /// offers nothing.
    @Test func aWideDrawingCanBeFittedToItsBox() throws {
        let sample = try Self.sample()
        let page = sample.directory.url.appendingPathComponent("report.html")
        let result = try sample.report(["--output", page.path], graphviz: FileManager.default.isExecutableFile(atPath: "/usr/bin/dot"))
        #expect(result.exitCode == 0, "\(result)")
        let browser = try HeadlessChromium(executable: try #require(HeadlessChromium.executable))
        defer { browser.close() }
        let tab = try browser.open(page, width: 390, height: 844, mobile: true)
        #expect(try Self.decode(Fit.self, try tab.evaluate(Self.fitProbe)) == Fit(scrolls: true, offered: true, button: "Fit to width"))
        _ = try tab.evaluate("document.querySelector('.graph-tools button').click()")
        #expect(try Self.decode(Fit.self, try tab.evaluate(Self.fitProbe)) == Fit(scrolls: false, offered: true, button: "Actual size"))
        _ = try tab.evaluate("document.querySelector('.graph-tools button').click()")
        #expect(try Self.decode(Fit.self, try tab.evaluate(Self.fitProbe)) == Fit(scrolls: true, offered: true, button: "Fit to width"))

        // A drawing that fits its box (two pods) needs no offer.
        let small = try TemporaryDirectory()
        try SpecRepoFixtures.writePod("Bar", ["1.0.0"], repo: "acme", in: small)
        try small.write(jsonPodspec("Foo", "1.0.0", dependencies: ["Bar": ["~> 1.0"]]), to: "acme/Foo/1.0.0/Foo.podspec.json")
        let smallPage = small.url.appendingPathComponent("small.html")
        let report = try compctl(["report", "skew", "--source", "acme", "--output", smallPage.path], in: small.url)
        #expect(report.exitCode == 0, "\(report)")
        for (width, mobile) in [(390, true), (1400, false)] {
            let fit = try Self.decode(Fit.self, try browser.open(smallPage, width: width, height: 900, mobile: mobile).evaluate(Self.fitProbe))
            #expect(fit == Fit(scrolls: false, offered: false, button: "Fit to width"), "at \(width) px")
        }
    }

    /// Both drawings, at both widths: no text of the graph is drawn smaller than 11 px.
    @Test func theGraphsTextIsAtLeast11PixelsAt100Percent() throws {
        let sample = try Self.sample()
        var pages = [("compctl", sample.directory.url.appendingPathComponent("builtin.html"), false)]
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/dot") {
            pages.append(("graphviz", sample.directory.url.appendingPathComponent("graphviz.html"), true))
        }
        let browser = try HeadlessChromium(executable: try #require(HeadlessChromium.executable))
        defer { browser.close() }
        for (layout, page, graphviz) in pages {
            let result = try sample.report(["--output", page.path], graphviz: graphviz)
            #expect(result.exitCode == 0, "\(result)")
            for (width, mobile) in [(390, true), (1400, false)] {
                let tab = try browser.open(page, width: width, height: 900, mobile: mobile)
                let texts = try Self.decode(Texts.self, try tab.evaluate(Self.textProbe))
                #expect(texts.layout == layout)
                #expect(texts.texts >= 50, "\(layout) at \(width) px: \(texts.texts) texts")
                #expect((texts.smallest ?? 0) >= 11, "\(layout) at \(width) px: '\(texts.at ?? "")' is drawn at \(texts.smallest ?? 0) px")
            }
        }
    }
}
