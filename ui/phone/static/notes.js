/* The seat's notes, drawn: a notepad and a mark for each other seat. store.js keeps them, on
 * this phone only; they are never sent. */

import { $, clear, el, list, show } from './dom.js';
import { state } from './state.js';
import { dropNotes, readNotes, writeNotes } from './store.js';
import { glossaryCamps, t } from './words.js';

const MARKS = ['unknown', 'trusted', 'suspected'];

function option(value, label) {
  const o = el('option', null, label);
  o.value = value;
  return o;
}

/** A notepad and a mark for each other seat, kept on this phone only and cleared when
 * the game is over: what a player would scribble on paper beside the table. */
export function renderNotes() {
  const view = state.view;
  const box = $('notes-box');
  if (state.gameId === null || !view) { show(box, false); return; }
  if (view.over) {
    dropNotes();
    show(box, false);
    return;
  }
  show(box, true);
  const notes = readNotes();
  const text = $('notes-text');
  if (document.activeElement !== text) text.value = typeof notes.text === 'string' ? notes.text : '';
  const marks = $('marks');
  clear(marks);
  const camps = glossaryCamps();
  const choices = MARKS.concat(camps.map((c) => 'camp:' + c.key));
  list(view.table && view.table.seats).forEach((s, i) => {
    if (s.me) return;
    const mark = choices.indexOf(notes.marks[i]) >= 0 ? notes.marks[i] : MARKS[0];
    const li = el('li', 'mark-row');
    const id = 'mark-' + i;
    const name = el('label', 'mark-name', s.name);
    name.htmlFor = id;
    li.appendChild(name);
    // One tap opens the phone's own list: trusted, suspected, or which camp they may be.
    const pick = el('select', 'mark mark-' + mark.replace(':', '-'));
    pick.id = id;
    pick.setAttribute('data-seat', String(i));
    MARKS.forEach((m) => { pick.appendChild(option(m, t('phone.mark.' + m))); });
    if (camps.length) {
      const group = el('optgroup');
      group.label = t('phone.mark.camps');
      camps.forEach((c) => { group.appendChild(option('camp:' + c.key, c.name)); });
      pick.appendChild(group);
    }
    pick.value = mark;
    pick.addEventListener('change', () => {
      const kept = readNotes();
      kept.marks[i] = pick.value;
      writeNotes(kept);
      renderNotes();
    });
    li.appendChild(pick);
    marks.appendChild(li);
  });
}

export function wireNotes() {
  $('notes-text').addEventListener('input', () => {
    const kept = readNotes();
    kept.text = $('notes-text').value;
    writeNotes(kept);
  });
}
