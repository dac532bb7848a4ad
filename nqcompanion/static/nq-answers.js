// The answers of the At the table page's calculators before its engine has loaded: the tables the
// engine wrote at build time (nq-answers.json, nqcompanion/page/answers.py), joined before
// nq-at-table.js, which asks them first. A lookup of the engine's own answer: no rule here.
//
// Each table: its dimensions (the fields of each and the keys of their values) and its columns,
// each the pieces it holds and a string saying which one each input has (a character an input,
// "0" for the first piece: ANSWER_FIRST); a piece is ["json", key, value], ["text", null, line]
// or a refusal's ["error" | "message", null, text], ["field", null, name] or ["values", null,
// keys]. Resolves with null when the file cannot be had: the engine answers everything then.
const ANSWER_FIRST = 0x30;
const loadAnswerTables = (url) => fetch(url)
  .then((response) => (response.ok ? response.json() : null))
  .then((data) => {
    if (!data) return null;
    for (const table of Object.values(data.calculators)) {
      table.keys = table.dims.map(([, values]) => new Map(values.map((key, at) => [key, at])));
    }
    return data;
  })
  .catch(() => null);

// The answer the tables hold for a calculator's fields (each field's key, by name), or null: the
// input's place in the table, then each column's piece there.
const tableAnswer = (tables, command, keys) => {
  const table = tables && tables.calculators[command];
  if (!table) return null;
  let index = 0;
  for (const [at, [names, values]] of table.dims.entries()) {
    const found = table.keys[at].get(names.map((name) => keys[name]).join("|"));
    if (found === undefined) return null;
    index = index * values.length + found;
  }
  const answer = {};
  for (const [pieces, which] of table.columns) {
    const piece = pieces[which.charCodeAt(index) - ANSWER_FIRST];
    if (piece < 0) continue;
    const [top, key, value] = tables.pieces[piece];
    if (top === "json") (answer.json ||= {})[key] = value;
    else if (top === "text") (answer.text ||= []).push(value);
    else answer[top] = value;
  }
  return answer;
};
