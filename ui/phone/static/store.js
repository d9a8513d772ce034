/* What this phone keeps in its browser: the seat's token, the language chosen, its device
 * key for each seat, and the notes of the game. */

import { state } from './state.js';

const KEY_TOKEN = 'tc.token';
const KEY_LANG = 'tc.lang';
const KEY_DEVICES = 'tc.devices';   // seat token -> this phone's device key for that seat
const KEPT_DEVICES = 8;

function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch (e) { /* private mode: the URL still has the token */ }
}

function stored(key) {
  try { return localStorage.getItem(key); } catch (e) { return null; }
}

// --- the seat's token --------------------------------------------------------

export function tokenFromHash() {
  const h = location.hash.replace(/^#/, '');
  if (!h) return null;
  const parts = h.split('&');
  for (let i = 0; i < parts.length; i++) {
    const kv = parts[i].split('=');
    if (kv[0] === 't' && kv[1]) {
      try { return decodeURIComponent(kv[1]); } catch (e) { return kv[1]; }
    }
  }
  return null;
}

export function keepToken(token) { store(KEY_TOKEN, token); }

/** The token the page opened with: its address's, kept; or the one kept before. */
export function readToken() {
  const fromUrl = tokenFromHash();
  if (fromUrl) {
    keepToken(fromUrl);
    return fromUrl;
  }
  return stored(KEY_TOKEN);
}

/** The seat's token is no good any more: not kept, unless another seat's replaced it. */
export function forgetToken() {
  if (stored(KEY_TOKEN) === state.token) store(KEY_TOKEN, null);
}

// --- the language ------------------------------------------------------------

export function savedLang() { return stored(KEY_LANG); }

export function saveLang(lang) { store(KEY_LANG, lang); }

// --- this phone's device key -------------------------------------------------
// The server gives the first phone to open a seat a key of its own, and the
// seat opens again only with it (docs/phones.md, "One seat, one device"). It is
// kept per seat token; in memory too, for a browser that stores nothing.

let deviceInMemory = null;

function deviceKeys() {
  try {
    const keys = JSON.parse(stored(KEY_DEVICES) || '{}');
    return keys && typeof keys === 'object' && !Array.isArray(keys) ? keys : {};
  } catch (e) {
    return {};
  }
}

export function deviceKey() {
  const key = deviceKeys()[state.token];
  return typeof key === 'string' ? key : deviceInMemory;
}

export function keepDevice(key) {
  if (typeof key !== 'string' || !state.token) return;
  deviceInMemory = key;
  const keys = deviceKeys();
  delete keys[state.token];
  keys[state.token] = key;   // newest last; the oldest seats' keys are let go
  const tokens = Object.keys(keys);
  for (let i = 0; i < tokens.length - KEPT_DEVICES; i++) delete keys[tokens[i]];
  store(KEY_DEVICES, JSON.stringify(keys));
}

export function forgetDevice() {
  deviceInMemory = null;
  const keys = deviceKeys();
  delete keys[state.token];
  store(KEY_DEVICES, JSON.stringify(keys));
}

// --- what a first game explained: each moment once on this phone ----------------

const KEY_TAUGHT = 'tc.taught';

export function taught() {
  try {
    const kept = JSON.parse(stored(KEY_TAUGHT) || '[]');
    return Array.isArray(kept) ? kept : [];
  } catch (e) { return []; }
}

export function keepTaught(key) {
  const kept = taught();
  if (kept.indexOf(key) < 0) kept.push(key);
  store(KEY_TAUGHT, JSON.stringify(kept));
}

// --- whether this phone has shown its identity in this game ---------------------

const KEY_SEEN = 'tc.seen';

export function identitySeen() { return state.gameId !== null && stored(KEY_SEEN) === String(state.gameId); }

export function keepIdentitySeen() { if (state.gameId !== null) store(KEY_SEEN, String(state.gameId)); }

// --- the notes: this phone's own, never sent ---------------------------------

function notesKey() { return state.gameId === null ? null : 'tc.notes.' + state.gameId; }

export function readNotes() {
  const key = notesKey();
  const kept = key === null ? null : stored(key);
  try {
    const notes = kept ? JSON.parse(kept) : null;
    if (notes && typeof notes === 'object') return notes;
  } catch (e) { /* a note from another version: start again */ }
  return { text: '', marks: {} };
}

export function writeNotes(notes) {
  const key = notesKey();
  if (key !== null) store(key, JSON.stringify(notes));
}

export function dropNotes() {
  const key = notesKey();
  if (key !== null) store(key, null);
}
