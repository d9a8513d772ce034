/* The player's phone: one seat's private view, and its private answers. The page's entry
 * module: what each message from the table does, the whole view drawn, and start-up.
 *
 * Protocol: docs/phones.md. Every word the page shows of its own comes from
 * /i18n/<lang>.json (phone.* keys); the view's words come already translated.
 * No framework, no build step, no inline code (the server's CSP forbids it): ES modules,
 * served as they are.
 */

import { auditMade, auditRefused, renderAudit, wireAudit } from './audit.js';
import {
  answered, connect, connectIn, forgetAnswer, hangUp, heartbeat, onMessage, reconnectNow,
  resend, resetBackoff, send,
} from './connection.js';
import { constants, loadConstants } from './constants.js';
import { $, show } from './dom.js';
import { noteSecrets, renderFeed, renderSecrets, wireFeed } from './feed.js';
import { hideIdentity, renderHand, renderMe, wireIdentity } from './me.js';
import { renderNotes, wireNotes } from './notes.js';
import { renderOver } from './over.js';
import { renderConn, renderName, setConn, showScreen } from './screen.js';
import { state } from './state.js';
import {
  forgetDevice, forgetToken, keepDevice, keepToken, readToken, saveLang, savedLang,
  tokenFromHash,
} from './store.js';
import { renderTable, renderWaiting, renderWindow } from './table.js';
import { renderTeach, wireTeach } from './teach.js';
import { hideToast, toast } from './toast.js';
import { answerDone, renderStanding, renderTurn } from './turn.js';
import { browserLang, hasWords, loadWords, markLang, redrawOn } from './words.js';

let awaitSeq = null;      // the view a move made, acknowledged: the menu waits for it

// --- messages --------------------------------------------------------------

function receive(msg) {
  switch (msg.type) {
    case 'welcome':
      resetBackoff();
      keepDevice(msg.device);
      state.gameId = typeof msg.game === 'number' ? msg.game : null;
      state.label = typeof msg.label === 'string' ? msg.label : null;
      state.welcomeName = typeof msg.name === 'string' ? msg.name : null;
      showScreen('main');
      setConn('connected');
      renderName();
      resend();
      break;
    case 'taken':
      resetBackoff();
      keepDevice(msg.device);
      state.label = typeof msg.label === 'string' ? msg.label : null;
      taken(msg);
      break;
    case 'view':
      resetBackoff();
      setConn('connected');
      takeView(msg);
      break;
    case 'ok':
      answered(msg.id);
      if (msg.id !== null && msg.id === state.actPending) {
        // Made: the menu waits for the view the move made, unless it is in already.
        if (typeof msg.seq === 'number' && !(state.view && state.view.seq >= msg.seq)) {
          awaitSeq = msg.seq;
        } else {
          answerDone();
        }
      }
      if (msg.id !== null && msg.id === state.auditPending) auditMade();
      break;
    case 'error':
      answered(msg.id);
      if (msg.id !== null && msg.id !== undefined) {
        if (msg.id === state.actPending) answerDone();
        if (msg.id === state.auditPending) auditRefused();
      }
      toast(typeof msg.text === 'string' && msg.text ? msg.text : String(msg.code || ''));
      break;
    case 'denied':
      deny(msg);
      break;
    case 'notice':
      // Something a reader saw that only this seat may be told.
      toast(typeof msg.text === 'string' ? msg.text : '');
      break;
    default:
      break;  // pong, or something newer than this page
  }
}

function takeView(v) {
  noteSecrets(v);
  // A move of the game's: what was half-chosen may mean something else now, and the menu
  // opens at its top. A view sent again of the same moment (a phone joined or came back,
  // a reader's news) keeps the choice a finger is making; so does an answer in flight.
  const moved = !state.view || state.view.seq !== v.seq;
  state.view = v;
  if (state.actPending !== null && awaitSeq !== null && v.seq >= awaitSeq) {
    state.actPending = awaitSeq = null;
  }
  if (state.actPending === null && moved) state.menuPath = [];
  show($('loading'), false);
  render();
}

/** Another phone holds this seat: wait here, connected, until the tablet moves it. */
function taken(msg) {
  hideIdentity();
  state.view = null;
  state.welcomeName = null;
  $('taken-text').textContent = typeof msg.text === 'string' ? msg.text : '';
  $('taken-label').textContent = state.label || '';
  showScreen('taken');
  setConn('connected');
  renderName();
}

function deny(msg) {
  const text = typeof msg.text === 'string' ? msg.text : '';
  hangUp();
  if (constants.transient.indexOf(msg.code) >= 0) {
    toast(text);
    setConn('reconnecting');
    const wait = typeof msg.retry_after === 'number' && msg.retry_after >= 0 ? msg.retry_after : 1;
    connectIn((wait + Math.random()) * 1000);
    return;
  }
  state.denied = true;
  forgetAnswer();  // the seat is no longer ours
  awaitSeq = state.actPending = state.auditPending = null;
  if (msg.code === 'unknown_token' || msg.code === 'revoked' || msg.code === 'replaced') {
    forgetDevice();
    state.label = null;
  }
  if (msg.code === 'unknown_token' || msg.code === 'revoked') forgetToken();
  hideIdentity();
  state.view = null;
  $('denied-text').textContent = text;
  // The server's words already say what to do; the generic hint is a fallback.
  show($('denied-hint'), !text);
  show($('use-here'), msg.code === 'elsewhere');
  showScreen('denied');
  renderName();
}

/** This seat went to another tab of this phone: take it back here. */
function useHere() {
  state.denied = false;
  resetBackoff();
  showScreen('main');
  show($('loading'), true);
  setConn('connecting');
  connect();
}

// --- rendering -------------------------------------------------------------

function render() {
  renderName();
  const view = state.view;
  if (!view) return;
  const me = view.me || {};
  renderOver();
  renderTeach();
  renderTurn();
  renderMe(me);
  renderHand(me);
  renderSecrets();
  renderWaiting();
  renderWindow();
  renderStanding();
  renderTable();
  renderFeed();
  renderAudit();
  renderNotes();
}

// --- language --------------------------------------------------------------

function setLang(l) {
  if (constants.langs.indexOf(l) < 0) return;
  saveLang(l);
  if (l === state.lang && hasWords(l)) return;
  state.lang = l;
  markLang();
  send({ type: 'lang', lang: l });
  loadWords(l);
}

// --- start -----------------------------------------------------------------

function start() {
  // Whatever happens, do not stay blank if the words are slow.
  setTimeout(() => { document.documentElement.classList.remove('loading'); }, 2500);
  state.token = readToken();
  showScreen(state.token ? 'main' : 'no-token');
  renderConn();
  redrawOn({
    words() {
      renderConn();
      render();
    },
    cards() {
      if (state.view) { renderFeed(); renderNotes(); }
    },
  });
  onMessage(receive);
  // The language, the words and the seat all wait for the server's languages.
  loadConstants().then(begin);
}

function begin() {
  const saved = savedLang();
  state.lang = constants.langs.indexOf(saved) >= 0 ? saved : browserLang();
  markLang();
  loadWords(state.lang);

  const langButtons = document.querySelectorAll('button[data-lang]');
  for (let i = 0; i < langButtons.length; i++) {
    langButtons[i].addEventListener('click', (e) => {
      setLang(e.currentTarget.getAttribute('data-lang'));
    });
  }
  wireIdentity();
  wireAudit();
  $('use-here').addEventListener('click', useHere);
  wireFeed();
  wireNotes();
  wireTeach();

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') reconnectNow();
  });
  window.addEventListener('online', reconnectNow);
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') hideToast();
  });
  window.addEventListener('pageshow', (e) => { if (e.persisted) reconnectNow(); });
  window.addEventListener('hashchange', () => {
    // Another seat's QR code scanned into this tab: start afresh with it.
    const fresh = tokenFromHash();
    if (!fresh || fresh === state.token) return;
    keepToken(fresh);
    location.reload();
  });
  setInterval(heartbeat, 1000);

  if (state.token) connect();
}

// A module runs once the document is parsed: the page is there to start on.
start();
