//# allFunctionsCalledOnLoad
// Input for the panels after the hand, as named events (input.js does the
// table's; buttons with [data-action] in the panels already go through it):
//   the keyboard while the replay is open: ← → step, Home / End first / last,
//     Escape closes; in Statistics, Escape cancels the reset question or closes;
//   a tap on one of the coach's decisions ([data-review-step]) jumps to it;
//   a tap on one of its options ([data-review-option]) draws it on the replay table.
// While a panel is open, keys do not reach the table underneath (a shortcut
// there must not act on a hand the player cannot see). Reads the DOM, never
// changes it.

const REPLAY_KEYS = Object.freeze({
  ArrowLeft: "replay-prev",
  ArrowRight: "replay-next",
  Home: "replay-first",
  End: "replay-last",
  Escape: "replay-close",
});

/**
 * @param {Document} doc
 * @param {Window} win
 * @param {{action: (name: string) => void, goToStep: (step: number) => void, showOption: (index: number) => void}} handlers
 */
export function bindPanelInput(doc, win, handlers) {
  const root = doc.querySelector("[data-app]");
  const replay = root.querySelector("[data-replay]");
  const stats = root.querySelector("[data-stats]");

  win.addEventListener(
    "keydown",
    (event) => {
      const replayOpen = !replay.hidden;
      const statsOpen = !stats.hidden;
      if (!replayOpen && !statsOpen) return;
      event.stopPropagation(); // the table under the panel takes no keys
      if (event.altKey || event.ctrlKey || event.metaKey || event.isComposing) return;
      let name = null;
      if (statsOpen) {
        const confirming = !stats.querySelector("[data-stats-confirm]").hidden;
        if (event.key === "Escape") name = confirming ? "stats-reset-cancel" : "stats-close";
      } else {
        name = REPLAY_KEYS[event.key] ?? null;
      }
      if (name) {
        event.preventDefault();
        handlers.action(name);
      }
    },
    { capture: true },
  );

  root.addEventListener("click", (event) => {
    const chip = event.target.closest("[data-replay] [data-review-step]");
    if (chip) handlers.goToStep(Number(chip.dataset.reviewStep));
    const option = event.target.closest("[data-replay] [data-review-option]");
    if (option) handlers.showOption(Number(option.dataset.reviewOption));
  });
}
