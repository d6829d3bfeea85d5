/* Problems of an entry (tournaments/skat/problems.py): a field, a stable code, an English
   message id with %(name)s placeholders, and its parameters. The page translates the
   message with the catalogue the server sends (the same texts as its own gettext). */

export function problem(field, code, message, params) {
  return { field: field, code: code, message: message, params: params || {} };
}

export class GameInvalid extends Error {
  constructor(problems) {
    super(problems.map((p) => p.field + ": " + p.code).join("; "));
    this.problems = problems;
  }
}

/* Python's "%(name)s" / "%(name)d" formatting of a message with its parameters. */
export function fill(text, params) {
  return text.replace(/%\((\w+)\)[sd]/g, (_match, name) => pythonStr(params[name]));
}

/* str() of a parameter as Python writes it (True, None), so both sides say the same. */
function pythonStr(value) {
  if (typeof value === "boolean") {
    return value ? "True" : "False";
  }
  return value === null || value === undefined ? "None" : String(value);
}

/* The text of a problem, translated with ``translate`` (message id → text). */
export function problemText(item, translate) {
  const text = translate ? translate(item.message) : item.message;
  return Object.keys(item.params).length ? fill(text, item.params) : text;
}
