// The benchmark's probe, evaluated in every document before its own scripts
// (Page.addScriptToEvaluateOnNewDocument). It only observes, except for the
// one control change it makes as soon as the app is mounted, when the
// benchmark asks for it. Times are performance.now(): milliseconds since the
// navigation started.
(() => {
  "use strict";
  if (location.protocol === "about:" || window.__tjb) {
    return;
  }
  const cfg = __CONFIG__;
  const now = () => performance.now();
  const t = (window.__tjb = {
    longTasks: [], // [start, duration]
    fcp: null,
    energyPainted: null, // Element Timing of #energy
    energyFrame: null, // the frame after #energy first had text, if Element Timing says nothing
    mounted: null,
    firstChange: null, // {start, dom, frame, painted}
    wasm: { start: null, end: null, url: null, streaming: null },
    activity: 0, // last DOM change or chart update, for settle()
    frames: [], // rAF times while a step runs
    charts: 0, // ECharts setOption calls seen
  });

  const observe = (type, fn) => {
    try {
      new PerformanceObserver((l) => l.getEntries().forEach(fn)).observe({ type, buffered: true });
    } catch (e) {}
  };
  observe("longtask", (e) => t.longTasks.push([e.startTime, e.duration]));
  observe("paint", (e) => {
    if (e.name === "first-contentful-paint") t.fcp = e.startTime;
  });
  observe("element", (e) => {
    if (e.identifier === "tjb-energy" && t.energyPainted === null) t.energyPainted = e.renderTime || e.loadTime;
  });

  // #energy is in the prerendered page: mark it for Element Timing as the
  // parser inserts it, before its first paint; note the frame after it has
  // text too, in case Element Timing reports nothing.
  const energyText = () => {
    const el = document.getElementById("energy");
    return el ? el.textContent.trim() : "";
  };
  const tag = new MutationObserver(() => {
    const el = document.getElementById("energy");
    if (el && !el.hasAttribute("elementtiming")) {
      el.setAttribute("elementtiming", "tjb-energy");
    }
    if (el && el.textContent.trim() && t.energyFrame === null) {
      t.energyFrame = -1;
      requestAnimationFrame(() => (t.energyFrame = now()));
    }
    if (t.energyFrame !== null) tag.disconnect();
  });
  tag.observe(document, { childList: true, subtree: true });

  // Is the wasm compiled from the network response itself (streaming, and
  // cacheable as compiled code), or from a copy? A copy has no URL.
  const wrap = (name) => {
    const orig = WebAssembly[name];
    if (!orig) return;
    WebAssembly[name] = async function (src, imports) {
      t.wasm.start = now();
      let arg = src;
      const mark = performance.getEntriesByName("tokenjoule-wasm-compiled")[0];
      if (name === "instantiateStreaming") {
        arg = await src;
        t.wasm.url = arg.url || "";
        t.wasm.streaming = true;
      } else if (src instanceof WebAssembly.Module && mark) {
        // Compiled by web/start.js's worker, which streamed the response.
        t.wasm.url = mark.detail.url;
        t.wasm.streaming = true;
        t.wasm.worker = true;
      } else {
        t.wasm.streaming = false;
      }
      const out = await orig.call(WebAssembly, arg, imports);
      t.wasm.end = now();
      t.instance = out.instance || out;
      return out;
    };
  };
  wrap("instantiateStreaming");
  wrap("instantiate");

  // The wasm's download, from Resource Timing: the page's, or where
  // web/start.js's worker downloaded and compiled it, the worker's, which
  // its mark gives with when the page had the module.
  t.wasmFetch = () => {
    const e = performance.getEntriesByType("resource").find((r) => r.name.endsWith("/app.wasm"));
    if (e) return { start: e.startTime, end: e.responseEnd };
    const mark = performance.getEntriesByName("tokenjoule-wasm-compiled")[0];
    const f = mark && mark.detail.fetched;
    return f ? { start: f[0], end: f[1], compiled: mark.startTime } : null;
  };

  t.wasmMemory = () => {
    const mem = t.instance && t.instance.exports && t.instance.exports.mem;
    return mem ? mem.buffer.byteLength : 0;
  };

  // A change made in an animation frame callback is painted in that frame,
  // but a MutationObserver hears of it only after the frame's callbacks,
  // too late to wait for "the next frame": while a step waits for its
  // change, each callback is followed by a look at the records it left.
  let afterFrameCallback = null;
  const raf = window.requestAnimationFrame;
  window.requestAnimationFrame = (cb) =>
    raf.call(window, (ts) => {
      t.frameTS = ts;
      try {
        cb(ts);
      } finally {
        if (afterFrameCallback) afterFrameCallback();
      }
    });

  // Activity: any change of what the page shows (a change in <head>, such
  // as go-app's og:url meta following the URL, shows nothing) and any chart
  // update.
  new MutationObserver((rs) => {
    if (rs.some((r) => !(document.head && document.head.contains(r.target)))) t.activity = now();
  }).observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
  });
  t.hookCharts = () => {
    if (!window.echarts) return;
    for (const el of document.querySelectorAll(".echart, [id^=chart-]")) {
      const inst = echarts.getInstanceByDom(el);
      if (!inst || inst.__tjb) continue;
      inst.__tjb = true;
      const set = inst.setOption;
      inst.setOption = function () {
        const r = set.apply(this, arguments);
        t.charts++;
        t.activity = now();
        return r;
      };
    }
  };

  // change sets a control as a person would and resolves once #energy reads
  // expect and the next frame is painted (a task after its animation frame:
  // style, layout and paint of that frame have run), then once the page has
  // been quiet for quietMS, with the first frame after its last change.
  t.change = (sel, value, event, expect, quietMS) =>
    new Promise((resolve) => {
      t.hookCharts();
      const el = document.querySelector(sel);
      if (!el) return resolve({ error: "no " + sel });
      const charts0 = t.charts;
      const frames = [];
      const frameTS = []; // the frames' own timestamps, to count them
      let stepping = true;
      const tick = (ts) => {
        frames.push(now());
        frameTS.push(ts);
        if (stepping) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      const start = now();
      el.value = value;
      el.dispatchEvent(new Event(event, { bubbles: true }));
      const r = { start };
      const finish = () => {
        const quiet = () => {
          if (now() - t.activity < quietMS) return setTimeout(quiet, 20);
          stepping = false;
          const f = frames.find((x) => x >= t.activity);
          r.settled = Math.max(r.painted || 0, (f === undefined ? t.activity : f) - start);
          r.charts = t.charts - charts0;
          resolve(r);
        };
        quiet();
      };
      // inFrame: the change was made in an animation frame callback, and
      // this frame paints it.
      const found = (inFrame) => {
        r.dom = now() - start;
        // ts: the painting frame's timestamp. frameIndex 1 is the first
        // frame to begin after the event.
        const painted = (ts) => {
          r.frame = now() - start;
          r.frameIndex = 1 + frameTS.filter((x) => x < ts).length;
          setTimeout(() => {
            r.painted = now() - start;
            finish();
          }, 0);
        };
        if (inFrame) painted(t.frameTS);
        else requestAnimationFrame(painted);
      };
      if (energyText() === expect) return found(false);
      const check = (inFrame) => {
        if (energyText() === expect) {
          mo.disconnect();
          afterFrameCallback = null;
          clearTimeout(timer);
          found(inFrame);
        }
      };
      const mo = new MutationObserver(() => check(false));
      mo.observe(document, { childList: true, subtree: true, characterData: true });
      afterFrameCallback = () => {
        if (mo.takeRecords().length) check(true);
      };
      const timer = setTimeout(() => {
        mo.disconnect();
        afterFrameCallback = null;
        r.error = `#energy reads ${JSON.stringify(energyText())}, want ${JSON.stringify(expect)}`;
        finish();
      }, 10000);
    });

  // settle resolves with the time of the first frame after the page has been
  // quiet for quietMS.
  t.settle = (quietMS) =>
    new Promise((resolve) => {
      const frames = [];
      let on = true;
      const tick = () => {
        frames.push(now());
        if (on) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      const quiet = () => {
        if (now() - t.activity < quietMS) return setTimeout(quiet, 20);
        on = false;
        const f = frames.find((x) => x >= t.activity);
        resolve(f === undefined ? t.activity : f);
      };
      quiet();
    });

  // Mounted: go-app's engine has taken over (app/ui markMounted adds the
  // class right after the performance mark; main gets data-mounted). Then, if asked, the first
  // control change a person could make.
  const isMounted = () =>
    document.documentElement.classList.contains("mounted") || !!document.querySelector("main[data-mounted]");
  const mo = new MutationObserver(() => {
    if (!document.documentElement || !isMounted()) return;
    mo.disconnect();
    const mark = performance.getEntriesByName("tokenjoule-mounted")[0];
    t.mounted = mark ? mark.startTime : now();
    if (cfg.firstChange) {
      const c = cfg.firstChange;
      setTimeout(async () => {
        t.firstChange = await t.change(c.sel, c.value, c.event, c.expect, 100);
      }, 0);
    }
  });
  mo.observe(document, { attributes: true, childList: true, subtree: true });
})();
