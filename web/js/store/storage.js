// Key-value text storage on localStorage, with an in-memory fallback.
// localStorage can be missing or throw on any access (private browsing, disabled
// site data, quota): the game must still play, it just forgets on reload.

function probe(candidate) {
  try {
    const key = "paodekuai.probe";
    candidate.setItem(key, "1");
    candidate.removeItem(key);
    return true;
  } catch {
    return false;
  }
}

function memoryBackend() {
  const data = new Map();
  return {
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
 * `persistent` tells whether data survives a reload.
 */
export function createStorage(backend = defaultBackend()) {
  const usable = backend !== null && probe(backend);
  let store = usable ? backend : memoryBackend();
  let persistent = usable;

  function fallBackToMemory() {
    // A write failed (quota, revoked permission): keep playing from memory.
    const memory = memoryBackend();
    store = memory;
    persistent = false;
  }

  return {
    get persistent() {
      return persistent;
    },
    readText(key) {
      try {
        return store.getItem(key);
      } catch {
        return null;
      }
    },
    writeText(key, text) {
      try {
        store.setItem(key, text);
      } catch {
        fallBackToMemory();
        store.setItem(key, text);
      }
    },
    remove(key) {
      try {
        store.removeItem(key);
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
