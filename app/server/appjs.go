package server

import (
	"bytes"
	"fmt"
	"net/http"
	"slices"
	"strconv"
)

// go-app's app.js hands WebAssembly.instantiateStreaming a Response it builds
// in JavaScript around the download, to count its bytes for the loader. Such
// a Response has no URL, and chromium caches compiled wasm only for a
// response with one: every visit compiled the 9 MB module again. And it
// compiles on the page's own thread. instantiateWasm replaces that call: the
// module is the one web/start.js's worker compiled off the page's thread
// from the download it started as the head was parsed (the network's or the
// service worker's own, or the gzip copy decompressed where the host does
// not compress), if it is of the same URL; else that download, or one of its
// own, is compiled here. The loader's progress is the bytes downloaded.
const (
	goappInstantiate    = "const wasm = await instantiateStreaming(\n      fetchWithProgress(\""
	goappInstantiateEnd = "\", showProgress),\n      go.importObject\n    );"
	instantiate         = "const wasm = await instantiateWasm(\"%s\", showProgress, go.importObject, instantiateStreaming);"
	goappFetch          = "async function fetchWithProgress(url, progess) {"
	instantiateWasm     = `// tokenjoule (app/server/appjs.go): instantiate the module web/start.js's
// worker compiled, or compile the response web/start.js started to download
// (a download of its own where that did not run, failed, or asked for
// another URL), which is the host's own where it can be: it has a URL, so
// that compilation streams and chromium caches the compiled code. The
// loader's progress is the bytes web/start.js counted over the wasm's size
// (none for a download of its own).
async function instantiateWasm(url, progress, importObject, instantiateStreaming) {
  const start = document.querySelector('script[src$="/web/start.js"]');
  if (start && !window.tokenjouleStarted) {
    await new Promise((ran) => {
      start.addEventListener("load", ran);
      start.addEventListener("error", ran);
    });
  }
  const early = window.tokenjouleWasm;
  window.tokenjouleWasm = undefined;
  const mine = early && early.url === new URL(url, location.href).href ? early : null;
  const size = parseInt(goappWasmContentLength, 10);
  let shown = -1;
  const show = (loaded) => {
    const p = Math.min(100, Math.round((loaded * 100) / size));
    if (size > 0 && p !== shown) {
      shown = p;
      progress(p);
    }
  };
  if (mine) {
    mine.progress = show;
  }
  if (mine && mine.module) {
    try {
      const module = await mine.module;
      return nextTask({ module, instance: await WebAssembly.instantiate(module, importObject) });
    } catch (err) {
      // No module from the worker, or none that instantiates: the wasm is
      // downloaded and compiled here instead.
    }
  }
  const response = await (mine && mine.response ? mine.response : Promise.reject()).catch(() => (mine ? mine.fetch() : fetch(url)));
  return nextTask(await instantiateStreaming(response, importObject));
}

// nextTask resolves to v in a task of its own (on a message the page posts
// to itself, which a tab in the background does not hold back as it does a
// timeout): the Go program, which app.js starts with the instance, then does
// not run in the instantiation's task (each takes tens of milliseconds).
function nextTask(v) {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve(v);
    };
    port2.postMessage(0);
  });
}
`
)

// AppJS returns go-app's app.js with instantiateWasm in place of its
// fetchWithProgress, which is the end of the file, and called instead of
// instantiateStreaming. It fails if go-app's file does not have these where
// expected (another go-app version).
func AppJS(js []byte) ([]byte, error) {
	i := bytes.Index(js, []byte(goappFetch))
	if i < 0 || bytes.Count(js, []byte("function fetchWithProgress")) != 1 || !bytes.HasSuffix(bytes.TrimSpace(js), []byte("return res;\n}")) {
		return nil, fmt.Errorf("app.js: go-app's fetchWithProgress is not the file's last function as in go-app v10.1.11: check app/server/appjs.go against this go-app version")
	}
	if bytes.Count(js, []byte(goappStart)) != 1 {
		return nil, fmt.Errorf("app.js: go-app's start is not as in go-app v10.1.11 (%q): check app/server/appjs.go against this go-app version", goappStart)
	}
	reg := bytes.Index(js, []byte(goappRegister))
	if bytes.Count(js, []byte(goappRegister)) != 1 {
		return nil, fmt.Errorf("app.js: go-app's registration of its worker is not as in go-app v10.1.11 (%q): check app/server/appjs.go against this go-app version", goappRegister)
	}
	worker, _, ok := bytes.Cut(js[reg+len(goappRegister):], []byte("\n"))
	if !ok {
		return nil, fmt.Errorf("app.js: go-app's registration of its worker has no URL after %q", goappRegister)
	}
	js = bytes.Replace(js, []byte(goappStart), fmt.Appendf(nil, start, worker), 1)
	call := bytes.Index(js, []byte(goappInstantiate))
	end := bytes.Index(js, []byte(goappInstantiateEnd))
	if bytes.Count(js, []byte(goappInstantiate)) != 1 || end < call {
		return nil, fmt.Errorf("app.js: go-app's call of instantiateStreaming is not as in go-app v10.1.11 (%q): check app/server/appjs.go against this go-app version", goappInstantiate)
	}
	url := js[call+len(goappInstantiate) : end] // as go-app wrote it into the string
	js = slices.Concat(js[:call], fmt.Appendf(nil, instantiate, url), js[end+len(goappInstantiateEnd):])
	i = bytes.Index(js, []byte(goappFetch))
	return slices.Concat(js[:i:i], []byte(instantiateWasm), []byte(hydrate)), nil
}

// hydrate is goappHydrate, which the wasm's copy of go-app calls to adopt
// the prerendered page rather than build it anew (wasm/slim/goapp/adopt.go
// says what it returns): it takes out of the prerendered subtree what go-app
// writes only for the markup's sake (the line breaks and indentation between
// children, which its encoder writes two spaces a level, and the elements
// marked data-prerender-only, which app/ui writes for the page before the
// app runs), and describes the rest in one string, with the nodes in an
// array: one call from Go instead of several for each node.
const hydrate = `
// tokenjoule (app/server/appjs.go, wasm/slim/goapp/adopt.go): the
// prerendered subtree at root, without its indentation, described for
// go-app's engine to adopt it; null where it cannot be described.
function goappHydrate(root) {
  if (!root || root.nodeType !== Node.ELEMENT_NODE) {
    return null;
  }
  let level = 0;
  for (let p = root.parentNode; p && p !== document; p = p.parentNode) {
    level++;
  }
  const fields = [];
  const nodes = [];
  let nul = false;
  const field = (s) => {
    nul = nul || s.includes("\0");
    fields.push(s);
  };
  const walk = (node, level) => {
    nodes.push(node);
    if (node.nodeType === Node.TEXT_NODE) {
      field("T" + node.nodeValue);
      return;
    }
    // go-app's encoder puts each child of an element with several on a line
    // of its own, indented two spaces a level, and the end tag on one
    // indented as the element.
    const inner = "\n" + " ".repeat(2 * (level + 1));
    const outer = "\n" + " ".repeat(2 * level);
    const kids = [];
    for (let c = node.firstChild; c; ) {
      const next = c.nextSibling;
      if (c.nodeType === Node.TEXT_NODE && !/^\n *$/.test(c.nodeValue)) {
        let s = c.nodeValue;
        if (s.startsWith(inner)) {
          s = s.slice(inner.length);
        }
        const end = next ? inner : outer;
        if (s.endsWith(end)) {
          s = s.slice(0, s.length - end.length);
        }
        if (s !== c.nodeValue) {
          c.nodeValue = s;
        }
        kids.push(c);
      } else if (c.nodeType === Node.ELEMENT_NODE && !c.hasAttribute("data-prerender-only")) {
        kids.push(c);
      } else {
        c.remove();
      }
      c = next;
    }
    field("E" + node.localName);
    field(String(node.attributes.length));
    for (const a of node.attributes) {
      field(a.name);
      field(a.value);
    }
    field(String(kids.length));
    for (const k of kids) {
      walk(k, level + 1);
    }
  };
  walk(root, level);
  return nul ? null : [fields.join("\0") + "\0", nodes];
}
`

// go-app registers its service worker first thing, whose install downloads
// what the page does not need to start (ECharts, the other pages) while the
// page downloads the wasm: on a slow link they share it. start registers the
// worker once the wasm is compiled and running. On a card the card's wasm
// showed, it starts neither: it registers the same worker for the card
// alone (app-worker.js?card, see worker.js), which keeps the card's files
// and not the calculator's, so that the card works offline once seen. A
// worker registered already is kept: the calculator's, which does not hold
// the card's wasm (it would add half to its download), shows a card
// offline through the calculator; the calculator's worker replaces the
// card's without announcing a new version.
const (
	goappStart = "goappInitServiceWorker();\ngoappWatchForUpdate();\ngoappWatchForInstallable();\ngoappInitWebAssembly();\n"
	start      = `goappWatchForUpdate();
goappWatchForInstallable();
// tokenjoule (app/server/appjs.go): the worker once the wasm has downloaded,
// so that its precache does not share the link with the wasm. On a card
// that the card's own wasm showed (web/start.js), neither: the calculator
// loads when the reader asks for it, in its own page.
Promise.resolve(window.tokenjouleCard).then((shown) => shown ? tokenjouleCardWorker() : goappInitWebAssembly().finally(tokenjouleWorker));

// The calculator's worker taking over from the card's is no new version:
// go-app would announce one, so it is registered without go-app's notice.
async function tokenjouleWorker() {
  let reg = null;
  try {
    reg = "serviceWorker" in navigator && (await navigator.serviceWorker.getRegistration());
  } catch (err) {
    // no workers here (a sandboxed frame: see guard.js)
  }
  if (!reg || !reg.active || !reg.active.scriptURL.endsWith("?card")) {
    return goappInitServiceWorker();
  }
  try {
    goappServiceWorkerRegistration = await navigator.serviceWorker.register(%[1]s);
  } catch (err) {
    console.error("tokenjoule: the offline copy could not be registered: ", err);
  }
}

async function tokenjouleCardWorker() {
  if (!("serviceWorker" in navigator)) {
    return;
  }
  try {
    if (!(await navigator.serviceWorker.getRegistration())) {
      await navigator.serviceWorker.register(%[1]s + "?card");
    }
  } catch (err) {
    console.error("tokenjoule: the card's offline copy could not be registered: ", err);
  }
}
`
	// go-app's registration of its worker, up to the worker's URL.
	goappRegister = "await navigator.serviceWorker.register(\n        "
)

// serveAppJS answers r with s.appJS, with the headers, ETag and 304 go-app
// sends for its own app.js.
func (s *Server) serveAppJS(w http.ResponseWriter, r *http.Request) {
	rec := &recorder{header: w.Header()}
	s.App.ServeHTTP(rec, r)
	if rec.code != 0 && rec.code != http.StatusOK {
		w.WriteHeader(rec.code)
		w.Write(rec.body.Bytes())
		return
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(s.appJS)))
	w.Write(s.appJS)
}

// recorder keeps a response's status and body; its headers are the real
// response's.
type recorder struct {
	header http.Header
	code   int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header { return r.header }

func (r *recorder) WriteHeader(code int) {
	if r.code == 0 {
		r.code = code
	}
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.code == 0 {
		r.code = http.StatusOK
	}
	return r.body.Write(b)
}
