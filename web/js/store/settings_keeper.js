//# allFunctionsCalledOnLoad
// The player's settings and the language they read, kept and saved: the one
// owner of both. The rules of what a setting may hold are preferences.js's;
// which presets and levels exist is the engine's (`hello`).

import { LANGUAGES, pickLanguage } from "../i18n/i18n.js";
import { SETTINGS_KEY, readSettings, withSetting } from "./preferences.js";

/**
 * @param {object} deps
 * @param {Window} deps.win
 * @param {object} deps.storage  storage.js facade
 */
export function createSettingsKeeper({ win, storage }) {
  let settings = readSettings(storage.readText(SETTINGS_KEY));
  let lang = pickLanguage(settings.language, win.navigator.languages ?? [win.navigator.language]);

  function save() {
    storage.writeText(SETTINGS_KEY, JSON.stringify(settings));
  }

  return {
    get current() {
      return settings;
    },
    get lang() {
      return lang;
    },
    /** The player chose `value` for `name`: kept and saved. Whether anything changed. */
    choose(name, value) {
      const before = settings;
      settings = withSetting(settings, name, value);
      if (settings === before) return false;
      save();
      if (name === "language") lang = pickLanguage(value, []);
      return true;
    },
    /** The language switch: the next language, kept and saved. */
    nextLanguage() {
      lang = LANGUAGES[(LANGUAGES.indexOf(lang) + 1) % LANGUAGES.length];
      settings = withSetting(settings, "language", lang);
      save();
    },
    /**
     * The engine says what it offers: a preset or level it does not know gives way
     * to one it does, for this visit (the saved choice stays, for an engine that has it).
     */
    adopt({ presets, levels }) {
      if (presets.length && !presets.some((preset) => preset.name === settings.preset)) {
        settings = { ...settings, preset: presets[0].name };
      }
      if (levels.length && !levels.includes(settings.level)) {
        settings = { ...settings, level: levels[Math.min(1, levels.length - 1)] };
      }
    },
    /** A preset the engine refused to deal: play the standard game, for this visit. */
    fallBackToStandard() {
      settings = withSetting(settings, "preset", "standard");
    },
    view() {
      return { settings, lang };
    },
  };
}
