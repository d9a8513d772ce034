/* The table as this seat may see it: every seat's public figures and the cards before it,
 * whom the table waits for, and the open window's countdown. */

import { $, breakable, clear, el, list, show } from './dom.js';
import { explainable, tint } from './cards.js';
import { state } from './state.js';
import { t } from './words.js';

function pill(cls, text) {
  return el('span', 'pill ' + cls, text);
}

export function renderTable() {
  const table = state.view.table || {};
  $('summary').textContent = table.summary || '';
  show($('summary'), !!table.summary);
  const box = $('seats');
  clear(box);
  list(table.seats).forEach((s, seatIndex) => {
    const li = el('li', 'seat');
    if (s.active) li.classList.add('active');
    if (s.out) li.classList.add('out');
    if (s.me) li.classList.add('me');
    const top = el('div', 'seat-top');
    const name = el('span', 'seat-name', s.name);
    top.appendChild(name);
    if (s.me) top.appendChild(pill('pill-me', t('phone.you')));
    if (s.active) top.appendChild(pill('pill-active', t('phone.active')));
    if (s.out) top.appendChild(pill('pill-out', t('phone.out')));
    li.appendChild(top);
    const line = el('div', 'seat-line');
    list(s.lines).forEach((text) => { line.appendChild(el('span', 'chip', text)); });
    if (s.badge) line.appendChild(el('span', 'seat-status', s.badge));
    li.appendChild(line);
    const laid = list(s.laid);
    if (laid.length) {   // what lies face up before the seat, by name and colour
      const cards = el('ul', 'laid');
      cards.setAttribute('aria-label', t('phone.laid_title'));
      laid.forEach((c, cardIndex) => {
        const item = tint(el('li', 'laid-card'), c);
        item.appendChild(breakable(el('span', 'card-name'), c.name));
        if (typeof c.help === 'string' && c.help) {
          explainable(item, 'seat' + seatIndex + ':' + cardIndex, c.help, renderTable);
        }
        cards.appendChild(item);
      });
      li.appendChild(cards);
    }
    if (typeof s.warning === 'string' && s.warning) li.appendChild(el('p', 'seat-warning', s.warning));
    box.appendChild(li);
  });
  // A player out of the game may watch the rest of it on the room's screen.
  const link = $('room-link');
  if (link) {
    link.href = '/room?lang=' + encodeURIComponent(state.lang || '');
    show(link, outOfGame(state.view));
  }
}

/** Whether the view's own seat is out of the game (the table list marks it). */
export function outOfGame(view) {
  const mine = list(view && view.table && view.table.seats).find((s) => s && s.me);
  return !!(mine && mine.out);
}

export function renderWaiting() {
  const yours = list(state.view.yours);
  const waiting = list(state.view.waiting);
  const box = $('waiting');
  clear(box);
  let shown = 0;
  waiting.forEach((line) => {
    const li = el('li', null, line);
    // What is already in the banner above is not repeated here.
    if (yours.indexOf(line) >= 0) li.setAttribute('hidden', '');
    else shown++;
    box.appendChild(li);
  });
  show($('waiting-box'), shown > 0);
}

// The open window's countdown, ticking here between views: every seat is shown the
// same window, asked or not, with a card to play or without.
let windowTick = null;

export function renderWindow() {
  const w = state.view.window;
  const box = $('window');
  clearInterval(windowTick);
  windowTick = null;
  if (!w || state.view.over) { show(box, false); return; }
  if (typeof w.closes_in === 'number') {
    const ends = Date.now() + w.closes_in * 1000;
    const tick = () => {
      const left = Math.max(0, Math.ceil((ends - Date.now()) / 1000));
      box.textContent = t('phone.window.closes_in', { seconds: left });
    };
    tick();
    windowTick = setInterval(tick, 500);
  } else {
    box.textContent = typeof w.holding === 'string' ? w.holding : t('phone.window.waits');
  }
  show(box, true);
}
