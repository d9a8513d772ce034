/* What the seat is asked now: the banner saying so, the action menu (menu.js says what it
 * shows, this draws it) and the standing answers to the rounds; and the one answer in
 * flight, which holds them all until the tablet answers it. */

import { $, breakable, clear, el, list, show } from './dom.js';
import { menu } from './menu.js';
import { sendAct, sendAnswer } from './connection.js';
import { state } from './state.js';
import { outOfGame } from './table.js';
import { cardsHelp, t } from './words.js';

let yoursShown = null;

function sameList(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function renderTurn() {
  const view = state.view;
  const yours = list(view.yours).map(String);
  if (!yoursShown || !sameList(yours, yoursShown)) {
    // Only touched when it changes, so a screen reader announces it once.
    const box = $('yours');
    clear(box);
    yours.forEach((line) => { box.appendChild(el('p', 'yours-line', line)); });
    yoursShown = yours;
  }
  // The banner collapses rather than disappears: #yours stays a live region.
  $('yours-box').classList.toggle('empty', !yours.length);
  const offer = typeof view.offer === 'string' && view.offer ? view.offer : null;
  $('offer').textContent = offer || '';
  show($('offer'), !!offer);
  const actions = list(view.actions);
  const idle = !yours.length && !actions.length && !view.over;
  show($('idle'), idle);
  // A player out of the game is told so, not to wait for a turn that never comes.
  const words = $('idle').firstElementChild;
  words.setAttribute('data-i18n', outOfGame(view) ? 'phone.out_idle' : 'phone.nothing_to_do');
  words.textContent = t(words.getAttribute('data-i18n'));
  $('turn').classList.toggle('empty', !yours.length && !actions.length && !idle);
  renderMenu();
}

function renderMenu() {
  const box = $('actions');
  const hadFocus = box.contains(document.activeElement);
  clear(box);
  const view = state.view;
  const shown = view ? menu(list(view.actions), state.menuPath, list(view.barred)) : null;
  if (!shown) {
    state.menuPath = [];
    show(box, false);
    return;
  }
  show(box, true);
  const root = shown.root;
  const options = shown.options;
  const exact = shown.exact;
  state.menuPath = shown.path;
  const depth = shown.path.length;

  const sending = state.actPending !== null;
  if (depth === root.length && !root.length) {
    box.appendChild(el('p', 'menu-title', t('phone.actions_title')));
  } else if (depth === root.length) {   // the one thing asked (a drawn card): said, not a button
    const asked = el('ol', 'crumbs');
    root.forEach((step) => { asked.appendChild(breakable(el('li'), step)); });
    box.appendChild(asked);
  } else {
    const nav = el('div', 'menu-nav');
    const back = el('button', 'back');
    back.type = 'button';
    back.id = 'back';
    back.disabled = sending;
    back.appendChild(el('span', 'chev', '\u2039'));
    back.appendChild(el('span', null, t('phone.back')));
    back.addEventListener('click', () => {
      state.menuPath.pop();
      renderMenu();
      focusMenu();
    });
    nav.appendChild(back);
    box.appendChild(nav);
    const crumbs = el('ol', 'crumbs');
    crumbs.setAttribute('aria-label', t('phone.your_choice'));
    shown.path.forEach((step) => { crumbs.appendChild(breakable(el('li'), step)); });
    box.appendChild(crumbs);
  }

  shown.notes.forEach((note) => { box.appendChild(el('p', 'menu-note', note)); });
  if (options.length) {
    const choices = el('div', 'choices');
    // Long names ("Probe − Military Intelligence (blue, coded)") get a row each.
    if (options.some((o) => o.label.length > 18)) choices.classList.add('wide');
    else if (options.length > 8) choices.classList.add('many');   // three across: no scrolling
    options.forEach((o) => {
      const b = breakable(el('button', o.now ? 'choice now' : 'choice'), o.label);
      b.type = 'button';
      b.disabled = sending;
      b.addEventListener('click', () => {
        if (o.now) {
          answerNow(sendAct(o.now));
          return;
        }
        state.menuPath.push(o.label);
        renderMenu();
        focusMenu();
        confirmInSight();
      });
      choices.appendChild(b);
    });
    box.appendChild(choices);
    pickerHelp(box, shown.cards);
  }

  if (exact) {
    const confirmBox = el('div', 'confirm-box');
    const go = el('button', 'primary', sending ? t('phone.sending') : t('phone.confirm'));
    go.type = 'button';
    go.id = 'confirm';
    go.disabled = sending;
    go.addEventListener('click', () => { answerNow(sendAct(exact)); });
    confirmBox.appendChild(go);
    if (depth > root.length + 1) {
      const cancel = el('button', 'secondary', t('phone.cancel'));
      cancel.type = 'button';
      cancel.id = 'cancel';
      cancel.disabled = sending;
      cancel.addEventListener('click', () => {
        state.menuPath = [];
        renderMenu();
        focusMenu();
      });
      confirmBox.appendChild(cancel);
    }
    box.appendChild(confirmBox);
  }
  box.classList.toggle('confirming', !!exact && !options.length);
  if (hadFocus) focusMenu();
}

/** Under a menu whose choices lead to cards (a drawn card told by kind, then face; a card
 * to play): what each of those cards does, one tap away, each kind once. */
function pickerHelp(box, cards) {
  const help = cardsHelp(cards);
  if (!help) return;
  const more = el('details', 'picker-help');
  more.appendChild(el('summary', null, t('phone.picker_help')));
  more.appendChild(el('p', 'card-help', help));
  box.appendChild(more);
}

function focusMenu() {
  const target = $('actions').querySelector('#confirm, .choice, #back');
  if (target) target.focus();
}

/** The last choice made: the Confirm it leads to wholly on the screen — under a lesson and a
 * window's countdown it fell below the fold, and a round's seconds ran while one scrolled. */
function confirmInSight() {
  const go = $('confirm');
  if (go) go.scrollIntoView({ block: 'nearest' });
}

/** The answer in flight was answered: the menu and the standing answers are free again. */
export function answerDone() {
  state.actPending = null;
  renderMenu();
  renderStanding();
}

/** An answer just sent (its number, or ``null`` if it could not go): the menu waits for it. */
function answerNow(id) {
  if (id === null || state.actPending !== null) return;
  state.actPending = id;
  renderMenu();
  renderStanding();
}

/** The seat's standing answer to the rounds: what it set and the way back, or, while a
 * round asks it, "pass for me until this turn ends" and "ask me only when aimed at me". */
export function renderStanding() {
  const view = state.view;
  const box = $('standing');
  clear(box);
  const st = view && view.standing && typeof view.standing === 'object' ? view.standing : null;
  show(box, !!st && !view.over);
  if (!st) return;
  const sending = state.actPending !== null;
  function offer(label, standing, cls) {
    const b = breakable(el('button', cls), String(label));
    b.type = 'button';
    b.disabled = sending;
    b.addEventListener('click', () => {
      answerNow(sendAnswer({ type: 'stand', standing }));
    });
    box.appendChild(b);
  }
  if (typeof st.said === 'string' && st.said) {
    box.appendChild(el('p', 'standing-said', st.said));
    offer(st.cancel, null, 'secondary standing-cancel');
  }
  list(st.offers).forEach((o) => {
    if (o && typeof o.label === 'string') offer(o.label, String(o.standing), 'secondary standing-offer');
  });
}
