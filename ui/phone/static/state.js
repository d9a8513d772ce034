/* What several modules of the page read and write: one object, since a module's imported
 * bindings cannot be assigned by another. What only one module needs stays in it. */

export const state = {
  token: null,
  lang: null,           // chosen once the server has said its languages
  view: null,           // the last `view` message
  welcomeName: null,    // from `welcome`, until a view arrives
  label: null,          // what the tablet calls this phone
  connState: 'connecting',
  denied: false,
  gameId: null,         // the game the notes are for: a new game starts a new page of notes
  menuPath: [],         // the choices tapped so far in the action menu
  actPending: null,     // id of the action sent from the menu, until answered
  auditPending: null,   // id of the hand audit sent, until answered
};
