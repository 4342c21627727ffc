// "How to play": the rules of each preset in our own words, English and
// Simplified Chinese, for the in-app panel (offline like everything else).
// This only describes the rules; the engine enforces them. When a preset's
// rules change in the engine, change its text here too.
//
// Each section is {id, heading, paragraphs, items}; a text is {en, zh}, and a
// section's text can differ per preset ({standard, classic16, ...}, with `other`
// for the rest).

const RANKS_LINE = {
  en: "Low to high: 3 4 5 6 7 8 9 10 J Q K A 2. Suits never matter.",
  zh: "从小到大：3 4 5 6 7 8 9 10 J Q K A 2，花色不分大小。",
};

const NEXT_LEADS = {
  en: "After that, whoever wins a trick leads the next one.",
  zh: "之后每一轮由上一轮的赢家先出。",
};

// Texts two presets share, named once (classic16 and compact15 are one family
// of rules: no must-beat, bombs may split, every bomb pays 4 / costs 2).
const SPADE3_IN_FIRST_PLAY = {
  en: "Whoever was dealt ♠3 starts, and that first play must include ♠3, alone or inside a combination.",
  zh: "拿到 ♠3 的玩家先出，而且第一手牌必须包含 ♠3，单出或组合在牌型里都可以。",
};

const MAY_PASS_HEADING = { en: "Passing", zh: "可以不出" };

const MAY_PASS = {
  en: "Nobody has to beat: when following you may always pass, even with a bigger play in your hand. Only whoever leads a trick cannot pass.",
  zh: "没有“有大必压”：跟牌时随时可以不出，即使手里有更大的牌。只有每轮先出牌的人不能不出。",
};

const BOMBS_SPLIT_HEADING = { en: "Bombs may be split", zh: "炸弹可以拆" };

const BOMBS_SPLIT = {
  en: "Holding four of a rank, you may also play them apart: as singles, pairs, or inside other combinations.",
  zh: "手里有四张同点数的牌时，也可以拆开出：当单张、对子，或放进其他牌型里。",
};

const HIGHEST_SINGLE = {
  en: "While the player after you holds a single card, any single you play must be the highest card in your hand, whether you lead or follow. Pairs and every other kind are free. Cards that may not go as a single carry a small mark, and a seat down to one card is flagged for everyone.",
  zh: "当你的下家只剩一张牌时，你出单张只能出手里最大的一张，先出和跟牌都一样。对子和其他牌型不受限制。不能单出的牌带一个小标记，只剩一张牌的玩家会被标出来。",
};

const EVERY_BOMB_PAYS_4 = [
  { en: "Each loser pays the winner 1 point per card left; one card left pays 1.", zh: "输家按剩下的牌每张付给赢家 1 分；只剩一张付 1 分。" },
  { en: "A loser who never played a card is shut out and pays double.", zh: "一张牌都没出过的输家算全关，付双倍。" },
  { en: "Every bomb played pays its player 4 and costs each other player 2 (+4, −2, −2), beaten or not.", zh: "每出一个炸弹，出炸弹的人得 4 分，另外两家各扣 2 分（+4、−2、−2），被压住也照算。" },
];

const EVERY_BOMB_PAYS_4_LINE = {
  en: "Scoring: 1 point per card left; shut out pays double; every bomb +4 to its player, −2 to each other.",
  zh: "计分：每张剩牌 1 分；全关加倍；每个炸弹出牌者 +4，另两家各 −2。",
};

// Each kind with an example drawn under it in the table's own cards (`cards`,
// codes every preset's deck holds; `kind` the engine's name for the reading).
const STANDARD_KINDS = [
  { kind: "single", cards: "KH", en: "Single: any one card.", zh: "单张：任意一张牌。" },
  { kind: "pair", cards: "8S 8H", en: "Pair: two cards of the same rank.", zh: "对子：两张同点数的牌。" },
  { kind: "pair_run", cards: "5S 5D 6H 6C 7S 7D", en: "Pair run: two or more pairs in a row.", zh: "连对：两对或以上点数相连的对子。" },
  { kind: "straight", cards: "3S 4H 5D 6C 7S", en: "Straight: five or more ranks in a row; the longest runs from 3 to A.", zh: "顺子：五张或以上点数相连的牌；最长从 3 到 A。" },
  {
    kind: "trio_two",
    cards: "9S 9H 9D 4C JS",
    en: "Trio with two: three of a rank plus any two other cards (they need not be a pair).",
    zh: "三带二：三张同点数的牌加任意两张（不必成对）。",
  },
  {
    kind: "plane_wings",
    cards: "7S 7H 7D 8S 8H 8D 3C 5H JD KH",
    en: "Plane: two or more trios in a row, each bringing two extra cards of any rank.",
    zh: "飞机：两个或以上点数相连的三张，每个三张带任意两张。",
  },
  { kind: "bomb", cards: "10S 10H 10D 10C", en: "Bomb: four of a rank.", zh: "炸弹：四张同点数的牌。" },
];

const ELEVEN_KINDS = [
  { kind: "single", cards: "KH", en: "Single: any one card.", zh: "单张：任意一张牌。" },
  { kind: "pair", cards: "8S 8H", en: "Pair: two cards of the same rank.", zh: "对子：两张同点数的牌。" },
  { kind: "trio", cards: "9S 9H 9D", en: "Trio: three of a rank on their own.", zh: "三张：单独出三张同点数的牌。" },
  { kind: "trio_one", cards: "9S 9H 9D 4C", en: "Trio with one: a trio plus any one card.", zh: "三带一：三张加任意一张。" },
  { kind: "trio_pair", cards: "9S 9H 9D 4C 4D", en: "Trio with a pair: a trio plus a pair.", zh: "三带一对：三张加一对。" },
  { kind: "straight", cards: "3S 4H 5D 6C 7S", en: "Straight: five or more ranks in a row; the longest runs from 3 to A.", zh: "顺子：五张或以上点数相连的牌；最长从 3 到 A。" },
  { kind: "pair_run", cards: "5S 5D 6H 6C", en: "Pair run: two or more pairs in a row.", zh: "连对：两对或以上点数相连的对子。" },
  { kind: "plane", cards: "7S 7H 7D 8S 8H 8D", en: "Plane: two or more trios in a row.", zh: "飞机：两个或以上点数相连的三张。" },
  { kind: "plane_singles", cards: "7S 7H 7D 8S 8H 8D 3C JD", en: "Plane with singles: a plane plus one extra card per trio.", zh: "飞机带单：飞机加上每个三张一张牌。" },
  { kind: "plane_pairs", cards: "7S 7H 7D 8S 8H 8D 4C 4D JS JH", en: "Plane with pairs: a plane plus one pair per trio.", zh: "飞机带对：飞机加上每个三张一对。" },
  { kind: "bomb", cards: "10S 10H 10D 10C", en: "Bomb: four of a rank.", zh: "炸弹：四张同点数的牌。" },
];

const SECTIONS = [
  {
    id: "goal",
    heading: { en: "The aim", zh: "目标" },
    paragraphs: [
      {
        en: "Three players, no teams. Be the first to play every card in your hand: the hand ends the moment someone does, and the other two pay for the cards they still hold.",
        zh: "三人对局，没有队友。谁先把手里的牌全部出完谁就赢：有人出完，这一局立即结束，另外两家按手里剩下的牌付分。",
      },
    ],
  },
  {
    id: "deck",
    heading: { en: "Deck and deal", zh: "牌和发牌" },
    paragraphs: [
      {
        other: {
          en: "48 cards: a normal deck without the jokers, without ♥2 ♦2 ♣2 and without ♠A. So there is a single 2 (♠2) and there are three aces. All of it is dealt: 16 cards each.",
          zh: "共 48 张：一副牌去掉大小王、♥2 ♦2 ♣2 和 ♠A，所以只有一张 2（♠2），A 也只有三张。全部发完，每人 16 张。",
        },
        compact15: {
          en: "45 cards: a normal deck without the jokers, ♥2 ♦2 ♣2, ♥A ♦A ♣A and ♠K. That leaves one 2 (♠2), one ace (♠A) and three kings. All of it is dealt: 15 cards each.",
          zh: "共 45 张：一副牌去掉大小王、♥2 ♦2 ♣2、♥A ♦A ♣A 和 ♠K，只剩一张 2（♠2）、一张 A（♠A）和三张 K。全部发完，每人 15 张。",
        },
      },
      RANKS_LINE,
    ],
  },
  {
    id: "lead",
    heading: { en: "Who starts", zh: "谁先出" },
    paragraphs: [
      {
        standard: {
          en: "Whoever was dealt ♠3 starts the first trick with any legal combination; it need not contain ♠3.",
          zh: "拿到 ♠3 的玩家先出第一轮，可以出任何合法牌型，不必带 ♠3。",
        },
        classic16: SPADE3_IN_FIRST_PLAY,
        club: SPADE3_IN_FIRST_PLAY,
        compact15: {
          en: "After the deal one card is turned face up for everyone to see; the table shows it and who holds it. That player starts, with any legal combination.",
          zh: "发牌后翻开一张明牌给所有人看，桌面上会显示这张牌和它的持有者。由持有者先出，可以出任何合法牌型。",
        },
      },
      NEXT_LEADS,
    ],
  },
  {
    id: "kinds",
    heading: { en: "What you can play", zh: "牌型" },
    items: { other: STANDARD_KINDS, classic16: ELEVEN_KINDS, compact15: ELEVEN_KINDS },
    paragraphs: [
      {
        other: {
          en: "The 2 never joins a pair run, straight or plane, and nothing wraps around (K A 2 3 is no straight). A bare trio, a trio with one card and four cards with extras are not allowed, except as your last play (see below). Three aces are a trio, not a bomb.",
          zh: "2 不能进入连对、顺子和飞机，也不能首尾相接（K A 2 3 不是顺子）。不能单出三张、三带一或四张带牌，只有最后一手例外（见下文）。三张 A 只算三张，不是炸弹。",
        },
        classic16: {
          en: "The 2 never joins a pair run, straight or plane, and nothing wraps around (K A 2 3 is no straight). Four of a rank played together are only ever a bomb: never a trio plus one of its own rank, never with extra cards.",
          zh: "2 不能进入连对、顺子和飞机，也不能首尾相接（K A 2 3 不是顺子）。四张同点数的牌一起出时只能是炸弹：不能当三带一，也不能带牌。",
        },
        compact15: {
          en: "The 2 never joins a pair run, straight or plane, and nothing wraps around. With a single ace in the deck, pair runs and planes stop at the kings; a straight can still reach the ace. Four of a rank played together are only ever a bomb, never with extra cards.",
          zh: "2 不能进入连对、顺子和飞机，也不能首尾相接。牌里只有一张 A，所以连对和飞机最多到 K；顺子仍然可以到 A。四张同点数的牌一起出时只能是炸弹，不能带牌。",
        },
      },
    ],
  },
  {
    id: "follow",
    heading: { en: "Following", zh: "跟牌" },
    paragraphs: [
      {
        en: "To follow, play the same kind with the same number of cards and a higher rank: a five-card straight only beats a lower five-card straight, and in a trio or plane only the trios count, not the extra cards. A bomb beats anything that is not a bomb; a higher bomb beats a lower one.",
        zh: "跟牌时要出同一种牌型、同样张数、点数更大的牌：五张的顺子只能被更大的五张顺子压住；三带和飞机只比三张的部分，不比带的牌。炸弹能压任何不是炸弹的牌，大炸弹压小炸弹。",
      },
      {
        en: "When the other two players pass one after the other, the trick is over and the last player who played leads the next one.",
        zh: "另外两家接连不出时，这一轮结束，最后出牌的人先出下一轮。",
      },
    ],
  },
  {
    id: "pass",
    heading: {
      other: { en: "You must beat if you can", zh: "有大必压" },
      classic16: MAY_PASS_HEADING,
      compact15: MAY_PASS_HEADING,
    },
    paragraphs: [
      {
        other: {
          en: "If anything in your hand beats the play on the table, bombs included, you have to play; you may pass only when nothing beats it. Pass is then locked and says why. Whoever leads a trick can never pass.",
          zh: "只要手里有牌能压过桌上的牌（炸弹也算），就必须出；压不过时才能不出。这时“不出”按钮会锁住并说明原因。每轮先出牌的人不能不出。",
        },
        classic16: MAY_PASS,
        compact15: MAY_PASS,
      },
    ],
  },
  {
    id: "bombs",
    heading: {
      other: { en: "Bombs stay whole", zh: "炸弹不能拆" },
      classic16: BOMBS_SPLIT_HEADING,
      compact15: BOMBS_SPLIT_HEADING,
    },
    paragraphs: [
      {
        other: {
          en: "While you hold all four cards of a rank, none of them may leave your hand except together, as that bomb.",
          zh: "手里有四张同点数的牌时，这四张只能一起作为炸弹出，不能拆开出。",
        },
        classic16: BOMBS_SPLIT,
        compact15: BOMBS_SPLIT,
      },
    ],
  },
  {
    id: "last-card",
    heading: { en: "The last card rule", zh: "报单" },
    paragraphs: [
      {
        other: {
          en: "While the player after you holds a single card, any single you play must be your highest card (a bomb you keep whole does not count), whether you lead or follow. Pairs and every other kind are free. Cards that may not go as a single carry a small mark, and a seat down to one card is flagged for everyone.",
          zh: "当你的下家只剩一张牌时，你出单张只能出手里最大的一张（保留的整炸弹不算），先出和跟牌都一样。对子和其他牌型不受限制。不能单出的牌带一个小标记，只剩一张牌的玩家会被标出来。",
        },
        classic16: HIGHEST_SINGLE,
        compact15: HIGHEST_SINGLE,
      },
      {
        club: { en: "This table also lights a seat up when it is down to two cards.", zh: "这种规则下，只剩两张牌的玩家也会被标出来。" },
      },
    ],
  },
  {
    id: "last-play",
    presets: ["standard", "club"],
    heading: { en: "A short last play", zh: "最后一手可以少带" },
    paragraphs: [
      {
        en: "A trio or a plane normally needs all its extra cards, but a play that empties your hand may carry fewer: with 7774 left you may put all four down at once, and it counts as a trio with two.",
        zh: "三带二和飞机平时必须带够牌，但如果这一手能出完手里所有的牌，可以少带：手里剩 7774 时可以一次出完，按三带二计算。",
      },
    ],
  },
  {
    id: "scoring",
    heading: { en: "Scoring", zh: "计分" },
    items: {
      standard: [
        { en: "Each loser pays the winner 1 point per card left; one card left still pays 1.", zh: "输家按剩下的牌每张付给赢家 1 分；只剩一张也付 1 分。" },
        { en: "A loser who never played a card is shut out and pays double: 16 cards cost 32.", zh: "一张牌都没出过的输家算全关，付双倍：16 张付 32 分。" },
        {
          en: "A bomb that wins (nobody beats it before the trick ends, or it empties its player's hand) takes 10 from each other player: +20, −10, −10. A bomb that gets beaten scores nothing.",
          zh: "赢下来的炸弹（这一轮没人再压，或者用它出完了手牌）向另外两家各收 10 分：+20、−10、−10。被压住的炸弹不得分。",
        },
      ],
      classic16: EVERY_BOMB_PAYS_4,
      compact15: EVERY_BOMB_PAYS_4,
      club: [
        { en: "A loser with exactly one card left pays nothing; 2 to 15 cards pay 1 point each.", zh: "输家只剩一张牌时不付分；剩 2 到 15 张每张付 1 分。" },
        { en: "A loser who never played a card is shut out and pays double: 16 cards cost 32.", zh: "一张牌都没出过的输家算全关，付双倍：16 张付 32 分。" },
        { en: "Every bomb played collects 5 from each other player (+10, −5, −5), beaten or not.", zh: "每出一个炸弹，向另外两家各收 5 分（+10、−5、−5），被压住也照算。" },
        {
          en: "For example: you go out after playing one bomb, West still holds 5 cards and East 1. You collect 5 + 0 + 10 = 15; West pays 10, East 5.",
          zh: "例如：你出过一个炸弹后出完，西家还剩 5 张，东家剩 1 张。你得 5 + 0 + 10 = 15 分；西家付 10 分，东家付 5 分。",
        },
      ],
    },
    paragraphs: [
      {
        en: "The result lists each seat's cards left, whether it was shut out, its bomb points and its total. The three totals always add up to zero.",
        zh: "结算表列出每家剩余张数、是否全关、炸弹分和本局总分。三家总分相加永远是零。",
      },
    ],
  },
  {
    id: "timer",
    presets: ["club"],
    heading: { en: "Turn timer", zh: "出牌计时" },
    paragraphs: [
      {
        en: "You have 20 seconds to lead and 15 to follow; the countdown sits next to your cards. When it runs out the table plays for you: following, the smallest play that beats (or a pass when nothing does); leading, your lowest single, or your highest when the next player holds one card.",
        zh: "先出有 20 秒，跟牌有 15 秒，倒计时显示在手牌旁边。时间到了系统替你出牌：跟牌时出能压过的最小牌型（压不过就不出）；先出时出最小的单张，下家只剩一张时出最大的单张。",
      },
      {
        en: "Two timeouts in a row switch on auto-play: each of your turns is then played that way at once, until you press Stop auto. The countdown pauses while this page is hidden or a panel like this one is open, and starts afresh after a reload.",
        zh: "连续两次超时会进入托管：之后你的每一手都立即这样自动打出，直到你点“取消托管”。页面切到后台或打开本说明这样的面板时，倒计时暂停；重新载入页面后重新计时。",
      },
    ],
  },
  {
    id: "table",
    heading: { en: "At this table", zh: "操作" },
    items: {
      other: [
        { en: "Tap a card to select it and tap it again to put it back; a double tap selects every card of that rank.", zh: "点一张牌选中，再点一次放回；双击选中同点数的所有牌。" },
        { en: "The line above your cards says what your selection is and whether it beats the table; Play lights up only for a legal play.", zh: "手牌上方的提示会说明所选的牌型以及能否压过桌上的牌；只有合法时“出牌”按钮才会亮起。" },
        { en: "Hint suggests: its first press gives the play the Hard opponent's search finds best for you (a moment's thought), the next presses cycle through your other legal plays. Cards that fit in no legal play now are greyed; when nothing beats, the line says so and Pass becomes the main button.", zh: "“提示”给建议：第一次按给出困难电脑的搜索为你找到的最佳出法（稍想片刻），再按就依次给出其他合法出法。现在出不了的牌会变灰；压不过时，提示行会说明，“不出”成为主按钮。" },
        { en: "The coach rates: after the hand, Replay rates each of your decisions with the same search, shows every option with its cards and the points each was expected to score, and says why a play lost points. A forced decision counts for nothing.", zh: "教练来评分：打完后，“回放”用同样的搜索给你每一手评分，列出每种出法的牌和预期得分，并说明一手为何丢分。别无选择的一手不计入评分。" },
        { en: "Daily deal (menu): one deal a day, the same for everyone; after it you see how Hard scored in your seat on the same deal, and can copy your result.", zh: "每日一局（菜单）：每天一副牌，人人相同；打完后能看到困难电脑在你的座位上打同一副牌的得分，并可复制你的成绩。" },
        { en: "The strip at the top counts, per rank, the cards you have not seen yet.", zh: "上方的记牌器按点数显示还没出现的牌数。" },
        { en: "Each deal has a code; Copy link makes a link that deals the same hands again.", zh: "每一局都有牌局代码；“复制链接”可以生成重发同一副牌的链接。" },
        { en: "New hand in the middle of a hand asks first: a hand left unfinished counts as abandoned in Statistics.", zh: "对局中点“新一局”会先确认：没打完就放弃的一局在统计里记为弃局。" },
        { en: "Settings: the rules, the difficulty, the language, the animation speed, sound, the seating, and passing by itself when you cannot beat.", zh: "设置：规则、难度、语言、动画速度、声音、座位，以及压不过时自动不出。" },
      ],
    },
  },
  {
    id: "keys",
    heading: { en: "Keyboard", zh: "键盘" },
    items: {
      other: [
        { en: "← and → (or Home and End): move between your cards.", zh: "← 和 →：在手牌之间移动。" },
        { en: "Space or Enter: select or put back the card you are on; ↑ selects it, ↓ puts it back.", zh: "空格键或回车键：选中或放回当前的牌；↑ 选中，↓ 放回。" },
        { en: "R: select every card of that rank.", zh: "R：选中同点数的所有牌。" },
        { en: "P: play · X: pass · H: hint.", zh: "P：出牌 · X：不出 · H：提示。" },
        { en: "Esc: clear your selection, or close a panel.", zh: "Esc：清空所选的牌，或关闭面板。" },
        { en: "N: deal a new hand once this one is over (mid-hand, use the New hand button).", zh: "N：本局结束后开始新一局（对局中请用“新一局”按钮）。" },
        { en: "S: settings · ?: how to play.", zh: "S：设置 · ?：玩法。" },
      ],
    },
  },
];

export const HELP_PRESETS = Object.freeze(["standard", "classic16", "compact15", "club"]);

/** The text for `preset` out of a {en, zh} text or a per-preset choice of them; null when it has none. */
function forPreset(choice, preset) {
  if (!choice) return null;
  if ("en" in choice) return choice;
  return choice[preset] ?? choice.other ?? null;
}

/**
 * The panel's content for one preset in one language:
 * {sections: [{id, heading, paragraphs: [str], items: [{text, kind, cards}]}]};
 * `cards` (codes) is a kind's example, drawn with the table's cards, else empty.
 * An unknown preset gets the standard rules' text.
 */
export function howToPlay(preset, lang) {
  const name = HELP_PRESETS.includes(preset) ? preset : "standard";
  const pick = (text) => text[lang] ?? text.en;
  const sections = [];
  for (const section of SECTIONS) {
    if (section.presets && !section.presets.includes(name)) continue;
    const paragraphs = (section.paragraphs ?? []).map((p) => forPreset(p, name)).filter(Boolean).map(pick);
    const items = (forPreset(section.items, name) ?? []).map((item) => ({
      text: pick(item),
      kind: item.kind ?? null,
      cards: item.cards ? item.cards.split(" ") : [],
    }));
    sections.push({ id: section.id, heading: pick(forPreset(section.heading, name)), paragraphs, items });
  }
  return { sections };
}

const SCORING_LINE = {
  standard: {
    en: "Scoring: 1 point per card left; shut out pays double; a winning bomb takes 10 from each other player.",
    zh: "计分：每张剩牌 1 分；全关加倍；赢下的炸弹向另两家各收 10 分。",
  },
  classic16: EVERY_BOMB_PAYS_4_LINE,
  compact15: EVERY_BOMB_PAYS_4_LINE,
  club: {
    en: "Scoring: one card left pays nothing, more pay 1 each; shut out pays double; every bomb takes 5 from each other player.",
    zh: "计分：剩一张不付分，两张以上每张 1 分；全关加倍；每个炸弹向另两家各收 5 分。",
  },
};

/** One line under the result that reminds how this preset scores; "" for an unknown preset. */
export function scoringLine(preset, lang) {
  const line = SCORING_LINE[preset];
  return line ? (line[lang] ?? line.en) : "";
}
