// tokenjoule's only script besides go-app's and ECharts: what must be in place
// before go-app starts, to adapt it to where the page runs.
//  1. Storage: in an iframe sandboxed with allow-scripts but without
//     allow-same-origin, reading localStorage or navigator.serviceWorker
//     throws a SecurityError; go-app's engine reads localStorage as it starts
//     and dies. There the app gets an in-memory stand-in (forgotten on
//     reload) and no service worker (no offline copy).
//  2. Under a sub-path, the worker's scope "/repo" rather than "/repo/" where
//     the host allows it, so that "/repo" opens offline too.
//  3. An update that took over before go-app listened is still announced.
//  4. The worker's report of a failed offline install reaches the console.
//  5. Before the app runs, the prerendered page shows no figures that answer
//     another question than the link's (see app/ui/prestart.go); where the
//     app cannot start, the page shows what it shows without JavaScript.
//  6. In a frame, the page links no manifest: a framed page is never
//     installed, and a sandboxed frame could not read it (opaque origin).
//  7. Static hosts serve a page under other names than its own (/index.html,
//     /embed.html, /embed/index.html, doubled slashes): the page takes its
//     own name before the app starts, which routes only those (see
//     app/ui/routes.go).
//  8. An embed's theme=light or theme=dark (app/state, ParamTheme) sets its
//     colours before anything is painted: html[data-theme], which style.css
//     and the charts (app/ui/chartview.go) follow rather than the system's.
//  9. The inputs work from the first paint: the prerendered page disables
//     them for a reader without JavaScript (data-nojs-disabled), and this
//     enables them where the app is to run; what a reader does with them
//     before it runs (a model picked, a deadline typed or slid, a button
//     pressed, a disclosure opened) is noted, and done again once it runs
//     (tokenjouleEarly, which app/ui calls as the page is mounted).
//
// It must run before go-app: the handler lists it as a plain (blocking)
// script, which runs while the head is parsed, before the deferred
// wasm_exec.js and app.js, and before the body is parsed and painted. Where
// storage and service workers work as usual, the site is at a host's root
// and the link has no query, it only adds two listeners and a class.
// (The wasm's download starts in web/start.js, which need not wait.)
(function () {
  "use strict";

  // The app runs unless JavaScript is off (then none of this runs either)
  // or app.js skips the wasm: for robots, and for ?wasm=false (the same test
  // as go-app's goappCanLoadWebAssembly). Without the class js, the page
  // says it needs JavaScript, and hides the chart boxes and the loader.
  var query = location.search.slice(1);
  var appRuns =
    !/bot|googlebot|crawler|spider|robot|crawling/i.test(navigator.userAgent) &&
    new URLSearchParams(query).get("wasm") !== "false";
  var root = document.documentElement;
  if (appRuns) {
    root.classList.add("js");
    ownName(new URL(document.currentScript.src).pathname.replace(/\/web\/guard\.js$/, ""));
  }
  var theme = (new URLSearchParams(query).get("theme") || "").trim().toLowerCase();
  if (theme === "light" || theme === "dark") {
    root.setAttribute("data-theme", theme);
  }

  // ownName gives the page, at base ("" or "/repo"), its own name: doubled
  // slashes single, without index.html, and without .html.
  function ownName(base) {
    var path = location.pathname;
    if (path.slice(0, base.length) !== base) {
      return;
    }
    var rel = path.slice(base.length);
    var own = rel.replace(/\/\/+/g, "/").replace(/\/index\.html$/, "/").replace(/\.html$/, "");
    if (own !== rel) {
      history.replaceState(history.state, "", base + own + location.search + location.hash);
    }
  }

  // Where the wasm cannot load (blocked, missing, or no WebAssembly), app.js
  // stops the loader's spin and writes the error into its label: the page
  // then says, as without JavaScript, that it cannot calculate, and which
  // question its figures answer. The app marks html with mounted once it runs.
  if (appRuns) {
    var failure = new MutationObserver(function () {
      var icon = document.getElementById("app-wasm-loader-icon");
      var failed = icon !== null && !icon.classList.contains("goapp-spin");
      if (failed) {
        root.classList.remove("js", "tj-pending");
      }
      if (failed || root.classList.contains("mounted")) {
        failure.disconnect();
      }
    });
    failure.observe(root, { attributes: true, attributeFilter: ["class"], subtree: true });
  }

  // The inputs disabled for a reader without JavaScript are enabled as the
  // parser inserts them (mutation records are delivered before the next
  // paint), and disabled again where the app cannot start.
  if (appRuns) {
    var enabled = [];
    var enable = function () {
      var els = document.querySelectorAll("[data-nojs-disabled]");
      for (var i = 0; i < els.length; i++) {
        els[i].disabled = false;
        els[i].removeAttribute("data-nojs-disabled");
        enabled.push(els[i]);
      }
    };
    var parsing = new MutationObserver(enable);
    parsing.observe(root, { childList: true, subtree: true });
    document.addEventListener("DOMContentLoaded", function () {
      enable();
      parsing.disconnect();
    });
    new MutationObserver(function (records, self) {
      if (root.classList.contains("mounted")) {
        self.disconnect();
      } else if (!root.classList.contains("js")) {
        self.disconnect();
        enabled.forEach(function (el) {
          el.disabled = true;
        });
      }
    }).observe(root, { attributes: true, attributeFilter: ["class"] });
  }

  // What a reader does with the inputs before the app runs is noted: for
  // each control (by id), its last change of each kind, in the order made,
  // with the value it left; and the control that had the focus.
  // tokenjouleEarly, called once the app's handlers are in place, stops
  // noting and does it all again through them (the app may have built the
  // page anew, or set the controls back to the link's values), gives the
  // focus back, and tells how many it did.
  if (appRuns) {
    var early = [];
    var focused = "";
    var kinds = { input: "input, select, textarea", change: "input, select, textarea", click: "button", toggle: "details" };
    var note = function (e) {
      var el = e.target;
      if (root.classList.contains("mounted") || document.querySelector("main[data-mounted]")) {
        stop(); // an app that does not ask for them (go-app's alone)
        return;
      }
      if (!(el instanceof Element) || !el.id || !el.matches(kinds[e.type]) || !el.closest("main")) {
        return;
      }
      early = early.filter(function (x) {
        return x.id !== el.id || x.type !== e.type;
      });
      early.push({ id: el.id, type: e.type, value: el.value, open: el.open });
      // The app sees it once, when it is done again: not from the
      // handlers of a page it is adopting (see app/ui/start.go).
      e.stopImmediatePropagation();
    };
    var noteFocus = function (e) {
      focused = e.target instanceof Element && e.target.closest("main") ? e.target.id : "";
    };
    Object.keys(kinds).forEach(function (type) {
      window.addEventListener(type, note, true);
    });
    window.addEventListener("focusin", noteFocus, true);
    var stop = function () {
      Object.keys(kinds).forEach(function (type) {
        window.removeEventListener(type, note, true);
      });
      window.removeEventListener("focusin", noteFocus, true);
      window.tokenjouleEarly = function () {
        return 0;
      };
    };
    // How many are noted, without doing them: the app binds the whole page
    // first where some are (app/ui/start.go).
    var noted = function () {
      return early.length;
    };
    window.tokenjouleEarly = function () {
      stop();
      var done = early;
      early = [];
      done.forEach(function (x) {
        var el = document.getElementById(x.id);
        if (!el) {
          return;
        }
        if (x.type === "click") {
          el.click();
          return;
        }
        if (x.type === "toggle") {
          el.open = x.open;
        } else {
          el.value = x.value;
        }
        el.dispatchEvent(new Event(x.type, { bubbles: x.type !== "toggle" }));
      });
      var el = focused && document.getElementById(focused);
      if (el && el !== document.activeElement) {
        el.focus();
      }
      return done.length;
    };
    window.tokenjouleEarly.noted = noted;
  }

  // The prerendered main element names the query its figures answer
  // (data-query, a digest of it): the request's with tokenjoule serve, none
  // on a static host, which serves the same page for every query. Until
  // the body is parsed, a link with a query counts as another question
  // (html.tj-pending hides the figures); once main is parsed, a match shows
  // them again. #pending then shows the link's own parameters, as text.
  if (appRuns && query !== "") {
    root.classList.add("tj-pending");
    var matched = false;
    var filled = false;
    var watch = function () {
      var main = document.querySelector("main.prerendered");
      if (main && !matched) {
        matched = true;
        if (main.dataset.query === digest(query)) {
          root.classList.remove("tj-pending");
        }
      }
      var question = document.getElementById("pending-question");
      if (question && !filled) {
        filled = true;
        var names = null;
        try {
          names = JSON.parse(unescapeQuery(question.parentElement.dataset.names || ""));
        } catch (err) {
          names = null;
        }
        question.textContent = describe(new URLSearchParams(query), question.closest("main.compare") !== null, names || {});
      }
      if (matched && filled) {
        observer.disconnect();
      }
    };
    // Mutation records are delivered before the next paint.
    var observer = new MutationObserver(watch);
    observer.observe(root, { childList: true, subtree: true });
    document.addEventListener("DOMContentLoaded", function () {
      watch();
      observer.disconnect();
    });
  }

  // digest is the 32-bit FNV-1a hash of a string's UTF-16 code units, in
  // hex, as app/ui/prestart.go's queryDigest writes it into data-query.
  function digest(s) {
    var h = 0x811c9dc5;
    for (var i = 0; i < s.length; i++) {
      h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
    }
    return ("0000000" + h.toString(16)).slice(-8);
  }

  // unescapeQuery undoes Go's url.QueryEscape, as the page's table of
  // names is written (#pending's data-names); null for a malformed value.
  function unescapeQuery(s) {
    try {
      return decodeURIComponent(s.replace(/\+/g, " "));
    } catch (err) {
      return null;
    }
  }

  // describe is a link's question in the page's words: the parameters the
  // calculator reads, each value by the name the page gives it (table, the
  // page's names by parameter and lower-case id: "Reasoning" for a workload,
  // "GPT OSS 20B" for a model), or as the link has it, cut to 40 characters,
  // as the app's notices quote values (data.MaxQuoted). The compare page
  // ranks every model of the workload and highlights the link's.
  function describe(params, compare, table) {
    var names = [
      ["task", compare ? "every model of" : "the workload"],
      ["model", compare ? "highlighted model" : "the model"],
      ["gpu", "GPU"],
      ["deadline", /^text-to-/.test(params.get("task") || "") ? "generation-time deadline" : "ITL deadline"],
      ["p", "percentile"],
      ["tokens", "output tokens"],
      ["images", "images"],
      ["videos", "videos"],
      ["rate", "average traffic"],
      ["peak", "peak over average"],
      ["idle_w", "idle power of a GPU (W)"],
      ["boundary", "boundary"],
      ["host", "host share"],
      ["idle", "idle share"],
      ["pue", "PUE"],
      ["grid", "grid carbon intensity"],
      ["wue", "WUE"],
      ["price", "price per kWh"],
      ["cur", "currency"],
      ["budget", "budget"],
    ];
    var parts = [];
    for (var i = 0; i < names.length; i++) {
      var param = names[i][0];
      var v = params.get(param);
      if (v === null || v === "") {
        continue;
      }
      var known = table[param] && Object.prototype.hasOwnProperty.call(table[param], v.trim().toLowerCase())
        ? table[param][v.trim().toLowerCase()]
        : null;
      if (known === null) {
        v = v.length > 40 ? v.slice(0, 40) + "…" : v;
      } else {
        v = known;
      }
      parts.push(names[i][1] + " " + v);
    }
    return parts.length > 0 ? "This link asks for " + parts.join(", ") + "." : "";
  }

  // The manifest link precedes this script in the head.
  if (window.self !== window.top) {
    var manifest = document.querySelector('link[rel="manifest"]');
    if (manifest) {
      manifest.remove();
    }
  }

  // A Storage with the methods go-app calls, kept in memory.
  function memoryStorage() {
    const items = new Map();
    return {
      get length() {
        return items.size;
      },
      key(i) {
        const keys = Array.from(items.keys());
        return i >= 0 && i < keys.length ? keys[i] : null;
      },
      getItem(k) {
        k = String(k);
        return items.has(k) ? items.get(k) : null;
      },
      setItem(k, v) {
        items.set(String(k), String(v));
      },
      removeItem(k) {
        items.delete(String(k));
      },
      clear() {
        items.clear();
      },
    };
  }

  for (const name of ["localStorage", "sessionStorage"]) {
    try {
      window[name].getItem("tokenjoule");
    } catch (err) {
      Object.defineProperty(window, name, {
        value: memoryStorage(),
        configurable: true,
        enumerable: true,
      });
    }
  }

  // app.js registers its worker only if ("serviceWorker" in navigator):
  // without the getter it skips registration silently, as in a browser
  // without service workers. A document of an opaque origin (a sandboxed
  // frame) can register none: chromium throws as it is read, Firefox only
  // refuses the registration, with an error on the console.
  try {
    if (window.origin === "null") {
      throw new Error("opaque origin");
    }
    void navigator.serviceWorker;
  } catch (err) {
    delete Navigator.prototype.serviceWorker;
  }

  // Under a sub-path, go-app registers its worker with the default scope,
  // "/repo/", which does not cover "/repo": that URL would not open offline.
  // Where the host allows the scope "/repo" (Service-Worker-Allowed on
  // app-worker.js: tokenjoule's static server, _headers, the nginx recipe),
  // ask for it. The header is checked first because a refused scope is
  // reported on the console; GitHub Pages, which cannot send it, keeps
  // go-app's scope. A scope that worked before is kept, so that an offline
  // visit starts no new registration.
  var base = new URL(document.currentScript.src).pathname.replace(/\/web\/guard\.js$/, "");
  if (base !== "" && "serviceWorker" in navigator) {
    var container = navigator.serviceWorker;
    var register = container.register.bind(container);
    var withScope = function (options, scope) {
      return Object.assign({}, options, { scope: scope });
    };
    container.register = function (url, options) {
      return container.getRegistration(base + "/").then(function (existing) {
        if (existing) {
          return register(url, withScope(options, existing.scope));
        }
        return fetch(url, { method: "HEAD" }).then(
          function (res) {
            var allowed = res.headers.get("Service-Worker-Allowed");
            return register(url, allowed === base ? withScope(options, base) : options);
          },
          function () {
            return register(url, options);
          }
        );
      });
    };
  }

  // A new version that took over before go-app listened for it (the update
  // can start with the navigation) would go unannounced: a change of
  // controller says so too. Only a change from one worker to another is a
  // new version; the worker never claims a page it did not load
  // (app/server/worker.js), so a first visit has no change of controller.
  // Nor is the calculator's worker taking over from the card's (registered
  // as app-worker.js?card, see app/server/appjs.go).
  if ("serviceWorker" in navigator) {
    var controller = navigator.serviceWorker.controller;
    var hadController = !!controller && !/\?card$/.test(controller.scriptURL);
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      if (hadController && typeof goappOnUpdate === "function") {
        goappOnUpdate();
      }
      hadController = true;
    });
  }

  // The service worker tells its pages when the offline copy could not be
  // installed (app/server/worker.js): its own console is not where anyone
  // looks, and the page would otherwise just not work offline, silently.
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.addEventListener("message", function (e) {
      if (e.data && e.data.type === "tokenjoule:offline-failed") {
        console.error(e.data.message);
      }
    });
  }
})();
