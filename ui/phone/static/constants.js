/* What the server says once, at start-up, rather than the page keeping a copy of its own
 * (GET /constants.json, docs/phones.md): the languages it speaks, the one it falls back
 * to, and the denials it lifts by itself. */

import { getJson } from './dom.js';

const RETRY_MS = 3000;

export const constants = {
  langs: [],
  fallback: null,
  transient: [],   // denials the server lifts by itself: say why, and come back when it says we may
};

/** A promise of the constants, read; asked again until the server answers. */
export function loadConstants() {
  return getJson('/constants.json')
    .then((data) => {
      constants.langs = data.langs;
      constants.fallback = data.fallback;
      constants.transient = data.transient;
    })
    .catch(() => new Promise((resolve) => setTimeout(resolve, RETRY_MS)).then(loadConstants));
}
