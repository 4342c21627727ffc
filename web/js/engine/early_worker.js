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
// Being the one script that runs whatever else fails to load, it also tells
// the player when the page's module never starts (at the end of this file).

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

// The early script also watches the page's own start. Module scripts run
// before DOMContentLoaded; if by then the entry module has not said it started
// (`paodekuaiStarted`, set by app/main.js) a file of it is missing or broken,
// and nothing else is left to say so: this says it, in the player's language
// (chosen as i18n.js's pickLanguage does), offers a reload, and stops the
// worker nobody will take. Its two sentences live here because a classic
// script cannot import the string table.
(() => {
  const TEXT = {
    en: {
      failed: "The game could not load: a file of the page is missing or damaged. Reload the page; if this happens again, the site may be updating.",
      reload: "Reload",
    },
    zh: {
      failed: "游戏无法加载：页面的某个文件缺失或损坏。请重新加载页面；若仍如此，网站可能正在更新。",
      reload: "重新加载",
    },
  };
  const language = () => {
    let saved = null;
    try {
      saved = JSON.parse(localStorage.getItem("paodekuai.settings") ?? "null")?.language ?? null;
    } catch {
      // No storage: the browser's languages decide.
    }
    if (Object.hasOwn(TEXT, saved)) return saved;
    for (const tag of navigator.languages ?? [navigator.language]) {
      const base = String(tag).toLowerCase().split("-")[0];
      if (Object.hasOwn(TEXT, base)) return base;
    }
    return "en";
  };
  const notStarted = () => {
    if (window.paodekuaiStarted) return;
    const text = TEXT[language()];
    document.documentElement.dataset.engine = "error";
    const notice = document.querySelector("[data-notice]");
    if (notice) {
      notice.textContent = text.failed;
      notice.hidden = false;
    }
    document.querySelector("[data-boot]")?.classList.add("error");
    const bootText = document.querySelector("[data-boot-text]");
    if (bootText) bootText.textContent = text.failed;
    const retry = document.querySelector("[data-action=retry]");
    if (retry) {
      retry.textContent = text.reload;
      retry.hidden = false;
      retry.addEventListener("click", () => location.reload());
    }
    window.paodekuaiEarlyWorker?.take()?.worker.terminate();
  };
  document.addEventListener("DOMContentLoaded", notStarted);
})();
