// Command slim builds the browser entry (tokenjoule/wasm) against copies of
// go-app and go-echarts edited for the browser: smaller, rendering a change
// in the task that made it, and adopting the prerendered page rather than
// building it anew. Its doc is also the one list of every
// way tokenjoule adapts go-app, in this command and elsewhere, and of what
// to check after upgrading go-app or go-echarts.
//
//	go run ./wasm/slim -o web/app.wasm                 # what make wasm runs
//	GOOS=js GOARCH=wasm go build -modfile "$(go run ./wasm/slim)" ./wasm
//
// slim copies each module as the module cache holds the version go.mod pins
// (checked against go.sum) into -dir, edits the copies, and writes beside
// them a go.mod that replaces the modules by the copies, for the browser
// build only: the server, the command line and the tests use go-app as it
// is. (go build -overlay would be simpler, but it refuses to replace files
// in the module cache.) Every edit names the text it replaces, which must
// occur exactly once: on another version slim fails, naming the file and
// the text it looked for, rather than build something else.
//
// # go-app's edits (goapp.go)
//
//   - http.go and LocalDir in resource.go (httpStub, resourceEdits): no
//     HTTP handler, which is dead code in the browser but links net/http,
//     whose initialisers keep crypto/tls and its kin: a fifth of app.wasm.
//   - crypto.go, context.go and state.go (cryptoStub, uuidEdits): no AES-GCM
//     (Context.Encrypt, which tokenjoule never asks for) and ids from
//     math/rand/v2 instead of github.com/google/uuid, which links
//     crypto/rand, md5, sha1 and database/sql/driver: 4% of the brotli size.
//   - decode.go (decodeStub, added) and every json.Unmarshal of
//     context.go, engine.go, notification.go, state.go and storage.go
//     (decodeEdits): decodeJSON refuses, saying why. go-app decodes only
//     what tokenjoule never gives it (stored, broadcast or enciphered
//     state, a push subscription, GOAPP_INTERNAL_URLS); with app/charts'
//     own reader of options (decodeObject), encoding/json's decoder is out
//     of app.wasm: 2% of its brotli.
//   - engine.go (engineEdits, which use its private iddleFrameDuration): the
//     engine renders as soon as the dispatched functions are handled, in
//     their task, rather than a frame period later on a timer, so that a
//     change is painted in the next frame.
//   - route.go (routeEdits): no regexp. RouteWithRegexp panics, saying why:
//     the browser build registers exact routes only (app/ui/routes.go; web/
//     guard.js gives a page its own name first).
//   - adopt.go (goapp/adopt.go, added whole) and engine.go's Load
//     (loadEdit): the first page adopts the prerendered DOM instead of
//     building its own and replacing the prerendered one. Stock go-app
//     creates every element, attribute, text and child through syscall/js;
//     adoption binds go-app's tree to the nodes the page already has, in
//     order, from one description of the prerendered subtree
//     (goappHydrate, app/server/appjs.go), setting only the attributes and
//     texts that differ, and builds only what does not match (another tag,
//     a missing or stray node), so that the page ends as go-app would have
//     built it (app/e2e TestAdoption, attribute by attribute, for every
//     page and embed layout). The calculator's first render and the render
//     after it took 184 ms of the main thread (V8's sampling profile of a
//     cold desktop load: Mount 103 ms, the renders after it 81), adopted
//     88 ms, most of it the page's own render; the app builds no element of
//     a page prerendered for its link, against 180 to 457 per page.
//   - adopt.go's keptAttr and node.go's updateHTML (keptEdit): where the
//     prerender answers the link, the first render leaves out the contents
//     of the parts below the first screen (app/ui later: the footprint,
//     the share section, the charts), whose prerendered children stay out
//     of go-app's tree until the page renders them, once idle or with the
//     first change; they are then adopted, not built.
//
// # go-echarts' edits (echarts.go)
//
// The calculator builds chart options and hands them to ECharts itself:
// go-echarts' HTML rendering (render, renderStub), the regexps of opts/js.go
// (jsStub), the templates behind JSONNotEscaped (baseEdits), the log package
// of its maps (geoEdits) and math/rand in its chart ids (idEdits) are left
// out: with regexp and the templates, about a tenth of app.wasm's code, and
// work at start (their initialisers compile regular expressions).
//
// # The build (build.go, segments.go)
//
// Inlining only in the runtime and the small packages every other leans on
// (inlined): inlined copies of function bodies were 7% of the brotli size.
// The data in one segment (joinData), which compresses better than the
// linker's many: 7% of the brotli size.
//
// # Elsewhere
//
//   - app/server/appjs.go rewrites go-app's app.js so that it instantiates
//     the module web/start.js's worker compiled off the page's thread, from
//     a response with a URL (chromium caches the code compiled from those).
//   - app/server/worker.js is the service worker (Handler.
//     ServiceWorkerTemplate): go-app's stock one swallows install errors,
//     matches pages by exact URL and caches a sub-path's root as a redirect,
//     so that it does not work offline.
//   - web/start.js, the first script of every page, starts the wasm's
//     download and its compilation in a worker, except on a card, where it
//     runs the card's own wasm (wasm/card, built by this command with -pkg)
//     and app.js's start (appjs.go) starts neither the calculator nor its
//     service worker unless that wasm could not show the card, or the card
//     needs the calculator for more (the compare card's bars); it registers
//     the worker for the card alone instead (app-worker.js?card, which keeps
//     the card's files), and the calculator's worker replaces that one
//     without go-app's new-version notice (appjs.go, guard.js); web/guard.js, before go-app
//     runs, stands in for the storage a sandboxed frame forbids, names the
//     page as its route, shows the link's question before the app runs, and
//     keeps what a reader does with the inputs until the app runs, which
//     does it again (app/ui answerEarly), so that the controls work from
//     the first paint (app/e2e TestEarlyChoice, and in Firefox and WebKit).
//   - app/server/appjs.go adds goappHydrate to app.js: the prerendered
//     subtree without the indentation go-app's encoder writes and the
//     elements app/ui marks data-prerender-only, described in one string
//     (one call from Go instead of several for each node).
//   - app/server/previews.go (FixPage, on every page served or built): drops
//     link previews without a host, puts web/start.js first in the head, and
//     writes attribute values in HTML's quoting (go-app writes Go's).
//   - app/server/server.go sets the Handler: local icons (the default one is
//     remote, and the offline install would fail), a Version from the
//     content, the wasm's size for the loader; app/dist's fixManifest gives
//     the installed app its sub-path's scope.
//   - app/ui/bridge.go scrolls a page reached by a link to its top: go-app
//     navigates in place and keeps the scroll position.
//
// # After upgrading go-app or go-echarts
//
//  1. go run ./wasm/slim -o /tmp/app.wasm: a failing edit names its file
//     and text. Read that file in the new version: if upstream now does
//     what the edit did, drop the edit; else write it anew for the new text.
//  2. go test ./wasm/slim ./app/server: TestOverlay checks that net/http,
//     crypto, regexp, the templates, log and math/rand stay out, the
//     engine renders after the dispatches and Load adopts the prerendered
//     page; AppJS fails on an app.js it does not know. adopt.go mirrors
//     node.go's Mount, mountHTML and mountComponent (the order of OnInit,
//     OnMount and the render; how setJSAttribute sets each attribute):
//     compare them with the new node.go.
//  3. make test: the browser tests load every page online, offline and
//     under a sub-path, in three engines; TestAdoption compares the adopted
//     page with the one go-app builds.
//  4. make bench BENCH_FLAGS='-versus OLD_DIST': the wasm's size and the
//     start's figures against the build before the upgrade.
package main
