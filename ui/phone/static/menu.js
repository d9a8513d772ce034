/* The action menu as a pure function: from the view's actions (each a path of choices and
 * the action it makes) and the choices tapped so far, what the menu shows. No DOM, no
 * state: turn.js draws what it returns. */

/** The steps every action shares where there is nothing to choose (the only thing asked
 * is to tell a drawn card): the menu opens past them, and no "back" leads to them. */
function rootOf(actions) {
  const root = [];
  for (;;) {
    const i = root.length;
    const first = actions.length ? String(actions[0].path[i]) : null;
    const shared = actions.length > 0 && actions.every((a) =>
      a.path.length > i + 1 && String(a.path[i]) === first);
    if (!shared) return root;
    root.push(first);
  }
}

function startsWith(path, prefix) {
  if (!Array.isArray(path) || path.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (String(path[i]) !== prefix[i]) return false;
  return true;
}

/**
 * What the menu shows for ``actions`` (the view's) once ``path`` (a list of choices) was
 * tapped; ``null`` if there is nothing to choose. Else:
 * - ``root``: the steps every action shares, said rather than offered;
 * - ``path``: the choices that stand (``path``, or ``root`` where it leads nowhere now);
 * - ``options``: the choices at this depth, each once, in order, as ``{label, now}``:
 *   ``now`` is the action the tap makes at once, no confirming (a pass), else ``null``;
 * - ``exact``: the action ``path`` names in full, to confirm, or ``null``;
 * - ``cards``: the cards the actions here are about, each once (the picker's help);
 * - ``notes``: why ``path`` leads to nothing to do now, where it is a heading of ``barred``
 *   (the view's: a heading that stands whoever the seat is, with no action of its own).
 */
export function menu(actions, path, barred = []) {
  const usable = actions.filter((a) => a && Array.isArray(a.path) && a.path.length && a.action);
  if (!usable.length) return null;
  const entries = usable.concat(barred.filter((b) =>
    b && Array.isArray(b.path) && b.path.length && typeof b.why === 'string'));
  const root = rootOf(entries);
  let at = path.length < root.length || !startsWith(path, root) ? root : path;
  let here = entries.filter((a) => startsWith(a.path, at));
  if (!here.length) {
    at = root;
    here = entries;
  }
  const depth = at.length;
  const labels = [];
  let exact = null;
  const cards = [];
  const notes = [];
  here.forEach((a) => {
    if (a.path.length === depth) {
      if (!a.action) notes.push(a.why);
      else if (!exact) exact = a.action;
    } else {
      const o = String(a.path[depth]);
      if (labels.indexOf(o) < 0) labels.push(o);
    }
    const card = a.action ? a.action.card : null;
    if (typeof card === 'string' && cards.indexOf(card) < 0) cards.push(card);
  });
  const options = labels.map((label) => {
    const under = here.filter((a) => String(a.path[depth]) === label);
    // A pass is one tap: it is made at once, no confirming (it names the view it answers).
    const now = under.length === 1 && under[0].now === true && under[0].path.length === depth + 1;
    return { label, now: now ? under[0].action : null };
  });
  return { root, path: at.slice(), options, exact, cards, notes };
}
