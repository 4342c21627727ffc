//# allFunctionsCalledOnLoad
// The entry module: creates the parts and wires them, nothing else.
//
//   engine session   boot, hello, the first hand, recovery      engine/engine_session.js
//   hand controller  the hand, your selection, requests, pacing  game/hand_controller.js
//   turn clock       the club's countdown and auto-play          game/turn_clock.js
//   replay, statistics, update prompt, notices, settings, score: each owns its state
//   models           state -> what to draw, in words             model/
//   drawing          the only DOM writers                        view/
//   input            DOM events -> named events                  input/
//
// Each part owns its slice of state and exposes it read-only (view()); any
// change asks for update(), which draws the whole table once at the next
// animation frame (app/frame.js) from all the slices put together.

import { createStorage } from "../store/storage.js";
import { createSettingsKeeper } from "../store/settings_keeper.js";
import { createSessionScore } from "../store/session_score.js";
import { watchOtherTabs } from "../store/other_tabs.js";
import { createEngineSession } from "../engine/engine_session.js";
import { EngineDown } from "../engine/engine_client.js";
import { createHandController } from "../game/hand_controller.js";
import { createTurnClock } from "../game/turn_clock.js";
import { copyDealLink, refusedCodeReason, withoutHash } from "../game/deal_link.js";
import { createReplayController } from "../after_hand/replay.js";
import { createStatsKeeper } from "../after_hand/stats_keeper.js";
import { createDaily } from "../after_hand/daily.js";
import { readDailyHash } from "../after_hand/daily_record.js";
import { createUpdatePrompt } from "./update_prompt.js";
import { createOfflineSupport } from "./offline.js";
import { createNotices } from "./notices.js";
import { createOpenDialog } from "./open_dialog.js";
import { createFrameScheduler } from "./frame.js";
import { createStillTable } from "./still_table.js";
import { buildBootModel, buildTableModel, handModel } from "../model/table_model.js";
import { buildPanelsModel } from "../model/panels_model.js";
import { presetNamed } from "../model/dialogs_model.js";
import { settingDirection } from "../model/seating.js";
import { createRenderer, tableCard } from "../view/render.js";
import { whenIdle } from "../view/dom.js";
import { createMotion } from "../view/motion.js";
import { createPanelsRenderer } from "../view/render_panels.js";
import { createSound, cuesForSnapshot } from "../view/sound.js";
import { bindInput } from "../input/pointer.js";
import { bindPanelInput } from "../input/panel_input.js";
import { bindKeyboard } from "../input/keyboard.js";

function createApp(win) {
  const doc = win.document;
  const storage = createStorage();
  const settings = createSettingsKeeper({ win, storage });
  const motion = createMotion(win); // one owner of the speed setting and of reduced motion
  const renderer = createRenderer(doc, motion);
  const panelRenderer = createPanelsRenderer(doc, { tableCard, reducedMotion: motion.reduced });
  const still = createStillTable(win); // background work waits for a still table
  const frame = createFrameScheduler(
    win,
    {
      all() {
        still.stir();
        const state = tableState();
        renderer.render(buildTableModel(state));
        panelRenderer.render(buildPanelsModel(state));
        watchCover();
      },
      boot() {
        renderer.renderBoot(buildBootModel(tableState()));
      },
      hand() {
        renderer.renderHand(handModel(tableState()));
      },
    },
    // A saved preview that cannot be drawn is dropped: the engine's view of the hand follows.
    (error) => {
      if (!hand.dropPreview()) return false;
      console.warn("The saved table could not be drawn; waiting for the engine's:", error);
      return true;
    },
  );
  const update = frame.update;

  const sound = createSound({
    AudioContextClass: win.AudioContext ?? win.webkitAudioContext ?? null,
    activation: win.navigator.userActivation ?? null,
  });
  sound.setEnabled(settings.current.sound === "on");

  // Whether a hand is being played: the hand controller's, once it exists (a notice can be
  // given before, while the parts are made: a damaged record's).
  let inPlay = () => false;
  const notices = createNotices({ win, update, isSettled: () => !engine.loading, inPlay: () => inPlay() });
  // A hand that cannot be kept is said once it fails, and again over the first hand dealt.
  const tellStorage = () => notices.show({ key: "storageFailing" });
  storage.onTrouble(tellStorage);
  let dealtOnce = false;
  const engine = createEngineSession({
    win,
    storage,
    settings,
    notices,
    update,
    table: {
      halt: () => hand.halt(),
      showSaved: (save, preview) => hand.showSaved(save, preview),
      forget: () => hand.forget(),
      current: () => hand.current(),
      open: (snapshot, handId) => hand.open(snapshot, handId),
      openDeal: (code) => openDealLink(code),
      yieldToOtherTab: () => hand.yieldToOtherTab(),
    },
    onReady({ resumed, dealLink }) {
      if (storage.trouble && !dealtOnce) tellStorage();
      dealtOnce = true;
      // The engine keeps its clean heap for the next visit once nothing moves (a request
      // in flight: at the next still moment).
      still.whenStill(() => engine.client.tableStill());
      // The service worker is registered then too: on a return visit its update check's
      // answer is a task of its own that, in the deal's frames, held up the first flight.
      still.whenStill(() => {
        offline.enable();
        return true;
      });
      // A link that came with the save's hand under way is followed once that hand is open,
      // as one followed in the page: after the new-hand question. A daily link replaces a
      // hand just dealt for the page at once.
      if (dealLink) openDealLink(dealLink);
      if (linkedDaily) {
        const link = linkedDaily;
        linkedDaily = null;
        if (resumed) startDaily(link.date, link.bad);
        else daily.start(link.date, { badLink: link.bad });
      }
    },
  });
  const clock = createTurnClock({
    win,
    sound,
    notices,
    update,
    timerFor: (rules) => presetNamed(engine.view(), rules)?.timer ?? null,
    turnKey: () => hand.turnKey(),
    isBusy: () => hand.busy || engine.loading,
    onTimeout: async () => {
      await hand.act("timeout");
      return hand.view().snapshot;
    },
  });
  const score = createSessionScore({ storage });
  const replay = createReplayController({
    win,
    storage,
    client: engine.client,
    update,
    isReady: () => engine.ready,
    // The daily hand's deal again is the daily again (its opponents, practice once the day has its result).
    playDeal(code) {
      const date = daily.dateOfDeal(code);
      if (date) daily.start(date);
      else hand.replace("from_code", { code, level: settings.current.level }, { key: "dealReplayed", params: { code } });
    },
  });
  // The difficulty a hand counts under is the hand's own (a daily deal is Medium's whatever the setting).
  const stats = createStatsKeeper({ storage, update, openReplay: replay.open, level: () => hand.view().handLevel ?? settings.current.level });
  if (stats.wasReset) notices.show({ key: "statsDamaged" });
  const daily = createDaily({
    win,
    storage,
    client: engine.client,
    update,
    isReady: () => engine.ready,
    notices,
    deal: (request, fields, notice) => hand.replace(request, fields, notice),
    lang: () => settings.lang,
  });
  if (daily.wasReset) notices.show({ key: "dailyDamaged" });
  let linkedDaily = null; // a #daily= link ({date, bad}), started once the engine is up
  let afterConfirm = null; // what the new-hand question's Yes does (a new deal, or the daily)
  // What Yes starts, so the question can say it: {daily: {date}} (today's when the date is
  // null), {deal: code} (a deal link's, in the engine's spelling), or null for a new deal.
  let asked = null;
  /** Ask the new-hand question; `then` is what Yes does, `about` what it starts. */
  function ask(then, about = null) {
    afterConfirm = then;
    asked = about;
    dialog.show("new-hand");
  }
  const updater = createUpdatePrompt({ win, update, isBusy: () => hand.busy });
  const offline = createOfflineSupport({ win, updater, update });
  const hand = createHandController({
    client: engine.client,
    storage,
    settings,
    clock,
    notices,
    update,
    whenDrawn: frame.whenDrawn,
    afterPaint: frame.afterPaint,
    // (and once that frame is painted: begun inside the frame of a trick's sweep or a play's
    // landing, the engine's search took a phone's second core from the frame's layout and paint)
    whenLanded: (callback) => frame.whenDrawn(() => renderer.whenLanded(() => frame.afterPaint(callback))),
    isReady: () => engine.ready,
    onWorked: () => engine.worked(),
    followers: [
      // A move's cue sounds once the frame that shows it is painted: its notes (some
      // milliseconds each on a phone) are not made in the task that draws the move.
      (snapshot) => {
        const cues = cuesForSnapshot(snapshot);
        if (cues.length) frame.afterPaint(() => sound.play(cues));
      },
      score.onSnapshot,
      stats.onSnapshot,
      replay.onSnapshot,
      daily.onSnapshot,
    ],
    onAbandoned: stats.onAbandoned,
    isCovered: () => tableCovered(),
  });
  inPlay = () => hand.underWay;
  const dialog = createOpenDialog({ clock, update });

  /**
   * Something covers the table: a dialog, Statistics, or a replay (of the hand before, opened
   * from Statistics mid-hand). The hand and the turn clock hold meanwhile (nothing is played
   * unseen), and go on once a frame shows the table again.
   */
  function tableCovered() {
    return dialog.open !== null || stats.view().statsPanel !== null || replay.view().replay !== null;
  }
  let wasCovered = false;
  function watchCover() {
    const covered = tableCovered();
    if (covered === wasCovered) return;
    wasCovered = covered;
    // After the drawing, not inside it (each asks for a drawing of its own).
    win.setTimeout(() => {
      clock.pause("covered", covered); // (a dialog holds it at once as well: open_dialog.js)
      if (!covered) hand.uncovered();
    }, 0);
  }

  /** Every part's state side by side: what the models read (never write). */
  function tableState() {
    return {
      ...engine.view(),
      ...settings.view(),
      ...hand.view(),
      ...clock.view(),
      ...notices.view(),
      ...replay.view(),
      ...stats.view(),
      ...daily.view(),
      session: score.view(),
      update: updater.view(),
      offlineReady: offline.ready,
      panel: dialog.open,
      asked,
      menuOpen: dialog.menuOpen,
    };
  }

  const actions = {
    ...hand.actions,
    ...replay.actions,
    ...stats.actions,
    ...updater.actions,
    // New hand: at once when the hand is over; mid-hand only after the person confirms
    // (the dialog [data-confirm="new-hand"]), for one stray tap must not throw a hand away.
    new() {
      // A tab that stopped for another one takes the hand back as a reload does: it opens the
      // latest save, and the other tab stops in turn.
      if (hand.view().stopped) win.location.reload();
      else if (hand.inProgress) ask(null);
      else hand.actions.new();
    },
    // The daily deal replaces the hand as New hand does: mid-hand, only after the same question.
    daily: () => startDaily(),
    "copy-share": daily.actions["copy-share"],
    confirm() {
      if (dialog.open !== "new-hand") return;
      dialog.show(null);
      const then = afterConfirm ?? hand.actions.new;
      afterConfirm = null;
      then();
    },
    cancel() {
      afterConfirm = null;
      if (dialog.open === "new-hand") dialog.show(null);
    },
    retry: () => engine.retry(),
    language() {
      settings.nextLanguage();
      update();
    },
    settings: () => dialog.show("settings"),
    help: () => dialog.show("help"),
    "close-panel": () => dialog.close(),
    menu: () => dialog.toggleMenu(),
    mute() {
      settings.choose("sound", settings.current.sound === "on" ? "off" : "on");
      sound.setEnabled(settings.current.sound === "on");
      update();
    },
    "stop-auto"() {
      if (clock.stopAuto()) hand.continueHand();
    },
    "copy-link"({ fromMenu = false } = {}) {
      const code = hand.dealCode;
      if (!code) return;
      copyDealLink(win, code).then((notice) => {
        // From the menu, the item that would say so is gone with the menu: a notice says it.
        if (notice.key === "linkCopied") notices.showLink(notice, { over: fromMenu });
        else notices.show(notice);
      });
    },
  };

  /** Today's daily deal, or `date`'s (a #daily= link; `badLink`: one that named no date). */
  function startDaily(date, badLink = false) {
    if (!engine.ready) return;
    if (hand.inProgress) {
      ask(() => daily.start(date, { badLink }), { daily: { date: date ?? null } });
    } else {
      daily.start(date, { badLink });
    }
  }

  /**
   * A #deal= link while the page is open: that deal in place of the hand, mid-hand only
   * after the new-hand question (a link is one tap on a chat message, as easy to make by
   * mistake as New hand; the address was cleared already, so No leaves no other deal named).
   */
  async function openDealLink(code) {
    // A code the engine refuses is said over the table (replacing the notice of any earlier
    // link), not in the status line: the turn's prompt stays, and the hand goes on.
    const refused = (error) => notices.show({ key: "dealLinkRefused", params: { reason: refusedCodeReason(error) } });
    const deal = () =>
      // The deal is named by the engine's code (a link's code may be typed in lower case).
      hand.replace("from_code", { code, level: settings.current.level }, (dealt) => ({ key: "dealOpened", params: { code: dealt.deal_code } }), refused);
    if (!hand.inProgress) {
      deal();
      return;
    }
    // Only the engine reads a code. It is asked first, so a bad link is said at once and the
    // person is never asked to leave the hand for a deal that cannot come.
    let checked = null;
    try {
      checked = await engine.client.request("check_code", { code });
    } catch (error) {
      if (!(error instanceof EngineDown)) throw error; // (the worker is being restarted: ask anyway)
    }
    if (checked && !checked.ok) {
      refused(checked.error);
      return;
    }
    ask(deal, { deal: checked?.result?.deal_code ?? code });
  }

  /** A #daily=YYYY-MM-DD link: that date's deal once the engine is up (a bad date: today's, said). */
  function openDailyLink(hash) {
    const link = readDailyHash(hash);
    if (link.kind === "none") return false;
    win.history.replaceState(null, "", withoutHash(win.location.href));
    const date = link.kind === "daily" ? link.date : undefined;
    const bad = link.kind === "bad";
    if (engine.ready) startDaily(date, bad);
    else linkedDaily = { date, bad };
    return true;
  }

  /** Input handlers whose result is drawn before the event returns (see frame.js). */
  const drawnAtOnce = (named) =>
    Object.fromEntries(
      Object.entries(named).map(([name, handle]) => [
        name,
        (...args) => {
          handle(...args);
          frame.flush();
        },
      ]),
    );

  /** Input on your hand: the hand is drawn before the event returns, the rest after (frame.js). */
  const handDrawnAtOnce = (named) =>
    Object.fromEntries(Object.entries(named).map(([name, handle]) => [name, (...args) => frame.handInput(() => handle(...args))]));

  /**
   * What a change of the rules, the difficulty or the seating leaves for the next hand, said
   * in one notice (a second change replaces the first one's notice, so it names all that wait).
   */
  function nextHandNotice(changed) {
    const view = hand.current().snapshot?.view;
    const onTable = view != null && !hand.over; // (after a hand's end the next hand is plainly the next deal)
    // (a choice of rules put back to the table's own leaves nothing for the next hand)
    const rules = view != null ? settings.current.preset !== view.rules : changed === "preset";
    const level = onTable && settings.current.level !== hand.view().handLevel;
    const seats = onTable && settingDirection(settings.current) !== hand.view().handDirection;
    // (marked as such: a later change may take it away, and only it)
    if (seats) return { key: rules || level ? "settingsNextHand" : "seatsNextHand", nextHand: true };
    if (rules && level) return { key: "rulesLevelNextHand", nextHand: true };
    if (rules) return { key: "rulesNextHand", nextHand: true };
    return level ? { key: "levelNextHand", nextHand: true } : null;
  }

  const handlers = {
    ...handDrawnAtOnce({
      toggleCard: hand.toggleCard,
      selectRank: hand.selectRank,
      setCardSelected: hand.setCardSelected,
      clearSelection: hand.clearSelection,
      focusCard: hand.focusCard,
    }),
    ...drawnAtOnce({
      action(name) {
        const fromMenu = name !== "menu" && dialog.menuOpen;
        if (name !== "menu") dialog.closeMenu(); // whatever is chosen, the menu has done its job
        actions[name]?.({ fromMenu });
      },
      setting(name, value) {
        if (!settings.choose(name, value)) return;
        // Said over the table, not in the status line: the turn's prompt stays there, and a
        // notice goes by itself (a status line's words last until the next move).
        if (name === "preset" || name === "level" || name === "direction") {
          const next = nextHandNotice(name);
          // Nothing left for the next hand takes away what a change before said, not other news.
          if (next || notices.view().notice?.nextHand) notices.show(next);
        }
        if (name === "sound") sound.setEnabled(value === "on");
        hand.settingChanged(name);
        update();
      },
      panelClosed: (name) => dialog.closed(name),
      menuClosed: () => dialog.closeMenu(),
      dealLink: (hash) => openDailyLink(hash) || engine.dealLink(hash),
      goToStep: (step) => replay.chooseDecision(step),
      showOption: (index) => replay.showOption(index),
    }),
  };

  function start() {
    openDailyLink(win.location.hash); // read before the engine session reads the URL
    engine.start(); // starts the worker, then the table (from the save, if any) is drawn at once
    watchOtherTabs(win, {
      saved: (text) => engine.otherTabSaved(text),
      sessionChanged() {
        score.refresh();
        update();
      },
    });
    // Input first: nothing the first drawing meets may leave the page without its buttons.
    bindInput(doc, win, handlers);
    bindPanelInput(doc, win, handlers);
    bindKeyboard(doc, win, handlers, { handOver: () => hand.over });
    // Browsers let a page make sound only after a tap or a key press.
    for (const type of ["pointerdown", "keydown"])
      doc.addEventListener(
        type,
        () => {
          sound.touched();
          still.stir();
        },
        { capture: true },
      );
    frame.flush();
    win.performance.mark("pdk:first-paint");
    // The audio context is made while the engine boots, not in the first card's frame.
    whenIdle(win, () => sound.prepare(), { timeout: 2000, fallback: 200 });
    whenIdle(win, () => renderer.warmUp(), { timeout: 2000, fallback: 200 });
    win.paodekuaiStarted = true; // early_worker.js says so when this never happens
  }

  return { start };
}

createApp(window).start();
