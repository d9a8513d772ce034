/* Which screen the page shows, and its top bar: the seat's name, the connection's state,
 * what the tablet calls this phone. */

import { $, show } from './dom.js';
import { state } from './state.js';
import { t } from './words.js';

export function setConn(connState) {
  state.connState = connState;
  renderConn();
}

export function renderConn() {
  const c = $('conn');
  const view = state.view;
  // A finished game's table may close for good: that is the end, not a lost connection.
  const shown = view && view.over && state.connState !== 'connected' ? 'ended' : state.connState;
  c.setAttribute('data-state', shown);
  $('conn-text').textContent = t('phone.conn.' + shown);
  $('device').textContent = state.label ? t('phone.device_label', { label: state.label }) : '';
  show($('device'), !!state.label);
}

/** One screen at a time: the seat, no code yet, refused, or waiting for the tablet. */
export function showScreen(name) {
  ['main', 'no-token', 'denied', 'taken'].forEach((id) => { show($(id), id === name); });
  show($('conn'), name === 'main' || name === 'taken');
}

export function renderName() {
  const view = state.view;
  const name = view && view.me && typeof view.me.name === 'string' ? view.me.name : state.welcomeName;
  $('name').textContent = name || '';
  show($('brand'), !name);
  document.title = name ? t('phone.page_title', { name }) : t('phone.app_name');
}
