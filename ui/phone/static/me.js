/* The seat itself: its identity, seen only while a finger holds the button; its own
 * figures; its hand. */

import { $, breakable, clear, el, holdToSee, list, onLetGo, show } from './dom.js';
import { explainable, tint } from './cards.js';
import { state } from './state.js';
import { identitySeen, keepIdentitySeen } from './store.js';
import { t } from './words.js';

let holding = false;
let statsShown = null;   // the figures last drawn: {who, seq, values, glowing}

function identityName() {
  const me = state.view && state.view.me;
  const id = me && me.identity;
  if (id && typeof id.name === 'string' && id.name && id.card !== null) return id.name;
  return t('phone.identity_none');
}

function identityHelp() {
  const id = state.view && state.view.me && state.view.me.identity;
  return id && typeof id.help === 'string' ? id.help : '';
}

export function renderMe(me) {
  // The seat's own figures, as the game lists them (francs and status; intelligence…).
  const box = $('stats');
  clear(box);
  // A figure that moved since the last view glows a moment (intelligence received, francs
  // paid, health lost): it changed under the player's eyes, not silently. Compared only
  // view to view of one seat's game in one language (the view's own), and drawn again
  // for the same view (a late word list) with the same glow.
  const view = state.view;
  const who = [state.gameId, me.seat, view.lang].join('|');
  const last = statsShown && statsShown.who === who ? statsShown : null;
  const before = last && last.seq !== view.seq ? last.values : {};
  const glowing = last && last.seq === view.seq ? last.glowing : [];
  const values = {};
  list(me.stats).forEach((st) => {
    const tile = el('div', 'stat');
    tile.id = 'stat-' + String(st.key);
    if (st.tone) tile.setAttribute('data-tone', String(st.tone));
    tile.appendChild(el('span', 'stat-label', st.label));
    tile.appendChild(el('span', 'stat-value', st.value));
    const was = before[st.key];
    if (typeof was === 'string' && was !== st.value) glowing.push(st.key);
    if (glowing.indexOf(st.key) >= 0) tile.classList.add('changed');
    values[st.key] = st.value;
    box.appendChild(tile);
  });
  statsShown = { who, seq: view.seq, values, glowing };
  if (holding) {
    $('identity').textContent = identityName();
    $('identity-help').textContent = identityHelp();
  }
  placeIdentity();
}

/** A new player's first look is who they are: until this phone has shown its identity in
 * this game the button to see it stands first, above the lesson and the turn — the first
 * player is asked to choose before anything else, and must not choose blind. Only while a
 * round is open (its time runs) do its choices come first, in sight. The button goes back
 * to its place with the next view, not under the finger that let it go. */
function placeIdentity() {
  if (holding) return;
  const panel = $('me');
  const view = state.view;
  const id = view && view.me && view.me.identity;
  const first = !!(id && id.card !== null && id.card !== undefined) && !identitySeen() &&
    !view.over && !view.window;
  const before = first ? $('teach-box') : $('waiting-box').nextElementSibling;
  if (panel !== before && panel.nextElementSibling !== before) before.before(panel);
}

export function renderHand(me) {
  const hand = list(me.hand);
  const box = $('hand');
  clear(box);
  hand.forEach((c) => {
    const li = tint(el('li', 'card'), c);
    li.setAttribute('data-card', String(c.card));
    li.appendChild(breakable(el('span', 'card-name'), c.name));
    if (typeof c.not_now === 'string' && c.not_now) {   // why not, before trying
      li.classList.add('not-now');
      const why = el('span', 'card-not-now');
      why.appendChild(el('strong', null, t('phone.not_now')));
      why.appendChild(document.createTextNode(' ' + c.not_now));
      li.appendChild(why);
    }
    if (typeof c.help === 'string' && c.help) {
      explainable(li, 'hand:' + String(c.card), c.help, () => { renderHand(state.view.me || {}); });
    }
    list(c.marks).forEach((m) => {   // what the game prints on the card (a blood stain)
      const kind = String(m.key).replace(/[^a-z0-9_-]/gi, '');
      li.classList.add('marked', 'marked-' + kind);
      const mark = el('span', 'card-mark mark-' + kind);
      mark.setAttribute('role', 'img');
      mark.setAttribute('aria-label', m.label);
      mark.title = m.label;
      li.appendChild(mark);
    });
    box.appendChild(li);
  });
  show($('hand-empty'), !hand.length);
  const count = $('hand-count');
  if (typeof me.limit === 'number') {
    count.textContent = t('phone.hand_count', { count: hand.length, limit: me.limit });
    count.classList.toggle('over-limit', hand.length > me.limit);
    show(count, true);
  } else {
    show(count, false);
  }
}

// --- identity: hold to reveal ----------------------------------------------

function showIdentity() {
  if (!state.view) return;
  holding = true;
  keepIdentitySeen();
  $('identity').textContent = identityName();
  $('identity-help').textContent = identityHelp();
  $('identity-hold').classList.add('held');
}

export function hideIdentity() {
  holding = false;
  $('identity').textContent = '';
  $('identity-help').textContent = '';
  $('identity-hold').classList.remove('held');
}

export function wireIdentity() {
  holdToSee($('identity-hold'), showIdentity, hideIdentity);
  onLetGo(hideIdentity);
}
