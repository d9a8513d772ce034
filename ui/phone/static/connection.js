/* The WebSocket to the table: opened with the seat's token and this phone's device key,
 * kept alive with a heartbeat, opened again with back-off when it drops or goes quiet, and
 * the answers sent on it, numbered, each sent again until the tablet acknowledges it. */

import { state } from './state.js';
import { setConn } from './screen.js';
import { deviceKey } from './store.js';
import { toast } from './toast.js';
import { hasWords, loadWords, t } from './words.js';

const BACKOFF_MS = [500, 1000, 2000, 4000, 5000];
const PING_MS = 15000;        // our heartbeat
const DEAD_MS = 40000;        // no message for this long: the socket is dead
const CONNECT_MS = 10000;     // a socket still not open after this: try again
const STALE_MS = 20000;       // on wake-up, a socket this quiet is not trusted
const ANSWER_MS = 10000;      // an answer not acknowledged after this: its socket is dead

let ws = null;
let attempt = 0;
let retryTimer = null;
let lastHeard = 0;
let lastPing = 0;
let openedAt = 0;
let actSentAt = 0;
// An answer sent and not yet acknowledged: sent again, the very same, on the next socket,
// and the tablet answers it as it did the first time (it is never made twice).
let unanswered = null;
// Numbers unique across reloads of the page, so that no answer is taken for an earlier one.
let nextId = Date.now();
// What a message from the table goes to: phone.js says.
let received = () => {};

export function onMessage(receive) { received = receive; }

function socketUrl() {
  return (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws';
}

export function connect() {
  clearTimeout(retryTimer);
  retryTimer = null;
  if (state.denied || !state.token) return;
  if (ws) drop(ws);
  let sock;
  try {
    sock = new WebSocket(socketUrl());
  } catch (e) {
    ws = null;
    scheduleReconnect();
    return;
  }
  ws = sock;
  openedAt = lastHeard = Date.now();
  sock.onopen = () => {
    if (ws !== sock) return;
    lastHeard = lastPing = Date.now();
    send({ type: 'hello', token: state.token, lang: state.lang, device: deviceKey() });
    if (!hasWords(state.lang)) loadWords(state.lang);
  };
  sock.onmessage = (ev) => {
    if (ws !== sock) return;
    lastHeard = Date.now();
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    if (msg && typeof msg === 'object') received(msg);
  };
  sock.onclose = () => {
    if (ws !== sock) return;
    ws = null;
    lost();
  };
  sock.onerror = () => { /* a close event follows */ };
}

function drop(sock) {
  sock.onopen = sock.onmessage = sock.onclose = sock.onerror = null;
  try { sock.close(); } catch (e) { /* already closed */ }
  if (ws === sock) ws = null;
}

/** Closed by the table (denied): no socket, and none opened again unless asked. */
export function hangUp() {
  clearTimeout(retryTimer);
  retryTimer = null;
  if (ws) drop(ws);
}

/** The table answered: a next try waits the shortest of the back-off again. */
export function resetBackoff() { attempt = 0; }

/** A socket opened again after ``delay`` ms. */
export function connectIn(delay) {
  retryTimer = setTimeout(() => { retryTimer = null; connect(); }, delay);
}

function lost() {
  if (state.denied) return;
  // An answer in flight stays "sending": it goes again once the seat is back.
  if (state.connState !== 'connecting') setConn('reconnecting');
  scheduleReconnect();
}

function scheduleReconnect() {
  if (retryTimer || state.denied || !state.token) return;
  const delay = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)];
  attempt++;
  connectIn(delay);
}

/** Woken up, or back online: do not wait for the back-off. */
export function reconnectNow() {
  if (state.denied || !state.token) return;
  const now = Date.now();
  if (ws && ws.readyState === WebSocket.OPEN && now - lastHeard < STALE_MS) {
    send({ type: 'ping' });
    lastPing = now;
    return;
  }
  if (ws && ws.readyState === WebSocket.CONNECTING && now - openedAt < 3000) return;
  attempt = 0;
  if (ws) drop(ws);
  if (state.connState === 'connected') setConn('reconnecting');
  connect();
}

export function heartbeat() {
  const now = Date.now();
  if (!ws) return;
  if (unanswered !== null && ws.readyState === WebSocket.OPEN && now - actSentAt > ANSWER_MS) {
    // No word on an answer: the socket is taken for dead, and the answer goes again.
    drop(ws);
    lost();
    return;
  }
  if (ws.readyState === WebSocket.CONNECTING) {
    if (now - openedAt > CONNECT_MS) { drop(ws); lost(); }
    return;
  }
  if (ws.readyState !== WebSocket.OPEN) return;
  if (now - lastHeard > DEAD_MS) { drop(ws); lost(); return; }
  if (now - lastPing >= PING_MS) {
    lastPing = now;
    send({ type: 'ping' });
  }
}

export function send(msg) {
  if (!ws || ws.readyState !== WebSocket.OPEN) return false;
  try {
    ws.send(JSON.stringify(msg));
    return true;
  } catch (e) {
    return false;
  }
}

export function sendAct(action) {
  return sendAnswer({ type: 'act', action });
}

/** An answer to the table (an action, or a standing answer to the rounds), numbered. */
export function sendAnswer(msg) {
  if (unanswered !== null) return null;  // one answer in flight at a time
  const id = nextId++;
  msg.id = id;
  // The view answered is named, so a repeated send never answers a later one.
  if (state.view) msg.seq = state.view.seq;
  if (!send(msg)) {
    toast(t('phone.not_connected'));
    return null;
  }
  unanswered = msg;
  actSentAt = Date.now();
  return id;
}

/** Back in the seat: the answer whose acknowledgement was lost goes again, unchanged. */
export function resend() {
  if (unanswered === null) return;
  if (send(unanswered)) actSentAt = Date.now();
}

/** The tablet answered ``id``: nothing of it is in flight any more. */
export function answered(id) {
  if (unanswered !== null && unanswered.id === id) unanswered = null;
}

/** The seat is no longer ours: no answer of it goes again. */
export function forgetAnswer() { unanswered = null; }
