//# allFunctionsCalledOnLoad
// Which of the table's dialogs is open (Settings, How to play, the question
// before a new hand abandons this one, or none), and
// whether the bar's menu is. The turn clock holds while a dialog is open
// (reading the rules is not playing; the hand holds too: main.js, tableCovered);
// the menu closes whenever anything is chosen. How to play opened from Settings
// returns to Settings when it closes (by Close or Esc), as a phone's Back would.

/**
 * @param {object} deps
 * @param {{pause: (reason: string, on: boolean) => void}} deps.clock  turn_clock.js
 * @param {() => void} deps.update
 */
export function createOpenDialog({ clock, update }) {
  let open = null; // "settings" | "help" | "new-hand" | null
  let menuOpen = false;
  let back = null; // the dialog the open one returns to when it closes

  function show(name) {
    if (open === name && !menuOpen) return;
    menuOpen = false;
    if (open !== name) {
      back = name === "help" && open === "settings" ? "settings" : null;
      open = name;
      clock.pause("panel", name !== null);
    }
    update();
  }

  function close() {
    show(back); // (which forgets `back`: Settings, or nothing, returns to nothing)
  }

  return {
    show,
    toggleMenu() {
      menuOpen = !menuOpen;
      update();
    },
    closeMenu() {
      if (!menuOpen) return;
      menuOpen = false;
      update();
    },
    get menuOpen() {
      return menuOpen;
    },
    /** Close the open dialog (back to the one it was opened from, if any). */
    close,
    /** The browser closed a dialog (Esc): forget it, if it was the one open. */
    closed(name) {
      if (open === name) close();
    },
    get open() {
      return open;
    },
  };
}
