// Deal links: `#deal=CODE` in the URL replays that deal. Whether a code is
// valid is the engine's call (bad_code); here only the URL is read and written.

const HASH_PATTERN = /^#?deal=([A-Za-z0-9_-]{1,64})$/;

/** The deal code in a location hash, or null. */
export function dealCodeFromHash(hash) {
  const match = HASH_PATTERN.exec(String(hash ?? "").trim());
  return match ? decodeURIComponent(match[1]) : null;
}

/** A shareable link to a deal: this page's address with #deal=CODE. */
export function dealLink(href, code) {
  const url = new URL(href);
  url.hash = `deal=${encodeURIComponent(code)}`;
  return url.href;
}

/** The address without its hash (so a reload resumes the save instead of re-dealing). */
export function withoutHash(href) {
  const url = new URL(href);
  url.hash = "";
  return url.href;
}

/**
 * Copy the link to deal `code` (this page's address, any sub-path or query, with
 * #deal=CODE). Resolves with what to tell the player: {key: "linkCopied"}, or,
 * when the clipboard refuses, {key: "linkShow", params: {link}} to show it instead.
 */
export function copyDealLink(win, code) {
  const link = dealLink(withoutHash(win.location.href), code);
  const clipboard = win.navigator.clipboard;
  const copy = clipboard ? clipboard.writeText(link) : Promise.reject(new Error("no clipboard"));
  return copy.then(
    () => ({ key: "linkCopied" }),
    () => ({ key: "linkShow", params: { link } }),
  );
}
