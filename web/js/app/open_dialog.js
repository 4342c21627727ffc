// Which of the table's dialogs is open: Settings, How to play, or none. The
// turn clock holds while one is open (reading the rules is not playing).

/**
 * @param {object} deps
 * @param {{pause: (reason: string, on: boolean) => void}} deps.clock  turn_clock.js
 * @param {() => void} deps.update
 */
export function createOpenDialog({ clock, update }) {
  let open = null; // "settings" | "help" | null

  function show(name) {
    if (open === name) return;
    open = name;
    clock.pause("panel", name !== null);
    update();
  }

  return {
    show,
    /** The browser closed a dialog (Esc): forget it, if it was the one open. */
    closed(name) {
      if (open === name) show(null);
    },
    get open() {
      return open;
    },
  };
}
