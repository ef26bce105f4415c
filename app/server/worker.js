// tokenjoule's service worker, given to go-app as Handler.ServiceWorkerTemplate.
// go-app's stock worker swallows install errors, matches pages by exact URL and
// caches the root of a sub-path site as a redirect, so it does not work offline
// for /?model=… or under /repo/. This one:
//  1. precaches every resource inside event.waitUntil and fails the install
//     loudly when one cannot be fetched, so a broken cache is never activated;
//  2. stores a redirected response as a plain one, which can answer navigations;
//  3. answers a navigation from the cached page with the same path, ignoring
//     the query string and a trailing slash;
//  4. falls back to the cached app shell for any other page when offline;
//  5. where the host sends a file uncompressed, stores the gzip copy the
//     build writes beside it instead, decompressed, as web/start.js does
//     for the page's own download of the wasm.
// Registered as app-worker.js?card by a card the card's wasm showed
// (app/server/appjs.go), it keeps what the card embeds need (their pages,
// scripts, styles and the card's wasm, beside start.js), not the
// calculator's wasm, ECharts, the other pages or the installed app's large
// icon (a card is never installed, and every byte of its precache is part
// of the card's first view), in a cache of its own: the calculator's worker
// replaces it once the calculator runs.
const forCard = new URL(self.location.href).searchParams.has("card");
const cacheName = "tokenjoule-{{.Version}}" + (forCard ? "-card" : "");
const resourcesToCache = forCard ? cardFiles({{.ResourcesToCache}}) : {{.ResourcesToCache}};

function cardFiles(all) {
  const start = all.find((url) => url.endsWith("/web/start.js"));
  return all.filter(cardNeeds).concat(start ? [start.replace(/start\.js$/, "card.wasm")] : []);
}

function cardNeeds(url) {
  const path = new URL(url, self.location.href).pathname;
  if (!/\.[a-z0-9]+$/i.test(path)) {
    return /\/embed(\/plan|\/compare)?\/?$/.test(path);
  }
  return !/\/(app\.wasm|echarts\.min\.js|icon-512\.png)$/.test(path);
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(cacheName);
      const tags = await readerLanguages();
      for (const url of resourcesToCache) {
        const tag = catalogueOf(url);
        if (tag && !tags.has(tag)) {
          continue;
        }
        const res = await download(url);
        if (!res.ok) {
          throw new Error(`precaching ${url} failed: HTTP ${res.status}`);
        }
        await cache.put(url, res.redirected ? await unredirect(res) : res);
      }
      await self.skipWaiting();
    })().catch(async (err) => {
      // No half-filled cache is kept, and the open pages are told: the worker's
      // own console is not where anyone looks.
      await caches.delete(cacheName);
      const msg = `tokenjoule: the offline copy could not be installed: ${err.message}`;
      console.error(msg);
      for (const client of await self.clients.matchAll({ includeUncontrolled: true })) {
        client.postMessage({ type: "tokenjoule:offline-failed", message: msg });
      }
      throw err;
    })
  );
});

// catalogueOf is the language whose words url holds (web/lang-<tag>.txt,
// see data/lang), or "" for another file.
function catalogueOf(url) {
  const m = /\/web\/lang-([a-z]+)\.txt$/.exec(new URL(url, self.location.href).pathname);
  return m ? m[1] : "";
}

// readerLanguages are the languages the reader's pages may speak: the
// browser's preferred ones and those the open pages' links ask for (lang=).
// Only their catalogues are kept: a page in another language downloads its
// own, which respond keeps then.
async function readerLanguages() {
  const asked = [...(self.navigator.languages || [])];
  for (const client of await self.clients.matchAll({ includeUncontrolled: true })) {
    asked.push(new URL(client.url).searchParams.get("lang") || "");
  }
  return new Set(asked.map((l) => l.trim().toLowerCase().split(/[-_]/)[0]));
}

// "no-cache": revalidated with the host, so never stale, but a file the page
// has just downloaded comes from the HTTP cache after a 304 (headers only)
// instead of a second download ("reload" fetched the wasm and ECharts twice
// on every first visit).
const revalidate = { cache: "no-cache" };

// The files the build writes a gzip copy of (app/dist, Precompress), by
// extension; pages are fetched by names without one.
const gzipped = /\.(js|css|wasm|json|webmanifest|svg|txt|map|html)$/;

// Set once a file came uncompressed from the host: the others are then asked
// for as their gzip copies first. Hosts that compress may leave small files
// as they are: only a file of more than rawMin bytes tells.
let hostSendsRaw = false;
const rawMin = 4096;

// download fetches url for the cache: as the host sends it, unless the host
// sends it uncompressed and it has a gzip copy, which is then downloaded
// instead and stored decompressed (marked Tokenjoule-Decompressed, which
// tells web/start.js that the file it gets was decompressed already). What
// the page has just downloaded is taken from the HTTP cache as it is.
async function download(url) {
  if (typeof DecompressionStream !== "function") {
    return fetch(url, revalidate);
  }
  const path = new URL(url, self.location.href).pathname;
  const page = !/\.[a-z0-9]+$/i.test(path); // a page, by a name without an extension
  if (!page && !gzipped.test(path)) {
    return fetch(url, revalidate); // no gzip copy (an image)
  }
  const file = page ? pageFile(path) : url;
  // What the page has downloaded: the gzip copy (web/start.js took it), or
  // the file itself, which tells whether the host compresses.
  if (await cached(file + ".gz")) {
    return (await fromGzip(url, file, null)) || fetch(url, revalidate);
  }
  if (await cached(url)) {
    const res = await fetch(url, revalidate);
    hostSendsRaw = hostSendsRaw || (!page && sentRaw(res));
    return res;
  }
  if (hostSendsRaw) {
    return (await fromGzip(url, file, null)) || fetch(url, revalidate);
  }
  // Pages, small and last in the list, are not tried.
  if (page) {
    return fetch(url, revalidate);
  }
  const stop = new AbortController();
  const res = await fetch(url, { ...revalidate, signal: stop.signal });
  if (!sentRaw(res)) {
    return res;
  }
  hostSendsRaw = true;
  stop.abort();
  return (await fromGzip(url, file, res.headers.get("Content-Type"))) || fetch(url, revalidate);
}

// sentRaw tells whether the host sent res, a file with a gzip copy, as it
// is, and large enough that a host that compresses would have compressed it.
function sentRaw(res) {
  const size = Number(res.headers.get("Content-Length"));
  return res.ok && !res.redirected && !res.headers.get("Content-Encoding") && size > rawMin;
}

// pageFile is the file the build writes for a page's path: /compare is
// compare.html, /embed/ embed/index.html.
function pageFile(path) {
  return path.endsWith("/") ? path + "index.html" : path + ".html";
}

// cached tells whether the HTTP cache holds url, without asking the host.
async function cached(url) {
  try {
    const res = await fetch(url, { cache: "only-if-cached", mode: "same-origin" });
    if (res.body) {
      res.body.cancel();
    }
    return res.ok;
  } catch (err) {
    return false;
  }
}

// fromGzip is the gzip copy of file (url's file) as a response for url of
// type ctype (the file's own, by its extension, when null), or null where
// there is none. A host may send the copy with Content-Encoding: gzip,
// decoded by the browser already: the first bytes tell.
async function fromGzip(url, file, ctype) {
  const gz = await fetch(file + ".gz", revalidate);
  if (!gz.ok || !gz.body) {
    return null;
  }
  const reader = gz.body.getReader();
  const first = await reader.read();
  const head = first.value || new Uint8Array(0);
  let body = new ReadableStream({
    start(c) {
      first.done ? c.close() : c.enqueue(head);
    },
    async pull(c) {
      const r = await reader.read();
      r.done ? c.close() : c.enqueue(r.value);
    },
    cancel(why) {
      return reader.cancel(why);
    },
  });
  if (head[0] === 0x1f && head[1] === 0x8b) {
    body = body.pipeThrough(new DecompressionStream("gzip"));
  }
  const headers = new Headers(gz.headers);
  for (const h of ["Content-Encoding", "Content-Length", "Content-Type", "ETag", "Last-Modified"]) {
    headers.delete(h);
  }
  headers.set("Content-Type", ctype || typeOf(new URL(file, self.location.href).pathname));
  headers.set("Tokenjoule-Decompressed", "gzip");
  return new Response(body, { status: 200, headers });
}

// typeOf is the type of the files the build writes a gzip copy of.
function typeOf(path) {
  const ext = path.slice(path.lastIndexOf(".") + 1);
  return {
    js: "text/javascript",
    css: "text/css",
    wasm: "application/wasm",
    json: "application/json",
    webmanifest: "application/manifest+json",
    svg: "image/svg+xml",
    txt: "text/plain",
    map: "application/json",
    html: "text/html; charset=utf-8",
  }[ext];
}

// A response that followed a redirect may not answer a navigation; a copy may.
async function unredirect(res) {
  return new Response(await res.blob(), {
    status: res.status,
    statusText: res.statusText,
    headers: res.headers,
  });
}

// No clients.claim(): a page opened before the first install stays
// uncontrolled (its next load is served from the cache), so that a worker
// only ever takes over a page from an older worker. go-app announces a new
// version when a worker activates while the page has a controller: claiming
// the first visit's page would announce one on every first visit.
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key !== cacheName) {
          await caches.delete(key);
        }
      }
    })()
  );
});

// base is the site's path, "" at a host's root: the scope is "/repo" or
// "/repo/" under a sub-path (see web/guard.js).
const base = pathKey(self.registration.scope).replace(/\/$/, "");

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  // The scope "/repo" also matches "/repository": leave other sites alone.
  const ours = url.pathname === base || url.pathname.startsWith(base + "/");
  if (req.method !== "GET" || url.origin !== self.location.origin || !ours) {
    return;
  }
  event.respondWith(respond(req));
});

// pathKey is a URL's path without its trailing slash: /repo, /repo/ and
// /repo/?q all name the same page.
function pathKey(url) {
  const p = new URL(url, self.location.href).pathname;
  return p.length > 1 && p.endsWith("/") ? p.slice(0, -1) : p;
}

async function respond(req) {
  const cache = await caches.open(cacheName);
  const hit = await cache.match(req, { ignoreSearch: req.mode === "navigate" });
  if (hit) {
    return hit;
  }
  if (req.mode !== "navigate") {
    const res = await fetch(req);
    if (res.ok && catalogueOf(req.url) && resourcesToCache.some((u) => catalogueOf(u) === catalogueOf(req.url))) {
      await cache.put(req.url, res.clone());
    }
    return res;
  }
  const key = pathKey(req.url);
  const page = resourcesToCache.find((u) => pathKey(u) === key);
  if (page) {
    return (await cache.match(page)) || fetch(req);
  }
  try {
    return await fetch(req);
  } catch (err) {
    // Offline on a page that was never cached: the app shell routes it.
    const shell = resourcesToCache.find((u) => pathKey(u) === pathKey(self.registration.scope));
    const res = shell && (await cache.match(shell));
    if (res) {
      return res;
    }
    throw err;
  }
}
