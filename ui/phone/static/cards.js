/* A card as the page's lists draw it (the hand, what lies on the table, the history): in
 * its own colour, and what it does a tap away. */

import { el } from './dom.js';
import { t } from './words.js';

let openCard = null;      // the card whose text is open, by its list's key

const SHAPES = ['diamond', 'circle', 'square', 'triangle', 'star', 'ring', 'cross', 'hexagon'];

/** The card's own colour (its intelligence colour, its nation), as the tablet draws it —
 * and the shape that tells that colour without it (the server's ``shape``), for a player
 * who cannot tell red from green: its name says the colour in words too. */
export function tint(node, c) {
  if (typeof c.tint === 'string' && /^#[0-9a-f]{6}$/i.test(c.tint)) {
    node.style.setProperty('--tint', c.tint);
  }
  if (SHAPES.indexOf(c.shape) >= 0) {
    const mark = el('span', 'tone-shape shape-' + c.shape);
    mark.setAttribute('aria-hidden', 'true');
    node.appendChild(mark);
  }
  return node;
}

/** A card a tap explains: what it does, under its name, until tapped again (one open at a
 * time, known by ``key``); ``rerender`` draws its list again. */
export function explainable(li, key, help, rerender) {
  const open = openCard === key;
  li.classList.add('explainable');
  li.classList.toggle('open', open);
  // The whole card is the button (a list item may not be one): a tap anywhere on it.
  const toggle = el('button', 'card-toggle');
  toggle.type = 'button';
  toggle.setAttribute('aria-expanded', open ? 'true' : 'false');
  toggle.setAttribute('aria-label', t('phone.card_what', { name: li.textContent }));
  toggle.addEventListener('click', () => {
    openCard = openCard === key ? null : key;
    rerender();
  });
  li.appendChild(toggle);
  if (open) li.appendChild(el('span', 'card-help', help));
}
