/// The stylesheet and script inlined into the HTML report: no file, font or request
/// outside the page.
enum HTMLAssets {
    static let css = """
        :root { --fg: #1f2328; --muted: #57606a; --border: #d0d7de; --subtle: #f6f8fa; --accent: #0969da; }
        * { box-sizing: border-box; }
        html { scroll-behavior: smooth; }
        body { margin: 0; color: var(--fg); background: #fff;
          font: 14px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; }
        header, main, footer { max-width: 1440px; margin: 0 auto; padding: 0 24px; }
        header { padding-top: 24px; }
        h1 { font-size: 26px; margin: 0 0 2px; }
        h2 { font-size: 19px; margin: 36px 0 10px; padding-bottom: 6px; border-bottom: 1px solid var(--border); }
        h2 .count { display: inline-block; min-width: 24px; padding: 0 8px; margin-left: 6px; border-radius: 999px;
          background: #eaeef2; color: var(--muted); font-size: 13px; text-align: center; vertical-align: middle; }
        h3 { font-size: 15px; margin: 18px 0 8px; }
        code, .version { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: 12.5px; }
        .meta, .muted, .hint { color: var(--muted); }
        .hint { font-size: 12.5px; margin: 8px 0 0; }
        .empty { color: var(--muted); font-style: italic; }
        .verdict { display: flex; gap: 12px; align-items: center; padding: 12px 16px; margin: 14px 0 16px;
          border: 1px solid; border-radius: 8px; font-size: 15px; }
        .verdict .status { padding: 2px 12px; border-radius: 999px; color: #fff; font-weight: 700; letter-spacing: .06em; }
        .verdict-pass { background: #dafbe1; border-color: #4ac26b; } .verdict-pass .status { background: #1a7f37; }
        .verdict-warn { background: #fff8c5; border-color: #d4a72c; } .verdict-warn .status { background: #9a6700; }
        .verdict-fail { background: #ffebe9; border-color: #ff8182; } .verdict-fail .status { background: #cf222e; }
        .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(160px, 1fr)); gap: 10px; }
        .card { display: block; padding: 10px 14px; border: 1px solid var(--border); border-radius: 8px;
          background: var(--subtle); color: inherit; text-decoration: none; }
        .card:hover { border-color: var(--accent); }
        .card .count { display: block; font-size: 26px; font-weight: 600; line-height: 1.2; }
        .card .label { color: var(--muted); font-size: 12.5px; }
        .card.zero .count { color: #8c959f; }
        .card.some { border-left: 4px solid #d4a72c; }
        #trend h2 { font-size: 15px; margin: 18px 0 8px; padding: 0; border: 0; }
        .trends { display: grid; grid-template-columns: repeat(auto-fill, minmax(170px, 1fr)); gap: 10px; }
        .trend { margin: 0; padding: 8px 10px; border: 1px solid var(--border); border-radius: 8px; }
        .trend figcaption { display: flex; gap: 8px; align-items: baseline; flex-wrap: wrap; }
        .trend .label { color: var(--muted); font-size: 12.5px; }
        .trend .now { font-size: 18px; font-weight: 600; }
        .trend .change { color: var(--muted); font-size: 12px; }
        .trend svg { display: block; width: 100%; max-width: 160px; height: auto; margin-top: 4px; }
        .controls { display: flex; flex-wrap: wrap; gap: 16px; align-items: center; margin: 6px 0 10px; }
        .controls input[type=search] { min-width: 300px; padding: 6px 10px; font: inherit;
          border: 1px solid var(--border); border-radius: 6px; }
        .table-wrap { overflow: auto; max-height: 75vh; border: 1px solid var(--border); border-radius: 8px; }
        table { width: 100%; border-collapse: collapse; font-size: 13px; }
        th, td { padding: 6px 10px; text-align: left; white-space: nowrap; border-bottom: 1px solid #eaeef2; }
        thead th { position: sticky; top: 0; z-index: 1; background: var(--subtle); border-bottom: 1px solid var(--border); font-weight: 600; }
        tbody th { font-weight: 600; }
        tbody tr:nth-child(even) { background: #fbfcfd; }
        tbody tr:hover { background: #f0f6ff; }
        tbody.group { border-bottom: 2px solid var(--border); }
        .num { text-align: right; font-variant-numeric: tabular-nums; }
        td.behind { color: #bc4c00; font-weight: 700; }
        .origin { margin-left: 4px; padding: 0 5px; border-radius: 4px; background: #eaeef2; color: var(--muted);
          font: 11px/16px -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; }
        table.sortable thead th { cursor: pointer; user-select: none; }
        table.sortable thead th::after { content: " \\2195"; color: #afb8c1; font-size: 11px; }
        table.sortable thead th[aria-sort=ascending]::after { content: " \\25B2"; color: var(--fg); }
        table.sortable thead th[aria-sort=descending]::after { content: " \\25BC"; color: var(--fg); }
        .badge { display: inline-block; padding: 0 7px; margin: 1px 2px 1px 0; border: 1px solid #d0d7de; border-radius: 999px;
          background: #f6f8fa; color: var(--muted); font: 600 11.5px/18px -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; }
        .badge-stale, .badge-stale-rc, .badge-cycle, .badge-conflict, .badge-unsatisfiable { background: #ffebe9; border-color: #ffcecb; color: #a40e26; }
        .badge-layer { background: #fff1e5; border-color: #ffd8b5; color: #953800; }
        .badge-rc-leak { background: #ffeff7; border-color: #ffd3eb; color: #99286e; }
        .badge-pending { background: #ddf4ff; border-color: #b6e3ff; color: #0550ae; }
        .badge-ahead { background: #fbefff; border-color: #ecd8ff; color: #6639ba; }
        .badge-released { background: #dafbe1; border-color: #aceebb; color: #116329; }
        .badge-skew, .badge-held-back, .badge-interface, .badge-shadowing, .badge-missing { background: #fff8c5; border-color: #f5e0a0; color: #7d4e00; }
        .badge-unused { background: #f6f8fa; color: var(--muted); }
        ul.problems { list-style: none; padding: 0; margin: 0; }
        li.problem { margin: 0 0 8px; padding: 8px 12px; border-left: 4px solid #8c959f; border-radius: 0 6px 6px 0; background: var(--subtle); }
        li.problem-cycle, li.problem-conflict, li.problem-unsatisfiable { border-left-color: #cf222e; }
        li.problem-layer { border-left-color: #e16f24; }
        li.problem-rc-leak { border-left-color: #bf3989; }
        li.problem-skew, li.problem-interface, li.problem-shadowing { border-left-color: #d4a72c; }
        .scope { color: var(--muted); font-size: 12px; }
        .also { margin-top: 4px; }
        .legend { display: flex; flex-wrap: wrap; gap: 6px 20px; margin: 4px 0 10px; color: var(--muted); font-size: 12.5px; }
        .legend-item svg { margin-right: 6px; vertical-align: middle; }
        .graph { overflow: auto; padding: 8px; border: 1px solid var(--border); border-radius: 8px; background: #fff;
          scrollbar-width: thin; scrollbar-color: #afb8c1 var(--subtle); }
        .graph svg { display: block; max-width: 100%; height: auto; margin: 0 auto; }
        .graph.fit svg { min-width: 0 !important; width: 100%; }
        .graph-tools { margin: 0 0 6px; color: var(--muted); font-size: 12.5px; }
        .graph-tools button { margin-left: 4px; padding: 2px 12px; font: inherit; color: var(--fg);
          border: 1px solid var(--border); border-radius: 999px; background: #fff; cursor: pointer; }
        .graph-drawing .node { cursor: default; }
        .graph-drawing.focus .node, .graph-drawing.focus .edge { opacity: .16; }
        .graph-drawing.focus .lit { opacity: 1; }
        ul.warnings { color: #7d4e00; }
        footer { padding: 36px 24px; color: var(--muted); font-size: 12px; }
        /* On a phone every table row becomes a card that keeps every column: one line per
           cell, named by its column (data-label). The state table keeps its column names on top
           as buttons that sort; the other tables' names are in the cards. */
        @media (max-width: 720px) {
          header, main, footer { padding-left: 12px; padding-right: 12px; }
          h1 { font-size: 22px; }
          .controls input[type=search] { min-width: 0; width: 100%; }
          .table-wrap { overflow: visible; max-height: none; border: 0; border-radius: 0; }
          table.stacked, table.stacked tbody, table.stacked tr, table.stacked td, table.stacked tbody th { display: block; }
          table.stacked thead { display: none; }
          table.stacked.sortable thead { display: block; margin-bottom: 8px; }
          table.stacked.sortable thead tr { display: flex; flex-wrap: wrap; gap: 6px; }
          table.stacked.sortable thead th { position: static; display: inline-block; padding: 2px 10px; white-space: normal;
            border: 1px solid var(--border); border-radius: 999px; font-size: 12px; }
          table.stacked tbody tr, table.stacked tbody.group { margin: 0 0 10px; padding: 8px 12px; border: 1px solid var(--border);
            border-radius: 8px; background: #fff; }
          table.stacked tbody.group tr { margin: 0; padding: 6px 0 0; border: 0; border-top: 1px dashed var(--border); border-radius: 0; }
          table.stacked tbody.group tr:first-child { padding-top: 0; border-top: 0; }
          table.stacked tbody tr:nth-child(even) { background: #fff; }
          table.stacked tbody th { padding: 0 0 4px; border: 0; font-size: 15px; white-space: normal; overflow-wrap: anywhere; }
          /* Two columns per line: the name, and the cell's content kept together (as a table, the
             content becomes one anonymous cell beside the ::before one). */
          table.stacked td { display: table; width: 100%; table-layout: fixed; padding: 2px 0; border: 0; text-align: left;
            white-space: normal; overflow-wrap: anywhere; }
          table.stacked td::before { content: attr(data-label); display: table-cell; width: 42%; padding-right: 10px;
            color: var(--muted); font: 12.5px/1.6 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; }
          table.stacked td.num { text-align: left; }
        }
        @media print { .controls { display: none; } .table-wrap { max-height: none; overflow: visible; } }
        """

    static let script = """
        (function () {
          'use strict';
          var table = document.getElementById('state-table');
          if (table) {
            var body = table.tBodies[0];
            var headers = Array.prototype.slice.call(table.tHead.rows[0].cells);
            var value = function (row, index) {
              var cell = row.cells[index];
              return cell.hasAttribute('data-sort') ? cell.getAttribute('data-sort') : cell.textContent.trim();
            };
            // CocoaPods order, roughly: numbers compared numerically, a prerelease below its release.
            var parseVersion = function (text) {
              var match = /^([0-9.]*)(.*)$/.exec(text);
              var numbers = match[1].split('.').filter(function (part) { return part !== ''; }).map(Number);
              while (numbers.length && numbers[numbers.length - 1] === 0) { numbers.pop(); }
              return { numbers: numbers, pre: match[2].replace(/^[-.]/, '') };
            };
            var compareVersions = function (a, b) {
              if (a === b) { return 0; }
              if (a === '') { return -1; }
              if (b === '') { return 1; }
              var x = parseVersion(a), y = parseVersion(b);
              for (var i = 0; i < Math.max(x.numbers.length, y.numbers.length); i += 1) {
                var d = (x.numbers[i] || 0) - (y.numbers[i] || 0);
                if (d !== 0) { return d; }
              }
              if (x.pre === y.pre) { return 0; }
              if (x.pre === '') { return 1; }
              if (y.pre === '') { return -1; }
              return x.pre.localeCompare(y.pre, undefined, { numeric: true });
            };
            var compare = function (type, a, b) {
              if (type === 'number') {
                if (a === b) { return 0; }
                if (a === '') { return -1; }
                if (b === '') { return 1; }
                return Number(a) - Number(b);
              }
              if (type === 'version') { return compareVersions(a, b); }
              return a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });
            };
            var sortBy = function (index, direction) {
              var type = headers[index].getAttribute('data-type') || 'text';
              var rows = Array.prototype.slice.call(body.rows);
              var order = new Map(rows.map(function (row, position) { return [row, position]; }));
              rows.sort(function (a, b) {
                var result = compare(type, value(a, index), value(b, index));
                if (direction === 'desc') { result = -result; }
                return result !== 0 ? result : order.get(a) - order.get(b);
              });
              rows.forEach(function (row) { body.appendChild(row); });
              headers.forEach(function (header, position) {
                header.setAttribute('aria-sort', position === index ? (direction === 'asc' ? 'ascending' : 'descending') : 'none');
              });
              table.setAttribute('data-sorted', headers[index].getAttribute('data-key') + ':' + direction);
            };
            headers.forEach(function (header, index) {
              header.tabIndex = 0;
              header.addEventListener('click', function () {
                var ascending = table.getAttribute('data-sorted') === header.getAttribute('data-key') + ':asc';
                sortBy(index, ascending ? 'desc' : 'asc');
              });
              header.addEventListener('keydown', function (event) {
                if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); header.click(); }
              });
            });
            var filter = document.getElementById('state-filter');
            var attention = document.getElementById('state-attention');
            var count = document.getElementById('state-count');
            var applyFilter = function () {
              var terms = filter.value.toLowerCase().split(/\\s+/).filter(Boolean);
              var shown = 0;
              Array.prototype.forEach.call(body.rows, function (row) {
                var text = row.textContent.toLowerCase();
                var visible = terms.every(function (term) { return text.indexOf(term) >= 0; })
                  && (!attention.checked || row.getAttribute('data-attention') === '1');
                row.hidden = !visible;
                if (visible) { shown += 1; }
              });
              count.textContent = shown + ' of ' + body.rows.length + ' components';
            };
            filter.addEventListener('input', applyFilter);
            attention.addEventListener('change', applyFilter);
            var initial = headers.findIndex(function (header) {
              return header.getAttribute('data-key') === table.getAttribute('data-default-sort');
            });
            sortBy(initial < 0 ? 0 : initial, 'asc');
            applyFilter();
          }

          // Pointing at a pod in the graph shows only its edges and neighbours.
          var drawing = document.querySelector('.graph-drawing');
          if (drawing) {
            var edges = Array.prototype.slice.call(drawing.querySelectorAll('[id^="cc-dep-"]'));
            var clear = function () {
              drawing.classList.remove('focus');
              Array.prototype.forEach.call(drawing.querySelectorAll('.lit'), function (element) { element.classList.remove('lit'); });
            };
            Array.prototype.forEach.call(drawing.querySelectorAll('[id^="cc-pod-"]'), function (node) {
              var id = node.id.slice('cc-pod-'.length);
              node.addEventListener('mouseenter', function () {
                clear();
                drawing.classList.add('focus');
                node.classList.add('lit');
                edges.forEach(function (edge) {
                  var ends = edge.id.slice('cc-dep-'.length).split('-');
                  if (ends[0] !== id && ends[1] !== id) { return; }
                  edge.classList.add('lit');
                  var other = document.getElementById('cc-pod-' + (ends[0] === id ? ends[1] : ends[0]));
                  if (other) { other.classList.add('lit'); }
                });
              });
              node.addEventListener('mouseleave', clear);
            });
          }
          // A drawing wider than its box: say so, and offer to fit it to the box and back.
          var box = document.querySelector('.graph');
          var tools = document.querySelector('.graph-tools');
          if (box && tools) {
            var button = tools.querySelector('button');
            var text = tools.querySelector('span');
            var update = function () {
              tools.hidden = !box.classList.contains('fit') && box.scrollWidth <= box.clientWidth + 1;
            };
            button.addEventListener('click', function () {
              var fit = box.classList.toggle('fit');
              button.setAttribute('aria-pressed', fit ? 'true' : 'false');
              button.textContent = fit ? 'Actual size' : 'Fit to width';
              text.textContent = fit ? 'Fitted to its box, its text may be small:'
                : 'The drawing is wider than its box: scroll it sideways, or';
              update();
            });
            window.addEventListener('resize', update);
            update();
          }
          document.documentElement.setAttribute('data-ready', 'true');
        }());
        """
}
