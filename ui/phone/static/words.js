/* The page's own words and the language they are in: the phone.* catalog from
 * /i18n/<lang>.json, `t()` to say one, the language the browser prefers, and the game's
 * card glossary from /cards/<lang>.json. The view's words come already translated. */

import { getJson } from './dom.js';
import { constants } from './constants.js';
import { state } from './state.js';

let words = null;       // the loaded phone.* catalog, or null
let wordsLang = null;   // its language
let wordsRetry = null;
let glossary = null;    // every card of the game in the page's language: name, help

// What the page draws again when words or cards come in: phone.js says, as it knows the views.
let redraw = { words() {}, cards() {} };

export function redrawOn(then) { redraw = then; }

export function t(key, params) {
  if (!words) return '';
  let s = words[key];
  if (typeof s !== 'string') return key;
  if (params) {
    s = s.replace(/\{(\w+)\}/g, (m, name) =>
      Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : m);
  }
  return s;
}

/** Whether the words in ``lang`` are the ones loaded. */
export function hasWords(lang) { return wordsLang === lang; }

/** The browser's language among the server's: the first Chinese it prefers, in the script
 * its region writes; else the server's fallback. */
export function browserLang() {
  const prefs = navigator.languages && navigator.languages.length
    ? navigator.languages : [navigator.language];
  for (let i = 0; i < prefs.length; i++) {
    const l = String(prefs[i] || '').toLowerCase();
    if (l.indexOf('zh') !== 0) continue;
    // zh, zh-CN, zh-SG, zh-Hans… are written in simplified characters
    const zh = /^zh-(tw|hk|mo)\b/.test(l) || l.indexOf('zh-hant') === 0 ? 'zh-Hant' : 'zh-Hans';
    if (constants.langs.indexOf(zh) >= 0) return zh;
  }
  return constants.fallback;
}

/** The page in the language chosen: its own `lang`, and which switch is pressed. */
export function markLang() {
  document.documentElement.lang = state.lang;
  const buttons = document.querySelectorAll('button[data-lang]');
  for (let i = 0; i < buttons.length; i++) {
    const on = buttons[i].getAttribute('data-lang') === state.lang;
    buttons[i].setAttribute('aria-pressed', on ? 'true' : 'false');
  }
}

function loadCards(l) {
  getJson('/cards/' + encodeURIComponent(l) + '.json')
    .then((data) => {
      if (l !== state.lang) return;
      glossary = data && typeof data === 'object' ? data : null;
      redraw.cards();
    })
    .catch(() => { /* the history reads without it */ });
}

export function loadWords(l) {
  loadCards(l);
  clearTimeout(wordsRetry);
  getJson('/i18n/' + encodeURIComponent(l) + '.json', { cache: 'no-store' })
    .then((data) => {
      if (l !== state.lang) return;           // switched again meanwhile
      words = data && typeof data === 'object' ? data : {};
      wordsLang = l;
      document.documentElement.classList.remove('loading');
      applyWords();
    })
    .catch(() => {
      if (l !== state.lang) return;
      wordsRetry = setTimeout(() => { loadWords(state.lang); }, 3000);
    });
}

function applyWords() {
  let nodes = document.querySelectorAll('[data-i18n]');
  for (let i = 0; i < nodes.length; i++) {
    nodes[i].textContent = t(nodes[i].getAttribute('data-i18n'));
  }
  nodes = document.querySelectorAll('[data-i18n-aria-label]');
  for (let i = 0; i < nodes.length; i++) {
    nodes[i].setAttribute('aria-label', t(nodes[i].getAttribute('data-i18n-aria-label')));
  }
  redraw.words();
}

/** What the cards a line names are, from the game's glossary: each kind once. */
export function cardsHelp(ids) {
  const seen = {};
  const said = [];
  ids.forEach((id) => {
    const card = glossary && glossary.cards && glossary.cards[id];
    if (!card || !card.help || seen[card.help]) return;
    seen[card.help] = true;
    said.push((card.kind || card.name) + ' — ' + card.help);   // the help is the kind's
  });
  return said.join('\n\n');
}

/** The game's camps, as the glossary lists them (a note may mark a seat as one). */
export function glossaryCamps() {
  return glossary && Array.isArray(glossary.camps) ? glossary.camps : [];
}
