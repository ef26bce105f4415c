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
//   - TestAccessibility injects axe-core through the DevTools protocol (the
//     site's CSP does not apply to it) into every state a reader meets, light
//     and dark, and fails on any serious or critical violation; TestKeyboard
//     drives the dialog, the notices and every control by keyboard alone.
//   - TestPhone checks the first screen at 360×800 and the embed at 380 px;
//     TestReaders what a new reader meets (the inputs within reach on a
//     phone, the compare table at 360 px, chart labels over nothing, every
//     series at 3:1 against the card, page text without stray spaces);
//     TestChartReading the charts at 360 and 1440 px as drawn: each label of
//     the compare scatter beside its own point, the axis names clear of the
//     legend, the power chart's lines told apart and its axes from zero, and
//     no point cut by the plot's edge.
//   - TestFirefox and TestWebKit run the three pages, three links, a typed
//     deadline, a GPU and a model chosen, the charts, the embed in a
//     cross-origin and a sandboxed frame, pages left before ECharts loads,
//     the site from a host that does not compress (the wasm's gzip copy
//     alone), and in Firefox the pages offline; any console error fails them
//     (WebKit's console is read through its remote inspector, as WebDriver
//     has none).
//
// # Time
//
// They are bound by the CPU, not by waiting: on a 2-core machine with
// chromium 156 the package took 6 to 10 minutes and 700 to 1,200 CPU-seconds
// in the full chromium, as the machine of the day went, and 224 to 270 s and
// 417 to 503 CPU-seconds in its headless shell on 2026-12-03 (341 s and 645
// CPU-s in chromium that day, whose browser process had taken 27% of the
// package's CPU: windows, UI and services no page sees). A page loaded again
// in a new tab of its browser context cost 1.5 CPU-seconds on a slow day,
// and 0.4 to 0.8 on a quiet one (the difference between 9 loads and 1, the
// page left 1.5 to 4 s after it mounted), of which the app's start was only
// a part: the calculator's page with JavaScript off cost 0.57 where it cost
// 0.77, and an icon in a new tab 0.31. A tab that starts a renderer costs
// more (40% of it in the kernel, for some 50,000 page faults). So the tests
// share one browser, the headless shell where it is installed (full chromium
// only for TestStaticSite, whose site must be installable: the shell finds
// any page installable; it draws pages as chromium does, 13 of the 14
// screenshots below identical to the pixel and the 14th by the slider's
// thumb, 84 pixels), each in a browser context of its own; a new tab joins
// its site's renderer (--process-per-site); chromium runs the wasm with V8's
// baseline compiler only (a fifth less CPU); and make test runs this package
// without the race detector (8 to 10% less). Tried without a gain: turning
// off chromedp's CSS, Log and Inspector domains, V8's eager compilation of
// the wasm, and letting V8 cache its optimized code sooner (more CPU);
// keeping finished subtests' tabs for the next (4% less, but a hidden tab
// draws no chart); keeping a page of the site open, so that V8 could reuse
// its compiled module, waiting for a page by script rather than through the
// DOM domain, V8 without background threads or with one compile task, and a
// page without ECharts (each within the 0.05 CPU-seconds a load varies by).
// -parallel defaults to the cores plus one: more at once only makes pages
// wait past the tests' limits. headless.Options turns off the browser UI
// chromium preloads for each window, which cost half a core behind every
// open browser (TestNoBrowserUI).
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
// JavaScript off.
package e2e
