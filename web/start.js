// tokenjoule's download of the wasm, first thing: the first script of the
// page's head, before its stylesheets (app/server, FixPage), it runs as soon
// as it has arrived, where web/guard.js waits for them. It is not a
// <link rel=preload>, which could not be stopped, and which WebKit never
// hands to fetch() (it downloaded the wasm twice): where the host sends
// files uncompressed (a plain file server, S3 without metadata), the page
// downloads the gzip copies the build writes beside them instead,
// decompressed in the page (DecompressionStream): the wasm, which app.js
// compiles from what this returns (window.tokenjouleWasm, see
// app/server/appjs.go), and ECharts, which the chart bridge loads through
// tokenjouleLoadScript (app/ui/echarts.go). The service worker does the same
// for its offline copy (app/server/worker.js).
window.tokenjouleStarted = true; // app.js waits for this script, should it run after it
(function () {
  "use strict";

  // As guard.js and go-app's app.js: no app for robots, nor with ?wasm=false.
  var appRuns =
    !/bot|googlebot|crawler|spider|robot|crawling/i.test(navigator.userAgent) &&
    new URLSearchParams(location.search).get("wasm") !== "false";

  // scriptsRaw: whether the host sends scripts as they are (this one told),
  // null when unknown; wasmRaw: the same of the wasm.
  var here = document.currentScript.src;
  var scriptsRaw = typeof DecompressionStream === "function" && typeof AbortController === "function" ? rawHere(here) : false;
  var wasmRaw = scriptsRaw;
  // The one download of the wasm: app.js takes it if it asks for the same
  // URL (app/server/appjs.go); a failure is app.js's to report, when it
  // awaits the response.
  if (appRuns && typeof WebAssembly === "object") {
    var wasmURL = new URL("app.wasm", here).href;
    var download = fetchWasm(wasmURL);
    download.catch(function () {});
    window.tokenjouleWasm = { url: wasmURL, response: download };
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
