// Every word of the interface, read from the tables themselves (i18n.js's
// STRINGS and How to play's HELP_TEXTS), not from their source text: each key
// in both languages, no empty text, and the same {placeholders} in English and
// Chinese, so a filled-in sentence never shows a raw {name} or drops a number.

import assert from "node:assert/strict";
import { test } from "node:test";

import { LANGUAGES, STRINGS, fill, placeholders } from "../../web/js/i18n/i18n.js";
import { HELP_TEXTS } from "../../web/js/i18n/how_to_play.js";

/** Joiners may be empty in one language: Chinese puts one sentence after another with nothing between. */
const isJoiner = (key) => key.endsWith("Join");

test("every UI string exists in every language, none empty, with the same placeholders", () => {
  assert.deepEqual(LANGUAGES, ["en", "zh"]);
  assert.deepEqual(Object.keys(STRINGS), LANGUAGES);
  const keys = Object.keys(STRINGS.en);
  assert.ok(keys.length > 100);
  for (const lang of LANGUAGES) {
    assert.deepEqual(Object.keys(STRINGS[lang]).filter((key) => !keys.includes(key)), [], `${lang}: keys English lacks`);
    assert.deepEqual(keys.filter((key) => !Object.hasOwn(STRINGS[lang], key)), [], `${lang}: keys missing`);
    for (const [key, text] of Object.entries(STRINGS[lang])) {
      assert.equal(typeof text, "string", `${lang}.${key}`);
      // (a joiner may be only a space, and in Chinese nothing at all)
      if (!isJoiner(key)) assert.notEqual(text.trim(), "", `${lang}.${key} is empty`);
      else if (lang === "en") assert.notEqual(text, "", `${lang}.${key} is empty`);
    }
  }
  const differ = keys.filter((key) => placeholders(STRINGS.en[key]).join() !== placeholders(STRINGS.zh[key]).join());
  assert.deepEqual(differ, [], "placeholders differ between en and zh");
});

test("every How to play text exists in both languages, none empty, with the same placeholders", () => {
  const entries = Object.entries(HELP_TEXTS);
  assert.ok(entries.length > 80);
  for (const [key, text] of entries) {
    assert.deepEqual(Object.keys(text).sort(), [...LANGUAGES].sort(), key);
    for (const lang of LANGUAGES) assert.ok(typeof text[lang] === "string" && text[lang].trim() !== "", `${lang}.${key}`);
    assert.deepEqual(placeholders(text.zh), placeholders(text.en), key);
  }
});

test("the completeness checks can fail: a missing key, an empty text, a dropped placeholder", () => {
  assert.deepEqual(placeholders("{name} holds {card}, {name} leads"), ["card", "name"]);
  assert.deepEqual(placeholders("no placeholders"), []);
  assert.notDeepEqual(placeholders("{n} cards"), placeholders("张"));
  assert.equal(fill("{a} and {b}", { a: 1 }), "1 and {b}");
});
