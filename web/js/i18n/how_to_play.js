// "How to play": the rules of one preset in our own words, English and
// Simplified Chinese, for the in-app panel (offline like everything else).
//
// Every fact that differs between presets is read from the preset's summary
// the engine sends in `hello` (docs/PROTOCOL.md: Preset, `Rules.summary()`):
// the deck and hand size, who opens, the kinds with their run lengths and
// ranks, must-beat, bombs, the last card rule and its alerts, the short last
// play, the scoring numbers and the timer. The words below hold only what is
// the same for every preset (RULES.md: "in every preset ..."), so a preset's
// text cannot disagree with the engine that plays it.
//
// Each text is {en, zh} with {placeholders}; `HELP_TEXTS` is every one of
// them (the i18n tests hold both languages to the same keys and placeholders).

import { SUIT_SYMBOLS, cardShort } from "../game/cards.js";
import { fill } from "./i18n.js";

export const HELP_TEXTS = Object.freeze({
  // --- the aim
  goalHeading: { en: "The aim", zh: "目标" },
  goal: {
    en: "Three players, no teams. Be the first to play every card in your hand: the hand ends the moment someone does, and the other two pay for the cards they still hold.",
    zh: "三人对局，没有队友。谁先把手里的牌全部出完谁就赢：有人出完，这一局立即结束，另外两家按手里剩下的牌付分。",
  },
  rulesLoading: {
    en: "The rules of this table appear here once the game engine has started.",
    zh: "游戏引擎启动后，这里会显示这种规则的说明。",
  },
  // --- deck and deal
  deckHeading: { en: "Deck and deal", zh: "牌和发牌" },
  deck: {
    en: "{size} cards: a normal deck without the jokers and without {removed}. That leaves {short}. All of it is dealt: {hand} cards each.",
    zh: "共 {size} 张：一副牌去掉大小王和 {removed}，只剩{short}。全部发完，每人 {hand} 张。",
  },
  deckWhole: {
    en: "{size} cards: a normal deck without the jokers. All of it is dealt: {hand} cards each.",
    zh: "共 {size} 张：一副牌去掉大小王。全部发完，每人 {hand} 张。",
  },
  shortOne: { en: "one {name} ({card})", zh: "一张 {name}（{card}）" },
  shortMany: { en: "{count} {names}", zh: "{count}张 {names}" },
  ranksLine: { en: "Low to high: {ranks}. Suits never matter.", zh: "从小到大：{ranks}，花色不分大小。" },
  listComma: { en: ", ", zh: "、" },
  listAnd: { en: " and ", zh: "和" },
  // --- who starts
  leadHeading: { en: "Who starts", zh: "谁先出" },
  leadSpade3: {
    en: "Whoever was dealt ♠3 starts the first trick with any legal combination; it need not contain ♠3.",
    zh: "拿到 ♠3 的玩家先出第一轮，可以出任何合法牌型，不必带 ♠3。",
  },
  leadSpade3First: {
    en: "Whoever was dealt ♠3 starts, and that first play must include ♠3, alone or inside a combination.",
    zh: "拿到 ♠3 的玩家先出，而且第一手牌必须包含 ♠3，单出或组合在牌型里都可以。",
  },
  leadFaceUp: {
    en: "After the deal one card is turned face up for everyone to see; the table shows it and who holds it. That player starts, with any legal combination.",
    zh: "发牌后翻开一张明牌给所有人看，桌面上会显示这张牌和它的持有者。由持有者先出，可以出任何合法牌型。",
  },
  nextLeads: { en: "After that, whoever wins a trick leads the next one.", zh: "之后每一轮由上一轮的赢家先出。" },
  // --- the kinds, each drawn with an example
  kindsHeading: { en: "What you can play", zh: "牌型" },
  kind_single: { en: "Single: any one card.", zh: "单张：任意一张牌。" },
  kind_pair: { en: "Pair: two cards of the same rank.", zh: "对子：两张同点数的牌。" },
  kind_pair_run: { en: "Pair run: {min} or more pairs in a row.", zh: "连对：{min}对或以上点数相连的对子。" },
  kind_straight: {
    en: "Straight: {min} or more ranks in a row; the longest runs from {low} to {high}.",
    zh: "顺子：{min}张或以上点数相连的牌；最长从 {low} 到 {high}。",
  },
  kind_trio: { en: "Trio: three of a rank on their own.", zh: "三张：单独出三张同点数的牌。" },
  kind_trio_one: { en: "Trio with one: a trio plus any one card.", zh: "三带一：三张加任意一张。" },
  kind_trio_pair: { en: "Trio with a pair: a trio plus a pair.", zh: "三带一对：三张加一对。" },
  kind_trio_two: {
    en: "Trio with two: three of a rank plus any two other cards (they need not be a pair).",
    zh: "三带二：三张同点数的牌加任意两张（不必成对）。",
  },
  kind_plane: { en: "Plane: {min} or more trios in a row.", zh: "飞机：{min}个或以上点数相连的三张。" },
  kind_plane_singles: { en: "Plane with singles: a plane plus one extra card per trio.", zh: "飞机带单：飞机加上每个三张一张牌。" },
  kind_plane_pairs: { en: "Plane with pairs: a plane plus one pair per trio.", zh: "飞机带对：飞机加上每个三张一对。" },
  kind_plane_wings: {
    en: "Plane: {min} or more trios in a row, each bringing two extra cards of any rank.",
    zh: "飞机：{min}个或以上点数相连的三张，每个三张带任意两张。",
  },
  kind_bomb: { en: "Bomb: four of a rank.", zh: "炸弹：四张同点数的牌。" },
  outsideRuns: {
    en: "The {ranks} never joins a pair run, straight or plane, and nothing wraps around (K A 2 3 is no straight).",
    zh: "{ranks} 不能进入连对、顺子和飞机；连牌也不能首尾相接（K A 2 3 不是顺子）。",
  },
  runRanges: { en: "Runs use only these ranks: {list}.", zh: "连牌只能用这些点数：{list}。" },
  runRange: { en: "{runs} {low} to {high}", zh: "{runs} {low} 到 {high}" },
  rangeJoin: { en: "; ", zh: "；" },
  run_straight: { en: "straights", zh: "顺子" },
  run_pair_run: { en: "pair runs", zh: "连对" },
  run_plane: { en: "planes", zh: "飞机" },
  noBareTrio: {
    en: "A bare trio and a trio with one card are not allowed.",
    zh: "不能单出三张，也不能三带一。",
  },
  noBareTrioButLast: {
    en: "A bare trio and a trio with one card are not allowed, except as your last play (see below).",
    zh: "不能单出三张或三带一，只有最后一手例外（见下文）。",
  },
  trioNotBomb: { en: "Three {names} are a trio, not a bomb.", zh: "三张 {names} 只算三张，不是炸弹。" },
  fourOnlyBomb: {
    en: "Four of a rank played together are only ever a bomb: never a trio plus one of its own rank, never with extra cards.",
    zh: "四张同点数的牌一起出时只能是炸弹：不能当三带一，也不能带牌。",
  },
  // --- following
  followHeading: { en: "Following", zh: "跟牌" },
  follow: {
    en: "To follow, play the same kind with the same number of cards and a higher rank: a five-card straight only beats a lower five-card straight, and in a trio or plane only the trios count, not the extra cards. A bomb beats anything that is not a bomb; a higher bomb beats a lower one.",
    zh: "跟牌时要出同一种牌型、同样张数、点数更大的牌：五张的顺子只能被更大的五张顺子压住；三带和飞机只比三张的部分，不比带的牌。炸弹能压任何不是炸弹的牌，大炸弹压小炸弹。",
  },
  trickEnds: {
    en: "When the other two players pass one after the other, the trick is over and the last player who played leads the next one.",
    zh: "另外两家接连不出时，这一轮结束，最后出牌的人先出下一轮。",
  },
  // --- passing
  mustBeatHeading: { en: "You must beat if you can", zh: "有大必压" },
  mustBeat: {
    en: "If anything in your hand beats the play on the table, bombs included, you have to play; you may pass only when nothing beats it. Pass is then locked and says why. Whoever leads a trick can never pass.",
    zh: "只要手里有牌能压过桌上的牌（炸弹也算），就必须出；压不过时才能不出。这时“不出”按钮会锁住并说明原因。每轮先出牌的人不能不出。",
  },
  mayPassHeading: { en: "Passing", zh: "可以不出" },
  mayPass: {
    en: "Nobody has to beat: when following you may always pass, even with a bigger play in your hand. Only whoever leads a trick cannot pass.",
    zh: "没有“有大必压”：跟牌时随时可以不出，即使手里有更大的牌。只有每轮先出牌的人不能不出。",
  },
  // --- bombs
  bombsWholeHeading: { en: "Bombs stay whole", zh: "炸弹不能拆" },
  bombsWhole: {
    en: "While you hold all four cards of a rank, none of them may leave your hand except together, as that bomb.",
    zh: "手里有四张同点数的牌时，这四张只能一起作为炸弹出，不能拆开出。",
  },
  bombsSplitHeading: { en: "Bombs may be split", zh: "炸弹可以拆" },
  bombsSplit: {
    en: "Holding four of a rank, you may also play them apart: as singles, pairs, or inside other combinations.",
    zh: "手里有四张同点数的牌时，也可以拆开出：当单张、对子，或放进其他牌型里。",
  },
  // --- the last card rule
  lastCardHeading: { en: "The last card rule", zh: "报单" },
  lastCard: {
    en: "While the player after you holds a single card, any single you play must be {highest}, whether you lead or follow. Pairs and every other kind are free. Cards that may not go as a single carry a small mark, and a seat down to one card is flagged for everyone.",
    zh: "当你的下家只剩一张牌时，你出单张只能出{highest}，先出和跟牌都一样。对子和其他牌型不受限制。不能单出的牌带一个小标记，只剩一张牌的玩家会被标出来。",
  },
  highestOutsideBombs: { en: "your highest card (a bomb you keep whole does not count)", zh: "手里最大的一张（保留的整炸弹不算）" },
  highestInHand: { en: "the highest card in your hand", zh: "手里最大的一张" },
  alsoAlert: {
    en: "This table also lights a seat up when it is down to {n} cards.",
    zh: "这种规则下，只剩{n}张牌的玩家也会被标出来。",
  },
  // --- the short last play
  lastPlayHeading: { en: "A short last play", zh: "最后一手可以少带" },
  lastPlay: {
    en: "A trio or a plane normally needs all its extra cards, but a play that empties your hand may carry fewer: with 7774 left you may put all four down at once, and it counts as a trio with two.",
    zh: "三带二和飞机平时必须带够牌，但如果这一手能出完手里所有的牌，可以少带：手里剩 7774 时可以一次出完，按三带二计算。",
  },
  // --- scoring
  scoringHeading: { en: "Scoring", zh: "计分" },
  payEven: {
    en: "Each loser pays the winner {per} per card left; one card left still pays {one}.",
    zh: "输家按剩下的牌每张付给赢家 {per}；只剩一张也付 {one}。",
  },
  payOneFree: {
    en: "Each loser pays the winner {per} per card left, but a loser with exactly one card left pays nothing.",
    zh: "输家按剩下的牌每张付给赢家 {per}，但只剩一张牌的输家不付分。",
  },
  payOneOther: {
    en: "Each loser pays the winner {per} per card left, but a loser with exactly one card left pays {one}.",
    zh: "输家按剩下的牌每张付给赢家 {per}，但只剩一张牌的输家付 {one}。",
  },
  shutOut: {
    en: "A loser who never played a card is shut out and pays {times}: {hand} cards cost {cost}.",
    zh: "一张牌都没出过的输家算全关，付{times}：{hand} 张付 {cost} 分。",
  },
  timesDouble: { en: "double", zh: "双倍" },
  timesMany: { en: "{m} times over", zh: "{m} 倍" },
  bombWinning: {
    en: "A bomb that wins (nobody beats it before the trick ends, or it empties its player's hand) takes {per} from each other player: +{to}, −{per}, −{per}. A bomb that gets beaten scores nothing.",
    zh: "赢下来的炸弹（这一轮没人再压，或者用它出完了手牌）向另外两家各收 {per} 分：+{to}、−{per}、−{per}。被压住的炸弹不得分。",
  },
  bombEvery: {
    en: "Every bomb played earns its player {to} and costs each other player {per} (+{to}, −{per}, −{per}), beaten or not.",
    zh: "每出一个炸弹，出炸弹的人得 {to} 分，另外两家各扣 {per} 分（+{to}、−{per}、−{per}），被压住也照算。",
  },
  sumsToZero: {
    en: "The result lists each seat's cards left, whether it was shut out, its bomb points and its total. The three totals always add up to zero.",
    zh: "结算表列出每家剩余张数、是否全关、炸弹分和本局总分。三家总分相加永远是零。",
  },
  points: { en: "{n} points", zh: "{n} 分" },
  onePoint: { en: "1 point", zh: "1 分" },
  // --- the one-line reminder under the result
  // --- the rules in one line (Settings, under the rules a player picks)
  setupLine: { en: "{label}: {parts}.", zh: "{label}：{parts}。" },
  setupHand: { en: "{hand} cards each", zh: "每人 {hand} 张" },
  setupSpade3: { en: "♠3's holder starts", zh: "拿 ♠3 的人先出" },
  setupSpade3First: { en: "♠3's holder starts, with ♠3", zh: "拿 ♠3 的人先出，首手必带 ♠3" },
  setupFaceUp: { en: "a face-up card picks who starts", zh: "明牌的持有者先出" },
  setupMustBeat: { en: "you must beat when you can", zh: "有大必压" },
  setupMayPass: { en: "you may always pass", zh: "随时可以不出" },
  setupTimer: { en: "{lead} s to lead, {follow} s to follow", zh: "先出限时 {lead} 秒，跟牌 {follow} 秒" },
  lineStart: { en: "Scoring: {parts}.", zh: "计分：{parts}。" },
  lineJoin: { en: "; ", zh: "；" },
  lineEven: { en: "{per} per card left", zh: "每张剩牌 {per}" },
  lineOneFree: { en: "one card left pays nothing, more pay {per} each", zh: "剩一张不付分，两张以上每张 {per}" },
  lineOneOther: { en: "{per} per card left, one card left pays {one}", zh: "每张剩牌 {per}，剩一张付 {one}" },
  lineShutOut: { en: "shut out pays {times}", zh: "全关付{times}" },
  lineBombWinning: { en: "a winning bomb takes {per} from each other player", zh: "赢下的炸弹向另两家各收 {per} 分" },
  lineBombEvery: { en: "every bomb +{to} to its player, −{per} to each other player", zh: "每个炸弹出牌者 +{to}，另两家各 −{per}" },
  // --- the turn timer
  timerHeading: { en: "Turn timer", zh: "出牌计时" },
  timer: {
    en: "You have {lead} seconds to lead and {follow} to follow; the countdown sits next to your cards. When it runs out the table plays for you: following, the smallest play that beats (or a pass when nothing does); leading, your lowest single, or your highest when the next player holds one card.",
    zh: "先出有 {lead} 秒，跟牌有 {follow} 秒，倒计时显示在手牌旁边。时间到了系统替你出牌：跟牌时出能压过的最小牌型（压不过就不出）；先出时出最小的单张，下家只剩一张时出最大的单张。",
  },
  autoPlay: {
    en: "Two timeouts in a row switch on auto-play: each of your turns is then played that way at once, until you press Stop auto or tap a card, or the hand ends. The countdown pauses while this page is hidden or a panel like this one is open; a reload starts it afresh, and the count of timeouts with it.",
    zh: "连续两次超时会进入托管：之后你的每一手都立即这样自动打出，直到你点“取消托管”、点一张牌，或这一局结束。页面切到后台或打开本说明这样的面板时，倒计时暂停；重新载入页面后重新计时，超时次数也重新算起。",
  },
  // --- at this table
  tableHeading: { en: "At this table", zh: "操作" },
  table1: {
    en: "Tap a card to select it and tap it again to put it back; a double tap selects every card of that rank, and a finger slid along your cards selects or puts back each one it passes; a tap on the table puts them all back. You can pick your cards while the others play: they stay up for your turn, unless nothing of yours beats by then.",
    zh: "点一张牌选中，再点一次放回；双击选中同点数的所有牌；手指在牌上滑过，会选中或放回滑过的每一张；点一下桌面，全部放回。别人出牌时也可以先选好牌，轮到你时仍保持选中，除非那时你已压不过。",
  },
  table2: { en: "The line above your cards says what your selection is and whether it beats the table; Play lights up only for a legal play.", zh: "手牌上方的状态栏会说明所选的牌型以及能否压过桌上的牌；只有合法时“出牌”按钮才会亮起。" },
  table3: {
    en: "Hint suggests: its first press gives the play the Hard opponent's search finds best for you (a moment's thought), the next presses cycle through your other legal plays (the line says which: \"Best found\", then \"Hint 2 of 5\"). Cards that fit in no legal play now are greyed; when you can't beat, the line says so and Pass becomes the main button.",
    zh: "“提示”给建议：第一次按给出困难电脑的搜索为你找到的最佳出法（稍想片刻），再按就依次给出其他合法出法（状态栏会注明：“最佳出法”，然后“提示 2/5”）。现在出不了的牌会变灰；压不过时，状态栏会说明，“不出”成为主按钮。",
  },
  tableCoach: {
    en: "The coach rates: after the hand, Replay rates each of your decisions with the same search, shows every option with its cards and the points each was expected to score, and says why a play lost points. A forced decision counts for nothing.",
    zh: "教练来评分：打完后，“回放”用同样的搜索给你每一手评分，列出每种出法的牌和预期得分，并说明一手为何丢分。别无选择的一手不计入评分。",
  },
  tableDaily: {
    en: "Daily deal (menu): one deal a day, the same for everyone; after it you see how Hard scored in your seat on the same deal, and can copy your result. The day's first result is the one kept; playing its deal again is practice.",
    zh: "每日一局（菜单）：每天一副牌，人人相同；打完后能看到困难电脑在你的座位上打同一副牌的得分，并可复制你的成绩。当天第一次打完的成绩才算数，再打一次只算练习。",
  },
  table4: { en: "The strip at the top counts, per rank, the cards you have not seen yet.", zh: "上方的记牌器按点数显示还没出现的牌数。" },
  table5: { en: "Each deal has a code; Copy link makes a link that deals the same hands again.", zh: "每一局都有牌局代码；“复制链接”可以生成重发同一副牌的链接。" },
  table6: { en: "New hand in the middle of a hand asks first: a hand left unfinished counts as abandoned in Statistics.", zh: "对局中点“新一局”会先确认：没打完就放弃的一局在统计里记为弃局。" },
  table7: { en: "Settings: the rules, the difficulty, the language, the animation speed, sound, the seating, and passing by itself when you cannot beat.", zh: "设置：规则、难度、语言、动画速度、声音、座位，以及压不过时自动不出。" },
  // --- the keyboard
  keysHeading: { en: "Keyboard", zh: "键盘" },
  keys1: { en: "← and → (or Home and End): move between your cards.", zh: "← 和 →（或 Home 和 End）：在手牌之间移动。" },
  keys2: { en: "Space or Enter: select or put back the card you are on; ↑ selects it, ↓ puts it back.", zh: "空格键或回车键：选中或放回当前的牌；↑ 选中，↓ 放回。" },
  keys3: { en: "R: select every card of that rank.", zh: "R：选中同点数的所有牌。" },
  keys4: { en: "P: play · X: pass · H: hint.", zh: "P：出牌 · X：不出 · H：提示。" },
  keys5: { en: "Esc: clear your selection, or close a panel.", zh: "Esc：清空所选的牌，或关闭面板。" },
  keys6: { en: "N: New hand (in the middle of a hand it asks first, as the button does).", zh: "N：新一局（对局中会先确认，和按钮一样）。" },
  keys7: { en: "S: settings · ?: how to play.", zh: "S：设置 · ?：玩法。" },
});

/**
 * Each kind's example, drawn under it with the table's own cards: codes every
 * preset's deck holds, which the engine reads as that kind (a browser test
 * plays each one against the engine).
 */
const KIND_EXAMPLES = Object.freeze({
  single: "KH",
  pair: "8S 8H",
  pair_run: "5S 5D 6H 6C 7S 7D",
  straight: "3S 4H 5D 6C 7S",
  trio: "9S 9H 9D",
  trio_one: "9S 9H 9D 4C",
  trio_pair: "9S 9H 9D 4C 4D",
  trio_two: "9S 9H 9D 4C JS",
  plane: "7S 7H 7D 8S 8H 8D",
  plane_singles: "7S 7H 7D 8S 8H 8D 3C JD",
  plane_pairs: "7S 7H 7D 8S 8H 8D 4C 4D JS JH",
  plane_wings: "7S 7H 7D 8S 8H 8D 3C 5H JD KH",
  bomb: "10S 10H 10D 10C",
});

/** What a run of each plane kind is listed under in the summary's `runs`. */
const RUN_OF_KIND = Object.freeze({ straight: "straight", pair_run: "pair_run", plane: "plane", plane_singles: "plane", plane_pairs: "plane", plane_wings: "plane" });

/** English names of the ranks spelt out in sentences ("one ace", "three kings"). */
const RANK_WORDS = Object.freeze({ J: ["jack", "jacks"], Q: ["queen", "queens"], K: ["king", "kings"], A: ["ace", "aces"] });
const COUNT_WORDS = Object.freeze({ en: ["no", "one", "two", "three", "four", "five", "six"], zh: ["零", "一", "两", "三", "四", "五", "六"] });

/** A sentence-maker for one language: say("key", params). */
function speaker(lang) {
  const say = (key, params) => fill(HELP_TEXTS[key][lang] ?? HELP_TEXTS[key].en, params);
  say.lang = lang;
  say.gap = lang === "zh" ? "" : " "; // between two sentences (Chinese puts no space after 。)
  say.list = (items) =>
    items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(say("listComma"))}${say("listAnd")}${items.at(-1)}`;
  say.points = (n) => (n === 1 ? say("onePoint") : say("points", { n }));
  say.count = (n) => COUNT_WORDS[lang][n] ?? String(n);
  say.rankName = (rank, many) => (lang === "en" ? (RANK_WORDS[rank]?.[many ? 1 : 0] ?? (many ? `${rank}s` : rank)) : rank);
  return say;
}

/** The deck paragraph: its size, the cards taken out, the ranks left short, the hand size. */
function deckText(say, preset) {
  const removed = new Set(preset.removed);
  const short = preset.deck
    .filter(([, n]) => n < 4)
    .reverse() // the rarest, highest ranks first: "one 2 (♠2), three aces"
    .map(([rank, n]) => {
      if (n === 1) {
        const suit = Object.keys(SUIT_SYMBOLS).find((s) => !removed.has(`${rank}${s}`));
        return say("shortOne", { name: say.rankName(rank, false), card: cardShort(`${rank}${suit}`) });
      }
      return say("shortMany", { count: say.count(n), names: say.rankName(rank, true) });
    });
  const params = { size: preset.deck_size, hand: preset.hand_size, removed: preset.removed.map(cardShort).join(" "), short: say.list(short) };
  return say(short.length ? "deck" : "deckWhole", params);
}

function leadText(say, preset) {
  if (preset.opener === "face_up") return say("leadFaceUp");
  return say(preset.spade3_first ? "leadSpade3First" : "leadSpade3");
}

function runOf(preset, kind) {
  return preset.runs.find((run) => run.kind === RUN_OF_KIND[kind]) ?? null;
}

function kindItems(say, preset) {
  return preset.kinds.map((kind) => {
    const run = runOf(preset, kind);
    const params = run ? { min: say.count(run.min_length), low: run.ranks[0], high: run.ranks.at(-1) } : {};
    return { text: say(`kind_${kind}`, params), kind, cards: (KIND_EXAMPLES[kind] ?? "").split(" ").filter(Boolean) };
  });
}

/** What the kinds paragraph adds: ranks outside every run, each run's ranks, what is not a play. */
function kindsParagraphs(say, preset) {
  const inRuns = new Set(preset.runs.flatMap((run) => run.ranks));
  const outside = preset.deck.map(([rank]) => rank).filter((rank) => !inRuns.has(rank));
  const texts = [];
  if (outside.length) texts.push(say("outsideRuns", { ranks: say.list(outside) }));
  // Runs that keep within the same ranks are named together: "straights, pair runs and planes 3 to A".
  const ranges = new Map();
  for (const run of preset.runs) {
    const key = `${run.ranks[0]}|${run.ranks.at(-1)}`;
    ranges.set(key, [...(ranges.get(key) ?? []), say(`run_${run.kind}`)]);
  }
  const list = [...ranges].map(([key, runs]) => {
    const [low, high] = key.split("|");
    return say("runRange", { runs: say.list(runs), low, high });
  });
  texts.push(say("runRanges", { list: list.join(say("rangeJoin")) }));
  if (!preset.kinds.includes("trio") && !preset.kinds.includes("trio_one")) {
    texts.push(say(preset.short_last_play ? "noBareTrioButLast" : "noBareTrio"));
  }
  for (const [rank, n] of preset.deck) if (n === 3) texts.push(say("trioNotBomb", { names: say.rankName(rank, true) }));
  texts.push(say("fourOnlyBomb"));
  return texts;
}

function lastCardParagraphs(say, preset) {
  const texts = [say("lastCard", { highest: say(preset.bombs_splittable ? "highestInHand" : "highestOutsideBombs") })];
  for (const n of preset.alert_counts) if (n > 1) texts.push(say("alsoAlert", { n: say.count(n) }));
  return texts;
}

/** The pieces of the scoring both the panel and the result's reminder say. */
function scoringParams(say, preset) {
  const { per_card: per, one_card_pays: one, shut_out_multiplier: m, bombs } = preset.scoring;
  return {
    per: say.points(per),
    one: say.points(one),
    pay: one === per ? "Even" : one === 0 ? "OneFree" : "OneOther",
    times: m === 2 ? say("timesDouble") : say("timesMany", { m }),
    cost: preset.hand_size * per * m,
    bomb: bombs.mode === "winning" ? "Winning" : "Every",
    bombPer: bombs.per_opponent,
    bombTo: bombs.to_bomber,
  };
}

function scoringItems(say, preset) {
  const p = scoringParams(say, preset);
  return [
    say(`pay${p.pay}`, p),
    say("shutOut", { times: p.times, hand: preset.hand_size, cost: p.cost }),
    say(`bomb${p.bomb}`, { per: p.bombPer, to: p.bombTo }),
  ];
}

/** The sections of one preset, as {id, heading, paragraphs: [str], items: [str | item]}. */
function presetSections(say, preset) {
  const sections = [
    { id: "deck", heading: say("deckHeading"), paragraphs: [deckText(say, preset), say("ranksLine", { ranks: preset.deck.map(([rank]) => rank).join(" ") })] },
    { id: "lead", heading: say("leadHeading"), paragraphs: [leadText(say, preset), say("nextLeads")] },
    { id: "kinds", heading: say("kindsHeading"), paragraphs: kindsParagraphs(say, preset), items: kindItems(say, preset) },
    { id: "follow", heading: say("followHeading"), paragraphs: [say("follow"), say("trickEnds")] },
    preset.must_beat
      ? { id: "pass", heading: say("mustBeatHeading"), paragraphs: [say("mustBeat")] }
      : { id: "pass", heading: say("mayPassHeading"), paragraphs: [say("mayPass")] },
    preset.bombs_splittable
      ? { id: "bombs", heading: say("bombsSplitHeading"), paragraphs: [say("bombsSplit")] }
      : { id: "bombs", heading: say("bombsWholeHeading"), paragraphs: [say("bombsWhole")] },
  ];
  if (preset.last_card_rule) sections.push({ id: "last-card", heading: say("lastCardHeading"), paragraphs: lastCardParagraphs(say, preset) });
  if (preset.short_last_play) sections.push({ id: "last-play", heading: say("lastPlayHeading"), paragraphs: [say("lastPlay")] });
  sections.push({ id: "scoring", heading: say("scoringHeading"), paragraphs: [say("sumsToZero")], items: scoringItems(say, preset) });
  if (preset.timer) {
    sections.push({ id: "timer", heading: say("timerHeading"), paragraphs: [say("timer", preset.timer), say("autoPlay")] });
  }
  return sections;
}

const TABLE_ITEMS = Object.freeze(["table1", "table2", "table3", "tableCoach", "tableDaily", "table4", "table5", "table6", "table7"]);
const KEY_ITEMS = Object.freeze(["keys1", "keys2", "keys3", "keys4", "keys5", "keys6", "keys7"]);

/**
 * The panel's content for one preset in one language:
 * {sections: [{id, heading, paragraphs: [str], items: [{text, kind, cards}]}]};
 * `preset` is the engine's summary of it (`hello`'s Preset), `cards` (codes)
 * a kind's example, drawn with the table's cards, else empty. Before the
 * engine has said what its presets are (`preset` null) only what holds at
 * every table is shown.
 */
export function howToPlay(preset, lang) {
  const say = speaker(lang === "zh" ? "zh" : "en");
  const goal = { id: "goal", heading: say("goalHeading"), paragraphs: [say("goal")] };
  if (!preset) goal.paragraphs.push(say("rulesLoading"));
  const sections = [
    goal,
    ...(preset ? presetSections(say, preset) : []),
    { id: "table", heading: say("tableHeading"), items: TABLE_ITEMS.map((key) => say(key)) },
    { id: "keys", heading: say("keysHeading"), items: KEY_ITEMS.map((key) => say(key)) },
  ];
  return {
    sections: sections.map((section) => ({
      id: section.id,
      heading: section.heading,
      paragraphs: section.paragraphs ?? [],
      items: (section.items ?? []).map((item) => (typeof item === "string" ? { text: item, kind: null, cards: [] } : item)),
    })),
  };
}

/**
 * The preset's rules in two short sentences, what sets it apart from the others at a
 * glance (Settings, under the rules chosen): the deal, who starts, passing, the clock,
 * then the scoring (`scoringLine`); "" without a summary.
 */
export function presetLine(preset, lang) {
  if (!preset?.scoring) return "";
  const say = speaker(lang === "zh" ? "zh" : "en");
  const lead = preset.opener === "face_up" ? "setupFaceUp" : preset.spade3_first ? "setupSpade3First" : "setupSpade3";
  const parts = [say("setupHand", { hand: preset.hand_size }), say(lead), say(preset.must_beat ? "setupMustBeat" : "setupMayPass")];
  if (preset.timer) parts.push(say("setupTimer", preset.timer));
  const label = preset.label[say.lang] ?? preset.label.en;
  return [say("setupLine", { label, parts: parts.join(say("lineJoin")) }), scoringLine(preset, lang)].join(say.gap);
}

/** One line under the result that reminds how this preset scores (`preset`: its summary); "" without one. */
export function scoringLine(preset, lang) {
  if (!preset?.scoring) return "";
  const say = speaker(lang === "zh" ? "zh" : "en");
  const p = scoringParams(say, preset);
  const parts = [
    say(`line${p.pay}`, p),
    say("lineShutOut", { times: p.times }),
    say(`lineBomb${p.bomb}`, { per: p.bombPer, to: p.bombTo }),
  ];
  return say("lineStart", { parts: parts.join(say("lineJoin")) });
}
