/* The toast: a refusal, a notice or a lost connection said over the page for a while. */

import { $, clear, el } from './dom.js';
import { t } from './words.js';

const TOAST_MS = 9000;

let toastTimer = null;

export function toast(text) {
  const box = $('toast');
  clear(box);
  if (!text) return;
  const card = el('div', 'toast-box');
  card.appendChild(el('p', 'toast-text', text));
  const close = el('button', 'toast-close', '\u2715');
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

export function hideToast() {
  clearTimeout(toastTimer);
  const box = $('toast');
  box.classList.remove('show');
  clear(box);
}
