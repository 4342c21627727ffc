//# allFunctionsCalledOnLoad
// update(): the one way any part asks for the screen to change. However many
// parts ask during one task, the table is drawn once, at the next animation
// frame, from the state as it is then; drawing never starts a timer or asks
// for another drawing.
//
// A hidden tab gets no animation frames (Chromium stops them). Nobody sees the
// page then, but its DOM is still read (the test hooks, the service worker's
// update prompt, a screen reader), so while the page is hidden the drawing
// runs from a zero-delay timer instead, and a frame asked for just before the
// page was hidden moves to such a timer.
//
// The person's own input is drawn before its event returns (flush()): a tap
// or a key press never waits for a frame, and whatever reads the page right
// after the event (an assistive technology, a test) finds it drawn.

/**
 * @param {Window} win
 * @param {{all: () => void, boot: () => void, hand: () => void}} draw  the whole table, or
 *        only the boot progress (which changes four times a second while Pyodide boots and
 *        must not cost a whole-table drawing each time), or only your hand (handInput)
 * @param {(error: Error) => boolean} [recover]  a drawing threw: true when the
 *        caller removed its cause (then the table is drawn again at the next frame);
 *        otherwise the error goes on (a bug), but never stops the next drawing
 */
export function createFrameScheduler(win, draw, recover = () => false) {
  const doc = win.document;
  let pending = null; // null | "boot" | "all"
  let frame = null;
  let timer = null;
  let drawing = false;
  let afterDraw = []; // callbacks for when the drawing now asked for is done

  function cancel() {
    if (frame !== null) win.cancelAnimationFrame(frame);
    if (timer !== null) win.clearTimeout(timer);
    frame = null;
    timer = null;
  }

  function flush() {
    cancel();
    const what = pending;
    pending = null;
    drawing = true;
    let failed = null;
    try {
      measured(() => {
        if (what === "all") draw.all();
        else if (what === "boot") draw.boot();
      });
    } catch (error) {
      failed = error;
    } finally {
      drawing = false;
    }
    if (failed) {
      if (!recover(failed)) throw failed;
      pending = "all";
      schedule();
      return;
    }
    if (what === "all") {
      const callbacks = afterDraw;
      afterDraw = [];
      for (const callback of callbacks) callback();
    }
  }

  function schedule() {
    if (doc.visibilityState === "hidden") timer = win.setTimeout(flush, 0);
    else frame = win.requestAnimationFrame(flush);
  }

  function flushIfDue() {
    if (pending !== null && !drawing) flush();
  }

  /** The drawing asked for, once the next frame has been painted. */
  function scheduleAfterPaint() {
    cancel();
    if (doc.visibilityState === "hidden") timer = win.setTimeout(flush, 0);
    else
      frame = win.requestAnimationFrame(() => {
        frame = null;
        timer = win.setTimeout(flush, 0);
      });
  }

  /** Each drawing's time is left on the performance timeline (bench/bench_table.py reads it). */
  function measured(part) {
    const started = win.performance.now();
    try {
      part();
    } finally {
      win.performance.measure("pdk:draw", { start: started, end: win.performance.now() });
    }
  }

  doc.addEventListener("visibilitychange", () => {
    if (frame !== null && doc.visibilityState === "hidden") {
      cancel();
      schedule();
    }
  });

  return {
    /**
     * Run `callback` once what has changed is on screen (at once when nothing waits
     * to be drawn): the computer seats' pause counts from when their last move was seen.
     */
    whenDrawn(callback) {
      if (pending === "all") afterDraw.push(callback);
      else callback();
    },
    /**
     * Run `callback` once the frame now being made has been painted: work that must not
     * delay it (a request whose answer would be drawn into it) waits for this. A hidden
     * page paints no frames: a zero-delay timer then.
     */
    afterPaint(callback) {
      if (doc.visibilityState === "hidden") win.setTimeout(callback, 0);
      else win.requestAnimationFrame(() => win.setTimeout(callback, 0));
    },
    /** Ask for a drawing of the whole table (or, with "boot", of the boot progress only). */
    update(part = "all") {
      pending = pending === "all" || part === "all" ? "all" : "boot";
      if (frame === null && timer === null) schedule();
    },
    /**
     * Handle an input on your hand (a tap, a slide, a key moving among the cards) and draw
     * the hand at once, and only the hand: the rest of the table (the status line, the
     * buttons, which the engine's judgement of the selection changes a moment later) is
     * drawn once the frame showing the card rise has been painted, so a finger waits for
     * its card, not for the whole table. When a drawing was due already (a move has come
     * in), the whole table is drawn now instead: the hand never runs ahead of the table.
     */
    handInput(handle) {
      const due = pending !== null;
      handle();
      if (due || drawing || pending !== "all") {
        flushIfDue();
        return;
      }
      try {
        measured(draw.hand);
      } catch {
        flush(); // the whole table, with its recovery
        return;
      }
      scheduleAfterPaint();
    },
    /**
     * Draw now what is asked for: the first paint, and the end of an input event.
     * (Not while drawing: an event the drawing itself causes, a focus move, waits for its frame.)
     */
    flush: flushIfDue,
  };
}
