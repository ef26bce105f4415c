// Package ui is the calculator's go-app user interface: components that turn
// a data.Query into markup and chart options. The calculation itself is in
// package data, the query string in package state, the chart options in
// package charts. Only the bridge's files talk to JavaScript: echarts.go
// (which lists them with their jobs), chartview.go, labels.go,
// schedule.go, address.go, clipboard.go, frameheight.go, focus.go,
// download.go and bridge.go.
//
// # Pages
//
// Routes registers the calculator (/), the compare page (/compare), the plan
// (/plan) and their embeds (/embed, /embed/compare, /embed/plan); the list
// of pages the server prerenders and the static site holds is server.Pages.
// Each page and its embed is one type (Calculator, Compare, Plan) built on a
// page (page.go), which runs the component's life, reads and writes the
// URL, answers the inputs every page has and frames the markup, while the
// page supplies what is its own (pageState). Every input lives in the URL (package state reads and writes it); a value
// the page does not understand falls back to its default with one notice
// per parameter, quoting at most 40 characters of it (data.Quote), and once
// shown the refused values leave the address bar, while the parameters the
// page does not read stay. The controls keep stable ids that embedders and
// outside tools drive: task, model, gpu, deadline, deadline-range,
// percentile, tokens, and the headline figure energy; the plan adds rate,
// peak and idle-w; the footprint's inputs are fp-boundary, fp-host, fp-idle,
// fp-pue, fp-grid, fp-wue (each a select of presets with a box for one's own
// number: fp-pue-value, fp-grid-value, fp-wue-value), fp-price, fp-cur and
// fp-budget, and its figures fp, fp-ladder, fp-carbon, fp-water, fp-cost and
// fp-budget-result.
//
// A link to another of the site's pages, which go-app follows in place,
// opens it at its top, or at the element its fragment names; Back and
// Forward return to where the reader was (the browser's own restoration).
// Each full page's first focusable element is a link, shown when focused,
// that skips to its inputs. The deadline slider stops at round deadlines
// (data.Kind.SliderStops), dragged or stepped with the arrow keys (Page Up
// and Page Down take the 1-2-5 stops).
//
// Before the app runs, the page shown is the one the server prerendered for
// its URL, or, on a static host, the one built for the default question:
// web/guard.js then shows the link's own parameters and "Calculating…" in
// place of the default's figures. The inputs work from the first paint:
// web/guard.js notes what a reader does with them (a model picked, a
// deadline typed or slid, a button pressed) and the app does it again once
// it runs (answerEarly); with JavaScript off they are disabled.
//
// # Downloads
//
// Downloads are made in the browser (a Blob, an object URL and an
// a[download]: no server, so they work offline) and named by
// export.Filename; the documents are package export's, the same bytes as the
// command line's. An a[download] to a blob: URL is a download, not a fetch,
// so the site's CSP needs nothing for it. A frame sandboxed without
// allow-downloads saves nothing (chromium drops the download): in a frame,
// the page adds after each download a link to the full page. Pictures of
// the charts are drawn off screen by ECharts, 1920 px wide, with the
// question, the boundary, the caveat, the source and the link in them; the
// card's picture is laid out by package picture and drawn on a canvas.
//
// # Frames
//
// An embed posts only its height to window.parent, as
// {type: "tokenjoule:height", height: n}, when it is framed and whenever its
// content's height changes, and accepts no message. In a frame sandboxed
// without allow-same-origin, web/guard.js, which runs before go-app, puts an
// in-memory storage in place of the one such a frame forbids (go-app's
// engine would die reading it) and hides the service-worker API, which
// throws there.
//
// The card layouts of /embed and /embed/plan are shown without this
// package: web/start.js runs wasm/card, which writes the card (package
// cardhtml's markup of package export's card) into the page, and the
// calculator loads only when a reader follows "Explore in tokenjoule →"
// (the compare card's answer and the chart layout's headline and caption
// come the same way, its bars and the chart with the calculator). The Embed dialog measures the embed at a phone's width for
// the snippet's height, whatever width it previews, and offers beside the
// live snippet a pinned one (cardhtml.Page in a srcdoc frame without
// scripts); a card's snippet records the data version and the figure it
// was made with (state.Embed.MadeWith), and the card says when new data
// have changed its figure (export.Updated).
//
// # What keeps the page quick
//
// The figures are prerendered and painted before the app runs, which does
// nothing at start that the first screen does not need: ECharts is loaded
// once the app runs (and tried once more a second after a failed load,
// which also covers a load cut by leaving the page in an engine that sends
// no beforeunload), and a chart's option is built only when the chart is
// drawn. A change of input is answered and rendered in its event's task
// (go-app renders on a timer, a frame period later: wasm/slim has its engine
// render once the events are handled), so that it is painted in the next
// frame; the charts follow in the frame after, those on the screen only (a
// chart near it is drawn when the page is idle, one farther away when
// scrolled to), as many in a task as 8 ms allow and the rest in the next
// frames, and a new deadline patches them (charts.EnergyLatencyPatch and its
// siblings: ECharts setOption in merge mode) instead of setting their whole
// option. The slider answers at most one position a frame; the URL
// follows a change 100 ms later (chromium ignores a page that replaces its
// URL more than 200 times in 10 seconds, which a dragged slider does in 3).
// A chart not yet showing the page's state is marked data-stale: the browser
// tests scroll a chart into view and wait for the mark to go. Go's garbage
// collector runs at five times the live heap (wasm/main.go).
//
// # The start
//
// app.wasm holds the dataset packed (data.Pack, with each workload's
// measured values as measured.bin holds them, read without reflection;
// data/dataset.pack, made by go generate ./data), and leaves regexp and
// go-echarts' templates out. The app starts in short tasks (Start): app.js
// instantiates the wasm in one, then the Go runtime and the dataset's index,
// then the page's first render, in turns of about 30 ms between which the
// browser takes input (startTurn): go-app adopts the prerendered page as the
// page's DOM (wasm/slim), setting what differs, where the page has one;
// else it builds the page without the contents of its closed disclosures
// (folded), in place of the prerendered one, then with them. web/start.js, the
// first script of every page's head (app/server, FixPage), starts the wasm's
// one download as soon as it arrives, in a worker (itself) that compiles the
// module off the page's thread, and app.js instantiates that module (in a
// frame sandboxed without allow-same-origin, which runs no worker, app.js
// compiles the download itself); where the host sends files uncompressed, it
// downloads the .gz copies of the wasm and ECharts instead and decompresses
// them itself (DecompressionStream), and the service worker stores its copies
// decompressed. make bench measures the loads and the interactions (with
// -versus, before and after), and go run ./app/bench -profile says where a
// load's main thread spends its time.
package ui
