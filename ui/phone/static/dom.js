/* Small helpers every module of the page uses: the DOM's, and JSON read from this server. */

export function $(id) { return document.getElementById(id); }

export function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

export function show(node, visible) {
  if (visible) node.removeAttribute('hidden');
  else node.setAttribute('hidden', '');
}

export function list(value) { return Array.isArray(value) ? value : []; }

/** Text that may wrap after a slash or before a bracket ("Steal/Blackmail", "微型膠卷（英國）"). */
export function breakable(node, text) {
  const parts = String(text === undefined || text === null ? '' : text).split(/([/\uFF0F]|(?=[(\uFF08]))/);
  parts.forEach((part) => {
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

/** The JSON at ``url`` on this server; a promise that fails on any answer but 200. */
export function getJson(url, options) {
  return fetch(url, Object.assign({ credentials: 'same-origin' }, options))
    .then((r) => {
      if (!r.ok) throw new Error('HTTP ' + r.status);
      return r.json();
    });
}

/**
 * ``button`` shows what it keeps (``see``) only while a finger, the mouse or a key holds
 * it down, and hides it (``hide``) the moment it lets go: a long press never turns into
 * a text selection, a magnifier or a context menu. What happens outside the button (a
 * finger lifted elsewhere, the page left) is :func:`onLetGo`'s.
 */
export function holdToSee(button, see, hide) {
  if (window.PointerEvent) {
    button.addEventListener('pointerdown', (e) => {
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      e.preventDefault();
      try { button.setPointerCapture(e.pointerId); } catch (err) { /* fine */ }
      see();
    });
    ['pointerup', 'pointercancel', 'lostpointercapture'].forEach((type) => {
      button.addEventListener(type, hide);
    });
  } else {
    button.addEventListener('mousedown', (e) => {
      if (e.button !== 0) return;
      e.preventDefault();
      see();
    });
    button.addEventListener('mouseup', hide);
  }
  button.addEventListener('touchstart', (e) => {
    if (e.cancelable) e.preventDefault();
    see();
  }, { passive: false });
  ['touchend', 'touchcancel'].forEach((type) => button.addEventListener(type, hide));
  button.addEventListener('contextmenu', (e) => { e.preventDefault(); });
  button.addEventListener('keydown', (e) => {
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      if (!e.repeat) see();
    }
  });
  button.addEventListener('keyup', (e) => {
    if (e.key === ' ' || e.key === 'Enter') hide();
  });
  button.addEventListener('blur', hide);
  button.addEventListener('click', (e) => { e.preventDefault(); });
}

/**
 * ``hide`` whenever a finger or the mouse is lifted anywhere on the page, the window loses
 * focus or the page is put away (the phone locked, another app opened): whatever a hold
 * shows never stays on a screen nobody holds. Once per page, for every hold it keeps.
 */
export function onLetGo(hide) {
  ['pointerup', 'mouseup', 'touchend', 'touchcancel', 'blur'].forEach((type) => {
    window.addEventListener(type, hide);
  });
  document.addEventListener('visibilitychange', () => { if (document.hidden) hide(); });
}
