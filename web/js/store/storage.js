//# allFunctionsCalledOnLoad
// Key-value text storage on localStorage, with an in-memory fallback.
// localStorage can be missing or throw on any access (private browsing, disabled
// site data), and a write can fail on its own (the quota is full, permission
// was revoked mid-game): the game must still play, and the player must be told
// that it forgets on reload. Reading and writing fail separately: with the
// quota full, what is stored still reads back (a saved hand resumes).

function memoryBackend() {
  const data = new Map();
  return {
    has: (key) => data.has(key),
    getItem: (key) => (data.has(key) ? data.get(key) : null),
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
  };
}

function defaultBackend() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // Some browsers throw on the mere property access.
  }
}

/**
 * A small storage facade: readText/writeText/remove never throw.
 * `trouble` says why data may not survive a reload: null (it does), "blocked"
 * (no storage at all) or "failing" (a write was refused); onTrouble(callback)
 * hears of it once, when it starts.
 */
export function createStorage(backend = defaultBackend()) {
  // What could not be written stays here for this page, newer than the stored copy.
  const unsaved = memoryBackend();
  let trouble = backend === null ? "blocked" : null;
  const listeners = [];

  function troubled(kind) {
    if (trouble !== null) return;
    trouble = kind;
    for (const listener of listeners) listener(kind);
  }

  return {
    get persistent() {
      return trouble === null;
    },
    get trouble() {
      return trouble;
    },
    onTrouble(listener) {
      listeners.push(listener);
    },
    readText(key) {
      if (unsaved.has(key)) return unsaved.getItem(key);
      if (backend === null) return null;
      try {
        return backend.getItem(key);
      } catch {
        troubled("blocked");
        return null;
      }
    },
    /** Store `text`; false when only this page keeps it (the write was refused). */
    writeText(key, text) {
      if (backend !== null) {
        try {
          backend.setItem(key, text);
          unsaved.removeItem(key);
          return true;
        } catch {
          // Quota, revoked permission, blocked storage: keep playing from memory.
        }
      }
      unsaved.setItem(key, text);
      troubled(backend === null ? "blocked" : "failing");
      return false;
    },
    remove(key) {
      unsaved.removeItem(key);
      try {
        backend?.removeItem(key);
      } catch {
        // Nothing to do: the entry is unreachable either way.
      }
    },
  };
}

/** JSON read that never throws: {value} on success, {error} when the text is not JSON. */
export function parseJson(text) {
  if (text == null) return { value: null };
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { error };
  }
}
