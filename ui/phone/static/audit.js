/* The seat's hand told by the player: the cards they were dealt, while a deal made by
 * hand waits for the players' words (view.deal), and a check of the hand after
 * (view.audit). */

import { $, breakable, clear, el, list, show } from './dom.js';
import { sendAct } from './connection.js';
import { state } from './state.js';
import { t } from './words.js';

let auditDirty = {};      // face -> how many copies, as the player set it
let auditSig = null;

// One row per face: a card of a kind the box holds once is a tick box; a face
// with several alike copies (six black Locks) asks how many. The record follows
// each copy, but a person can only say the face; the server takes any copy.
// The same box tells the app the cards a player was dealt, while a deal made by
// hand waits for the players' words (view.deal), and checks a hand after.
/** The faces the form lists, each kind's together (kinds in the order they come). */
function auditFaces() {
  const source = state.view.deal || state.view.audit;
  const faces = list(source && source.faces).map((f) => {
    const cards = list(f.cards).map(String);
    return { key: cards.slice().sort().join(','), name: f.name, cards,
             held: Number(f.held) || 0, kind: typeof f.kind === 'string' ? f.kind : f.name };
  });
  const order = [];
  faces.forEach((f) => { if (order.indexOf(f.kind) < 0) order.push(f.kind); });
  return faces.slice().sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
}

function auditChosen(face) {
  return Object.prototype.hasOwnProperty.call(auditDirty, face.key)
    ? auditDirty[face.key] : face.held;
}

export function renderAudit() {
  const view = state.view;
  const boxOuter = $('audit-box');
  if (!view || !(view.audit || view.deal) || view.over || !view.me ||
      typeof view.me.seat !== 'number') {
    show(boxOuter, false);
    return;
  }
  show(boxOuter, true);
  const deal = view.deal;
  const mode = deal ? 'deal' : 'audit';
  if (boxOuter.getAttribute('data-mode') !== mode) {
    boxOuter.setAttribute('data-mode', mode);
    // The deal told is the one thing to do: right under the banner that says so. The
    // hand check, asked for at any time, waits at the foot of the page.
    if (deal) $('turn').after(boxOuter); else $('main').appendChild(boxOuter);
    auditDirty = {};
    auditSig = null;
    boxOuter.open = !!deal;
  }
  $('audit-title').textContent = t(deal ? 'phone.deal_title' : 'phone.audit_title');
  $('audit-explain').textContent = deal ? String(deal.explain || '') : t('phone.audit_explain');
  const waitingLine = deal && typeof deal.waiting === 'string' ? deal.waiting : '';
  $('deal-waiting').textContent = deal && deal.told
    ? t('phone.deal_told') + (waitingLine ? ' ' + waitingLine : '') : waitingLine;
  show($('deal-waiting'), !!deal && (deal.told || !!waitingLine));
  const faces = auditFaces();
  const sig = mode + JSON.stringify(faces);
  const box = $('audit-cards');
  if (sig !== auditSig) {
    auditSig = sig;
    clear(box);
    const groups = {};   // a kind of several faces folds into one line, opened with a tap
    faces.forEach((face) => {
      let into = box;
      const alike = faces.filter((f) => f.kind === face.kind);
      if (alike.length > 1) {
        if (!groups[face.kind]) {
          const group = el('details', 'kind-group');
          group.setAttribute('data-kind', face.kind);
          group.open = alike.some((f) => auditChosen(f) > 0);
          group.appendChild(breakable(el('summary', 'kind-name'), face.kind));
          box.appendChild(group);
          groups[face.kind] = group;
        }
        into = groups[face.kind];
      }
      const label = el('label', 'check');
      let input;
      if (face.cards.length === 1) {
        input = el('input');
        input.type = 'checkbox';
        input.addEventListener('change', () => {
          auditDirty[face.key] = input.checked ? 1 : 0;
          renderAuditCount();
        });
      } else {
        input = el('select', 'count');
        for (let n = 0; n <= face.cards.length; n++) input.appendChild(el('option', null, n));
        input.addEventListener('change', () => {
          auditDirty[face.key] = Number(input.value);
          renderAuditCount();
        });
      }
      input.setAttribute('data-face', face.key);
      label.appendChild(input);
      label.appendChild(breakable(el('span', 'check-name'), face.name));
      into.appendChild(label);
    });
  }
  // Every seat has told: the words are judged together, and taken no more.
  const closed = !!deal && deal.told && !deal.waiting;
  const inputs = box.querySelectorAll('[data-face]');
  for (let i = 0; i < inputs.length; i++) {
    const chosen = faces[i] ? auditChosen(faces[i]) : 0;
    if (inputs[i].type === 'checkbox') inputs[i].checked = chosen > 0;
    else inputs[i].value = String(chosen);
    inputs[i].parentNode.classList.toggle('chosen', chosen > 0);
    inputs[i].disabled = closed || state.auditPending !== null;
  }
  const sendBtn = $('audit-send');
  show(sendBtn, !closed);
  sendBtn.disabled = state.auditPending !== null;
  sendBtn.textContent = state.auditPending !== null ? t('phone.sending')
    : t(deal ? 'phone.deal_send' : 'phone.audit_send');
  renderAuditCount();
}

function auditCards() {
  let cards = [];
  auditFaces().forEach((face) => {
    cards = cards.concat(face.cards.slice(0, auditChosen(face)));  // held copies come first
  });
  return cards;
}

function renderAuditCount() {
  const inputs = $('audit-cards').querySelectorAll('[data-face]');
  for (let i = 0; i < inputs.length; i++) {
    const on = inputs[i].type === 'checkbox' ? inputs[i].checked : Number(inputs[i].value) > 0;
    inputs[i].parentNode.classList.toggle('chosen', on);
  }
  const count = auditCards().length;
  const view = state.view;
  $('audit-count').textContent = view && view.deal
    ? t('phone.deal_count', { count, size: view.deal.size })
    : t('phone.audit_count', { count });
}

function submitAudit(ev) {
  ev.preventDefault();
  const view = state.view;
  if (!view || !view.me || state.auditPending !== null) return;
  const act = view.deal ? 'tell_dealt' : 'audit_hand';
  const id = sendAct({ act, seat: view.me.seat, cards: auditCards() });
  if (id === null) return;
  state.auditPending = id;
  renderAudit();
}

export function wireAudit() {
  $('audit').addEventListener('submit', submitAudit);
}

/** The hand told was taken: the form starts afresh from what the seat now holds. */
export function auditMade() {
  state.auditPending = null;
  auditDirty = {};
  auditSig = null;
  $('audit-box').open = !!(state.view && state.view.deal);
  renderAudit();
}

/** The hand told was refused (the toast says why): the form is the player's again. */
export function auditRefused() {
  state.auditPending = null;
  renderAudit();
}
