// An entry module of its own (index.html loads it `async`, ahead of main.js):
// it starts the engine's worker the moment this tiny file arrives, instead of
// after the page's other modules, styles and first render. Pyodide's download
// and boot are the long pole of the first hand; this moves their start earlier
// by the time the rest of the page takes to load (measured ~0.2 s).
//
// The worker's first messages are kept until the engine client takes it over.

const WORKER_URL = new URL("./worker.js", import.meta.url);

function startEarly() {
  try {
    const worker = new Worker(WORKER_URL, { type: "module", name: "paodekuai-engine" });
    const kept = [];
    const keep = (event) => {
      if (event.type === "error") event.preventDefault(); // replayed to the client, which reports it
      kept.push(event);
    };
    for (const type of ["message", "error", "messageerror"]) worker.addEventListener(type, keep);
    let taken = false;
    return {
      url: WORKER_URL,
      /** Hand the worker over once: stop keeping events, return it with what arrived so far. */
      take() {
        if (taken) return null;
        taken = true;
        for (const type of ["message", "error", "messageerror"]) worker.removeEventListener(type, keep);
        return { worker, events: kept.splice(0) };
      },
    };
  } catch {
    return { url: WORKER_URL, take: () => null }; // the client will try again itself
  }
}

export const earlyWorker = startEarly();
