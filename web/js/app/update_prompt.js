//# allFunctionsCalledOnLoad
// "A new version is ready — Reload": the update prompt.
//
// A new deploy changes sw.js (build.py writes the content version into it), so
// the browser installs the new service worker next to the old one, where it
// waits. Nothing changes under the player's hands until they click Reload.
// Then, once no game request is in flight (the save holds the latest position:
// it is written after every action), the waiting worker is told to take over
// (sw.js: "skip-waiting") and the page reloads into the new version, which
// restores the hand from the save.

/** Long-lived tabs look for a new deploy this often (and whenever they are shown again). */
const CHECK_EVERY_MS = 60 * 60 * 1000;
/** How long Reload waits for a request in flight before it goes ahead anyway. */
const IDLE_WAIT_MS = 8000;
/** If the new worker does not take over in this time, reload anyway (the old one still serves). */
const TAKEOVER_WAIT_MS = 6000;

/**
 * @param {object} deps
 * @param {Window} deps.win
 * @param {() => void} deps.update
 * @param {() => boolean} deps.isBusy  a game-changing request is in flight
 */
export function createUpdatePrompt({ win, update, isBusy }) {
  let prompt = null; // null | {phase: "ready" | "applying"}: a new version waits to be loaded
  const container = win.navigator.serviceWorker;
  let registration = null;
  let requested = false;
  let watching = false;
  // Whether this page was already served by a worker: the very first install also
  // changes the controller (it claims the page), and that is no update.
  const hadController = Boolean(container?.controller);

  container?.addEventListener("controllerchange", () => {
    if (requested) {
      win.location.reload();
    } else if (hadController) {
      // Another tab of this site took the update: this page's files are no longer cached.
      show();
    }
  });

  function show() {
    if (!prompt) {
      prompt = { phase: "ready" };
      update();
    }
  }

  /** enableOffline's hook: a new version is installed and waiting. */
  function onUpdate(found) {
    registration = found;
    show();
  }

  /** Look for a new deploy now and then, and when the tab comes back into view. */
  function watch() {
    if (watching || !container) return;
    watching = true;
    const check = () => {
      container
        .getRegistration()
        .then((found) => found?.update())
        .catch(() => {}); // offline or the server is away: try again later
    };
    win.setInterval(check, CHECK_EVERY_MS);
    win.document.addEventListener("visibilitychange", () => {
      if (win.document.visibilityState === "visible") check();
    });
  }

  function waitUntilIdle() {
    return new Promise((resolve) => {
      const started = Date.now();
      const poll = () => {
        if (!isBusy() || Date.now() - started > IDLE_WAIT_MS) resolve();
        else win.setTimeout(poll, 50);
      };
      poll();
    });
  }

  async function apply() {
    if (!prompt || prompt.phase === "applying") return;
    prompt = { phase: "applying" };
    update();
    await waitUntilIdle();
    requested = true;
    const waiting = registration?.waiting ?? (await container?.getRegistration())?.waiting;
    if (!waiting) {
      win.location.reload(); // already active (another tab took it): a reload is all it takes
      return;
    }
    waiting.postMessage({ type: "skip-waiting" });
    win.setTimeout(() => win.location.reload(), TAKEOVER_WAIT_MS);
  }

  return {
    onUpdate,
    view() {
      return prompt;
    },
    watch,
    actions: {
      "update-reload": apply,
      "update-later"() {
        if (prompt?.phase !== "ready") return;
        prompt = null; // asked again on the next visit
        update();
      },
    },
  };
}
