/* The player's phone: one seat's private view, and its private answers.
 *
 * Protocol: docs/phones.md. Every word the page shows of its own comes from
 * /i18n/<lang>.json (phone.* keys); the view's words come already translated.
 * No framework, no build step, no inline code (the server's CSP forbids it).
 */
(function () {
  'use strict';

  var LANGS = ['zh-Hant', 'zh-Hans', 'en'];
  var BACKOFF_MS = [500, 1000, 2000, 4000, 5000];
  var PING_MS = 15000;        // our heartbeat
  var DEAD_MS = 40000;        // no message for this long: the socket is dead
  var CONNECT_MS = 10000;     // a socket still not open after this: try again
  var STALE_MS = 20000;       // on wake-up, a socket this quiet is not trusted
  var ANSWER_MS = 10000;      // an answer not acknowledged after this: its socket is dead
  var TOAST_MS = 9000;
  var SECRETS_SHOWN = 5;
  var FEED_SHOWN = 8;       // lines of the history shown before "show the whole game"
  var KEY_TOKEN = 'tc.token';
  var KEY_LANG = 'tc.lang';
  var KEY_DEVICES = 'tc.devices';   // seat token -> this phone's device key for that seat
  var KEPT_DEVICES = 8;
  // Denials the server lifts by itself: say why, and come back when it says we may.
  var TRANSIENT = ['too_fast', 'hello_timeout', 'busy'];

  // --- small helpers ---------------------------------------------------------

  function $(id) { return document.getElementById(id); }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
  }

  function show(node, visible) {
    if (visible) node.removeAttribute('hidden');
    else node.setAttribute('hidden', '');
  }

  function store(key, value) {
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    } catch (e) { /* private mode: the URL still has the token */ }
  }

  function stored(key) {
    try { return localStorage.getItem(key); } catch (e) { return null; }
  }

  function list(value) { return Array.isArray(value) ? value : []; }

  // --- this phone's device key -----------------------------------------------
  // The server gives the first phone to open a seat a key of its own, and the
  // seat opens again only with it (docs/phones.md, "One seat, one device"). It is
  // kept per seat token; in memory too, for a browser that stores nothing.

  var deviceInMemory = null;

  function deviceKeys() {
    try {
      var keys = JSON.parse(stored(KEY_DEVICES) || '{}');
      return keys && typeof keys === 'object' && !Array.isArray(keys) ? keys : {};
    } catch (e) {
      return {};
    }
  }

  function deviceKey() {
    var key = deviceKeys()[token];
    return typeof key === 'string' ? key : deviceInMemory;
  }

  function keepDevice(key) {
    if (typeof key !== 'string' || !token) return;
    deviceInMemory = key;
    var keys = deviceKeys();
    delete keys[token];
    keys[token] = key;   // newest last; the oldest seats' keys are let go
    var tokens = Object.keys(keys);
    for (var i = 0; i < tokens.length - KEPT_DEVICES; i++) delete keys[tokens[i]];
    store(KEY_DEVICES, JSON.stringify(keys));
  }

  function forgetDevice() {
    deviceInMemory = null;
    var keys = deviceKeys();
    delete keys[token];
    store(KEY_DEVICES, JSON.stringify(keys));
  }

  function sameList(a, b) {
    if (a.length !== b.length) return false;
    for (var i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }

  // --- words -----------------------------------------------------------------

  var words = null;       // the loaded phone.* catalog, or null
  var wordsLang = null;   // its language
  var wordsRetry = null;

  function t(key, params) {
    if (!words) return '';
    var s = words[key];
    if (typeof s !== 'string') return key;
    if (params) {
      s = s.replace(/\{(\w+)\}/g, function (m, name) {
        return Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : m;
      });
    }
    return s;
  }

  function browserLang() {
    var prefs = navigator.languages && navigator.languages.length
      ? navigator.languages : [navigator.language || 'en'];
    for (var i = 0; i < prefs.length; i++) {
      var l = String(prefs[i] || '').toLowerCase();
      if (l.indexOf('zh') !== 0) continue;
      if (/^zh-(tw|hk|mo)\b/.test(l) || l.indexOf('zh-hant') === 0) return 'zh-Hant';
      return 'zh-Hans';   // zh, zh-CN, zh-SG, zh-Hans…
    }
    return 'en';
  }

  var glossary = null;     // every card of the game in the page's language: name, help

  function loadCards(l) {
    fetch('/cards/' + encodeURIComponent(l) + '.json', { credentials: 'same-origin' })
      .then(function (r) {
        if (!r.ok) throw new Error('HTTP ' + r.status);
        return r.json();
      })
      .then(function (data) {
        if (l !== lang) return;
        glossary = data && typeof data === 'object' ? data : null;
        if (view) { renderFeed(); renderNotes(); }
      })
      .catch(function () { /* the history reads without it */ });
  }

  function loadWords(l) {
    loadCards(l);
    clearTimeout(wordsRetry);
    var url = '/i18n/' + encodeURIComponent(l) + '.json';
    fetch(url, { cache: 'no-store', credentials: 'same-origin' })
      .then(function (r) {
        if (!r.ok) throw new Error('HTTP ' + r.status);
        return r.json();
      })
      .then(function (data) {
        if (l !== lang) return;           // switched again meanwhile
        words = data && typeof data === 'object' ? data : {};
        wordsLang = l;
        document.documentElement.classList.remove('loading');
        applyWords();
      })
      .catch(function () {
        if (l !== lang) return;
        wordsRetry = setTimeout(function () { loadWords(lang); }, 3000);
      });
  }

  function applyWords() {
    var nodes = document.querySelectorAll('[data-i18n]');
    for (var i = 0; i < nodes.length; i++) {
      nodes[i].textContent = t(nodes[i].getAttribute('data-i18n'));
    }
    nodes = document.querySelectorAll('[data-i18n-aria-label]');
    for (i = 0; i < nodes.length; i++) {
      nodes[i].setAttribute('aria-label', t(nodes[i].getAttribute('data-i18n-aria-label')));
    }
    renderConn();
    render();
  }

  // --- state -----------------------------------------------------------------

  var token = null;
  var lang = 'en';
  var view = null;          // the last `view` message
  var welcomeName = null;   // from `welcome`, until a view arrives
  var label = null;         // what the tablet calls this phone
  var connState = 'connecting';
  var denied = false;
  var secretsSeen = null;   // number of secrets in the previous view (null: none yet)
  var freshSecret = false;
  var secretsOpen = false;
  var feedOpen = false;

  var menuPath = [];        // the choices tapped so far in the action menu
  var actPending = null;    // id of the action sent from the menu, until answered
  var auditPending = null;  // id of the hand audit sent, until answered
  var auditDirty = {};      // face -> how many copies, as the player set it
  var auditSig = null;
  var actSentAt = 0;
  // An answer sent and not yet acknowledged: sent again, the very same, on the next socket,
  // and the tablet answers it as it did the first time (it is never made twice).
  var unanswered = null;
  var awaitSeq = null;      // the view a move made, acknowledged: the menu waits for it
  // Numbers unique across reloads of the page, so that no answer is taken for an earlier one.
  var nextId = Date.now();
  var holding = false;
  var gameId = null;        // the game the notes are for: a new game starts a new page of notes
  var openCard = null;      // the hand card whose text is open, by face

  // --- connection ------------------------------------------------------------

  var ws = null;
  var attempt = 0;
  var retryTimer = null;
  var lastHeard = 0;
  var lastPing = 0;
  var openedAt = 0;

  function socketUrl() {
    return (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws';
  }

  function connect() {
    clearTimeout(retryTimer);
    retryTimer = null;
    if (denied || !token) return;
    if (ws) drop(ws);
    var sock;
    try {
      sock = new WebSocket(socketUrl());
    } catch (e) {
      ws = null;
      scheduleReconnect();
      return;
    }
    ws = sock;
    openedAt = lastHeard = Date.now();
    sock.onopen = function () {
      if (ws !== sock) return;
      lastHeard = lastPing = Date.now();
      send({ type: 'hello', token: token, lang: lang, device: deviceKey() });
      if (wordsLang !== lang) loadWords(lang);
    };
    sock.onmessage = function (ev) {
      if (ws !== sock) return;
      lastHeard = Date.now();
      var msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      if (msg && typeof msg === 'object') receive(msg);
    };
    sock.onclose = function () {
      if (ws !== sock) return;
      ws = null;
      lost();
    };
    sock.onerror = function () { /* a close event follows */ };
  }

  function drop(sock) {
    sock.onopen = sock.onmessage = sock.onclose = sock.onerror = null;
    try { sock.close(); } catch (e) { /* already closed */ }
    if (ws === sock) ws = null;
  }

  function lost() {
    if (denied) return;
    // An answer in flight stays "sending": it goes again once the seat is back.
    if (connState !== 'connecting') setConn('reconnecting');
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (retryTimer || denied || !token) return;
    var delay = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)];
    attempt++;
    retryTimer = setTimeout(function () { retryTimer = null; connect(); }, delay);
  }

  /** Woken up, or back online: do not wait for the back-off. */
  function reconnectNow() {
    if (denied || !token) return;
    var now = Date.now();
    if (ws && ws.readyState === WebSocket.OPEN && now - lastHeard < STALE_MS) {
      send({ type: 'ping' });
      lastPing = now;
      return;
    }
    if (ws && ws.readyState === WebSocket.CONNECTING && now - openedAt < 3000) return;
    attempt = 0;
    if (ws) drop(ws);
    if (connState === 'connected') setConn('reconnecting');
    connect();
  }

  function heartbeat() {
    var now = Date.now();
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

  function send(msg) {
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    try {
      ws.send(JSON.stringify(msg));
      return true;
    } catch (e) {
      return false;
    }
  }

  function sendAct(action) {
    return sendAnswer({ type: 'act', action: action });
  }

  /** An answer to the table (an action, or a standing answer to the rounds), numbered. */
  function sendAnswer(msg) {
    if (unanswered !== null) return null;  // one answer in flight at a time
    var id = nextId++;
    msg.id = id;
    // The view answered is named, so a repeated send never answers a later one.
    if (view) msg.seq = view.seq;
    if (!send(msg)) {
      toast(t('phone.not_connected'));
      return null;
    }
    unanswered = msg;
    actSentAt = Date.now();
    return id;
  }

  /** Back in the seat: the answer whose acknowledgement was lost goes again, unchanged. */
  function resend() {
    if (unanswered === null) return;
    if (send(unanswered)) actSentAt = Date.now();
  }

  /** The tablet answered ``id``: nothing of it is in flight any more. */
  function answered(id) {
    if (unanswered !== null && unanswered.id === id) unanswered = null;
  }

  function setConn(state) {
    connState = state;
    renderConn();
  }

  function renderConn() {
    var c = $('conn');
    // A finished game's table may close for good: that is the end, not a lost connection.
    var state = view && view.over && connState !== 'connected' ? 'ended' : connState;
    c.setAttribute('data-state', state);
    $('conn-text').textContent = t('phone.conn.' + state);
    $('device').textContent = label ? t('phone.device_label', { label: label }) : '';
    show($('device'), !!label);
  }

  /** One screen at a time: the seat, no code yet, refused, or waiting for the tablet. */
  function showScreen(name) {
    ['main', 'no-token', 'denied', 'taken'].forEach(function (id) { show($(id), id === name); });
    show($('conn'), name === 'main' || name === 'taken');
  }

  // --- messages --------------------------------------------------------------

  function receive(msg) {
    switch (msg.type) {
      case 'welcome':
        attempt = 0;
        keepDevice(msg.device);
        gameId = typeof msg.game === 'number' ? msg.game : null;
        label = typeof msg.label === 'string' ? msg.label : null;
        welcomeName = typeof msg.name === 'string' ? msg.name : null;
        showScreen('main');
        setConn('connected');
        renderName();
        resend();
        break;
      case 'taken':
        attempt = 0;
        keepDevice(msg.device);
        label = typeof msg.label === 'string' ? msg.label : null;
        taken(msg);
        break;
      case 'view':
        attempt = 0;
        setConn('connected');
        takeView(msg);
        break;
      case 'ok':
        answered(msg.id);
        if (msg.id !== null && msg.id === actPending) {
          // Made: the menu waits for the view the move made, unless it is in already.
          if (typeof msg.seq === 'number' && !(view && view.seq >= msg.seq)) {
            awaitSeq = msg.seq;
          } else {
            answerDone();
          }
        }
        if (msg.id !== null && msg.id === auditPending) {
          auditPending = null;
          auditDirty = {};
          auditSig = null;
          $('audit-box').open = !!(view && view.deal);
          renderAudit();
        }
        break;
      case 'error':
        answered(msg.id);
        if (msg.id !== null && msg.id !== undefined) {
          if (msg.id === actPending) answerDone();
          if (msg.id === auditPending) { auditPending = null; renderAudit(); }
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
    var count = list(v.secrets).length;
    freshSecret = secretsSeen !== null && count > secretsSeen;
    if (freshSecret && navigator.vibrate) {
      try { navigator.vibrate(200); } catch (e) { /* not allowed */ }
    }
    secretsSeen = count;
    view = v;
    if (actPending !== null && awaitSeq !== null && v.seq >= awaitSeq) {
      actPending = awaitSeq = null;
    }
    // Another seat's move while an answer is in flight: the menu stays as it was, waiting.
    if (actPending === null) menuPath = [];
    show($('loading'), false);
    render();
  }

  /** Another phone holds this seat: wait here, connected, until the tablet moves it. */
  function taken(msg) {
    hideIdentity();
    view = null;
    welcomeName = null;
    $('taken-text').textContent = typeof msg.text === 'string' ? msg.text : '';
    $('taken-label').textContent = label || '';
    showScreen('taken');
    setConn('connected');
    renderName();
  }

  function deny(msg) {
    var text = typeof msg.text === 'string' ? msg.text : '';
    clearTimeout(retryTimer);
    retryTimer = null;
    if (ws) drop(ws);
    if (TRANSIENT.indexOf(msg.code) >= 0) {
      toast(text);
      setConn('reconnecting');
      var wait = typeof msg.retry_after === 'number' && msg.retry_after >= 0 ? msg.retry_after : 1;
      retryTimer = setTimeout(function () { retryTimer = null; connect(); },
        (wait + Math.random()) * 1000);
      return;
    }
    denied = true;
    unanswered = awaitSeq = actPending = auditPending = null;  // the seat is no longer ours
    if (msg.code === 'unknown_token' || msg.code === 'revoked' || msg.code === 'replaced') {
      forgetDevice();
      label = null;
    }
    if ((msg.code === 'unknown_token' || msg.code === 'revoked') && stored(KEY_TOKEN) === token) {
      store(KEY_TOKEN, null);
    }
    hideIdentity();
    view = null;
    $('denied-text').textContent = text;
    // The server's words already say what to do; the generic hint is a fallback.
    show($('denied-hint'), !text);
    show($('use-here'), msg.code === 'elsewhere');
    showScreen('denied');
    renderName();
  }

  /** This seat went to another tab of this phone: take it back here. */
  function useHere() {
    denied = false;
    attempt = 0;
    showScreen('main');
    show($('loading'), true);
    setConn('connecting');
    connect();
  }

  // --- rendering -------------------------------------------------------------

  function render() {
    renderName();
    if (!view) return;
    var me = view.me || {};
    renderOver();
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

  // --- notes: this phone's own, never sent ----------------------------------------------

  var MARKS = ['unknown', 'trusted', 'suspected'];

  function notesKey() { return gameId === null ? null : 'tc.notes.' + gameId; }

  function readNotes() {
    var key = notesKey();
    var kept = key === null ? null : stored(key);
    try {
      var notes = kept ? JSON.parse(kept) : null;
      if (notes && typeof notes === 'object') return notes;
    } catch (e) { /* a note from another version: start again */ }
    return { text: '', marks: {} };
  }

  function writeNotes(notes) {
    var key = notesKey();
    if (key !== null) store(key, JSON.stringify(notes));
  }

  /** A notepad and a mark for each other seat, kept on this phone only and cleared when
   * the game is over: what a player would scribble on paper beside the table. */
  function renderNotes() {
    var box = $('notes-box');
    var key = notesKey();
    if (key === null || !view) { show(box, false); return; }
    if (view.over) {
      store(key, null);
      show(box, false);
      return;
    }
    show(box, true);
    var notes = readNotes();
    var text = $('notes-text');
    if (document.activeElement !== text) text.value = typeof notes.text === 'string' ? notes.text : '';
    var marks = $('marks');
    clear(marks);
    var camps = list(glossary && glossary.camps);
    var choices = MARKS.concat(camps.map(function (c) { return 'camp:' + c.key; }));
    list(view.table && view.table.seats).forEach(function (s, i) {
      if (s.me) return;
      var mark = choices.indexOf(notes.marks[i]) >= 0 ? notes.marks[i] : MARKS[0];
      var li = el('li', 'mark-row');
      var id = 'mark-' + i;
      var name = el('label', 'mark-name', s.name);
      name.htmlFor = id;
      li.appendChild(name);
      // One tap opens the phone's own list: trusted, suspected, or which camp they may be.
      var pick = el('select', 'mark mark-' + mark.replace(':', '-'));
      pick.id = id;
      pick.setAttribute('data-seat', String(i));
      MARKS.forEach(function (m) { pick.appendChild(option(m, t('phone.mark.' + m))); });
      if (camps.length) {
        var group = el('optgroup');
        group.label = t('phone.mark.camps');
        camps.forEach(function (c) { group.appendChild(option('camp:' + c.key, c.name)); });
        pick.appendChild(group);
      }
      pick.value = mark;
      pick.addEventListener('change', function () {
        var kept = readNotes();
        kept.marks[i] = pick.value;
        writeNotes(kept);
        renderNotes();
      });
      li.appendChild(pick);
      marks.appendChild(li);
    });
  }

  function option(value, label) {
    var o = el('option', null, label);
    o.value = value;
    return o;
  }

  function renderName() {
    var name = view && view.me && typeof view.me.name === 'string' ? view.me.name : welcomeName;
    $('name').textContent = name || '';
    show($('brand'), !name);
    document.title = name ? t('phone.page_title', { name: name }) : t('phone.app_name');
  }

  function renderOver() {
    var over = typeof view.over === 'string' && view.over ? view.over : null;
    var result = over && view.result && typeof view.result === 'object' ? view.result : null;
    $('over-text').textContent = over || '';
    show($('over'), !!over);
    $('over-result').textContent = result ? String(result.said || '') : '';
    $('over').classList.toggle('won', !!(result && result.won));
    var who = $('over-who');
    clear(who);
    list(result && result.who).forEach(function (line) { who.appendChild(el('li', null, line)); });
    // Every identity is on the table now: nothing is left to hold the button for.
    show($('identity-hold'), !over);
    renderConn();
  }

  var yoursShown = null;

  function renderTurn() {
    var yours = list(view.yours).map(String);
    if (!yoursShown || !sameList(yours, yoursShown)) {
      // Only touched when it changes, so a screen reader announces it once.
      var box = $('yours');
      clear(box);
      yours.forEach(function (line) { box.appendChild(el('p', 'yours-line', line)); });
      yoursShown = yours;
    }
    // The banner collapses rather than disappears: #yours stays a live region.
    $('yours-box').classList.toggle('empty', !yours.length);
    var offer = typeof view.offer === 'string' && view.offer ? view.offer : null;
    $('offer').textContent = offer || '';
    show($('offer'), !!offer);
    var actions = list(view.actions);
    var idle = !yours.length && !actions.length && !view.over;
    show($('idle'), idle);
    $('turn').classList.toggle('empty', !yours.length && !actions.length && !idle);
    renderMenu();
  }

  /** The steps every action shares where there is nothing to choose (the only thing asked
   * is to tell a drawn card): the menu opens past them, and no "back" leads to them. */
  function rootOf(actions) {
    var root = [];
    for (;;) {
      var i = root.length;
      var first = actions.length ? String(actions[0].path[i]) : null;
      var shared = actions.length > 0 && actions.every(function (a) {
        return a.path.length > i + 1 && String(a.path[i]) === first;
      });
      if (!shared) return root;
      root.push(first);
    }
  }

  function startsWith(path, prefix) {
    if (!Array.isArray(path) || path.length < prefix.length) return false;
    for (var i = 0; i < prefix.length; i++) if (String(path[i]) !== prefix[i]) return false;
    return true;
  }

  function renderMenu() {
    var box = $('actions');
    var hadFocus = box.contains(document.activeElement);
    clear(box);
    var actions = view ? list(view.actions).filter(function (a) {
      return a && Array.isArray(a.path) && a.path.length && a.action;
    }) : [];
    if (!actions.length) {
      menuPath = [];
      show(box, false);
      return;
    }
    show(box, true);
    var root = rootOf(actions);
    if (menuPath.length < root.length || !startsWith(menuPath, root)) menuPath = root.slice();
    var depth = menuPath.length;
    var here = actions.filter(function (a) { return startsWith(a.path, menuPath); });
    if (!here.length) {
      menuPath = root.slice();
      depth = root.length;
      here = actions;
    }
    var options = [];
    var exact = null;
    here.forEach(function (a) {
      if (a.path.length === depth) {
        if (!exact) exact = a;
      } else {
        var o = String(a.path[depth]);
        if (options.indexOf(o) < 0) options.push(o);
      }
    });

    var sending = actPending !== null;
    if (depth === root.length && !root.length) {
      box.appendChild(el('p', 'menu-title', t('phone.actions_title')));
    } else if (depth === root.length) {   // the one thing asked (a drawn card): said, not a button
      var asked = el('ol', 'crumbs');
      root.forEach(function (step) { asked.appendChild(breakable(el('li'), step)); });
      box.appendChild(asked);
    } else {
      var nav = el('div', 'menu-nav');
      var back = el('button', 'back');
      back.type = 'button';
      back.id = 'back';
      back.disabled = sending;
      back.appendChild(el('span', 'chev', '\u2039'));
      back.appendChild(el('span', null, t('phone.back')));
      back.addEventListener('click', function () {
        menuPath.pop();
        renderMenu();
        focusMenu();
      });
      nav.appendChild(back);
      box.appendChild(nav);
      var crumbs = el('ol', 'crumbs');
      crumbs.setAttribute('aria-label', t('phone.your_choice'));
      menuPath.forEach(function (step) { crumbs.appendChild(breakable(el('li'), step)); });
      box.appendChild(crumbs);
    }

    if (options.length) {
      var choices = el('div', 'choices');
      // Long names ("Probe − Military Intelligence (blue, secret)") get a row each.
      if (options.some(function (o) { return o.length > 18; })) choices.classList.add('wide');
      else if (options.length > 8) choices.classList.add('many');   // three across: no scrolling
      options.forEach(function (o) {
        var under = here.filter(function (a) { return String(a.path[depth]) === o; });
        // A pass is one tap: it is made at once, no confirming (it names the view it answers).
        var now = under.length === 1 && under[0].now === true && under[0].path.length === depth + 1;
        var b = breakable(el('button', now ? 'choice now' : 'choice'), o);
        b.type = 'button';
        b.disabled = sending;
        b.addEventListener('click', function () {
          if (now) {
            answerNow(sendAct(under[0].action));
            return;
          }
          menuPath.push(o);
          renderMenu();
          focusMenu();
        });
        choices.appendChild(b);
      });
      box.appendChild(choices);
      pickerHelp(box, here);
    }

    if (exact) {
      var confirmBox = el('div', 'confirm-box');
      var go = el('button', 'primary', sending ? t('phone.sending') : t('phone.confirm'));
      go.type = 'button';
      go.id = 'confirm';
      go.disabled = sending;
      go.addEventListener('click', function () { answerNow(sendAct(exact.action)); });
      confirmBox.appendChild(go);
      if (depth > root.length + 1) {
        var cancel = el('button', 'secondary', t('phone.cancel'));
        cancel.type = 'button';
        cancel.id = 'cancel';
        cancel.disabled = sending;
        cancel.addEventListener('click', function () {
          menuPath = [];
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
  function pickerHelp(box, here) {
    var ids = [];
    here.forEach(function (a) {
      var card = a.action && a.action.card;
      if (typeof card === 'string' && ids.indexOf(card) < 0) ids.push(card);
    });
    var help = cardsHelp(ids);
    if (!help) return;
    var more = el('details', 'picker-help');
    more.appendChild(el('summary', null, t('phone.picker_help')));
    more.appendChild(el('p', 'card-help', help));
    box.appendChild(more);
  }

  /** The answer in flight was answered: the menu and the standing answers are free again. */
  function answerDone() {
    actPending = null;
    renderMenu();
    renderStanding();
  }

  /** An answer just sent (its number, or ``null`` if it could not go): the menu waits for it. */
  function answerNow(id) {
    if (id === null || actPending !== null) return;
    actPending = id;
    renderMenu();
    renderStanding();
  }

  /** The seat's standing answer to the rounds: what it set and the way back, or, while a
   * round asks it, "pass for me until this turn ends" and "ask me only when aimed at me". */
  function renderStanding() {
    var box = $('standing');
    clear(box);
    var st = view && view.standing && typeof view.standing === 'object' ? view.standing : null;
    show(box, !!st && !view.over);
    if (!st) return;
    var sending = actPending !== null;
    function offer(label, standing, cls) {
      var b = breakable(el('button', cls), String(label));
      b.type = 'button';
      b.disabled = sending;
      b.addEventListener('click', function () {
        answerNow(sendAnswer({ type: 'stand', standing: standing }));
      });
      box.appendChild(b);
    }
    if (typeof st.said === 'string' && st.said) {
      box.appendChild(el('p', 'standing-said', st.said));
      offer(st.cancel, null, 'secondary standing-cancel');
    }
    list(st.offers).forEach(function (o) {
      if (o && typeof o.label === 'string') offer(o.label, String(o.standing), 'secondary standing-offer');
    });
  }

  function focusMenu() {
    var target = $('actions').querySelector('#confirm, .choice, #back');
    if (target) target.focus();
  }

  function identityName() {
    var me = view && view.me;
    var id = me && me.identity;
    if (id && typeof id.name === 'string' && id.name && id.card !== null) return id.name;
    return t('phone.identity_none');
  }

  function renderMe(me) {
    // The seat's own figures, as the game lists them (francs and status; intelligence…).
    var box = $('stats');
    clear(box);
    list(me.stats).forEach(function (st) {
      var tile = el('div', 'stat');
      tile.id = 'stat-' + String(st.key);
      if (st.tone) tile.setAttribute('data-tone', String(st.tone));
      tile.appendChild(el('span', 'stat-label', st.label));
      tile.appendChild(el('span', 'stat-value', st.value));
      box.appendChild(tile);
    });
    if (holding) {
      $('identity').textContent = identityName();
      $('identity-help').textContent = identityHelp();
    }
  }

  /** The card's own colour (its intelligence colour, its nation), as the tablet draws it. */
  function tint(node, c) {
    if (typeof c.tint === 'string' && /^#[0-9a-f]{6}$/i.test(c.tint)) {
      node.style.setProperty('--tint', c.tint);
    }
    return node;
  }

  /** Text that may wrap after a slash or before a bracket ("Steal/Blackmail", "微型膠卷（英國）"). */
  function breakable(node, text) {
    var parts = String(text === undefined || text === null ? '' : text).split(/([/\uFF0F]|(?=[(\uFF08]))/);
    parts.forEach(function (part) {
      if (!part) return;
      if (part === '/' || part === '\uFF0F') {
        node.appendChild(document.createTextNode(part));
        node.appendChild(document.createElement('wbr'));
      } else {
        if (/^[(\uFF08]/.test(part) && node.firstChild) node.appendChild(document.createElement('wbr'));
        node.appendChild(document.createTextNode(part));
      }
    });
    return node;
  }

  function renderHand(me) {
    var hand = list(me.hand);
    var box = $('hand');
    clear(box);
    hand.forEach(function (c) {
      var li = tint(el('li', 'card'), c);
      li.setAttribute('data-card', String(c.card));
      li.appendChild(breakable(el('span', 'card-name'), c.name));
      if (typeof c.not_now === 'string' && c.not_now) {   // why not, before trying
        li.classList.add('not-now');
        var why = el('span', 'card-not-now');
        why.appendChild(el('strong', null, t('phone.not_now')));
        why.appendChild(document.createTextNode(' ' + c.not_now));
        li.appendChild(why);
      }
      if (typeof c.help === 'string' && c.help) {
        explainable(li, 'hand:' + String(c.card), c.help, function () { renderHand(view.me || {}); });
      }
      list(c.marks).forEach(function (m) {   // what the game prints on the card (a blood stain)
        var kind = String(m.key).replace(/[^a-z0-9_-]/gi, '');
        li.classList.add('marked', 'marked-' + kind);
        var mark = el('span', 'card-mark mark-' + kind);
        mark.setAttribute('role', 'img');
        mark.setAttribute('aria-label', m.label);
        mark.title = m.label;
        li.appendChild(mark);
      });
      box.appendChild(li);
    });
    show($('hand-empty'), !hand.length);
    var count = $('hand-count');
    if (typeof me.limit === 'number') {
      count.textContent = t('phone.hand_count', { count: hand.length, limit: me.limit });
      count.classList.toggle('over-limit', hand.length > me.limit);
      show(count, true);
    } else {
      show(count, false);
    }
  }

  /** A card a tap explains: what it does, under its name, until tapped again (one open at a
   * time, known by ``key``); ``rerender`` draws its list again. */
  function explainable(li, key, help, rerender) {
    var open = openCard === key;
    li.classList.add('explainable');
    li.classList.toggle('open', open);
    // The whole card is the button (a list item may not be one): a tap anywhere on it.
    var toggle = el('button', 'card-toggle');
    toggle.type = 'button';
    toggle.setAttribute('aria-expanded', open ? 'true' : 'false');
    toggle.setAttribute('aria-label', t('phone.card_what', { name: li.textContent }));
    toggle.addEventListener('click', function () {
      openCard = openCard === key ? null : key;
      rerender();
    });
    li.appendChild(toggle);
    if (open) li.appendChild(el('span', 'card-help', help));
  }

  function renderSecrets() {
    var secrets = list(view.secrets).slice().reverse();   // newest first
    var box = $('secrets');
    clear(box);
    secrets.forEach(function (s, i) {
      var li = el('li', i === 0 ? 'newest' : null, s.text);
      if (i === 0) {
        li.setAttribute('data-badge', t('phone.secret_new'));
        if (freshSecret) li.classList.add('fresh');
      }
      if (i >= SECRETS_SHOWN && !secretsOpen) li.setAttribute('hidden', '');
      box.appendChild(li);
    });
    freshSecret = false;
    show($('secrets-empty'), !secrets.length);
    var more = $('secrets-more');
    if (secrets.length > SECRETS_SHOWN) {
      more.textContent = secretsOpen ? t('phone.secrets_less')
        : t('phone.secrets_more', { count: secrets.length });
      more.setAttribute('aria-expanded', secretsOpen ? 'true' : 'false');
      show(more, true);
    } else {
      show(more, false);
    }
  }

  function renderWaiting() {
    var yours = list(view.yours);
    var waiting = list(view.waiting);
    var box = $('waiting');
    clear(box);
    var shown = 0;
    waiting.forEach(function (line) {
      var li = el('li', null, line);
      // What is already in the banner above is not repeated here.
      if (yours.indexOf(line) >= 0) li.setAttribute('hidden', '');
      else shown++;
      box.appendChild(li);
    });
    show($('waiting-box'), shown > 0);
  }

  // The open window's countdown, ticking here between views: every seat is shown the
  // same window, asked or not, with a card to play or without.
  var windowTick = null;

  function renderWindow() {
    var w = view.window;
    var box = $('window');
    clearInterval(windowTick);
    windowTick = null;
    if (!w || view.over) { show(box, false); return; }
    if (typeof w.closes_in === 'number') {
      var ends = Date.now() + w.closes_in * 1000;
      var tick = function () {
        var left = Math.max(0, Math.ceil((ends - Date.now()) / 1000));
        box.textContent = t('phone.window.closes_in', { seconds: left });
      };
      tick();
      windowTick = setInterval(tick, 500);
    } else {
      box.textContent = typeof w.holding === 'string' ? w.holding : t('phone.window.waits');
    }
    show(box, true);
  }

  function pill(cls, text) {
    return el('span', 'pill ' + cls, text);
  }

  function renderTable() {
    var table = view.table || {};
    $('summary').textContent = table.summary || '';
    show($('summary'), !!table.summary);
    var box = $('seats');
    clear(box);
    list(table.seats).forEach(function (s, seatIndex) {
      var li = el('li', 'seat');
      if (s.active) li.classList.add('active');
      if (s.out) li.classList.add('out');
      if (s.me) li.classList.add('me');
      var top = el('div', 'seat-top');
      var name = el('span', 'seat-name', s.name);
      top.appendChild(name);
      if (s.me) top.appendChild(pill('pill-me', t('phone.you')));
      if (s.active) top.appendChild(pill('pill-active', t('phone.active')));
      if (s.out) top.appendChild(pill('pill-out', t('phone.out')));
      li.appendChild(top);
      var line = el('div', 'seat-line');
      list(s.lines).forEach(function (text) { line.appendChild(el('span', 'chip', text)); });
      if (s.badge) line.appendChild(el('span', 'seat-status', s.badge));
      li.appendChild(line);
      var laid = list(s.laid);
      if (laid.length) {   // what lies face up before the seat, by name and colour
        var cards = el('ul', 'laid');
        cards.setAttribute('aria-label', t('phone.laid_title'));
        laid.forEach(function (c, cardIndex) {
          var item = tint(el('li', 'laid-card'), c);
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
  }

  // The table's lines, oldest first, with what this seat alone was told said where it
  // was told: after the line of its event (before them all, if that line is too old).
  function history(lines, secrets) {
    var after = {};
    secrets.forEach(function (s) {
      var at = s.line === null ? -1 : s.line;
      (after[at] = after[at] || []).push({ text: s.text, own: true });
    });
    var out = (after[-1] || []).slice();
    lines.forEach(function (line, i) {
      out.push({ text: line.text, own: false, cards: list(line.cards), key: 'feed:' + i + ':' + line.text });
      out.push.apply(out, after[i] || []);
    });
    return out;
  }

  /** What the cards a line names are, from the game's glossary: each kind once. */
  function cardsHelp(ids) {
    var seen = {}, said = [];
    ids.forEach(function (id) {
      var card = glossary && glossary.cards && glossary.cards[id];
      if (!card || !card.help || seen[card.help]) return;
      seen[card.help] = true;
      said.push((card.kind || card.name) + ' — ' + card.help);   // the help is the kind's
    });
    return said.join('\n\n');
  }

  function renderFeed() {
    // The whole game, newest first, a window's passes one line: the latest few, and the
    // rest a tap away.
    var feed = history(list(view.feed), list(view.secrets)).reverse();
    var box = $('feed');
    clear(box);
    feed.forEach(function (entry, i) {
      var li = el('li', entry.own ? 'own' : null);
      if (entry.own) li.appendChild(el('span', 'only-you', t('phone.only_you')));
      li.appendChild(document.createTextNode(entry.text));
      var help = cardsHelp(entry.cards || []);
      if (help) explainable(li, entry.key, help, renderFeed);
      if (i >= FEED_SHOWN && !feedOpen) li.setAttribute('hidden', '');
      box.appendChild(li);
    });
    show($('feed-box'), feed.length > 0);
    var more = $('feed-more');
    if (feed.length > FEED_SHOWN) {
      more.textContent = feedOpen ? t('phone.feed_less') : t('phone.feed_all', { count: feed.length });
      more.setAttribute('aria-expanded', feedOpen ? 'true' : 'false');
      show(more, true);
    } else {
      show(more, false);
    }
  }

  // One row per face: a card of a kind the box holds once is a tick box; a face
  // with several alike copies (six black Locks) asks how many. The record follows
  // each copy, but a person can only say the face; the server takes any copy.
  // The same box tells the app the cards a player was dealt, while a deal made by
  // hand waits for the players' words (view.deal), and checks a hand after.
  /** The faces the form lists, each kind's together (kinds in the order they come). */
  function auditFaces() {
    var source = view.deal || view.audit;
    var faces = list(source && source.faces).map(function (f) {
      var cards = list(f.cards).map(String);
      return { key: cards.slice().sort().join(','), name: f.name, cards: cards,
               held: Number(f.held) || 0, kind: typeof f.kind === 'string' ? f.kind : f.name };
    });
    var order = [];
    faces.forEach(function (f) { if (order.indexOf(f.kind) < 0) order.push(f.kind); });
    return faces.slice().sort(function (a, b) {
      return order.indexOf(a.kind) - order.indexOf(b.kind);
    });
  }

  function auditChosen(face) {
    return Object.prototype.hasOwnProperty.call(auditDirty, face.key)
      ? auditDirty[face.key] : face.held;
  }

  function renderAudit() {
    var boxOuter = $('audit-box');
    if (!view || !(view.audit || view.deal) || view.over || !view.me ||
        typeof view.me.seat !== 'number') {
      show(boxOuter, false);
      return;
    }
    show(boxOuter, true);
    var deal = view.deal;
    var mode = deal ? 'deal' : 'audit';
    if (boxOuter.getAttribute('data-mode') !== mode) {
      boxOuter.setAttribute('data-mode', mode);
      auditDirty = {};
      auditSig = null;
      boxOuter.open = !!deal;
    }
    $('audit-title').textContent = t(deal ? 'phone.deal_title' : 'phone.audit_title');
    $('audit-explain').textContent = deal ? String(deal.explain || '') : t('phone.audit_explain');
    var waitingLine = deal && typeof deal.waiting === 'string' ? deal.waiting : '';
    $('deal-waiting').textContent = deal && deal.told
      ? t('phone.deal_told') + (waitingLine ? ' ' + waitingLine : '') : waitingLine;
    show($('deal-waiting'), !!deal && (deal.told || !!waitingLine));
    var faces = auditFaces();
    var sig = mode + JSON.stringify(faces);
    var box = $('audit-cards');
    if (sig !== auditSig) {
      auditSig = sig;
      clear(box);
      var groups = {};   // a kind of several faces folds into one line, opened with a tap
      faces.forEach(function (face) {
        var into = box;
        var alike = faces.filter(function (f) { return f.kind === face.kind; });
        if (alike.length > 1) {
          if (!groups[face.kind]) {
            var group = el('details', 'kind-group');
            group.setAttribute('data-kind', face.kind);
            group.open = alike.some(function (f) { return auditChosen(f) > 0; });
            group.appendChild(breakable(el('summary', 'kind-name'), face.kind));
            box.appendChild(group);
            groups[face.kind] = group;
          }
          into = groups[face.kind];
        }
        var label = el('label', 'check');
        var input;
        if (face.cards.length === 1) {
          input = el('input');
          input.type = 'checkbox';
          input.addEventListener('change', function () {
            auditDirty[face.key] = input.checked ? 1 : 0;
            renderAuditCount();
          });
        } else {
          input = el('select', 'count');
          for (var n = 0; n <= face.cards.length; n++) input.appendChild(el('option', null, n));
          input.addEventListener('change', function () {
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
    var inputs = box.querySelectorAll('[data-face]');
    for (var i = 0; i < inputs.length; i++) {
      var chosen = faces[i] ? auditChosen(faces[i]) : 0;
      if (inputs[i].type === 'checkbox') inputs[i].checked = chosen > 0;
      else inputs[i].value = String(chosen);
      inputs[i].parentNode.classList.toggle('chosen', chosen > 0);
      inputs[i].disabled = auditPending !== null;
    }
    var sendBtn = $('audit-send');
    sendBtn.disabled = auditPending !== null;
    sendBtn.textContent = auditPending !== null ? t('phone.sending')
      : t(deal ? 'phone.deal_send' : 'phone.audit_send');
    renderAuditCount();
  }

  function auditCards() {
    var cards = [];
    auditFaces().forEach(function (face) {
      cards = cards.concat(face.cards.slice(0, auditChosen(face)));  // held copies come first
    });
    return cards;
  }

  function renderAuditCount() {
    var inputs = $('audit-cards').querySelectorAll('[data-face]');
    for (var i = 0; i < inputs.length; i++) {
      var on = inputs[i].type === 'checkbox' ? inputs[i].checked : Number(inputs[i].value) > 0;
      inputs[i].parentNode.classList.toggle('chosen', on);
    }
    var count = auditCards().length;
    $('audit-count').textContent = view && view.deal
      ? t('phone.deal_count', { count: count, size: view.deal.size })
      : t('phone.audit_count', { count: count });
  }

  function submitAudit(ev) {
    ev.preventDefault();
    if (!view || !view.me || auditPending !== null) return;
    var act = view.deal ? 'tell_dealt' : 'audit_hand';
    var id = sendAct({ act: act, seat: view.me.seat, cards: auditCards() });
    if (id === null) return;
    auditPending = id;
    renderAudit();
  }

  // --- identity: hold to reveal ----------------------------------------------

  function identityHelp() {
    var id = view && view.me && view.me.identity;
    return id && typeof id.help === 'string' ? id.help : '';
  }

  function showIdentity() {
    if (!view) return;
    holding = true;
    $('identity').textContent = identityName();
    $('identity-help').textContent = identityHelp();
    $('identity-hold').classList.add('held');
  }

  function hideIdentity() {
    holding = false;
    $('identity').textContent = '';
    $('identity-help').textContent = '';
    $('identity-hold').classList.remove('held');
  }

  function wireIdentity() {
    var b = $('identity-hold');
    if (window.PointerEvent) {
      b.addEventListener('pointerdown', function (e) {
        if (e.pointerType === 'mouse' && e.button !== 0) return;
        e.preventDefault();
        try { b.setPointerCapture(e.pointerId); } catch (err) { /* fine */ }
        showIdentity();
      });
      ['pointerup', 'pointercancel', 'lostpointercapture'].forEach(function (type) {
        b.addEventListener(type, hideIdentity);
      });
      window.addEventListener('pointerup', hideIdentity);
    } else {
      b.addEventListener('mousedown', function (e) {
        if (e.button !== 0) return;
        e.preventDefault();
        showIdentity();
      });
      window.addEventListener('mouseup', hideIdentity);
    }
    // Touch as well: browsers without pointer events, and a long press must not
    // turn into a text selection, a magnifier or a context menu.
    b.addEventListener('touchstart', function (e) {
      if (e.cancelable) e.preventDefault();
      showIdentity();
    }, { passive: false });
    ['touchend', 'touchcancel'].forEach(function (type) {
      b.addEventListener(type, hideIdentity);
      window.addEventListener(type, hideIdentity);
    });
    b.addEventListener('contextmenu', function (e) { e.preventDefault(); });
    b.addEventListener('keydown', function (e) {
      if (e.key === ' ' || e.key === 'Enter') {
        e.preventDefault();
        if (!e.repeat) showIdentity();
      }
    });
    b.addEventListener('keyup', function (e) {
      if (e.key === ' ' || e.key === 'Enter') hideIdentity();
    });
    b.addEventListener('blur', hideIdentity);
    b.addEventListener('click', function (e) { e.preventDefault(); });
    window.addEventListener('blur', hideIdentity);
  }

  // --- toast -----------------------------------------------------------------

  var toastTimer = null;

  function toast(text) {
    var box = $('toast');
    clear(box);
    if (!text) return;
    var card = el('div', 'toast-box');
    card.appendChild(el('p', 'toast-text', text));
    var close = el('button', 'toast-close', '\u2715');
    close.type = 'button';
    close.id = 'toast-close';
    close.setAttribute('aria-label', t('phone.close'));
    close.title = t('phone.close');
    close.addEventListener('click', hideToast);
    card.appendChild(close);
    box.appendChild(card);
    box.classList.add('show');
    clearTimeout(toastTimer);
    toastTimer = setTimeout(hideToast, TOAST_MS);
  }

  function hideToast() {
    clearTimeout(toastTimer);
    var box = $('toast');
    box.classList.remove('show');
    clear(box);
  }

  // --- language --------------------------------------------------------------

  function markLang() {
    document.documentElement.lang = lang;
    var buttons = document.querySelectorAll('button[data-lang]');
    for (var i = 0; i < buttons.length; i++) {
      var on = buttons[i].getAttribute('data-lang') === lang;
      buttons[i].setAttribute('aria-pressed', on ? 'true' : 'false');
    }
  }

  function setLang(l) {
    if (LANGS.indexOf(l) < 0) return;
    store(KEY_LANG, l);
    if (l === lang && wordsLang === l) return;
    lang = l;
    markLang();
    send({ type: 'lang', lang: l });
    loadWords(l);
  }

  // --- start -----------------------------------------------------------------

  function tokenFromHash() {
    var h = location.hash.replace(/^#/, '');
    if (!h) return null;
    var parts = h.split('&');
    for (var i = 0; i < parts.length; i++) {
      var kv = parts[i].split('=');
      if (kv[0] === 't' && kv[1]) {
        try { return decodeURIComponent(kv[1]); } catch (e) { return kv[1]; }
      }
    }
    return null;
  }

  function readToken() {
    var fromUrl = tokenFromHash();
    if (fromUrl) {
      store(KEY_TOKEN, fromUrl);
      return fromUrl;
    }
    return stored(KEY_TOKEN);
  }

  function showStart() {
    showScreen(token ? 'main' : 'no-token');
  }

  function start() {
    var saved = stored(KEY_LANG);
    lang = LANGS.indexOf(saved) >= 0 ? saved : browserLang();
    markLang();
    loadWords(lang);
    // Whatever happens, do not stay blank if the words are slow.
    setTimeout(function () { document.documentElement.classList.remove('loading'); }, 2500);

    token = readToken();
    showStart();
    renderConn();

    var langButtons = document.querySelectorAll('button[data-lang]');
    for (var i = 0; i < langButtons.length; i++) {
      langButtons[i].addEventListener('click', function (e) {
        setLang(e.currentTarget.getAttribute('data-lang'));
      });
    }
    wireIdentity();
    $('audit').addEventListener('submit', submitAudit);
    $('use-here').addEventListener('click', useHere);
    $('secrets-more').addEventListener('click', function () {
      secretsOpen = !secretsOpen;
      renderSecrets();
    });
    $('notes-text').addEventListener('input', function () {
      var kept = readNotes();
      kept.text = $('notes-text').value;
      writeNotes(kept);
    });
    $('feed-more').addEventListener('click', function () {
      feedOpen = !feedOpen;
      renderFeed();
    });

    document.addEventListener('visibilitychange', function () {
      if (document.visibilityState === 'visible') reconnectNow();
      else hideIdentity();
    });
    window.addEventListener('online', reconnectNow);
    document.addEventListener('keydown', function (e) {
      if (e.key === 'Escape') hideToast();
    });
    window.addEventListener('pageshow', function (e) { if (e.persisted) reconnectNow(); });
    window.addEventListener('hashchange', function () {
      // Another seat's QR code scanned into this tab: start afresh with it.
      var fresh = tokenFromHash();
      if (!fresh || fresh === token) return;
      store(KEY_TOKEN, fresh);
      location.reload();
    });
    setInterval(heartbeat, 1000);

    if (token) connect();
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
