/// The page's own style sheet and script, inlined: the report loads nothing from anywhere.
import AssetsSupport
import AssetsCodecs

enum ReportPage {
    static let styleSheet = """
        :root { --ink: #1d1d1f; --muted: #6e6e73; --line: #d2d2d7; --card: #ffffff; --page: #f5f5f7;
          --error: #c9182b; --warning: #a05a00; --accent: #0a66d8; }
        * { box-sizing: border-box; }
        body { margin: 0; padding: 24px 32px 48px; background: var(--page); color: var(--ink);
          font: 14px/1.45 -apple-system, "Segoe UI", "Helvetica Neue", Arial, sans-serif; }
        h1 { margin: 0; font-size: 26px; }
        h2 { font-size: 18px; margin: 28px 0 12px; }
        h2 .count { color: var(--muted); font-weight: normal; }
        .summary { margin: 4px 0 0; color: var(--muted); }
        .summary.has-errors { color: var(--error); font-weight: 600; }
        .note { color: var(--muted); margin: -6px 0 12px; }
        [hidden] { display: none !important; }
        .filter { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; grid-column: 1 / -1;
          background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 8px 12px;
          position: sticky; top: 8px; z-index: 1; }
        .filter input, .filter select { font: inherit; margin-left: 4px; }
        .filter input { width: 18em; }
        .filter output { color: var(--muted); }
        .assets > h2 { margin-bottom: 12px; }
        .sets { display: grid; grid-template-columns: repeat(auto-fill, minmax(520px, 1fr)); gap: 16px; align-items: start;
          margin-top: 16px; content-visibility: auto; contain-intrinsic-size: auto var(--estimate, 2000px); }
        @media (scripting: none) { .sets > noscript { display: contents; } }
        @media (scripting: enabled) { .sets.deferred { min-height: var(--estimate, 2000px); } }
        .asset { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 14px 16px;
          content-visibility: auto; contain-intrinsic-size: auto 240px; }
        .asset.has-errors { border-color: var(--error); box-shadow: inset 4px 0 0 var(--error); }
        .asset.has-warnings { box-shadow: inset 4px 0 0 var(--warning); }
        .asset h3 { margin: 0; font-size: 15px; overflow-wrap: anywhere; }
        .asset .kind { font-weight: normal; font-size: 12px; color: var(--muted); border: 1px solid var(--line);
          border-radius: 6px; padding: 0 6px; margin-left: 4px; }
        .path { margin: 2px 0 10px; color: var(--muted); font-size: 12px; overflow-wrap: anywhere; }
        .variants { display: flex; flex-wrap: wrap; gap: 10px; margin-bottom: 10px; }
        .variant { margin: 0; width: 112px; }
        .frame { width: 112px; height: 112px; display: flex; align-items: center; justify-content: center;
          border-radius: 8px; border: 1px solid var(--line); overflow: hidden;
          background: repeating-conic-gradient(#eee 0% 25%, #fff 0% 50%) 0 0 / 16px 16px; }
        .variant.dark .frame { background: repeating-conic-gradient(#2c2c2e 0% 25%, #1c1c1e 0% 50%) 0 0 / 16px 16px; }
        .frame img { max-width: 96px; max-height: 96px; image-rendering: auto; }
        .swatch { width: 72px; height: 72px; border-radius: 12px; border: 1px solid rgba(128,128,128,0.4); }
        .unassigned .frame { background: var(--page); color: var(--muted); border-style: dashed; font-size: 12px; }
        .no-preview { font-size: 11px; color: var(--muted); padding: 6px; text-align: center; overflow-wrap: anywhere; }
        figcaption { font-size: 11px; margin-top: 4px; display: flex; flex-direction: column; }
        figcaption .traits { font-weight: 600; }
        figcaption .file, figcaption .facts { color: var(--muted); overflow-wrap: anywhere; font-size: 10px; }
        .diagnostics { list-style: none; margin: 0 0 10px; padding: 0; }
        .diagnostic { padding: 6px 8px; border-radius: 6px; margin-bottom: 4px; font-size: 12px; overflow-wrap: anywhere; }
        .diagnostic.error { background: #fdecee; }
        .diagnostic.warning { background: #fff4e0; }
        .diagnostic .severity { font-weight: 700; text-transform: uppercase; font-size: 10px; }
        .diagnostic.error .severity { color: var(--error); }
        .diagnostic.warning .severity { color: var(--warning); }
        .diagnostic .where { color: var(--muted); }
        .diagnostic code { color: var(--muted); }
        .catalog-diagnostics { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 4px 16px 8px; }
        .placeholder-grid { display: grid; grid-template-columns: 120px repeat(2, minmax(220px, 300px)); gap: 10px; align-items: stretch; }
        .placeholder-grid .head { font-weight: 600; color: var(--muted); text-align: center; }
        .state-name { font-weight: 600; align-self: center; }
        .screen { border-radius: 18px; padding: 16px; min-height: 150px; display: flex; flex-direction: column;
          align-items: center; justify-content: center; text-align: center; border: 1px solid var(--line); }
        .screen.light { background: #ffffff; color: #1d1d1f; }
        .screen.dark { background: #000000; color: #f5f5f7; border-color: #3a3a3c; }
        .screen p { margin: 2px 0; }
        .screen .title { font-weight: 600; font-size: 15px; }
        .screen .subtitle { font-size: 13px; opacity: 0.75; }
        .screen .caption { font-size: 10px; opacity: 0.6; margin-top: 8px; overflow-wrap: anywhere; }
        .placeholder-image { margin-bottom: 6px; }
        .placeholder-image img { max-width: 72px; max-height: 72px; }
        .hidden-image span { font-size: 11px; opacity: 0.6; border: 1px dashed currentColor; border-radius: 8px; padding: 6px 10px; }
        .buttons { display: flex; gap: 6px; margin-top: 8px; flex-direction: column; }
        .buttons.horizontal { flex-direction: row; }
        .button { background: var(--accent); color: #fff; border-radius: 8px; padding: 4px 14px; font-size: 13px; }
        .spinner { width: 24px; height: 24px; border-radius: 50%; border: 3px solid rgba(128,128,128,0.3);
          border-top-color: currentColor; animation: spin 0.9s linear infinite; margin: 8px; }
        @keyframes spin { to { transform: rotate(360deg); } }
        .asset.unused { border-style: dashed; }
        .unused-mark { font-size: 11px; font-weight: 600; color: var(--warning); border: 1px solid currentColor;
          border-radius: 6px; padding: 0 6px; margin-left: 4px; text-transform: uppercase; }
        .used-by, .bytes { margin: -6px 0 10px; font-size: 12px; color: var(--muted); overflow-wrap: anywhere; }
        .used-by.unused { color: var(--warning); }
        .used-by code { font-size: 11px; }
        .bytes .saving { color: var(--warning); }
        .usage-summary, .size-summary { margin: 16px 0 0; }
        .size-map { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 4px 16px 12px; margin-top: 28px; }
        .treemap { display: block; width: 100%; height: auto; aspect-ratio: 1000 / 420; font-size: 11px; }
        .treemap rect { stroke: #ffffff; stroke-width: 1; }
        .treemap .top > rect { fill: #c9dcf3; }
        .treemap .top.set > rect, .treemap .inner > rect { fill: #9cc0eb; }
        .treemap .other > rect { fill: #e3e3e8; }
        .treemap .cost > rect { fill: #f6d38f; stroke: var(--warning); stroke-dasharray: 4 2; }
        .treemap .top.cost.group > rect { fill: #fbe9c6; }
        .treemap text { fill: var(--ink); pointer-events: none; }
        .treemap .size { fill: var(--muted); }
        .treemap a:hover rect { stroke: var(--accent); stroke-width: 2; }
        .largest { border-collapse: collapse; margin-top: 12px; font-size: 12px; }
        .largest caption { text-align: left; font-weight: 600; padding-bottom: 4px; }
        .largest th, .largest td { text-align: left; padding: 2px 10px 2px 0; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; }
        .largest td:nth-child(-n+2) { text-align: right; font-variant-numeric: tabular-nums; }
        .largest tr.cost td:nth-child(2) { color: var(--warning); }
        """

    /// The Content-Security-Policy: nothing loads from anywhere, images only from `data:` URIs, and the one
    /// script that may run is `loadScript`, allowed by its SHA-256 (never `'unsafe-inline'`), so markup that
    /// got into the page cannot run script. Styles stay inline (a colour swatch's `style` attribute).
    static let contentSecurityPolicy =
        "default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src '\(loadScriptHash)'"

    /// `sha256-` and the base64 SHA-256 of `loadScript`'s UTF-8 bytes, as CSP writes a hash. A test
    /// recomputes it, so an edit of the script that forgets this fails `swift test`.
    static let loadScriptHash = "sha256-YB3b5KLlAKv5BeAOrB96lnAhiOP/Efj3+md/YfcvJnw="

    /// The page's one script (progressive enhancement: without it the page shows every set and finding,
    /// only the previews stay unloaded). It touches no set at load: it
    /// - opens each deferred chunk of sets (`SetChunk`) when it comes within 1,000 px of the view (an
    ///   IntersectionObserver on the few hundred chunks, not on the sets): its `<noscript>` text becomes its
    ///   sets through a `<template>` (inert: nothing in it runs or loads while parsed);
    /// - moves the preview URIs of an open chunk's sets from `data-src` into `src` when the set comes within
    ///   1,000 px of the view (a second observer, on the sets of open chunks only: the markup chunks' from
    ///   the start, so the first screen's previews come with the first frame), and only URIs that start
    ///   `data:image/`;
    /// - shows the filter bar and filters the sets by a part of their name (any case) and by their findings
    ///   (severity or code), hiding the others, also at once when the browser restored the fields: it reads
    ///   each set's `data-*` attributes, from the element in an open chunk or from the text of a deferred
    ///   one (`records`; `matches` is the one test of a set), hides a chunk with no match, and sizes a
    ///   deferred chunk's guess by its matches; it writes only text (`textContent`, attributes), never
    ///   markup;
    /// - counts the sets, the images shown, those that failed and those still waiting into the body's
    ///   `data-*` attributes and the title, so a headless browser can assert that the page rendered whole.
    static let loadScript = """
        (function () {
          "use strict";
          var body = document.body;
          var chunks = Array.prototype.slice.call(document.querySelectorAll("section.assets > div.sets"));
          var total = 0;
          for (var c = 0; c < chunks.length; c++) { total += Number(chunks[c].getAttribute("data-sets")) || 0; }
          var tallyTimer = 0;
          function tally() {
            tallyTimer = 0;
            var images = document.images, shown = 0, broken = 0;
            for (var i = 0; i < images.length; i++) {
              if (!images[i].getAttribute("src")) { continue; }
              shown++;
              if (images[i].complete && images[i].naturalWidth === 0) { broken++; }
            }
            body.setAttribute("data-rendered-assets", String(total));
            body.setAttribute("data-images", String(shown));
            body.setAttribute("data-broken-images", String(broken));
            body.setAttribute("data-waiting-images", String(document.querySelectorAll("img[data-src]").length));
          }
          function later() {
            if (!tallyTimer) { tallyTimer = setTimeout(tally, 100); }
          }
          function reveal(set) {
            var waiting = set.querySelectorAll("img[data-src]");
            for (var i = 0; i < waiting.length; i++) {
              var image = waiting[i], uri = image.getAttribute("data-src");
              image.removeAttribute("data-src");
              if (uri.lastIndexOf("data:image/", 0) !== 0) { continue; }
              image.addEventListener("load", later);
              image.addEventListener("error", later);
              image.setAttribute("src", uri);
            }
          }
          var observing = "IntersectionObserver" in window;
          var setObserver = observing ? new IntersectionObserver(function (entries) {
            for (var i = 0; i < entries.length; i++) {
              if (entries[i].isIntersecting) {
                setObserver.unobserve(entries[i].target);
                reveal(entries[i].target);
              }
            }
          }, { rootMargin: "1000px 0px" }) : null;

          // A chunk's sets, each as its element (when the chunk is open) and its data-* attributes.
          function deferredText(chunk) {
            var child = chunk.firstElementChild;
            return child && child.tagName === "NOSCRIPT" ? child : null;
          }
          function unescaped(text) {
            return text.replace(/&(amp|lt|gt|quot|#39);/g, function (all, name) {
              return { "amp": "&", "lt": "<", "gt": ">", "quot": "\\"", "#39": "'" }[name];
            });
          }
          function records(chunk) {
            if (chunk.assetRecords) { return chunk.assetRecords; }
            var list = [], deferred = deferredText(chunk), found, field, i;
            if (deferred) {
              var tags = /<article\\s([^>]*)>/g, text = deferred.textContent;
              while ((found = tags.exec(text)) !== null) {
                var data = {}, fields = / data-([a-z0-9-]+)="([^"]*)"/g;
                while ((field = fields.exec(found[1])) !== null) { data[field[1]] = unescaped(field[2]); }
                list.push({ element: null, data: data });
              }
            } else {
              var sets = chunk.querySelectorAll("article.asset");
              for (i = 0; i < sets.length; i++) {
                var values = {}, attributes = sets[i].attributes;
                for (var j = 0; j < attributes.length; j++) {
                  if (attributes[j].name.lastIndexOf("data-", 0) === 0) { values[attributes[j].name.slice(5)] = attributes[j].value; }
                }
                list.push({ element: sets[i], data: values });
              }
            }
            for (i = 0; i < list.length; i++) { list[i].name = (list[i].data.name || "").toLowerCase(); }
            chunk.assetRecords = list;
            return list;
          }

          var query = "", want = "", use = "", size = "";
          function filtering() { return query !== "" || want !== "" || use !== "" || size !== ""; }
          function matches(record) {
            var match = query === "" || record.name.indexOf(query) !== -1;
            if (match && use !== "") { match = record.data.use === use; }
            if (match && size !== "") {
              match = size === "saving" ? Number(record.data.saving || 0) > 0 : Number(record.data.bytes || 0) >= Number(size);
            }
            if (match && want !== "") {
              var severities = " " + (record.data.severities || "") + " ";
              if (want === "any") { match = severities !== "  "; }
              else if (want === "none") { match = severities === "  "; }
              else if (want.lastIndexOf("code:", 0) === 0) {
                match = (" " + (record.data.codes || "") + " ").indexOf(" " + want.slice(5) + " ") !== -1;
              } else { match = severities.indexOf(" " + want + " ") !== -1; }
            }
            return match;
          }
          // Shows the chunk's matching sets, hides the rest; the number shown.
          function filterChunk(chunk) {
            var list = records(chunk), shown = 0, any = filtering();
            for (var i = 0; i < list.length; i++) {
              var match = !any || matches(list[i]);
              if (list[i].element && list[i].element.hidden === match) { list[i].element.hidden = !match; }
              if (match) { shown++; }
            }
            if (chunk.hidden === (shown > 0)) { chunk.hidden = shown === 0; }
            chunk.style.setProperty("--estimate", (Math.ceil(shown / 2) * 256) + "px");
            return shown;
          }

          // The previews of an open chunk's sets: each shown as it nears the view.
          function watch(chunk) {
            var sets = chunk.querySelectorAll("article.asset");
            for (var i = 0; i < sets.length; i++) {
              if (setObserver) { setObserver.observe(sets[i]); } else { reveal(sets[i]); }
            }
          }
          function open(chunk) {
            var deferred = deferredText(chunk);
            if (!deferred) { return; }
            var template = document.createElement("template");
            template.innerHTML = deferred.textContent;
            chunk.replaceChild(template.content, deferred);
            chunk.classList.remove("deferred");
            chunk.assetRecords = null;
            if (filtering()) { filterChunk(chunk); }
            watch(chunk);
            later();
          }
          // The chunks written as markup are watched at once (the first screen's previews come in the first
          // frame); a deferred chunk is opened when it nears the view.
          var chunkObserver = observing ? new IntersectionObserver(function (entries) {
            for (var i = 0; i < entries.length; i++) {
              if (entries[i].isIntersecting) {
                chunkObserver.unobserve(entries[i].target);
                open(entries[i].target);
              }
            }
          }, { rootMargin: "1000px 0px" }) : null;
          for (var k = 0; k < chunks.length; k++) {
            if (!deferredText(chunks[k])) { watch(chunks[k]); }
            else if (chunkObserver) { chunkObserver.observe(chunks[k]); }
            else { open(chunks[k]); }
          }

          var form = document.getElementById("filter");
          if (form) {
            var nameField = document.getElementById("filter-name");
            var findings = document.getElementById("filter-findings");
            var useField = document.getElementById("filter-use");
            var sizeField = document.getElementById("filter-size");
            var count = document.getElementById("filter-count");
            var filterTimer = 0;
            var apply = function () {
              filterTimer = 0;
              query = nameField.value.trim().toLowerCase();
              want = findings.value;
              use = useField ? useField.value : "";
              size = sizeField ? sizeField.value : "";
              var visible = 0;
              for (var i = 0; i < chunks.length; i++) { visible += filterChunk(chunks[i]); }
              count.textContent = visible + " of " + total + " sets";
            };
            var soon = function () {
              if (filterTimer) { clearTimeout(filterTimer); }
              filterTimer = setTimeout(apply, total > 5000 ? 200 : 50);
            };
            nameField.addEventListener("input", soon);
            findings.addEventListener("change", apply);
            if (useField) { useField.addEventListener("change", apply); }
            if (sizeField) { sizeField.addEventListener("change", apply); }
            form.addEventListener("submit", function (event) { event.preventDefault(); apply(); });
            count.textContent = total + " sets";
            form.hidden = false;
            // A browser that restores the fields (back, reload) gets the sets they choose.
            if (nameField.value !== "" || findings.value !== "" || (useField && useField.value !== "") ||
                (sizeField && sizeField.value !== "")) { apply(); }
          }

          // A link to a set's card (the size map's tiles, the largest sets) opens the set's chunk first when it
          // is still deferred, then goes to the card.
          function go(hash) {
            var found = /^#asset-([0-9]+)$/.exec(hash), first = 0;
            if (!found) { return; }
            var index = Number(found[1]);
            for (var i = 0; i < chunks.length; i++) {
              var sets = Number(chunks[i].getAttribute("data-sets")) || 0;
              if (index < first + sets) { open(chunks[i]); break; }
              first += sets;
            }
            var card = document.getElementById("asset-" + index);
            if (card) { card.hidden = false; card.scrollIntoView(); }
          }
          window.addEventListener("hashchange", function () { go(location.hash); });
          if (location.hash) { go(location.hash); }

          window.addEventListener("load", function () {
            tally();
            document.title = "rendered " + total + " assets, " + body.getAttribute("data-images") + " images, " +
              body.getAttribute("data-broken-images") + " broken | " + document.title;
          });
        })();
        """
}
