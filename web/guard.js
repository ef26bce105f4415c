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
//
// It must run before go-app: the handler lists it as a plain (blocking)
// script, which runs while the head is parsed, before the deferred
// wasm_exec.js and app.js. Where storage and service workers work as usual and
// the site is at a host's root, it only adds two listeners.
(function () {
  "use strict";

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
  // without the throwing getter it skips registration silently, as in a
  // browser without service workers.
  try {
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
  // controller says so too.
  if ("serviceWorker" in navigator) {
    var hadController = !!navigator.serviceWorker.controller;
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
