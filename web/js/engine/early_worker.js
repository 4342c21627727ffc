// A classic script, loaded synchronously as the first thing in <head>: it
// starts the engine's worker before the browser has even asked for the
// stylesheets, and long before the page's modules are parsed and run (an
// `async` module started it ~80 ms later on a first visit, measured with
// bench/bench_browser.py). Pyodide's download and boot are the long pole of
// the first hand; every millisecond they start earlier is one less to wait.
//
// Classic scripts cannot export, so the worker is handed to main.js through
// one documented property, `paodekuaiEarlyWorker`. main.js works without it
// (it then starts its own worker): nothing depends on the order of scripts.
// The worker's first messages are kept until the engine client takes it over.

(() => {
  const EVENT_TYPES = ["message", "error", "messageerror"];
  const script = document.currentScript;
  try {
    const url = new URL("worker.js", script.src);
    const worker = new Worker(url, { type: "module", name: "paodekuai-engine" });
    const kept = [];
    const keep = (event) => {
      if (event.type === "error") event.preventDefault(); // replayed to the client, which reports it
      kept.push(event);
    };
    for (const type of EVENT_TYPES) worker.addEventListener(type, keep);
    let taken = false;
    Object.defineProperty(window, "paodekuaiEarlyWorker", {
      value: Object.freeze({
        url: url.href,
        /** Hand the worker over once: stop keeping events, return it with what arrived so far. */
        take() {
          if (taken) return null;
          taken = true;
          for (const type of EVENT_TYPES) worker.removeEventListener(type, keep);
          return { worker, events: kept.splice(0) };
        },
      }),
    });
  } catch {
    // No module workers here, or a blocked URL: main.js starts (and reports) its own.
  }
})();
