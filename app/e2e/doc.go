// Package e2e holds the browser tests: they build the wasm and each static
// site once, in the background and without the race detector
// (internal/sitebuild), serve them, and drive headless chromium with chromedp,
// Firefox ESR through WebDriver BiDi and WebKitGTK through WebKitWebDriver
// (internal/webdriver), running their subtests in parallel.
//
// # Prerequisites
//
// /usr/bin/chromium (apt-get install -y chromium; or set CHROMIUM, which
// then runs every test), and /usr/bin/chromium-headless-shell (apt-get
// install -y chromium-headless-shell), which runs them all but
// TestStaticSite a fifth sooner (without it, chromium runs them); and
// web/echarts.min.js (make echarts); the accessibility tests also need
// .cache/axe.min.js (axe-core 4.14.1, fetched by make axe with npm pack and
// checked against testdata/axe.sha256; it stays outside web/, so the site
// never serves it). TestFirefox and TestWebKit need firefox-esr,
// webkit2gtk-driver and xvfb (or set FIREFOX, MINIBROWSER). Without them the
// tests skip and say so, except in CI (CI=true), where they fail.
//
// # What they check
//
//   - TestBrowser, TestCompare, TestPlan and their siblings: every page against
//     the core (data.Set.Select, Compare, plan.Make, plan.Compare), prerendered
//     and running, links, controls, charts, downloads.
//   - TestEmbed, TestEmbedLayouts, TestEmbedBuilder, TestPlanBuilder: every
//     embed layout in sandboxed and cross-origin frames at 360 and 720 px,
//     light and dark, with the README's resize script; the builder's preview,
//     snippet (pasted into a page of another origin, at its height), picture
//     and link; all under the site's Content Security Policy.
//   - TestCardSnippets, TestPinnedCards, TestCardUpdated and TestCardWasm:
//     the live snippet pasted into a page that strips scripts, whole at 360
//     and 1440 px whatever width the dialog previewed; the pinned snippet in
//     a page and a frame without scripts, light, dark and the reader's
//     colours; a card's note against a dataset changed in the test
//     (sitebuild -listen -dataset); the card embeds shown by wasm/card from
//     a static host, against the core and the calculator, in every
//     workload, with no request for the calculator's wasm.
//   - TestAccessibility injects axe-core through the DevTools protocol (the
//     site's CSP does not apply to it) into every state a reader meets, light
//     and dark, and fails on any serious or critical violation; TestKeyboard
//     drives the dialog, the notices and every control by keyboard alone;
//     TestKeysAndTouch the skip link, the deadline slider's steps (keys and
//     drag) and the help buttons' size and room on every page at 360 and
//     1440 px.
//   - TestNavigation follows the pages' links on a phone and a wide screen:
//     the page opens at its top (or at the fragment's element), and Back and
//     Forward return to where the reader was.
//   - TestPhone checks the first screen at 360×800 and the embed at 380 px;
//     TestReaders what a new reader meets (the inputs within reach on a
//     phone, the compare table at 360 px, chart labels over nothing, every
//     series at 3:1 against the card, page text without stray spaces);
//     TestChartReading the charts at 360 and 1440 px as drawn: each label of
//     the compare scatter beside its own point, the axis names clear of the
//     legend, the power chart in two panels (eight configurations too),
//     its lines told apart, its axes from zero and each figure within 40 px
//     of its own diamond, over no other text, and no point or text cut.
//   - TestAdoption: every page and embed layout, prerendered for a sample of
//     questions, adopted by the app (wasm/slim) and built by go-app are the
//     same DOM, attribute by attribute; TestEarlyChoice: a choice made
//     before the app runs (the CPU 4× slower, the wasm held back) is
//     answered once it runs.
//   - TestFirefox and TestWebKit run the three pages, three links, a card
//     shown by its own wasm, a typed deadline, a GPU and a model chosen
//     (also before the app runs), the charts, the embed in a cross-origin
//     and a sandboxed frame, pages left before ECharts loads, the site from
//     a host that does not compress (the wasm's gzip copy alone), and in
//     Firefox the pages offline; any console error fails them (WebKit's
//     console is read through its remote inspector, as WebDriver has none).
//
// # The harness
//
// The helpers the tests share live in one file per concern:
//
//   - harness_site_test.go builds the wasm and the static sites, once per
//     test binary, and serves them (as tokenjoule serve does, under the
//     site's CSP, from a static host, behind a gate);
//   - harness_browser_test.go starts the browsers the tests share, each test
//     in a browser context of its own;
//   - harness_tab_test.go opens a page under test (a tab, or a view of a
//     frame in it), watches its console and requests, drives it, reads it
//     and waits for it;
//   - harness_frames_test.go frames an embed, in the page or in a host page
//     of another origin with the README's resize script, and reads the
//     messages it posts;
//   - harness_embeds_test.go lists the embeds the tests load, each layout
//     with what it must show (embedCases), and checks the interactive embed
//     (expectEmbed);
//   - harness_builder_test.go drives the Embed dialog (builder) and pastes
//     its snippet into a page of another origin (expectPasted);
//   - harness_expect_test.go checks a page against the core: the
//     calculator's answer (tab.expect, expectDiffusion, expectFootprint),
//     the URL's state, the ranking's rows and columns (expectRanking,
//     inUnit), and runs the command line;
//   - harness_charts_test.go waits for a chart drawn for the page's state,
//     reads its options, and checks what ECharts drew against the core
//     (checkChart);
//   - harness_drawn_test.go reads what ECharts drew: the boxes of its texts,
//     labels and points, and its colours and their contrast;
//   - harness_downloads_test.go captures what the pages save, the pictures
//     among it, and the clipboard;
//   - harness_screenshots_test.go writes the screenshots below.
//
// A test of many subtests builds a fixture (pageTest, compareTest,
// footprintTest, embedTest, readersTest, diffusionTest) whose methods are
// its subtests, one each, named as the subtest is.
//
// # Time
//
// They are bound by the CPU, not by waiting: the package takes some four
// minutes of a 2-core machine (go test -count=1 ./app/e2e/ says how long on
// yours). So the tests share one browser, chromium's headless shell where it
// is installed (full chromium only for TestStaticSite, whose site must be
// installable: the shell finds any page installable), each test in a browser
// context of its own; a new tab joins its site's renderer
// (--process-per-site); chromium runs the wasm with V8's baseline compiler
// only (a fifth less CPU); make test runs this package without the race
// detector; and headless.Options turns off the browser UI chromium preloads
// for each window (TestNoBrowserUI). -parallel defaults to the cores plus
// one: more at once only makes pages wait past the tests' limits.
//
// # Screenshots
//
//	TOKENJOULE_SCREENSHOTS=DIR go test -run TestBrowser/Screenshots ./app/e2e/
//
// writes full-page screenshots of the calculator, the compare page and a link
// with the footprint set, at 360×800 and 1440×900 in light and dark;
// -run TestCharts/Screenshots each chart alone; -run TestEmbed/Screenshots
// every embed layout at 360 and 720 px, the first screen at 380×640 and the
// dialog; -run TestPrestart the pages before the app starts and with
// JavaScript off; -run TestKeysAndTouch/Screenshots the calculator with its
// skip link focused; -run TestChartReading/Screenshots the power chart of
// each of its cases.
package e2e
