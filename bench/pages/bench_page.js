// Starts the worker that ?worker= names (passing the rest of the query on) and
// marks the time its message arrives; bench/bench_browser.py reads the marks.
const query = new URLSearchParams(location.search);
const worker = new Worker(`${query.get("worker")}?${query}`, { type: "module" });
worker.onmessage = (event) => {
  const { heap, ...detail } = event.data;
  window.__heap = heap ?? null; // a compressed snapshot, when the worker made one
  performance.mark("bench:ready", { detail });
  document.documentElement.dataset.bench = detail.error ? "error" : "ready";
};

/** The snapshot the worker made, as base64 (for the bench to serve on the next runs). */
window.heapBase64 = () =>
  new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(",")[1]);
    reader.readAsDataURL(new Blob([window.__heap]));
  });
