// The Python heap snapshot a return visit boots from, kept in Cache Storage.
// Used by the engine's worker (worker.js) only.
//
// One entry per deploy: its key names the build's version, its headers carry the
// version again and the SHA-256 of the bytes. Reading checks both, so a damaged
// or foreign entry is refused (and the worker boots fresh); a new deploy's
// worker never matches an older key and deletes older entries on sight.
// Cache Storage and crypto.subtle exist only in secure contexts (https,
// localhost): elsewhere there is no snapshot and every boot is fresh.

// Not "paodekuai-…": sw.js deletes every such cache but its own on activation.
const CACHE_NAME = "paodekuai.snapshot";
const DIGEST_HEADER = "x-pdk-sha256";
const VERSION_HEADER = "x-pdk-version";

/** The entry was there but cannot be used (damaged, another build's, unreadable). */
export class SnapshotRefused extends Error {
  constructor(reason) {
    super(`stored snapshot refused: ${reason}`);
    this.name = "SnapshotRefused";
  }
}

export function snapshotsPossible() {
  return Boolean(globalThis.caches && globalThis.crypto?.subtle && globalThis.isSecureContext !== false);
}

export async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function keyFor(version, baseUrl) {
  return new URL(`heap-snapshot-${encodeURIComponent(version)}.bin`, baseUrl).href;
}

/**
 * The stored snapshot of this build (a Response not yet read), or null. Entries
 * of other builds are deleted in the background: they can never be used again.
 */
export async function findSnapshot(version, baseUrl) {
  if (!snapshotsPossible()) return null;
  try {
    const cache = await caches.open(CACHE_NAME);
    const key = keyFor(version, baseUrl);
    const found = await cache.match(key);
    cache
      .keys()
      .then((requests) => Promise.all(requests.filter((r) => r.url !== key).map((r) => cache.delete(r))))
      .catch(() => {});
    return found ?? null;
  } catch {
    return null; // storage unavailable (private mode, blocked): boot fresh
  }
}

/** The bytes of a found snapshot, once its version and digest check out; else SnapshotRefused. */
export async function readSnapshot(response, version) {
  if (response.headers.get(VERSION_HEADER) !== version) throw new SnapshotRefused("another build's");
  const expected = response.headers.get(DIGEST_HEADER);
  let bytes;
  try {
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    throw new SnapshotRefused(`unreadable (${error?.message ?? error})`);
  }
  if (!expected || (await sha256Hex(bytes)) !== expected) throw new SnapshotRefused("damaged");
  return bytes;
}

/** Keep `bytes` as this build's snapshot. Rejects when storage refuses (quota, private mode). */
export async function storeSnapshot(bytes, version, baseUrl) {
  const digest = await sha256Hex(bytes);
  const cache = await caches.open(CACHE_NAME);
  const headers = {
    "content-type": "application/octet-stream",
    [DIGEST_HEADER]: digest,
    [VERSION_HEADER]: version,
  };
  await cache.put(keyFor(version, baseUrl), new Response(bytes, { headers }));
}

/** Forget this build's snapshot (it was refused: the next fresh boot stores a good one). */
export async function discardSnapshot(version, baseUrl) {
  try {
    const cache = await caches.open(CACHE_NAME);
    await cache.delete(keyFor(version, baseUrl));
  } catch {
    // Nothing stored, or no storage: nothing to forget.
  }
}
