//# allFunctionsCalledOnLoad
// Deal links: `#deal=CODE` in the URL replays that deal. Whether a code is
// valid is the engine's call (bad_code); here only the URL is read and written,
// and a #deal= that cannot hold a code at all (empty, markup, thousands of
// characters) is told apart, so the page can say it is not a deal link.

/** What can travel as a code: letters and digits (ASCII), as the engine writes them. */
const CODE_TEXT = /^[A-Za-z0-9]{1,64}$/;
const DEAL_HASH = /^#?deal(?:=|$)/i;

/** Whether `text` could be a deal code to hand to the engine (the engine decides if it is one). */
export function isCodeText(text) {
  return typeof text === "string" && CODE_TEXT.test(text);
}

/**
 * What a location hash asks for: {kind: "none"} (no deal link), {kind: "deal",
 * code}, or {kind: "bad"} (a #deal= link that holds no code).
 */
export function readDealHash(hash) {
  const text = String(hash ?? "");
  if (!DEAL_HASH.test(text)) return { kind: "none" };
  const value = text.replace(/^#?deal=?/i, "");
  let code;
  try {
    code = decodeURIComponent(value).trim(); // a link pasted through a mail client may come percent-encoded
  } catch {
    return { kind: "bad" };
  }
  return isCodeText(code) ? { kind: "deal", code } : { kind: "bad" };
}

/**
 * Why the engine refused a deal code, in the page's own words (both languages): the
 * engine's text (its bad_code reason) is English inside either language, so only a refusal
 * the page itself wrote ({key}: a seed too large to carry) is said as it is.
 */
export function refusedCodeReason(error) {
  const message = error?.message;
  return message && typeof message === "object" && "key" in message ? message : { key: "dealCodeNotValid" };
}

/** The deal code in a location hash, or null. */
export function dealCodeFromHash(hash) {
  const link = readDealHash(hash);
  return link.kind === "deal" ? link.code : null;
}

/** A shareable link to a deal: this page's address with #deal=CODE. */
export function dealLink(href, code) {
  return sharedLink(href, `deal=${encodeURIComponent(code)}`);
}

/**
 * The link to give others: this page's address (any sub-path) with `hash`, and without its
 * query: this page's own settings in it (a test's ?reply-delay=, a campaign's tag) are not
 * theirs.
 */
export function sharedLink(href, hash) {
  const url = new URL(href);
  url.search = "";
  url.hash = hash;
  return url.href;
}

/** The address without its hash (so a reload resumes the save instead of re-dealing). */
export function withoutHash(href) {
  const url = new URL(href);
  url.hash = "";
  return url.href;
}

/**
 * Copy the link to deal `code` (this page's address, any sub-path, with #deal=CODE).
 * Resolves with what to tell the player: {key: "linkCopied"}, or, when the clipboard
 * refuses, {key: "linkShow", params: {link}} to show it instead.
 */
export function copyDealLink(win, code) {
  const link = dealLink(win.location.href, code);
  const clipboard = win.navigator.clipboard;
  const copy = clipboard ? clipboard.writeText(link) : Promise.reject(new Error("no clipboard"));
  return copy.then(
    () => ({ key: "linkCopied" }),
    () => ({ key: "linkShow", params: { link } }),
  );
}
