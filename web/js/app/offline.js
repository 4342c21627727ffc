//# allFunctionsCalledOnLoad
// Registers the service worker that makes the site work offline (sw.js).
// Called once the engine is up and the table first stands still, so neither the
// precache download nor the registration's answer competes with the first boot's
// downloads or the deal's frames.

/**
 * Register sw.js (next to index.html, so its scope is the site's folder, under
 * any sub-path). Resolves true once an active worker holds the full precache.
 */
export async function enableOffline(nav = globalThis.navigator, onUpdate = () => {}) {
  if (!nav?.serviceWorker || !globalThis.isSecureContext) return false;
  try {
    const registration = await nav.serviceWorker.register("sw.js", { scope: "./" });
    const track = (incoming) => {
      incoming?.addEventListener("statechange", () => {
        // A new deploy is installed and waits (with a page already served by the old one).
        if (incoming.state === "installed" && nav.serviceWorker.controller) onUpdate(registration);
      });
    };
    registration.addEventListener("updatefound", () => track(registration.installing));
    track(registration.installing); // an update that was found while registering
    // A new version installed on an earlier visit still waits for its prompt.
    if (registration.waiting && nav.serviceWorker.controller) onUpdate(registration);
    await nav.serviceWorker.ready;
    return true;
  } catch (error) {
    console.warn("Offline play is unavailable:", error);
    return false;
  }
}

/**
 * Offline play, switched on once the engine has dealt and the table stands still
 * (never during the first boot) and watched for new deploys from then on.
 * @param {object} deps
 * @param {Window} deps.win
 * @param {{watch: () => void, onUpdate: Function}} deps.updater  update_prompt.js
 * @param {() => void} deps.update
 */
export function createOfflineSupport({ win, updater, update }) {
  let requested = false;
  // An active service worker holds the whole site. A page one already controls (a return
  // visit) is served from its whole precache: ready from the start, before the registration
  // (its update check) that waits for the table to stand still.
  let ready = Boolean(win.navigator?.serviceWorker?.controller);

  return {
    enable() {
      if (requested) return;
      requested = true;
      updater.watch();
      enableOffline(win.navigator, updater.onUpdate).then((ok) => {
        ready = ok;
        update();
      });
    },
    get ready() {
      return ready;
    },
  };
}
