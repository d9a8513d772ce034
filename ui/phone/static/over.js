/* The game over: who won, and who everyone was. */

import { $, clear, el, list, show } from './dom.js';
import { renderConn } from './screen.js';
import { state } from './state.js';

export function renderOver() {
  const view = state.view;
  const over = typeof view.over === 'string' && view.over ? view.over : null;
  const result = over && view.result && typeof view.result === 'object' ? view.result : null;
  $('over-text').textContent = over || '';
  // The end comes to a page scrolled anywhere: bring its first line, who won, into sight.
  if (over && $('over').hidden) window.scrollTo(0, 0);
  show($('over'), !!over);
  $('over-result').textContent = result ? String(result.said || '') : '';
  $('over').classList.toggle('won', !!(result && result.won));
  const who = $('over-who');
  clear(who);
  list(result && result.who).forEach((line) => { who.appendChild(el('li', null, line)); });
  // Every identity is on the table now: nothing is left to hold the button for.
  show($('identity-hold'), !over);
  renderConn();
}
