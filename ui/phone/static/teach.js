/* A first game: what each of this seat's prompts means, shown the first time it comes and
 * tapped away; the phone keeps which moments it has explained, so each is explained once. */

import { $, show } from './dom.js';
import { state } from './state.js';
import { keepTaught, taught } from './store.js';
import { t } from './words.js';

export function renderTeach() {
  const seen = taught();
  const lessons = Array.isArray(state.view.teach) ? state.view.teach : [];
  const lesson = lessons.find((l) => l && typeof l.key === 'string' && seen.indexOf(l.key) < 0);
  show($('teach-box'), !!lesson);
  if (!lesson) return;
  $('teach-text').textContent = String(lesson.text || '');
  $('teach-ok').dataset.key = lesson.key;
}

export function wireTeach() {
  $('teach-ok').addEventListener('click', (event) => {
    keepTaught(event.currentTarget.dataset.key);
    renderTeach();
  });
}
