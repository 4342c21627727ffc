// Every word of the interface in English and Simplified Chinese.
// The engine's own messages already arrive as {en, zh}; pickMessage reads them.
// Adding a language means adding one more table here and its code to LANGUAGES.

export const LANGUAGES = Object.freeze(["en", "zh"]);

const STRINGS = Object.freeze({
  en: {
    title: "Pao De Kuai",
    subtitle: "Run Fast",
    htmlLang: "en",
    languageButton: "中文",
    languageButtonLabel: "切换到中文",
    deal: "Deal",
    copyLink: "Copy link",
    linkCopied: "Link copied",
    linkShow: "Link to this deal: {link}",
    session: "Session",
    newHand: "New hand",
    hint: "Hint",
    pass: "Pass",
    play: "Play",
    difficulty: "Difficulty",
    rules: "Rules",
    rulesNextHand: "New rules apply from the next hand",
    level_easy: "Easy",
    level_medium: "Medium",
    level_hard: "Hard",
    seat0: "You",
    seat1: "West",
    seat2: "East",
    cardsLeft: "{n} cards",
    oneCardLeft: "1 card",
    passed: "Pass",
    thinking: "Thinking…",
    yourTurn: "Your turn",
    lastCard: "Last card!",
    counterTitle: "Not yet seen",
    counterLabel: "{rank}: {n} not yet seen",
    waitingFor: "{name} to play…",
    youWin: "You win the hand!",
    seatWins: "{name} wins the hand",
    resultTitle: "Result",
    resultSeat: "Seat",
    resultCardsLeft: "Cards left",
    resultShutOut: "Shut out",
    resultBombs: "Bombs",
    resultTotal: "Hand",
    resultSession: "Session",
    resultHands: "Hands played: {n}.",
    resultNext: "Press New hand to deal again.",
    yes: "yes",
    no: "—",
    bootDownloading: "Downloading the game engine: {loaded} of {total} MB ({percent}%)",
    bootStarting: "Starting the game engine…",
    bootDealing: "Dealing…",
    bootWaiting: "Loading…",
    bootRestoring: "Restoring your game…",
    engineFailed: "The game engine could not start.",
    engineHung: "The game engine did not start in time.",
    engineDetail: "Details: {detail}",
    retry: "Retry",
    engineRestarted: "The game engine stopped; it was restarted and your hand resumed.",
    saveRefused: "Your saved game could not be restored ({reason}). A new hand was dealt.",
    saveUnreadable: "the save is damaged",
    saveOldVersion: "it was saved by another version",
    badDealCode: "That deal code could not be used ({reason}). A new hand was dealt.",
    dealReplayed: "Replaying deal {code}",
    offlineReady: "Ready to play offline",
    faceUp: "Face-up card: {card} ({name} leads)",
    requestFailed: "Something went wrong: {reason}",
    rank_10: "10",
    suit_S: "spades",
    suit_H: "hearts",
    suit_D: "diamonds",
    suit_C: "clubs",
    cardLabel: "{rank} of {suit}",
    handLabel: "Your hand",
    playsLabel: "{name} played {cards}",
  },
  zh: {
    title: "跑得快",
    subtitle: "Pao De Kuai",
    htmlLang: "zh-Hans",
    languageButton: "English",
    languageButtonLabel: "Switch to English",
    deal: "牌局",
    copyLink: "复制链接",
    linkCopied: "链接已复制",
    linkShow: "本局链接：{link}",
    session: "本次累计",
    newHand: "新一局",
    hint: "提示",
    pass: "不要",
    play: "出牌",
    difficulty: "难度",
    rules: "规则",
    rulesNextHand: "新规则从下一局开始",
    level_easy: "简单",
    level_medium: "中等",
    level_hard: "困难",
    seat0: "你",
    seat1: "西家",
    seat2: "东家",
    cardsLeft: "{n} 张",
    oneCardLeft: "1 张",
    passed: "不要",
    thinking: "思考中…",
    yourTurn: "轮到你了",
    lastCard: "报单！",
    counterTitle: "未出现的牌",
    counterLabel: "{rank}：还有 {n} 张未出现",
    waitingFor: "等待{name}出牌…",
    youWin: "你赢了这一局！",
    seatWins: "{name}赢了这一局",
    resultTitle: "结算",
    resultSeat: "座位",
    resultCardsLeft: "剩余张数",
    resultShutOut: "全关",
    resultBombs: "炸弹",
    resultTotal: "本局",
    resultSession: "累计",
    resultHands: "已打 {n} 局。",
    resultNext: "点击“新一局”再来一局。",
    yes: "是",
    no: "—",
    bootDownloading: "正在下载游戏引擎：{loaded} / {total} MB（{percent}%）",
    bootStarting: "正在启动游戏引擎…",
    bootDealing: "正在发牌…",
    bootWaiting: "加载中…",
    bootRestoring: "正在恢复牌局…",
    engineFailed: "游戏引擎无法启动。",
    engineHung: "游戏引擎启动超时。",
    engineDetail: "详情：{detail}",
    retry: "重试",
    engineRestarted: "游戏引擎中断，已重新启动并恢复牌局。",
    saveRefused: "无法恢复保存的牌局（{reason}），已重新发牌。",
    saveUnreadable: "存档已损坏",
    saveOldVersion: "存档来自其他版本",
    badDealCode: "无法使用该牌局代码（{reason}），已重新发牌。",
    dealReplayed: "重玩牌局 {code}",
    offlineReady: "已可离线游戏",
    faceUp: "明牌：{card}（{name}先出）",
    requestFailed: "出错了：{reason}",
    rank_10: "10",
    suit_S: "黑桃",
    suit_H: "红桃",
    suit_D: "方块",
    suit_C: "梅花",
    cardLabel: "{suit}{rank}",
    handLabel: "你的手牌",
    playsLabel: "{name}出了 {cards}",
  },
});

/** The language to use: a saved choice, else the browser's preference, else English. */
export function pickLanguage(saved, preferred = []) {
  if (LANGUAGES.includes(saved)) return saved;
  for (const tag of preferred) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

/** The UI string `key` in `lang` with {placeholders} filled; falls back to English. */
export function translate(lang, key, params = {}) {
  const table = STRINGS[lang] ?? STRINGS.en;
  const template = table[key] ?? STRINGS.en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** An engine message {en, zh} (or a plain string) in `lang`. */
export function pickMessage(lang, message) {
  if (message == null) return "";
  if (typeof message !== "object") return String(message);
  return message[lang] ?? message.en ?? "";
}

/** A bound translator, so view code can say t("key") without passing the language around. */
export function translatorFor(lang) {
  const t = (key, params) => translate(lang, key, params);
  t.lang = lang;
  t.message = (message) => pickMessage(lang, message);
  return t;
}
