// tokenjoule's download of the wasm, first thing: the first script of the
// page's head, before its stylesheets (app/server, FixPage), it runs as soon
// as it has arrived, where web/guard.js waits for them. It is not a
// <link rel=preload>, which could not be stopped, and which WebKit never
// hands to fetch() (it downloaded the wasm twice): where the host sends
// files uncompressed (a plain file server, S3 without metadata), the page
// downloads the gzip copies the build writes beside them instead,
// decompressed in the page (DecompressionStream): the wasm, which app.js
// instantiates from what this hands it (window.tokenjouleWasm, see
// app/server/appjs.go), and ECharts, which the chart bridge loads through
// tokenjouleLoadScript (app/ui/echarts.go). The service worker does the same
// for its offline copy (app/server/worker.js).
//
// The wasm is downloaded and compiled by this same script run as a worker
// (see compileOffThread): compiled on the page's own thread, the 9 MB
// module blocked it for two tasks of 130 to 260 ms each.
if (typeof window !== "undefined") {
  window.tokenjouleStarted = true; // app.js waits for this script, should it run after it
}
(function () {
  "use strict";

  // wasmRaw: whether the host sends the wasm as it is, null when unknown
  // (see rawHere); the page tells the worker.
  var wasmRaw = null;

  if (typeof window === "undefined") {
    // The worker: compile the wasm at the URL the page sends, post the
    // module back (or why not), with the bytes downloaded as they come.
    self.onmessage = function (e) {
      wasmRaw = e.data.raw;
      fetchWasm(e.data.url)
        .then(function (res) {
          if (!res.ok) {
            throw new Error(e.data.url + ": " + res.status + " " + res.statusText);
          }
          count(res.clone().body, function (loaded) {
            self.postMessage({ loaded: loaded });
          });
          // The response itself, which has a URL: chromium caches the
          // code compiled from it.
          return WebAssembly.compileStreaming(res).then(function (module) {
            // How many times this worker asked for the wasm (or its gzip
            // copy): once, unless the host's answer said it does not
            // compress; and when it asked and had it all, in ms since 1970
            // (the page's timeline has no worker's requests).
            var asked = performance.getEntriesByType("resource").filter(function (r) {
              return r.name.split("?")[0].replace(/\.gz$/, "") === e.data.url;
            });
            var last = asked[asked.length - 1];
            var fetched = last && [performance.timeOrigin + last.startTime, performance.timeOrigin + last.responseEnd];
            return { module: module, url: res.url, decompressed: res.headers.get("Tokenjoule-Decompressed") || "", requests: asked.length, fetched: fetched };
          });
        })
        .then(
          function (compiled) {
            self.postMessage(compiled);
          },
          function (err) {
            self.postMessage({ error: String(err) });
          }
        );
    };
    return;
  }

  // As guard.js and go-app's app.js: no app for robots, nor with ?wasm=false.
  var appRuns =
    !/bot|googlebot|crawler|spider|robot|crawling/i.test(navigator.userAgent) &&
    new URLSearchParams(location.search).get("wasm") !== "false";

  // scriptsRaw: whether the host sends scripts as they are (this one told),
  // null when unknown.
  var here = document.currentScript.src;
  // The languages the site speaks (data/lang's, which app/server names).
  var spoken = (document.currentScript.getAttribute("data-langs") || "en").split(" ");
  var comingNames = (document.currentScript.getAttribute("data-coming") || "").split("|");
  var scriptsRaw = typeof DecompressionStream === "function" && typeof AbortController === "function" ? rawHere(here) : false;
  wasmRaw = scriptsRaw;
  // The one download of the wasm: app.js takes it if it asks for the same
  // URL (app/server/appjs.go), as a compiled module where a worker could
  // compile it, else as a response to compile; a failure is app.js's to
  // report, when it awaits it. app.js sets wasm.progress to show the bytes
  // downloaded so far.
  // A card (layout=card of /embed, /embed/plan or /embed/compare) is shown
  // by the card's own small wasm (wasm/card), not by the calculator: app.js
  // starts the calculator only if that wasm could not show it, or for the
  // compare card's bars (window.tokenjouleCard resolves to false; see
  // app/server/appjs.go).
  var card = appRuns && typeof WebAssembly === "object" ? isCard() : "";
  if (card) {
    window.tokenjouleCard = runCard(new URL("card.wasm", here).href);
  }
  // Where the calculator draws part of the card, its download starts now
  // too, beside the card's.
  if (appRuns && card !== "alone" && typeof WebAssembly === "object") {
    var wasmURL = new URL("app.wasm", here).href;
    var wasm = { url: wasmURL };
    var progress = function (loaded) {
      if (wasm.progress) {
        wasm.progress(loaded);
      }
    };
    // The download again, should the worker fail, counted as it comes.
    wasm.fetch = function () {
      return fetchWasm(wasmURL).then(function (res) {
        if (res.ok && res.body) {
          count(res.clone().body, progress);
        }
        return res;
      });
    };
    wasm.module = compileOffThread(wasm, progress);
    if (wasm.module) {
      wasm.module.catch(function () {});
    } else {
      wasm.response = wasm.fetch();
      wasm.response.catch(function () {});
    }
    window.tokenjouleWasm = wasm;
  }

  // tokenjouleCatalogue(tag) resolves to the text of a language's catalogue
  // (web/lang-<tag>.txt, see data/lang), each downloaded once: the wasm
  // holds English alone (app/catalogue). The language the page will speak
  // is downloaded now, beside the wasm, so that it is at hand when the
  // wasm starts (tokenjouleCatalogue.first).
  var catalogues = {};
  window.tokenjouleCatalogue = function (tag) {
    if (!catalogues[tag]) {
      var url = new URL("lang-" + tag + ".txt", here).href;
      catalogues[tag] = (scriptsRaw ? fromGzip(url, "text/plain; charset=utf-8") : Promise.resolve(null))
        .then(function (res) {
          return res || fetch(url);
        })
        .then(function (res) {
          if (!res.ok) {
            throw new Error(url + ": " + res.status + " " + res.statusText);
          }
          return res.text();
        });
      catalogues[tag].catch(function () {
        delete catalogues[tag];
      });
    }
    return catalogues[tag];
  };
  // The prerendered page is English: until the app speaks the reader's
  // language, it says which is coming (html[data-lang-coming], which
  // style.css shows).
  if (appRuns) {
    var tag = pageLanguage();
    if (tag !== "en") {
      window.tokenjouleCatalogue.first = { tag: tag, text: window.tokenjouleCatalogue(tag) };
      window.tokenjouleCatalogue.first.text.catch(function () {});
      document.documentElement.setAttribute("data-lang-coming", comingNames[spoken.indexOf(tag)] || "");
    }
  }

  // pageLanguage is the language the page will speak, as app/state chooses
  // it: the link's lang= when the site speaks it, else the first of the
  // browser's preferred languages it speaks, else English.
  function pageLanguage() {
    var asked = [new URLSearchParams(location.search).get("lang") || ""].concat(navigator.languages || []);
    for (var i = 0; i < asked.length; i++) {
      var tag = asked[i].trim().toLowerCase().split(/[-_]/)[0];
      if (spoken.indexOf(tag) >= 0) {
        return tag;
      }
    }
    return "en";
  }

  // isCard tells whether the page is a card that the card's wasm shows
  // under any name a static host serves it by: "alone" for the layout card
  // of /embed or /embed/plan, "first" for that of /embed/compare and the
  // chart layout of /embed and /embed/plan, whose bars and chart the
  // calculator then draws;
  // "" for another page.
  function isCard() {
    var path = location.pathname.replace(/\/index\.html$/, "").replace(/\.html$/, "").replace(/\/+$/, "");
    var layout = (new URLSearchParams(location.search).get("layout") || "").trim().toLowerCase();
    if (layout === "card" && /\/embed(\/plan)?$/.test(path)) {
      return "alone";
    }
    return (layout === "card" && /\/embed\/compare$/.test(path)) || (layout === "chart" && /\/embed(\/plan)?$/.test(path)) ? "first" : "";
  }

  // runCard downloads and compiles the card's wasm at url as the page is
  // parsed (in a worker, see compileOffThread), runs it once the page is (with wasm_exec.js's Go, a deferred
  // script), and resolves to whether it showed the card (it calls
  // tokenjouleCardDone), marked "tokenjoule-card-shown" on the page's
  // timeline; to false where it could not run.
  function runCard(url) {
    // Compiled off the page's thread where a worker can (as the
    // calculator's), else here.
    var module =
      compileOffThread({ url: url }, function () {}) ||
      fetchWasm(url).then(function (res) {
        if (!res.ok) {
          throw new Error(url + ": " + res.status);
        }
        return WebAssembly.compileStreaming(res);
      });
    module.catch(function () {});
    var parsed = new Promise(function (resolve) {
      if (document.readyState === "loading") {
        document.addEventListener("DOMContentLoaded", resolve);
      } else {
        resolve();
      }
    });
    return Promise.all([module, parsed])
      .then(function (got) {
        return new Promise(function (resolve, reject) {
          // shown: the card is on the page; more: the calculator must
          // still draw part of it (the compare card's bars).
          window.tokenjouleCardDone = function (shown, more) {
            window.tokenjouleCardDone = undefined;
            if (shown) {
              performance.mark("tokenjoule-card-shown");
            }
            resolve(shown && !more);
          };
          var go = new Go();
          WebAssembly.instantiate(got[0], go.importObject).then(function (instance) {
            go.run(instance).catch(reject);
          }, reject);
        });
      })
      .catch(function () {
        return false;
      });
  }

  // compileOffThread starts a worker (this script) that downloads and
  // compiles the wasm of wasm.url, and returns the module it posts back (or
  // rejects with why it could not), marked "tokenjoule-wasm-compiled" on the
  // page's timeline with the URL of the response it was compiled from, how
  // it was decompressed and how many requests the worker made for it; it
  // calls progress with the bytes downloaded so far. It returns null where
  // the page can run no such worker: a frame sandboxed without
  // allow-same-origin (whose opaque origin the policy's worker-src 'self'
  // does not match), or no Worker at all.
  function compileOffThread(wasm, progress) {
    if (self.origin === "null" || typeof Worker !== "function") {
      return null;
    }
    var worker;
    try {
      worker = new Worker(here);
    } catch (err) {
      return null;
    }
    var module = new Promise(function (resolve, reject) {
      worker.onmessage = function (e) {
        if ("loaded" in e.data) {
          progress(e.data.loaded);
          return;
        }
        // Chromium would cache the code V8 optimizes for the module from
        // this worker's thread, but kept, the worker cost 41 MB for 55 ms
        // on a return visit after use, in chromium only.
        worker.terminate();
        if (e.data.module) {
          // For tools (app/bench, app/e2e): where the module came from.
          try {
            performance.mark("tokenjoule-wasm-compiled", {
              detail: {
                url: e.data.url,
                decompressed: e.data.decompressed,
                requests: e.data.requests,
                worker: true,
                fetched: e.data.fetched && e.data.fetched.map(function (t) {
                  return t - performance.timeOrigin;
                }),
              },
            });
          } catch (err) {
            // no marks with details here
          }
          resolve(e.data.module);
        } else {
          reject(new Error(e.data.error));
        }
      };
      var failed = function (e) {
        e.preventDefault();
        worker.terminate();
        reject(new Error("the worker compiling " + wasm.url + " failed: " + (e.message || e.type)));
      };
      worker.onerror = failed;
      worker.onmessageerror = failed;
    });
    // The worker starts its download when this reaches it: once the page's
    // thread has parsed the page, near its first paint. Started at once
    // (told by its URL's fragment), it had the module on the page sooner,
    // but the download then took CPU from the first paint, which came up to
    // 40 ms later (make bench, with -versus for before and after), as late
    // with the compilation held until after that paint.
    worker.postMessage({ url: wasm.url, raw: wasmRaw });
    return module;
  }

  // count reads body, a copy of the download, and tells how many bytes have
  // come, every 256 KB and at the end.
  function count(body, tell) {
    var reader = body.getReader();
    var loaded = 0;
    var told = 0;
    var next = function () {
      return reader.read().then(function (r) {
        if (r.done) {
          tell(loaded);
          return;
        }
        loaded += r.value.byteLength;
        if (loaded - told >= 256 << 10) {
          told = loaded;
          tell(loaded);
        }
        return next();
      });
    };
    next().catch(function () {});
  }

  // rawHere tells from its Resource Timing whether this script came from the
  // host as it is (as many bytes encoded as decoded), unless the page is the
  // service worker's (whose copies are decoded): null when it cannot tell
  // (an opaque origin sees no sizes).
  function rawHere(url) {
    try {
      if (navigator.serviceWorker.controller) {
        return null;
      }
    } catch (err) {
      // no workers here (a sandboxed frame: see guard.js)
    }
    var e = performance.getEntriesByName ? performance.getEntriesByName(url)[0] : null;
    return e && e.encodedBodySize > 4096 && e.encodedBodySize === e.decodedBodySize ? true : null;
  }

  // fetchWasm resolves to the response app.js compiles the wasm from: the
  // host's own (compressed on the wire, or from the service worker's cache)
  // where possible, as it has a URL and chromium then caches the compiled
  // code; else one made of the gzip copy, decompressed as it arrives, so
  // that compilation still streams. Where this script came uncompressed,
  // the gzip copy is asked for at once; else the wasm, whose download stops
  // as soon as its headers say it is uncompressed. With no gzip copy
  // (tokenjoule serve), the file itself.
  function fetchWasm(url) {
    if (wasmRaw === false) {
      return fetch(url);
    }
    if (wasmRaw) {
      return fromGzip(url, "application/wasm").then(function (res) {
        return res || fetch(url);
      });
    }
    var download = new AbortController();
    return fetch(url, { signal: download.signal }).then(function (res) {
      var h = res.headers;
      wasmRaw = res.ok && !h.get("Content-Encoding") && !h.get("Tokenjoule-Decompressed");
      if (!wasmRaw) {
        return res;
      }
      download.abort();
      return fromGzip(url, "application/wasm").then(function (gz) {
        return gz || fetch(url);
      });
    });
  }

  // fromGzip resolves to url's gzip copy as a response of type ctype that
  // holds the file it compresses, or to null where there is none.
  function fromGzip(url, ctype) {
    return fetch(url + ".gz").then(
      function (gz) {
        return gz.ok && gz.body ? gunzip(gz, ctype) : null;
      },
      function () {
        return null;
      }
    );
  }

  // tokenjouleLoadScript adds the script at src to the page and calls done
  // with its load or error event once it has run or failed
  // (app/ui/echarts.go loads ECharts with it).
  // Where the host sends scripts uncompressed, the script is its gzip copy,
  // decompressed, from a blob: URL; where that is refused (a CSP without
  // blob:, which such a host rarely sends), src itself.
  window.tokenjouleLoadScript = function (src, done) {
    var add = function (url, failed) {
      var script = document.createElement("script");
      script.src = url;
      script.addEventListener("load", done);
      script.addEventListener("error", function (ev) {
        if (failed) {
          script.remove();
          failed();
        } else {
          done(ev);
        }
      });
      document.head.appendChild(script);
    };
    if (!scriptsRaw) {
      add(src);
      return;
    }
    fromGzip(src, "text/javascript")
      .then(function (res) {
        return res ? res.blob() : null;
      })
      .then(
        function (blob) {
          if (!blob) {
            add(src);
            return;
          }
          var url = URL.createObjectURL(blob);
          add(url, function () {
            URL.revokeObjectURL(url);
            add(src);
          });
        },
        function () {
          add(src);
        }
      );
  };

  // gunzip is res, a gzip file, as a response of type ctype that holds the
  // file it compresses. A host may send the copy with Content-Encoding: gzip,
  // which the browser decodes itself: the first bytes tell.
  function gunzip(res, ctype) {
    var reader = res.body.getReader();
    return reader.read().then(function (first) {
      var head = first.value || new Uint8Array(0);
      var body = new ReadableStream({
        start: function (c) {
          if (first.done) {
            c.close();
          } else {
            c.enqueue(head);
          }
        },
        pull: function (c) {
          return reader.read().then(function (r) {
            if (r.done) {
              c.close();
            } else {
              c.enqueue(r.value);
            }
          });
        },
        cancel: function (why) {
          return reader.cancel(why);
        },
      });
      if (head[0] === 0x1f && head[1] === 0x8b) {
        body = body.pipeThrough(new DecompressionStream("gzip"));
      }
      return new Response(body, { headers: { "Content-Type": ctype, "Tokenjoule-Decompressed": "gzip" } });
    });
  }

})();
