/* What the seat has been told: its secrets, newest first, and the whole game's history
 * with the secrets said where they were told; each cut short, the rest a tap away. */

import { $, clear, el, holdToSee, list, onLetGo, show } from './dom.js';
import { explainable } from './cards.js';
import { state } from './state.js';
import { cardsHelp, t } from './words.js';

const SECRETS_SHOWN = 5;
const FEED_SHOWN = 8;       // lines of the history shown before "show the whole game"

let secretsSeen = null;   // number of secrets in the previous view (null: none yet)
let freshSecret = false;
let secretsOpen = false;
let feedOpen = false;
let hideHeld = null;      // a secret's line said while held: what hides it again
const stale = { secrets: false, feed: false };   // a view came while a finger held a line

/** A view came in: a secret it tells for the first time is marked, and buzzes the phone. */
export function noteSecrets(v) {
  const count = list(v.secrets).length;
  const fresh = secretsSeen !== null && count > secretsSeen;
  // Kept until drawn: views that come while a line is held are drawn once, on let-go.
  freshSecret = freshSecret || fresh;
  if (fresh && navigator.vibrate) {
    try { navigator.vibrate(200); } catch (e) { /* not allowed */ }
  }
  secretsSeen = count;
}

export function wireFeed() {
  onLetGo(() => { if (hideHeld) hideHeld(); });
  const secretsMore = $('secrets-more');   // the room's screen has no secrets
  if (secretsMore) secretsMore.addEventListener('click', () => {
    secretsOpen = !secretsOpen;
    renderSecrets();
  });
  $('feed-more').addEventListener('click', () => {
    feedOpen = !feedOpen;
    renderFeed();
  });
}

/** The button under a list cut short at ``shown`` lines: the whole ``count``, or fewer. */
function renderMore(more, count, shown, open, keys) {
  if (count > shown) {
    more.textContent = open ? t(keys.less) : t(keys.all, { count });
    more.setAttribute('aria-expanded', open ? 'true' : 'false');
    show(more, true);
  } else {
    show(more, false);
  }
}

/** ``s``'s words into ``li``: where some are kept behind a hold, as the identity is (a card
 * seen of another's, what a probe obliges), a button beside them says them while held. */
function say(li, s) {
  const words = document.createTextNode(s.text);
  li.appendChild(words);
  if (!s.held) return;
  const button = el('button', 'see', t('phone.hold_to_see'));
  button.type = 'button';
  const hide = () => {
    words.data = s.text;
    li.classList.remove('seen');
    if (hideHeld !== hide) return;
    hideHeld = null;
    if (stale.secrets) renderSecrets();
    if (stale.feed) renderFeed();
  };
  holdToSee(button, () => {
    words.data = s.held;
    li.classList.add('seen');
    hideHeld = hide;
  }, hide);
  li.appendChild(button);
}

/** Whether a list must wait to be drawn anew: not from under a finger holding one of its
 * lines (a view comes whenever anyone acts), but as soon as it lets go. */
function holdsOn(name) {
  stale[name] = hideHeld !== null;
  return stale[name] || !state.view;   // no view: the phone was taken back or refused
}

export function renderSecrets() {
  if (holdsOn('secrets')) return;
  const secrets = list(state.view.secrets).slice().reverse();   // newest first
  const box = $('secrets');
  clear(box);
  secrets.forEach((s, i) => {
    const li = el('li', i === 0 ? 'newest' : null);
    say(li, s);
    if (i === 0) {
      li.setAttribute('data-badge', t('phone.secret_new'));
      if (freshSecret) li.classList.add('fresh');
    }
    if (i >= SECRETS_SHOWN && !secretsOpen) li.setAttribute('hidden', '');
    box.appendChild(li);
  });
  freshSecret = false;
  renderRecall();
  show($('secrets-empty'), !secrets.length);
  renderMore($('secrets-more'), secrets.length, SECRETS_SHOWN, secretsOpen,
    { less: 'phone.secrets_less', all: 'phone.secrets_more' });
}

/** The secret the seat's question rests on (風聲: the card it decoded, to take or refuse),
 * said again under the question, with its own hold where its words are kept back. */
function renderRecall() {
  const box = $('recall');
  const at = state.view.recall;
  const s = typeof at === 'number' ? list(state.view.secrets)[at] : null;
  clear(box);
  if (s) say(box, s);
  show(box, !!s);
}

// The table's lines, oldest first, with what this seat alone was told said where it
// was told: after the line of its event (before them all, if that line is too old); once
// the game is over, what every other seat alone was told too (the game's story).
function history(lines, secrets, story) {
  const after = {};
  const place = (s, own) => {
    const at = s.line === null ? -1 : s.line;
    (after[at] = after[at] || []).push({ text: s.text, held: s.held, own, told: !own });
  };
  secrets.forEach((s) => place(s, true));
  story.forEach((s) => place(s, false));
  const out = (after[-1] || []).slice();
  lines.forEach((line, i) => {
    out.push({ text: line.text, own: false, cards: list(line.cards), key: 'feed:' + i + ':' + line.text });
    out.push.apply(out, after[i] || []);
  });
  return out;
}

export function renderFeed() {
  // The whole game, newest first, a window's passes one line: the latest few, and the
  // rest a tap away.
  if (holdsOn('feed')) return;
  const view = state.view;
  const story = list(view.result && view.result.story);
  const feed = history(list(view.feed), list(view.secrets), story).reverse();
  const box = $('feed');
  clear(box);
  feed.forEach((entry, i) => {
    const li = el('li', entry.own ? 'own' : entry.told ? 'told' : null);
    if (entry.own) li.appendChild(el('span', 'only-you', t('phone.only_you')));
    say(li, entry);
    const help = cardsHelp(entry.cards || []);
    if (help) explainable(li, entry.key, help, renderFeed);
    if (i >= FEED_SHOWN && !feedOpen) li.setAttribute('hidden', '');
    box.appendChild(li);
  });
  show($('feed-box'), feed.length > 0);
  renderMore($('feed-more'), feed.length, FEED_SHOWN, feedOpen,
    { less: 'phone.feed_less', all: 'phone.feed_all' });
}
