/* The room's screen (/room): the table as every seat may see it, for a TV, a laptop or a
 * player out of the game. It has no seat and no token: the server sends the public table
 * after every change, in the language the address asks (?lang=), and hears nothing it
 * says. Protocol: docs/phones.md, "The room's screen". */

import { constants, loadConstants } from './constants.js';
import { $, clear, el, list, show } from './dom.js';
import { renderFeed, wireFeed } from './feed.js';
import { renderConn, setConn } from './screen.js';
import { state } from './state.js';
import { renderTable, renderWaiting, renderWindow } from './table.js';
import { browserLang, loadWords, markLang, redrawOn } from './words.js';

const RETRY_MS = 2000;

let ws = null;
let retry = null;

function chosenLang() {
  const asked = new URLSearchParams(location.search).get('lang');
  return constants.langs.indexOf(asked) >= 0 ? asked : browserLang();
}

function render() {
  const view = state.view;
  if (!view) return;
  document.title = view.title;
  $('name').textContent = view.title;   // the game's name in place of the app's
  show($('brand'), false);
  renderTable();
  renderWaiting();
  renderWindow();
  renderFeed();
  show($('over-box'), !!view.over);
  $('over-text').textContent = view.over || '';
  const who = $('over-who');
  clear(who);
  list(view.result && view.result.who).forEach((line) => { who.appendChild(el('li', null, line)); });
}

function connect() {
  clearTimeout(retry);
  const scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
  const sock = new WebSocket(scheme + location.host + '/room/ws?lang=' + encodeURIComponent(state.lang));
  ws = sock;
  sock.onmessage = (event) => {
    let msg = null;
    try { msg = JSON.parse(event.data); } catch (e) { return; }
    if (!msg || msg.type !== 'room') return;
    state.view = msg;
    setConn('connected');
    render();
  };
  sock.onclose = () => {
    if (ws !== sock) return;   // closed by a change of language: its successor is open
    ws = null;
    setConn('reconnecting');
    retry = setTimeout(connect, RETRY_MS);
  };
}

function choose(lang) {
  state.lang = lang;
  markLang();
  loadWords(lang);
  if (ws) {
    const old = ws;
    ws = null;
    old.close();
  }
  connect();
}

loadConstants().then(() => {
  redrawOn({ words() { renderConn(); render(); }, cards: render });
  wireFeed();
  document.querySelectorAll('button[data-lang]').forEach((button) => {
    button.addEventListener('click', () => { choose(button.getAttribute('data-lang')); });
  });
  choose(chosenLang());
});
