// The At the table page's script (nqcompanion/page/directive.py): it reads each calculator's fields,
// refuses a value out of the range written into the page (next to its field, in the page's
// language), builds the command line a player would type to `nq`, and shows what the rules
// engine answers (nq-engine-worker.js), or its answer from the tables (nq-answers.js) until it
// has loaded. It computes nothing of the game itself.
const status = document.querySelector(".nq-engine-status");
const words = JSON.parse(status.dataset.messages);
const lang = status.dataset.lang;
// the page said it needs scripts until now; the tables come first (player round eighteen: "needs
// the rules engine (22 MB)" stood there while a 3 MB file of answers loaded)
status.textContent = words.answers_loading;
const engineURL = new URL(status.dataset.engine, document.baseURI);

const INTEGER = /^[+-]?[0-9]{1,6}$/;
const DISTANCE = /^[+-]?(?:[0-9]{1,4}(?:\.[0-9]{1,4})?|[0-9]{1,4}\/[0-9]{1,4})$/;
const RANGE = /^(?:[0-9]{1,4}"?\/[+-]?[0-9]{1,2}|-)$/;

const say = (text, values = {}) =>
  text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? values[name] : whole));
// A field's bounds as the page's language writes numbers (« de 1 à 1 000 »: CLDR's, as Babel
// writes the engine's answers).
const limitsOf = (control) => {
  const shown = new Intl.NumberFormat(document.documentElement.lang);
  const { min, max } = control.dataset;
  return { min: shown.format(Number(min)), max: shown.format(Number(max)) };
};

// --- the engine ------------------------------------------------------------------------------
// On a first visit, the site's service worker (nq-offline.js) starts once the page has loaded:
// the engine's files (14 MB) fetched before it controlled the page went past it, and it fetched
// them all a second time to keep them. The engine waits for it to take the page (4 s at most).
const underServiceWorker = () => new Promise((resolve) => {
  const meta = document.querySelector('meta[name="nq-service-worker"]');
  const sw = navigator.serviceWorker;
  if (!meta || !sw || window.location.protocol === "file:" || sw.controller) {
    resolve();
    return;
  }
  sw.addEventListener("controllerchange", () => resolve(), { once: true });
  setTimeout(resolve, 4000);
});
// Nor does it start before the tables' answers are drawn (or could not be had): its 6 MB would
// take the network and the processor from the first answer.
let tablesDrawn;
const answersDrawn = new Promise((resolve) => { tablesDrawn = resolve; });
// Offline, the engine is there only if it was kept ("Keep for offline") or the browser's own
// cache still holds it from a visit: with its WebAssembly in neither there is nothing to load,
// and Pyodide, that file not fetched, may never settle (the page said "loading" for good).
// Online, the engine is fetched as usual.
const inBrowserCache = (name) => fetch(new URL(name, engineURL),
  { cache: "only-if-cached", mode: "same-origin" })
  .then((response) => { response.body?.cancel(); return response.ok; }, () => false);
const engineKept = async () => {
  if (navigator.onLine !== false) return true;
  const wasm = new URL("pyodide.asm.wasm", engineURL).href;
  if (window.caches && await caches.match(wasm).then(Boolean, () => false)) return true;
  return (await Promise.all(["pyodide.asm.wasm", "python_stdlib.zip"].map(inBrowserCache)))
    .every(Boolean);
};
// The engine's files are fetched only once a question the tables do not hold is asked, or a
// builder is used: until then the tables answer (a first visit fetched the whole engine unasked,
// to read one roll). It starts at once where it costs no download: the engine answered in this
// browser before (its files in the browser's cache, or kept for offline), the player's profiles
// or armies are kept here, or the browser is offline (kept, or said missing at once). A browser
// that asks to save data (Save-Data, a phone on a metered plan) waits for a question every time.
const USED = "nq-engine-used";
// The builders' kept lists (the profile builder's below, nq-army.js's STORE).
const PROFILES = "nq-profiles";
const ARMIES = "nq-army-builder";
const stored = (key) => { try { return localStorage.getItem(key) !== null; } catch { return false; } };
const saveData = !!(navigator.connection && navigator.connection.saveData);
const spared = saveData
  || !(navigator.onLine === false || [USED, PROFILES, ARMIES].some(stored));
// What a form or a builder says while the engine waits to be asked: why it waits.
const sparedHere = saveData ? words.spared_here : words.lazy_here;
let want;
const wanted = new Promise((resolve) => { want = resolve; });
if (!spared) want();
// A builder used starts the engine: focused, or changed without a focus first (a list chosen by
// an assistive technology or a script).
for (const box of document.querySelectorAll(".nq-builder")) {
  for (const kind of ["focusin", "change"]) box.addEventListener(kind, want);
}
// A tables file that stalls (a connection that neither ends nor fails) holds the engine back no
// longer than TABLES_PATIENCE once it is wanted: it starts without them; and a player's question
// waiting for the tables that long wants the engine, and takes its answer if it comes first.
const TABLES_PATIENCE = 8000;
const pause = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });
wanted.then(() => pause(TABLES_PATIENCE)).then(tablesDrawn);
const started = Promise.all([underServiceWorker(), answersDrawn, engineKept(), wanted]).then(
  ([, , kept]) => kept,
);
// The worker answering: a start that fails online (a file of the engine cut off on its way) is
// tried again twice, after 2 s then 4 s, before the page says the engine could not be loaded
// (player round 37: one connection reset left "loading" for good).
const RETRIES = 2;
let engineWorker = null;
const pending = new Map();
let next = 0;
// The engine missing (offline and not kept, or failed to start) is said on the page (the
// status, each answer box): a question that waited for it ends there, not as an error of the
// page's script (player round 29: three uncaught errors offline).
const ENGINE_MISSING = "NqEngineMissing";
const missing = (reason) => Object.assign(new Error(reason), { name: ENGINE_MISSING });
window.addEventListener("unhandledrejection", (event) => {
  if (event.reason && event.reason.name === ENGINE_MISSING) event.preventDefault();
});
const launch = () => new Promise((resolve, reject) => {
  const worker = new Worker(new URL("nq-engine-worker.js", engineURL), { type: "module" });
  engineWorker = worker;
  worker.addEventListener("message", (event) => {
    const data = event.data;
    if ("received" in data) engineArrived(data.received);
    if ("ready" in data) {
      // How it started: from the memory a first visit kept in this browser, or Python started anew.
      if (data.ready) status.dataset.start = data.restored ? "snapshot" : "start";
      if (data.ready) {
        try { localStorage.setItem(USED, "1"); } catch { /* private browsing */ }
        resolve();
      }
      else reject(missing(data.error));
      return;
    }
    if (!("id" in data)) return;
    const waiting = pending.get(data.id);
    pending.delete(data.id);
    if (waiting) waiting(data.answer);
  });
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    reject(missing(event.message || "worker"));
  });
});
const launched = async (tries = 0) => {
  try {
    return await launch();
  } catch (error) {
    if (tries >= RETRIES || navigator.onLine === false) throw error;
    engineWorker.terminate();
    await new Promise((resolve) => { setTimeout(resolve, 2000 * (tries + 1)); });
    return launched(tries + 1);
  }
};
const ready = started.then((kept) => (kept
  ? launched() : Promise.reject(missing("offline, and the engine is not kept"))));

const askEngine = async (request) => {
  await ready;
  const worker = engineWorker;
  const id = next++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    worker.postMessage({ id, request: { lang, ...request } });
  });
};

// A calculator's question asked again while its answer is on its way waits for that answer, not
// for the engine to answer it twice: each form's first question is asked as the answer tables
// arrive, and again before "ready" (three questions of eight at the start were repeats).
const inFlight = new Map();
const ask = (request) => {
  if (!request.argv) return askEngine(request);
  const key = JSON.stringify(request.argv);
  if (!inFlight.has(key)) {
    const answer = askEngine(request);
    const done = () => inFlight.delete(key);
    answer.then(done, done);
    inFlight.set(key, answer);
  }
  return inFlight.get(key);
};

// The engine's answers written at build time (nq-answers.js), null until they are read.
const tables = loadAnswerTables(new URL(status.dataset.answers, document.baseURI));
let answerTables = null;
let tablesRead = false; // read, or found missing: then the engine answers every question

// --- the fields ------------------------------------------------------------------------------
const controls = (form) => form.querySelectorAll("[data-kind]");

// A field's refusal beside it; in a group of boxes, the boxes it is about are marked.
const showError = (control, message, marked = []) => {
  const box = form_error(control);
  if (control.matches("input, select")) control.setAttribute("aria-invalid", message ? "true" : "false");
  for (const input of control.matches("fieldset") ? control.querySelectorAll("input") : []) {
    if (message && marked.includes(input)) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
  }
  if (!box) return;
  box.textContent = message || "";
  box.hidden = !message;
  box.classList.remove("nq-field-note");
};
const form_error = (control) => document.getElementById(`${control.id}-error`);

// A file's refusal beside its field: one sentence, or, for a file with several problems (one a
// line, nqcore's ProfileProblems), the sentence that counts them and a list, one item a problem.
const showFileRefusal = (importer, said, refusal) => {
  const problems = refusal.split("\n");
  if (problems.length === 1) {
    showError(importer, `${say(said.refused_file, { refusal })}\n${said.choose_file}`);
    return;
  }
  showError(importer, say(said.refused_problems, { count: problems.length }));
  const box = form_error(importer);
  const list = document.createElement("ul");
  list.className = "nq-file-problems";
  for (const problem of problems) list.appendChild(document.createElement("li")).textContent = problem;
  box.append(list, said.choose_file);
};

const whole = (text, control) => {
  const min = Number(control.dataset.min);
  const max = Number(control.dataset.max);
  if (!INTEGER.test(text)) return false;
  const value = Number(text);
  return value >= min && value <= max;
};

// Inches as a tape measure reads them, "12½", "12 1/2" (player round fourteen), written as the
// engine reads them ("25/2"); anything else as typed. The engine reads both too (nqcore.cli.args).
const VULGAR = { "½": [1, 2], "¼": [1, 4], "¾": [3, 4] };
const plainInches = (text) => {
  const vulgar = /^([0-9]{1,4})? ?([½¼¾])$/.exec(text);
  const mixed = /^([0-9]{1,4}) +([0-9]{1,4})\/([0-9]{1,4})$/.exec(text);
  const [whole_, top, bottom] = vulgar ? [vulgar[1] || "0", ...VULGAR[vulgar[2]]]
    : mixed ? [mixed[1], Number(mixed[2]), Number(mixed[3])] : [];
  return whole_ === undefined || !bottom ? text : `${Number(whole_) * bottom + top}/${bottom}`;
};

// 12", 12″, 12 in, 12 po: the inch mark a player types after a distance (player round eighteen).
const withoutUnit = (text) => text.replace(/\s*(?:"|\u2033|\u201d|''|in(?:ch(?:es)?)?|po(?:uces?)?)\.?$/i, "");

const inches = (text) => {
  if (!DISTANCE.test(text)) return false;
  const [top, bottom] = text.split("/");
  const value = bottom === undefined ? Number(top) : Number(top) / Number(bottom);
  return Number.isFinite(value) && value >= 0 && value <= 1000;
};

// A field another one makes unused (a sample profile gives the numbers, a weapon its ranges),
// or used only with a box of a group ticked (data-used-if "mod:extra-attack": the dice of an
// extra attack, with its modifier) or a value of a list chosen ("weapon:grenade": the
// thrower's ST).
const offByField = (form, control) => {
  const omitIf = control.dataset.omitIf;
  return !!omitIf && form.elements[omitIf].value !== "";
};
const usedWith = (form, control) => {
  const [group, value] = control.dataset.usedIf.split(":");
  const chooser = document.getElementById(`nq-${form.dataset.command}-${group}`);
  if (chooser.tagName === "SELECT") {
    return { used: () => chooser.value === value, use: () => { chooser.value = value; },
      unuse: () => { chooser.value = ""; } };
  }
  const box = chooser.querySelector(`input[value="${CSS.escape(value)}"]`);
  return { used: () => box.checked, use: () => { box.checked = true; },
    unuse: () => { box.checked = false; } };
};
const unused = (form, control) => {
  if (offByField(form, control)) return true;
  if (!control.dataset.usedIf) return false;
  return !usedWith(form, control).used();
};

// An unused field is greyed and holds nothing, not a value the answer does not use: it shows the
// value the engine's answer used instead (a sample profile's CC: showInUse), as a placeholder;
// the value typed there is kept, and back when the field is used again.
const grey = (form, control) => {
  if (!control.matches("input, select")) return;
  const skipped = unused(form, control);
  if (skipped && control.value !== "") {
    control.dataset.kept = control.value;
    control.value = ""; // a list: its "—" option chosen, or none when it has no such option
  } else if (!skipped && "kept" in control.dataset) {
    if (control.value === "") control.value = control.dataset.kept; // else set meanwhile
    delete control.dataset.kept;
  }
  // A field in use shows its example while empty (the ranges' format); an unused one, nothing
  // but the value in use (showInUse).
  if (!skipped) control.placeholder = control.dataset.example || "";
  else if (!control.dataset.shows) control.placeholder = "";
  // A field the question leaves unused takes no typing, and screen readers say so; but a field
  // used with a box ticked (an extra attack's level) may be chosen first: it ticks its box.
  control.disabled = skipped && !(control.dataset.usedIf && !offByField(form, control));
  control.closest(".nq-field").classList.toggle("nq-unused", skipped);
};

// The unused fields show the values the engine's answer used (data-shows names its field),
// read-only: greyed placeholders, the fields staying empty.
const showInUse = (form, json) => {
  for (const control of controls(form)) {
    const key = control.dataset.shows;
    if (!key || !unused(form, control) || control.tagName !== "INPUT") continue;
    const value = json && json[key] !== undefined && json[key] !== null ? String(json[key]) : "";
    control.placeholder = value;
  }
  // A modifier the answer counts that no box of the player's ticks (a target's own: a sample
  // profile's size or dodge, a ranked unit's size): its box shows it counted, half-ticked
  // (player round 33: "Target has the dodge ability" stood unticked beside an answer with −1).
  const counted = new Set(((json && json.modifiers) || []).map((modifier) => modifier.key));
  for (const box of form.querySelectorAll(".nq-multi input[type=checkbox]")) {
    box.indeterminate = !box.checked && counted.has(box.value);
  }
};

// One field's arguments: {positional: [...], options: [...]} or {error: message}.
const read = (form, control) => {
  const kind = control.dataset.kind;
  const arg = control.dataset.arg || "";
  const put = (values) => (arg ? { options: [arg, ...values] } : { positional: values });
  if (unused(form, control)) return { skipped: true };
  if (kind === "check") return control.checked ? { options: [arg] } : {};
  if (kind === "multi") {
    const boxes = [...control.querySelectorAll("input:checked")];
    return { options: boxes.flatMap((box) => [arg, box.value]) };
  }
  // A decimal comma (12,5 in French) is the engine's decimal point; not before exactly three
  // digits, which English reads as thousands ("1,000" was read as 1": attacker round 31).
  const typed = control.value.trim();
  const decimal = (t) => (/^[+-]?[0-9]{1,4},[0-9]{3}$/.test(t) ? t : t.replace(",", "."));
  // The minus sign the armoury prints (U+2212) is a hyphen-minus (player round fourteen).
  const text = kind === "distance" ? plainInches(decimal(withoutUnit(typed)))
    : kind === "ranges" ? typed.replace(/\u2212/g, "-") : typed;
  if (text === "" && control.dataset.optional) return {};
  // A modifier left blank counts as none (data-blank, "0"), and the answer says so.
  if (text === "" && control.dataset.blank) return { ...put([control.dataset.blank]), blank: true };
  const limits = limitsOf(control);
  if (kind === "choice") return put([text]);
  if (kind === "int") return whole(text, control) ? put([text]) : { error: say(words.int, limits) };
  if (kind === "distance") return inches(text) ? put([text]) : { error: words.distance };
  if (kind === "list") {
    const items = text.split(/[\s,;]+/).filter(Boolean);
    const good = items.length > 0 && items.length <= 100 && items.every((item) => whole(item, control));
    return good ? put(items) : { error: say(words.list, limits) };
  }
  if (kind === "ranges") {
    const items = text.split(/[\s,;]+/).filter(Boolean); // "12/+1, 24/0, 36/-1" too
    if (items.length === 3 && items.every((item) => RANGE.test(item))) return put(items);
    // "10 20 30": the ranges without their modifiers, said so
    const bare = items.length === 3 && items.every((item) => /^[0-9]{1,4}"?$/.test(item));
    return { error: bare ? words.ranges_modifiers : words.ranges };
  }
  return {};
};

// The command line of a form, or null when a field is refused (its message shown beside it).
// Each field's key for the tables: its words on the command line, "~" if it is unused.
const fieldKeys = new WeakMap();
// The labels of the fields left blank that count as none, for the answer's note.
const blanks = new WeakMap();
const commandLine = (form) => {
  const positional = [];
  const options = [];
  const keys = {};
  const left = [];
  let refused = false;
  for (const control of controls(form)) {
    grey(form, control);
    const got = read(form, control);
    showError(control, got.error);
    if (got.error) refused = true;
    positional.push(...(got.positional || []));
    options.push(...(got.options || []));
    if (got.blank) left.push(document.querySelector(`label[for="${control.id}"]`).textContent.trim());
    const name = control.id.slice(`nq-${form.dataset.command}-`.length);
    keys[name] = got.skipped ? "~" : [...(got.positional || []), ...(got.options || [])].join(" ");
  }
  fieldKeys.set(form, keys);
  blanks.set(form, left);
  return refused ? null : [form.dataset.command, ...positional, ...options];
};

// The field an engine's refusal is about, its refusal shown beside it: the field the engine's
// answer names (its field), and the others it is also about, never found from the message's
// words. Modifiers that cannot apply
// together are the answer's values (their keys), named as their boxes are labelled.
// Returns the refusal as the page says it.
const markRefusal = (form, answer) => {
  const name = answer.field;
  const control = name && document.getElementById(`nq-${form.dataset.command}-${name}`);
  if (!control || !control.dataset.kind) return answer.error;
  if (control.dataset.kind !== "multi") {
    showError(control, answer.error);
    // The other fields that make it so (the wizardry level beside the initiates chanting).
    for (const { field, error } of answer.also || []) {
      const other = document.getElementById(`nq-${form.dataset.command}-${field}`);
      if (other && other.dataset.kind) showError(other, error);
    }
    return answer.error;
  }
  const boxes = (answer.values || [])
    .map((key) => control.querySelector(`input[value="${CSS.escape(key)}"]`));
  if (!boxes.length || !boxes.every(Boolean)) return answer.error;
  // One modifier without the one it applies with (a ram without the charge): the engine's words.
  if (boxes.length === 1) {
    showError(control, answer.error, boxes);
    return answer.error;
  }
  const [first, second] = boxes.map((box) => box.closest("label").textContent.trim());
  const said = say(words.conflict, { first, second });
  showError(control, said, boxes);
  return said;
};

// --- the answers -----------------------------------------------------------------------------
// The whole attack's summary is its overall chance alone, after its name and the engine's words
// for it (data-chance: "Whole Attack: chance to wound: 30.0%"); of several dice or models, the
// engine's line of their wounds ("2 dice: at least one wound 51.0%; ..."). The rolls beside it
// (to hit, to wound) would be read as the chance's; they are in the answer.
const CHANCE_ONLY = new Set(["attack"]);
// The lines of figures a summary holds: the roll needed and the chance (two), or every result of
// the panic table (four), each with its chance.
const SUMMARY_LINES = { panic: 4 };
const percent = new Intl.NumberFormat(lang, {
  style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1,
});
// The rule sections an answer names in brackets ("… has no effect (Dodge)."), by heading in the
// page's language: each such name is a link to its section (review round 26: plain text).
const ruleSections = JSON.parse(status.dataset.rules || "{}");
const withRuleLinks = (p, line) => {
  for (const part of line.split(/(\([^()]+\))/)) {
    const href = part.startsWith("(") && ruleSections[part.slice(1, -1).trim()];
    if (!href) {
      if (part) p.append(part);
      continue;
    }
    const link = Object.assign(document.createElement("a"), { href, textContent: part.slice(1, -1) });
    p.append("(", link, ")");
  }
  return p;
};

const show = (form, lines, refusal, notes = [], json = null, every = null, said = null) => {
  delete form.dataset.waitsEngine;
  delete form.dataset.waitsAsk;
  const output = form.querySelector(".nq-answer");
  output.replaceChildren(...lines.map((line, index) => {
    const p = document.createElement("p");
    withRuleLinks(p, line);
    if (index === 0) p.className = "nq-question";
    else if (notes.includes(line)) p.className = "nq-note";
    return p;
  }));
  output.classList.toggle("nq-refused", !!refusal);
  // Every count of wounds of several models (the engine's heading, then a line a count), folded
  // after the answer's figures: the answer itself says a few of them.
  if (every && every.length > 1 && !refusal) {
    const details = document.createElement("details");
    const heading = details.appendChild(document.createElement("summary"));
    heading.textContent = every[0];
    const list = details.appendChild(document.createElement("ul"));
    list.append(...every.slice(1).map((line) => Object.assign(document.createElement("li"), { textContent: line })));
    const figures = [...output.children].filter((p) => !p.classList.contains("nq-note"));
    figures[figures.length - 1].after(details);
  }
  // The summary kept at the bottom of the screen while the fields are edited: the answer's
  // last two lines (the roll needed and the chance, the distance...), or the refusal; the notes
  // that say why (a fumble's natural 10...) stay in the answer: on a phone the summary would
  // grow over the field being edited.
  const figures = lines.filter((line) => !notes.includes(line));
  const summary = form.querySelector(".nq-summary");
  const chance = CHANCE_ONLY.has(form.dataset.command) && json && json.chance;
  // a narrow no-break space before "%", as the engine writes it (nqcore.i18n.format_percent)
  if (summary && chance && !refusal) {
    const figure = percent.format(chance.value).replace(/\u00a0/g, "\u202f");
    // of several models, the engine's line of what they wound together (answer.summary), which
    // comes before the spread of the wounds it counts
    summary.textContent = json.dice > 1 || json.models > 1 ? said || figures[figures.length - 1]
      : `${form.dataset.chance || ""}${figure}`;
  } else if (summary) {
    // An answer that cannot succeed keeps the line before its figures, which says why ("Beyond
    // long range: the shot misses.", the armour left after its modifiers): player round fourteen.
    const none = json && json.chance && json.chance.value === 0 && figures.length > 3 ? 1 : 0;
    // A re-rolled test keeps its first roll's line too: the re-roll's alone read as the chance's
    // (player round 22: "8 or less" beside 94 %).
    const kept = (SUMMARY_LINES[form.dataset.command] || 2) + none + (json && json.reroll ? 1 : 0);
    summary.textContent = (refusal ? lines : figures.slice(1).slice(-kept)).join(" · ");
  }
};

// The errata whose reading an answer follows ("this edition's reading: see the errata"), each
// linked to its record on the errata page (player round 22: the words linked nowhere).
const showReadings = (form, readings, output = form.querySelector(".nq-answer")) => {
  if (!readings || !readings.length) return;
  const line = document.createElement("p");
  line.className = "nq-note nq-readings";
  line.append(`${words.readings} `);
  readings.forEach(({ id, subject }, index) => {
    const link = document.createElement("a");
    link.href = `${status.dataset.errata}#erratum-${encodeURIComponent(id)}`;
    link.textContent = subject;
    line.append(...(index ? [", ", link] : [link]));
  });
  output.append(line);
};

// How much of the engine has arrived, as the page's language writes megabytes ("6.2 MB").
const megabytes = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const arrivedText = () => (engineState.received === undefined ? "" : say(words.engine_received, {
  received: say(words.megabytes, { size: megabytes.format(engineState.received / 1e6) }),
}).replace(/ (MB|Mo)/g, "\u00a0$1"));

// The engine's state where a form's answer will be, until it answers; while it loads for this
// answer, how much of it has arrived (the answer's second line, and in the summary).
const waiting = (form, text, failed = false) => {
  const progress = text === words.waiting ? arrivedText() : "";
  show(form, progress ? [text, progress] : [text], false);
  if (text === words.waiting) form.dataset.waitsEngine = "";
  form.querySelector(".nq-answer").classList.toggle("nq-refused", failed);
  const summary = form.querySelector(".nq-summary");
  if (summary) summary.textContent = progress ? `${text} ${progress}` : text;
  delete form.dataset.answer;
};
const engineState = { ready: false, failed: false, received: undefined };
// Each report of the engine's bytes: said again where an answer waits for it.
const engineArrived = (bytes) => {
  engineState.received = bytes;
  status.dataset.received = String(bytes);
  for (const form of forms) if ("waitsEngine" in form.dataset) waiting(form, words.waiting);
};
// A new question the engine takes a moment over (its first answers, a whole attack): the answer
// on the screen is the last question's, and after WORKING_MS the page says it is working on the
// new one instead (player round sixteen: "20,5" beside the 12" answer for four seconds, a
// refusal of "20." beside "20.5").
const WORKING_MS = 250;
const sayWorking = (form, turn) => setTimeout(() => {
  if (asked.get(form) === turn && form.dataset.answer === undefined) waiting(form, words.working);
}, WORKING_MS);

// The summary is hidden while the whole answer itself is on the screen.
const seen = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    const summary = entry.target.closest("form").querySelector(".nq-summary");
    if (summary) summary.classList.toggle("nq-answer-seen", entry.intersectionRatio > 0.98);
  }
}, { threshold: [0, 0.5, 0.99, 1] });

// A phone's on-screen keyboard shrinks the visual viewport, not the layout viewport the summary
// sticks to (Android's and iOS's default): --nq-keyboard is the height the keyboard covers, the
// summary's distance from the layout viewport's bottom, so that it stays above the keyboard.
const viewport = window.visualViewport;
const followViewport = () => {
  const covered = document.documentElement.clientHeight - viewport.height - viewport.offsetTop;
  document.documentElement.style.setProperty("--nq-keyboard", `${Math.max(0, Math.round(covered))}px`);
};
if (viewport) {
  viewport.addEventListener("resize", followViewport);
  viewport.addEventListener("scroll", followViewport);
}

const asked = new WeakMap();

// A field's refusal with the field's name: "Armour resilience (RE): Enter a whole number...".
const fieldRefusal = (error) => {
  const control = document.getElementById(error.id.replace(/-error$/, ""));
  const label = control && (control.labels?.[0] || control.querySelector("legend"));
  const field = label ? label.textContent.trim() : "";
  const refusal = error.textContent.trim();
  return field ? say(words.field_refused, { field, refusal }) : refusal;
};

// A grenade is thrown with line of sight unless said otherwise (Throwing Grenades): the grenade
// chosen with neither of its two boxes ticked ticks the first, so that the form shows the +1 the
// answer counts (player round 26); another weapon chosen instead unticks them. The two exclude
// each other: the one just ticked stays. On the player's changes only, before the form asks.
const SIGHT = ["grenade-line-of-sight", "grenade-no-line-of-sight"];
const sightBox = (form, value) => form?.querySelector(`input[name="mod"][value="${value}"]`);
const sightBoxes = (form) => {
  const weapon = form.querySelector("select[id$='-weapon']");
  const [sight, blind] = SIGHT.map((value) => sightBox(form, value));
  if (!weapon || !sight || !blind) return;
  if (weapon.value !== "grenade") sight.checked = blind.checked = false;
  else if (!sight.checked && !blind.checked) sight.checked = true;
};
document.addEventListener("change", (event) => {
  const { target } = event;
  const index = SIGHT.indexOf(target.value);
  if (target.matches("select[id$='-weapon']") && target.form) sightBoxes(target.form);
  else if (index >= 0 && target.checked && sightBox(target.form, SIGHT[1 - index])) {
    sightBox(target.form, SIGHT[1 - index]).checked = false;
  }
}, true); // before the form's own listener asks the engine

// The forms the player has asked a question of (not only the page, on its own).
const playerAsked = new WeakSet();
// Ask the engine what the form asks; resolves with {argv, answer} once it is shown.
// ``automatic``: asked by the page, not the reader (each form's first answer): with Save-Data
// on, it does not start the engine.
const compute = async (form, automatic = false) => {
  const turn = (asked.get(form) || 0) + 1;
  asked.set(form, turn);
  // The player's own question: the page's asking of it again (as the tables arrive) is still
  // theirs, and starts the engine where it is needed, Save-Data or not (player round 36: a whole
  // attack chosen while the tables loaded was asked again by the page, as its own, and waited).
  if (!automatic) playerAsked.add(form);
  const argv = commandLine(form);
  // The answer kept on the form is the question's it names: a new question's waits for its own
  // (the first answers, awaited before "ready", stood beside the next question's argv).
  if (form.dataset.argv !== JSON.stringify(argv)) delete form.dataset.answer;
  form.dataset.argv = JSON.stringify(argv);
  if (argv === null) {
    // The answer says which field holds it back, as the summary does: on a phone the field's
    // own message may be off the screen (player round thirteen: an empty box).
    const refused = form.querySelector(".nq-field-error:not([hidden])");
    // The summary at the bottom of a phone's screen names the field too (player round fourteen:
    // it named the calculator only, and two fields share one message).
    show(form, refused ? [fieldRefusal(refused)] : [], !!refused);
    delete form.dataset.answer;
    return { argv, answer: null };
  }
  // A question asked before the tables are read waits for them, not for the engine, unless the
  // engine is ready first (the tables stalled).
  if (!tablesRead) {
    waiting(form, words.answers_loading);
    const instead = automatic ? ready
      : pause(TABLES_PATIENCE).then(() => { want(); tablesDrawn(); return ready; });
    await Promise.race([tables, instead.then(() => null, () => tables)]);
    if (asked.get(form) !== turn) return { argv, answer: null, stale: true };
  }
  let answer = tableAnswer(answerTables, form.dataset.command, fieldKeys.get(form));
  form.dataset.source = answer ? "table" : "engine";
  if (!answer) {
    // Not in the tables: the engine answers, once it has loaded; until then, said here. The
    // page's own first question waits to be asked; the player's, kept from before, is asked.
    const players = ("players" in form.dataset && !saveData) || playerAsked.has(form);
    if (spared && automatic && !players && !engineState.ready) {
      waiting(form, sparedHere);
      form.dataset.waitsAsk = "";
      return { argv, answer: null };
    }
    want();
    if (!engineState.ready) waiting(form, engineState.failed || words.waiting);
    else sayWorking(form, turn);
    answer = await ask({ argv }).catch(() => null);
    if (!answer && asked.get(form) === turn) waiting(form, await engineFailure(), true);
    if (!answer) return { argv, answer };
  }
  if (asked.get(form) !== turn) return { argv, answer, stale: true };
  if (answer.error) {
    show(form, [`${words.refused} ${markRefusal(form, answer)}`], true);
    showReadings(form, answer.readings);
  } else {
    const left = blanks.get(form) || [];
    const blank = left.length ? say(words.blank, { fields: left.join(", ") }) : null;
    const notes = [...((answer.json && answer.json.notes) || []), ...(blank ? [blank] : [])];
    show(form, blank ? [...answer.text, blank] : answer.text, false, notes, answer.json, answer.every,
      answer.summary);
    showReadings(form, answer.readings);
  }
  showInUse(form, answer.json);
  form.dataset.answer = JSON.stringify(answer);
  return { argv, answer };
};

const forms = [...document.querySelectorAll("form.nq-calc")];
// A press of a pointer, until its release: the page stays still under it. The summary hidden in
// the form left (above) or shown in this one moves what follows; the window scrolls by as much,
// so that the box pressed stays under the pointer (a mouse's press moved 38 px before its
// release, and the click was lost: player round twelve). A focus by the keyboard or a script
// is left to the browser's own scroll to the field, which a scroll here would stop.  A tap's
// focus and click come after its release: the press lasts until they have (player round 31: a
// tap on a Panic box after a refused morale entry focused it once the field left had changed,
// the refusal's summary gone from above it, and the click fell beside the box).
let pressing = false;
let released = 0;
// The window scrolled by as much as ``node`` moved from ``top``, its top in the window before a
// change drew the page anew: what the player presses or types in stays under the finger (the
// army's entries drawn again under a focused field use it too, nq-army.js).
const holdInWindow = (node, top) => {
  const moved = node.getBoundingClientRect().top - top;
  if (Math.abs(moved) >= 1) window.scrollBy({ top: moved, behavior: "instant" });
};
let pressed = null; // what the pointer pressed, and its place on the screen then
document.addEventListener("pointerdown", (event) => {
  clearTimeout(released);
  pressing = true;
  pressed = event.target instanceof Element
    ? { node: event.target, top: event.target.getBoundingClientRect().top } : null;
}, true);
// What a field left changes as the press ends (its answer, its refusal's summary) moves what
// follows: the window scrolls by as much before the click is aimed, whatever the browser's own
// scroll anchoring chose to hold (player round 32: with a taller errata box above the Panic
// form, Chromium anchored elsewhere and the tap's click fell beside the box).
const keepPressed = () => {
  if (pressing && pressed && pressed.node.isConnected) holdInWindow(pressed.node, pressed.top);
};
for (const type of ["change", "focusout", "focusin", "input"]) {
  window.addEventListener(type, keepPressed); // after the form's own listeners
}
for (const type of ["pointerup", "pointercancel"]) {
  document.addEventListener(type, (event) => {
    clearTimeout(released);
    if (event.pointerType === "mouse") pressing = false;
    else released = setTimeout(() => { pressing = false; }, 2000); // or at its click, below
  }, true);
}
document.addEventListener("click", () => {
  clearTimeout(released);
  pressing = false;
}, true);
// The calculator being worked (its field focused or last changed): the one whose summary shows.
const working = (form) => {
  if (form.classList.contains("nq-worked")) return;
  const anchor = document.activeElement && form.contains(document.activeElement)
    ? document.activeElement : form;
  const before = anchor.getBoundingClientRect().top;
  for (const other of forms) other.classList.toggle("nq-worked", other === form);
  if (pressing) holdInWindow(anchor, before);
};
// A choice that sets other fields (data-picks: an attacker its own weapon, a shooter its bow,
// where the weapon list offers it), before the form asks the engine.
for (const chooser of document.querySelectorAll("form.nq-calc select[data-picks]")) {
  const picks = JSON.parse(chooser.dataset.picks);
  const pick = () => {
    for (const [name, value] of Object.entries(picks[chooser.value] || {})) {
      chooser.form.elements[name].value = value;
    }
  };
  chooser.addEventListener("input", pick);
  chooser.addEventListener("change", pick);
}
// A value chosen in a field used with a box (an extra attack's level) ticks the box (its -1),
// one typed in a field used with a choice (a thrower's ST) chooses it, before the form asks
// the engine; its list's "—" chosen again unticks the box: no extra attack (player round 31:
// "—" sent an empty --dice, and the engine's refusal stayed until the form was reset).
for (const control of document.querySelectorAll("form.nq-calc [data-used-if]")) {
  const tick = () => {
    const chosen = usedWith(control.form, control);
    if (control.value === "") {
      if (control.tagName === "SELECT" && chosen.used()) {
        chosen.unuse();
        sightBoxes(control.form);
      }
      return;
    }
    if (!chosen.used()) {
      chosen.use();
      sightBoxes(control.form);
    }
  };
  control.addEventListener("input", tick);
  control.addEventListener("change", tick);
}
for (const form of forms) {
  form.addEventListener("focusin", () => working(form));
  form.addEventListener("input", () => working(form));
  form.addEventListener("submit", (event) => event.preventDefault());
  form.addEventListener("input", () => compute(form));
  form.addEventListener("change", () => compute(form));
  seen.observe(form.querySelector(".nq-answer"));
  // A tap on the summary brings the whole answer, its notes and links ("see the errata"), into
  // view (player round 25: a refusal's bar said "see the errata" and led nowhere). Pointer
  // only: the summary is hidden from assistive technology, which hears the answer itself.
  form.querySelector(".nq-summary")?.addEventListener("click", () => {
    form.querySelector(".nq-answer").scrollIntoView({ block: "center" });
  });
}
for (const form of forms) waiting(form, words.answers_loading);
// The tables answer what they hold at once, and the page says the engine loads for the rest.
// The engine starts once the answers are on the screen: after the next frame (a page in the
// background draws no frame: at most half a second later).
tables.then((data) => {
  answerTables = data;
  tablesRead = true;
  if (!data && !engineState.ready && !engineState.failed) { // no tables: the engine answers
    if (!saveData) want();
    status.textContent = words.loading;
    for (const form of forms) waiting(form, words.loading);
  }
  if (data && !engineState.ready) {
    if (!engineState.failed) {
      status.textContent = spared ? (saveData ? words.spared : words.lazy) : words.tables;
    }
    forms.forEach((form) => compute(form, true));
  }
  requestAnimationFrame(() => setTimeout(tablesDrawn));
  setTimeout(tablesDrawn, 500);
});

// Once the engine is asked for (a question, a builder used), what said it waits to be asked
// says it loads: the status, each answer and the builders (player round 36: "it loads as soon
// as you use it here" stood through the whole download, after the player had used it).
wanted.then(() => answersDrawn).then(() => {
  if (engineState.ready || engineState.failed) return;
  if ([words.lazy, words.spared].includes(status.textContent)) status.textContent = words.tables;
  for (const form of forms) if ("waitsAsk" in form.dataset) waiting(form, words.waiting);
  for (const [selector, text] of [[".nq-builder-points", words.waiting],
    ["#nq-builder-summary", words.loading]]) {
    const box = builder?.querySelector(selector);
    if (box && box.textContent === sparedHere) box.textContent = text;
  }
});

// Why the engine is not there, found once: no network and the engine not kept on this device
// (the browser offline, or one of the engine's files out of reach: a server stopped leaves the
// browser "online"), or a browser that could not load it.
let failure = null;
const engineFailure = () => (failure ??= (async () => {
  if (navigator.onLine === false) return words.offline;
  try {
    await fetch(new URL("pyodide-lock.json", engineURL), { method: "HEAD", cache: "no-store" });
    return words.failed;
  } catch {
    return words.offline;
  }
})());

// "Ready" once every calculator can answer: each form's first answer from the engine, the
// profile builder's and the army builder's (player round fourteen: "ready" stood seconds before
// the army and the whole attack answered, their first questions queued behind the others). An
// answer that fails does not hold it back: the calculator says so itself.
const everyoneAnswered = () => Promise.all([
  ...forms.map((form) => compute(form).catch(() => null)),
  ...[window.nqAtTable.profileStarted, window.nqAtTable.army?.idle()]
    .map((started) => Promise.resolve(started).catch(() => null)),
]);
ready.then(
  async () => {
    engineState.ready = true;
    await everyoneAnswered();
    status.textContent = words.ready;
    status.classList.add("nq-engine-ready");
  },
  async () => {
    // Offline, the engine was not kept: say so and how to get it, not that the browser fails.
    const said = await engineFailure();
    status.textContent = said;
    status.classList.add("nq-engine-failed");
    engineState.failed = said;
    // The tables' answers stay; the others say why the engine is not there.
    for (const form of forms) if (form.dataset.source !== "table") waiting(form, said, true);
    shutBuilders();
    // The network back, they say how to get the engine now (player round 37: « le réseau
    // manque » stood online, nothing said to reload).
    if (said !== words.offline) return;
    window.addEventListener("online", () => {
      status.textContent = words.back_online;
      for (const form of forms) {
        if (form.dataset.source !== "table") waiting(form, words.back_online, true);
      }
    }, { once: true });
  },
);

// The engine out of reach: the builders can neither price nor keep what would be typed in them
// (a profile typed offline was gone once back online), so their fields are shut, and what this
// browser keeps is named: kept, not lost, until the engine is back.
function shutBuilders() {
  const kept = [...profiles.all(), ...(window.nqAtTable.army?.kept().armies || [])]
    .map((item) => item.typed?.name || item.name) // as typed, if not yet priced
    .filter((name) => typeof name === "string" && name);
  for (const part of document.querySelectorAll("#nq-builder, #nq-army")) {
    for (const control of part.querySelectorAll("input, select, textarea, button")) {
      control.disabled = true;
    }
    const note = document.createElement("p");
    note.className = "nq-builder-shut";
    note.setAttribute("role", "status");
    note.textContent = kept.length
      ? `${words.shut_offline} ${say(words.kept_offline, { names: kept.join(", ") })}`
      : words.shut_offline;
    part.prepend(note);
  }
}
for (const form of forms) commandLine(form);

// ``start`` asks for the engine now, as a question it alone answers would.
window.nqAtTable = { ready, compute, ask, forms, tables, spared, sparedHere, start: want };

// A file chosen to import before the engine can answer: it is read once the engine is ready (its
// question waits for it); until then its field says so (player round fourteen: eight seconds
// with nothing said anywhere). Listened to before the builders' own readers, which say what the
// file held once it is read; the engine out of reach, why.
const importers = [...document.querySelectorAll("#nq-builder-import, #nq-army-import")];
for (const importer of importers) {
  importer.addEventListener("change", () => {
    const waits = !status.classList.contains("nq-engine-ready") && !engineState.failed;
    const box = form_error(importer);
    if (!importer.files[0] || !waits || !box) return;
    box.textContent = words.import_waiting; // not a refusal: the field is not marked
    box.hidden = false;
  });
}
ready.catch(async () => {
  const said = await engineFailure();
  for (const importer of importers) {
    if (form_error(importer)?.textContent === words.import_waiting) showError(importer, said);
  }
});

// --- printing one part alone -----------------------------------------------------------------
// "Print the card" and "Print the roster" print their part alone: one rule set of nq-at-table.css
// hides the rest while the page is marked (data-nq-print-alone on <html>, naming what is
// printed) and the part too (nq-print-alone), until the print is done.
const printAlone = (part, name) => {
  part.classList.add("nq-print-alone");
  document.documentElement.dataset.nqPrintAlone = name;
  window.print();
};
window.addEventListener("afterprint", () => {
  delete document.documentElement.dataset.nqPrintAlone;
  for (const part of document.querySelectorAll(".nq-print-alone")) {
    part.classList.remove("nq-print-alone");
  }
});

// --- which builder Ctrl+Z undoes in ----------------------------------------------------------
// Each builder's "Undo" bar answers Ctrl+Z (Cmd+Z) only when that builder has the focus or, the
// focus being in neither, was the last one used: with a profile and an army both just deleted,
// one key press never brings back both.
let lastBuilder = null;
for (const type of ["focusin", "pointerdown"]) {
  document.addEventListener(type, (event) => {
    const found = event.target.closest?.(".nq-builder");
    if (found) lastBuilder = found;
  }, true);
}
const undoesHere = (box) => {
  const inside = document.activeElement?.closest?.(".nq-builder");
  return inside ? inside === box : lastBuilder === box;
};

// --- the profile builder ---------------------------------------------------------------------
// The engine keeps the profile: each change is sent with the profile file (TOML) and the engine
// answers with the new file, its fields and its points (nqcompanion.bridge.web.build), kept in localStorage.
const builder = document.getElementById("nq-builder");
// The player's profiles, one list for both languages (the engine names a book's profile in the
// page's language), each kept as its file, its name and its points (nq-kept.js); the army
// builder offers them all (keptProfiles). An earlier version kept one profile, under STORE.
const STORE = "nq-profile-builder";
const profiles = keptStore(PROFILES, "profiles");
// Read again at each call: another tab, or the builder, may have changed the list. A new
// profile nothing was done to is not offered.
const keptProfiles = () => keptStore(PROFILES, "profiles").all()
  .filter((item) => item.toml && !item.fresh);
// The name this page shows for a kept profile: the engine's, in the page's language (a book's
// profile started on the other language's page: « Nain » for "Dwarf"), once it has priced it
// here; the file keeps its own (nqcompanion.bridge.web_names).
const shownNames = new Map();
// A profile never named (the blank one's name in any language, "New profile") is shown by
// this page's word for it (the name field's placeholder), as the army builder shows an army.
const untitledProfile = () => builder?.querySelector("#nq-builder-name");
// A name typed and kept until the engine takes it (``typed``: sent with values it refuses, AC
// 13) is the one the player sees in the field: the list and the delete dialog say it too.
const shownProfileName = (item) => {
  const name = item.typed?.name || shownNames.get(item.id)?.name || item.name || "";
  const field = untitledProfile();
  const untitled = field && field.dataset.untitled && JSON.parse(field.dataset.untitled).includes(name);
  return untitled ? field.placeholder : name;
};
// Its points as last priced here (a profile kept without them is priced, not stored again).
const shownPoints = (item) => shownNames.get(item.id)?.points ?? item.points;

// The open profile's file and name; its fields as the engine last answered for it (``of``: that
// profile), none while the engine refuses to price it or the page refuses a value typed; and the
// changes asked and not yet answered (``asking``).
const builderState = { toml: null, name: null, fields: null, of: null, asking: 0 };

// The engine's answer for ``entry`` (the kept profile it was asked for): kept in it, and drawn if
// it is still the open one.
const builderShow = (result, entry = profiles.current(), change = {}) => {
  const said = JSON.parse(builder.dataset.words);
  const output = builder.querySelector(".nq-builder-points");
  if (result.error) {
    output.replaceChildren(Object.assign(document.createElement("p"), {
      textContent: `${words.refused} ${result.error}`,
    }));
    output.classList.add("nq-refused");
    builderState.fields = null;
    return;
  }
  keepProfile(entry, result, change);
  if (entry !== profiles.current()) return;
  builderState.toml = result.toml;
  builderState.name = result.fields.name;
  Object.assign(builderState, { fields: result.points.error ? null : result.fields, of: entry });
  for (const control of builder.querySelectorAll("[data-set]")) {
    const value = result.fields[control.dataset.set];
    if (document.activeElement === control && control.getAttribute("aria-invalid") === "true") {
      continue; // the reader is still typing there: the refusal stays beside it
    }
    // Typed in since the last answer (still to be sent), or before the first (the page's empty
    // field): an earlier answer keeps out. A field focused as the page opens (the language
    // switch lands in it) and not typed in is drawn.
    if (document.activeElement === control && control.type !== "checkbox"
        && control.value !== (control.dataset.shown ?? control.defaultValue)) {
      continue;
    }
    const text = value === undefined ? "" : String(value);
    // A new profile's name is the field's placeholder, the field left empty (builder.py).
    const untitled = !!control.dataset.untitled && JSON.parse(control.dataset.untitled).includes(text);
    if (control.type === "checkbox") control.checked = !!value;
    else control.value = control.dataset.shown = untitled ? "" : text;
    showError(control, "");
    if (control.dataset.none && (text === "" || text === control.dataset.none)) {
      noneNote(control, JSON.parse(builder.dataset.words));
    }
  }
  // A mount's or a crew's fields, under its name, while the profile has that element; "Add a
  // mount or crew member" while it has room for one more.
  const elements = [...builder.querySelectorAll("fieldset[data-element]")];
  for (const fieldset of elements) {
    const name = result.fields[fieldset.dataset.element];
    fieldset.hidden = name === undefined;
    fieldset.querySelector("legend").textContent = name || "";
    const remove = fieldset.querySelector("button[data-remove-element]");
    remove.setAttribute("aria-label", say(said.named, { action: said.remove, name: name || "" }));
  }
  builder.querySelector("#nq-builder-add-element").hidden = elements.every((f) => !f.hidden);
  const primaryButton = (name, index) => {
    const button = Object.assign(document.createElement("button"),
      { type: "button", textContent: said.primary });
    button.setAttribute("aria-label", say(said.named, { action: said.primary, name }));
    button.addEventListener("click", () => builderAsk({ primary: index }, undefined, true)
      .then(() => {
        builder.querySelector("#nq-builder-said").textContent = say(said.made_primary, { name });
        builder.querySelector('ul.nq-builder-list[data-list="weapons"] button')?.focus();
      }));
    return button;
  };
  for (const list of builder.querySelectorAll("ul.nq-builder-list")) {
    const listed = list.dataset.list;
    list.replaceChildren(...result.picks[listed].map((name, index) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = said.remove;
      button.setAttribute("aria-label", say(said.named, { action: said.remove, name }));
      button.addEventListener("click", () => builderAsk({ remove: [listed, index] }, undefined,
        true).then(() => {
        // The focus goes on to the next item's button, or the one before, or the list to add.
        const buttons = list.querySelectorAll("button");
        (buttons[index] || buttons[index - 1]
          || builder.querySelector(`select[data-list="${listed}"]`)).focus();
        builder.querySelector("#nq-builder-said").textContent = say(said.removed, { name });
      }));
      item.append(`${name} `, button);
      // The first weapon is the primary, at full points, the others at half (Weapon Selection):
      // said, and any other made the primary (player round 40: the first added was, unsaid).
      if (listed === "weapons" && result.picks.weapons.length > 1) {
        button.before(Object.assign(document.createElement("span"), {
          className: "nq-builder-weapon-price",
          textContent: `(${index ? said.second_said : said.primary_said}) `,
        }));
        if (index) item.append(" ", primaryButton(name, index));
      }
      return item;
    }));
  }
  // The warnings a pick brings, under the list it was added to (spells of two aspects).
  for (const box of builder.querySelectorAll("[data-beside]")) {
    const found = (result.beside && result.beside[box.dataset.beside]) || [];
    box.replaceChildren(...found.map((text) => Object.assign(
      document.createElement("span"), { textContent: text },
    )));
    box.hidden = found.length === 0;
  }
  const refused = result.points.error ? `${said.refused} ${result.points.error}` : "";
  builder.querySelector("#nq-builder-summary").textContent = result.summary || refused;
  builder.querySelector("#nq-builder-toml").textContent = result.toml;
  // The book's profile it started from, if it is still that one (no such option: none shown).
  builder.querySelector("#nq-builder-start").value = result.fields.key || "";
  drawCard(result);
  builder.querySelector("#nq-builder-print").disabled = false;
  const answer = result.points;
  builder.dataset.answer = JSON.stringify(answer);
  if (answer.error) {
    show(builder.querySelector("#nq-builder-card"), [`${words.refused} ${answer.error}`], true);
    // A value of a field the engine cannot count (CC 9, beyond its cost table) is also said
    // beside the field the engine's answer names, the field marked, as the calculators do.
    // So is every other characteristic the engine would refuse next (answer.also).
    // Not beside a field whose value has changed since this answer's file was sent: the refusal
    // is of a value no longer there (CO and ST put back in one go: CO's answer, ST 99 in its
    // file, came after ST was 6 again and the refusal of 99 stayed beside the 6).
    for (const { field, error } of [answer, ...(answer.also || [])]) {
      const control = field && builder.querySelector(`[data-set="${CSS.escape(field)}"]`);
      const shown = control && String(result.fields[field] ?? "");
      if (control && control.value.trim() === shown) showError(control, `${said.refused} ${error}`);
    }
  } else {
    show(builder.querySelector("#nq-builder-card"), answer.text, false);
    ruleLinks(builder.querySelector("#nq-builder-card .nq-answer"), answer.rules || {}, said);
    showReadings(builder, answer.readings, builder.querySelector("#nq-builder-card .nq-answer"));
  }
};

// The rule a refusal of the book cites, after its line: "Rule:" and the section's heading in
// the page's language, a link to it, as the army builder's refusals give it (the engine says
// "(rule Support Weapons, section support-weapons)" in a terminal; the bridge gives the label
// apart: nqcompanion.bridge.web_checks.rules_apart).
const ruleLinks = (output, rules, said) => {
  const sections = JSON.parse(builder.dataset.sections || "{}");
  const lines = output.querySelectorAll(":scope > p");
  for (const [index, label] of Object.entries(rules)) {
    const line = lines[Number(index)];
    if (!line || !(label in sections)) continue;
    const { href, title } = sections[label];
    const link = Object.assign(document.createElement("a"), { href, textContent: title });
    const rule = Object.assign(document.createElement("span"), { className: "nq-builder-rule" });
    rule.append(` ${said.rule} `, link);
    line.append(rule);
  }
};

// A kept profile after the engine's answer: its file, its name and its points. A change after
// its first answer (the one that made it) makes it the player's: an "Undo" of a deletion takes
// away the profile made in the deleted one's stead only while it is as it was made. The army
// builder offers it by its name (nq-army.js).
// Priced again without a change asked (opened, or on the other language's page), it is drawn,
// never stored: another tab's change stored meanwhile stays.
const keepProfile = (entry, result, change) => {
  if (!entry) return;
  const priced = result.points.json;
  shownNames.set(entry.id, { name: result.fields.name, points: priced?.points });
  if (entry.toml && !Object.keys(change).length) {
    if (profilesList) profilesList.draw();
    document.dispatchEvent(new CustomEvent("nq-profile-kept", { detail: { name: entry.name } }));
    return;
  }
  if (entry.toml && Object.keys(change).some((name) => name !== "toml")) delete entry.fresh;
  // A book's profile started, as it was started (replaced by the next start): until changed.
  if ("start" in change && change.start) entry.started = true;
  else if (Object.keys(change).some((name) => name !== "toml")) delete entry.started;
  // What was typed and kept until sent (keepTyped), now in the file.
  for (const name of Object.keys(change.set || {})) if (entry.typed) delete entry.typed[name];
  if (entry.typed && !Object.keys(entry.typed).length) delete entry.typed;
  Object.assign(entry, { toml: result.toml, name: result.name, type: result.fields.type });
  if (priced) entry.points = priced.points;
  else delete entry.points;
  profiles.store();
  if (profilesList) profilesList.draw();
  document.dispatchEvent(new CustomEvent("nq-profile-kept", { detail: { name: entry.name } }));
};

// The printed card's head: the engine's card (nqcompanion.bridge.web.card), the lines the army's
// roster prints for a profile (its line AC ... AR, weapons, armour, special rules) and its type;
// the points below are the engine's lines.  A profile the engine refused has no card.
const drawCard = (result) => {
  const head = builder.querySelector(".nq-card-profile");
  const card = result.card;
  if (!card) {
    head.replaceChildren();
    return;
  }
  const title = document.createElement("p");
  title.className = "nq-card-name";
  title.textContent = card.name;
  const table = document.createElement("table");
  const labels = table.insertRow();
  // A combination model's mount or crew has a line of its own under the model's, named as the
  // book prints it ("Dragon": its RA, CC and ST); a single model's line needs no name.
  const elements = card.elements || [];
  const named = elements.length > 0;
  if (named) labels.appendChild(document.createElement("th")).textContent = card.nameColumn;
  card.columns.forEach((column) => {
    labels.appendChild(document.createElement("th")).textContent = column;
  });
  [{ name: card.name, values: card.values }, ...elements].forEach((line) => {
    const values = table.insertRow();
    if (named) {
      const name = values.appendChild(document.createElement("th"));
      name.scope = "row";
      name.textContent = line.name;
    }
    line.values.forEach((value) => { values.insertCell().textContent = value; });
  });
  const details = card.details.map(([label, text]) => {
    const line = document.createElement("p");
    line.append(Object.assign(document.createElement("strong"), {
      textContent: `${label}${card.colon || ": "}`,
    }), text);
    return line;
  });
  head.replaceChildren(title, table, ...details);
};

// An exported file's name, after the profile or the army it holds ("The Barrow Host":
// the-barrow-host.toml): letters without accents, digits and hyphens; ``fallback`` for a name
// without any.
const fileNamed = (name, fallback) => {
  const slug = String(name || "").normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
    .replace(/[^a-z0-9]+/g, "-").replace(/^-+/, "").slice(0, 60).replace(/-+$/, "");
  return `${slug || fallback}.toml`;
};

// Bytes as base64, by pieces (one call with a megabyte of arguments would overflow the stack).
const base64 = (bytes) => {
  let binary = "";
  for (let start = 0; start < bytes.length; start += 32768) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 32768));
  }
  return btoa(binary);
};

// The chosen file's bytes for an import (its size limit on the input): one byte past the limit is
// enough for the engine's reader to refuse a larger file, so no more is read.  Null, with the
// refusal shown beside the input, if the file went or changed since it was chosen.
const chosenBytes = async (importer, file, refusedFile) => {
  const limit = Number(importer.dataset.limit);
  try {
    return new Uint8Array(await file.slice(0, limit + 1).arrayBuffer());
  } catch (error) {
    showError(importer, say(refusedFile, { refusal: file.name }));
    importer.value = "";
    return null;
  }
};

// The engine's answer to ``change`` made on ``entry``'s file. Another tab may store a new version
// of the profile while the engine answers (stored at once, its storage event later): the answer,
// made on the file this tab had, would put that version back. What is stored is read first, and
// the change made again on the latest file; a start replaces the file whatever it was.
const askOnLatest = async (change, entry) => {
  const file = () => (entry && entry.toml) || builderState.toml || "";
  for (let tries = 0; ; tries += 1) {
    const sent = file();
    const result = await ask({ build: "start" in change ? change : { toml: sent, ...change } });
    profiles.sync();
    if ("start" in change || file() === sent || tries === 4) return result;
  }
};

// One change at a time, each on the file the previous one made. A change the player made
// (``undoable``) can be taken back by Ctrl+Z: the file before it is kept (builderHistory).
let builderQueue = Promise.resolve();
const builderHistory = [];
const builderAsk = (change, entry = profiles.current(), undoable = false) => {
  builderState.asking += 1;
  const run = builderQueue.then(async () => {
    const before = entry && entry.toml;
    const result = await askOnLatest(change, entry);
    if (undoable && !result.error && before && before !== result.toml) {
      builderHistory.push({ entry, toml: before });
    }
    builderShow(result, entry, change);
    builder.dataset.state = "done";
    return result;
  });
  builder.dataset.state = "asking";
  builderQueue = run.catch(() => null).finally(() => { builderState.asking -= 1; });
  return run;
};

// Ctrl+Z outside a text field, without an "Undo" bar: the open profile as it was before the
// player's last change to it.
const builderUndo = () => {
  const last = builderHistory.pop();
  if (!last || last.entry !== profiles.current()) {
    builderHistory.length = 0;
    return;
  }
  builderAsk({ toml: last.toml }, last.entry);
};

// A book's profile chosen to start from (or "" for a blank one). A profile the player made or
// changed is never replaced by it: a new profile is started beside it (player round twelve:
// "Ironbeards" became the Orc Bruiser looked at, no undo); a new profile, or a book's one
// started and not changed since, is started again in place.
let builderEarlyStart = null;
const builderStartFrom = (key) => {
  const current = profiles.current();
  let entry = current;
  const typing = current && (current.typed || builderTyping?.entry === current);
  if (current && ((!current.fresh && !current.started) || typing)) {
    builderCommit();
    profilesList.closeUndo();
    entry = profiles.add({ fresh: true });
  }
  return builderAsk({ start: key }, entry, true);
};

// What the player sets before the engine is ready (the fields can be typed in at once): kept
// by field, and sent as one change once the profile opened is drawn, never overwritten by it.
const builderEarlyValues = {};
const builderEarly = (control) => {
  const value = builderField(control);
  if (value !== undefined) builderEarlyValues[control.dataset.set] = value;
  keepEarly();
};
// Kept in the browser too, under a key of no language, until sent: the language switch or a
// reload before the engine is ready loses none of it (player round 36: the Orc Bruiser chosen
// and the name typed on the English page, a "New profile" on the French one).
const EARLY = "nq-builder-early";
const keepEarly = () => {
  const early = { start: builderEarlyStart, values: builderEarlyValues, adds: builderEarlyAdds };
  const none = early.start === null && !Object.keys(early.values).length && !early.adds.length;
  try {
    if (none) localStorage.removeItem(EARLY);
    else localStorage.setItem(EARLY, JSON.stringify(early));
  } catch { /* private browsing */ }
};
// What an earlier page kept (its own kinds of values only), shown in the fields; true if any.
const restoreEarly = () => {
  let early = null;
  try { early = JSON.parse(localStorage.getItem(EARLY) || "null"); } catch { return false; }
  if (!early || typeof early !== "object") return false;
  const start = builder.querySelector("#nq-builder-start");
  if (typeof early.start === "string" && [...start.options].some((o) => o.value === early.start)) {
    builderEarlyStart = start.value = early.start;
  }
  for (const [name, value] of Object.entries(early.values || {})) {
    const control = builder.querySelector(`[data-set="${CSS.escape(name)}"]`);
    if (!control || !["string", "boolean"].includes(typeof value)) continue;
    builderEarlyValues[name] = value;
    if (control.type === "checkbox") control.checked = value === true;
    else control.value = String(value);
  }
  for (const add of Array.isArray(early.adds) ? early.adds : []) {
    if (Array.isArray(add) && add.length === 2 && add.every((part) => typeof part === "string")) {
      builderEarlyAdds.push(add);
    }
  }
  keepEarly();
  return builderEarlyStart !== null || Object.keys(builderEarlyValues).length > 0
    || builderEarlyAdds.length > 0;
};
// The items added before then, in their order (player round 26: a first visit's blank start
// replaced the profile, and Dodge, Fear (1) and a Bow added while the engine loaded were gone).
const builderEarlyAdds = [];
const builderSendEarly = () => {
  const adds = builderEarlyAdds.splice(0);
  if (!Object.keys(builderEarlyValues).length && !adds.length) return null;
  let sent = null;
  if (Object.keys(builderEarlyValues).length) {
    const set = { ...builderEarlyValues };
    for (const name of Object.keys(builderEarlyValues)) delete builderEarlyValues[name];
    sent = builderAsk({ set }, undefined, true);
  }
  for (const add of adds) sent = builderAsk({ add }, undefined, true);
  return sent;
};

// What is being typed in a field: kept on its profile at once (``typed``, sent when the profile
// is opened again, after a reload), sent once the typing pauses, or at once when another profile
// is opened or made, or the page left (builderCommit).
let builderTyping = null;
const builderSend = (leaving) => {
  if (!builderTyping) return;
  const { control, entry, timer } = builderTyping;
  clearTimeout(timer);
  builderTyping = null;
  const value = builderField(control);
  if (value !== undefined) builderAsk({ set: { [control.dataset.set]: value } }, entry, true);
  // the next profile drawn replaces what the field shows
  if (leaving) control.dataset.shown = control.value;
};
const builderCommit = () => builderSend(true);
// Whether a field left holds what the open profile already has, nothing asked still unanswered
// and nothing refused since: then nothing is asked again, and what was typed there is forgotten.
// The answer to the same value drew the builder's lists anew under the press that left the field
// (on its Remove or "make primary"), and the click was lost.
const builderHolds = (control, value) => {
  const { fields, of, asking } = builderState;
  const entry = profiles.current();
  const name = control.dataset.set;
  const held = asking === 0 && fields !== null && of === entry && control.type !== "checkbox"
    && control.getAttribute("aria-invalid") !== "true" && String(fields[name] ?? "") === String(value);
  if (held && entry.typed && name in entry.typed) {
    delete entry.typed[name];
    if (!Object.keys(entry.typed).length) delete entry.typed;
    profiles.store();
  }
  return held;
};
const builderTyped = (control) => {
  if (builderTyping && builderTyping.control !== control) builderSend(false);
  if (builderTyping) clearTimeout(builderTyping.timer);
  builderTyping = null;
  const value = builderField(control);
  const entry = profiles.current();
  if (value === undefined || !entry) return;
  entry.typed = { ...entry.typed, [control.dataset.set]: value };
  profiles.store();
  builderTyping = { control, entry, timer: setTimeout(() => builderSend(false), 300) };
};

// A characteristic's value: a whole number, or none ("-", or the field left empty: a phone's
// number pad has no "-"), empty being none only once the field is left (``committed``). A whole
// number beyond the cost table is the engine's to refuse: its refusal says where the limit
// comes from, and the value typed is kept in the file as typed.
const builderField = (control, committed = false) => {
  const said = JSON.parse(builder.dataset.words);
  const text = control.value.trim();
  if (control.type === "checkbox") return control.checked;
  if (!control.dataset.min) return text || (control.dataset.untitled ? control.placeholder : text);
  if (control.dataset.none && (text === control.dataset.none || !text)) {
    showError(control, "");
    if (committed || text) noneNote(control, said);
    return text || (committed ? control.dataset.none : undefined);
  }
  const limits = limitsOf(control);
  if (!INTEGER.test(text)) {
    // "Refused:" first and the field named, beside the field and in the summary, as the army
    // builder's refusals are (player round fifteen). Two wordings of one bound, on purpose: what
    // is not a number ("x") is asked for as one, with the bound; a number beyond the bound (AC 0)
    // is the engine's to refuse, which says where the bound comes from (Creating A Profile's
    // cost table) and keeps the value typed in the file.
    const message = say(control.dataset.none ? said.none_or_int : words.int, limits);
    const label = builder.querySelector(`label[for="${control.id}"]`);
    const refusal = `${said.refused} ${say(said.field_refused,
      { field: label ? label.textContent.trim() : control.dataset.set, refusal: message })}`;
    showError(control, refusal);
    // The summary says it too: it said the engine's refusal of a value no longer in the field
    // (player round twelve: "CC 0 is beyond its cost table" above a field holding 5.5).
    builder.querySelector("#nq-builder-summary").textContent = refusal;
    builderOutdated(refusal);
    return undefined;
  }
  showError(control, "");
  return text;
};

// A characteristic left empty or "-" is none: said beside its field, not as a refusal (the field
// stays valid); the note goes with the next value typed (showError empties the box).
const noneNote = (control, said) => {
  const box = form_error(control);
  const label = builder.querySelector(`label[for="${control.id}"]`);
  if (!box) return;
  // a mount's or a crew member's: the whole model's value stands (its line prints "–")
  const note = control.closest("fieldset[data-element]") ? said.element_none_note : said.none_note;
  box.textContent = say(note, { field: label ? label.textContent.trim() : control.dataset.set });
  box.hidden = false;
  box.classList.add("nq-field-note");
};

// A value the form refuses: the engine's last answer (the card of the value before, its total,
// or its refusal of another value) gives way to the field's refusal, as a calculator's answer
// does, and the card cannot be printed until the engine answers again (player round fifteen:
// AC "x" above the card of AC 7, "Print the card" active under it).
const builderOutdated = (refusal) => {
  builderState.fields = null; // a value refused here: the next one left is asked, whatever it is
  show(builder.querySelector("#nq-builder-card"), [refusal], true);
  drawCard({});
  delete builder.dataset.answer;
  builder.querySelector("#nq-builder-print").disabled = true;
};

// A characteristic emptied (none, as its field says) counts once the typing pauses, as a number
// typed does, not only once the field is left (player round twelve: the card and the exported
// file kept CC 5 while the field was empty); a pause, as the next number may be on its way.
const emptied = new Map();
const emptiedLater = (control) => {
  clearTimeout(emptied.get(control));
  emptied.delete(control);
  if (!control.dataset.none || control.value.trim()) return;
  emptied.set(control, setTimeout(() => emptiedNow(control), 500));
};
const emptiedNow = (control) => {
  clearTimeout(emptied.get(control));
  emptied.delete(control);
  if (!control.value.trim()) control.dispatchEvent(new Event("change"));
};

if (builder) {
  // A tap on the pinned summary brings the points and their warnings into view, as the
  // calculators' pinned answer brings the whole answer (player round 26).
  builder.querySelector("#nq-builder-summary").addEventListener("click", () => {
    builder.querySelector(".nq-builder-points").scrollIntoView({ block: "center" });
  });
  // No form of the builder is sent, but the dialog's that asks before a deletion (it closes it).
  builder.addEventListener("submit", (event) => {
    if (!event.target.closest("dialog")) event.preventDefault();
  });
  // A book's profile, or "—": a blank profile (the engine's).
  // A profile the player made or changed is never replaced by it: a new profile is started
  // beside it (player round twelve: "Ironbeards" became the Orc Bruiser looked at, no undo);
  // a new profile, or a book's one started and not changed since, is started again in place.
  // Chosen while the engine loads, it is kept and started once the kept profiles are drawn
  // (player round 31: the Dwarf chosen on a first visit was gone, "New profile" in its stead).
  builder.querySelector("#nq-builder-start").addEventListener("change", (event) => {
    if (!engineState.ready) {
      builderEarlyStart = event.target.value;
      keepEarly();
      want();
      return;
    }
    builderStartFrom(event.target.value);
  });
  for (const control of builder.querySelectorAll("[data-set]")) {
    control.addEventListener("change", () => {
      if (!engineState.ready) return void builderEarly(control);
      if (builderTyping && builderTyping.control === control) {
        clearTimeout(builderTyping.timer);
        builderTyping = null;
      }
      const value = builderField(control, true);
      if (value === undefined || builderHolds(control, value)) return;
      builderAsk({ set: { [control.dataset.set]: value } }, undefined, true);
    });
    control.addEventListener("input", () => {
      if (!engineState.ready) builderEarly(control);
      else if (control.type === "text") builderTyped(control);
      else builderField(control);
      if (engineState.ready) emptiedLater(control);
    });
  }
  // A mount or a crew member added: its name field next, to be named at once; removed: the
  // focus on "Add a mount or crew member".
  const addElement = builder.querySelector("#nq-builder-add-element");
  addElement.addEventListener("click", () => {
    if (!engineState.ready) return void want();
    builderAsk({ element: "add" }, undefined, true).then(() => {
      const shown = [...builder.querySelectorAll("fieldset[data-element]:not([hidden])")];
      shown[shown.length - 1]?.querySelector("input")?.focus();
    });
  });
  for (const button of builder.querySelectorAll("button[data-remove-element]")) {
    button.addEventListener("click", () => {
      const name = button.closest("fieldset").querySelector("legend").textContent;
      builderAsk({ remove: ["element", Number(button.dataset.removeElement)] }, undefined, true)
        .then(() => {
          addElement.focus();
          const words = JSON.parse(builder.dataset.words);
          builder.querySelector("#nq-builder-said").textContent = say(words.removed, { name });
        });
    });
  }
  for (const button of builder.querySelectorAll("button[data-add]")) {
    button.addEventListener("click", () => {
      const listed = button.dataset.add;
      const select = builder.querySelector(`select[data-list="${listed}"]`);
      const list = builder.querySelector(`ul.nq-builder-list[data-list="${listed}"]`);
      const count = list.querySelectorAll("button").length;
      if (!engineState.ready) {  // kept, and added once the engine has drawn the profile
        builderEarlyAdds.push([listed, select.value]);
        keepEarly();
        const words = JSON.parse(builder.dataset.words);
        const name = select.selectedOptions[0]?.textContent || select.value;
        const later = say(words.added_later, { name });
        // seen in the list until the engine draws it (player round 27: said to screen readers
        // only); the list is drawn again from the engine's answer
        list.append(Object.assign(document.createElement("li"),
          { className: "nq-builder-pending", textContent: later }));
        builder.querySelector("#nq-builder-said").textContent = later;
        return;
      }
      // The focus goes to the new item's "Remove", as the army's Add focuses the new entry; a
      // pick the engine refused leaves it on Add, beside the refusal.
      builderAsk({ add: [listed, select.value] }, undefined, true).then((result) => {
        const buttons = list.querySelectorAll("button");
        if (buttons.length > count && document.activeElement === button) {
          buttons[buttons.length - 1].focus();
        }
        // Another level of an item the profile has takes its place (Fear (2) for Fear (0)).
        if (result && result.replaced) {
          const words = JSON.parse(builder.dataset.words);
          builder.querySelector("#nq-builder-said").textContent = say(words.replaced, result.replaced);
        }
      });
    });
  }
  // The file as the fields show it: what is being typed or emptied is sent first.
  builder.querySelector("#nq-builder-export").addEventListener("click", async () => {
    for (const control of [...emptied.keys()]) emptiedNow(control);
    builderCommit();
    await builderQueue;
    const file = new Blob([builderState.toml || ""], { type: "application/toml" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(file);
    link.download = fileNamed(builderState.name, "profile");
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  });
  const importer = builder.querySelector("#nq-builder-import");
  importer.addEventListener("change", async () => {
    const file = importer.files[0];
    if (!file) return;
    const said = JSON.parse(builder.dataset.words);
    // The file's bytes, for the reader of `nq points FILE` (nqcompanion.bridge.web.import_profile): it
    // refuses what is too large, not UTF-8, too deep...
    const bytes = await chosenBytes(importer, file, said.refused_file);
    if (!bytes) return;
    const result = await ask({ import: base64(bytes), file: file.name });  // named in refusals
    if (result.file_kind === "army") {
      showError(importer, said.army_file); // said as what it is, with where it goes
    } else if (result.error || result.points.error) {
      showFileRefusal(importer, said, result.error || result.points.error);
    } else {
      // An imported profile is a new one of the list, opened; a name already kept is given
      // the first "… (2)" free, said (player round thirteen: two alike in the list, silently).
      showError(importer, "");
      profilesList.closeUndo();
      const taken = new Set(profiles.all().map((entry) => entry.name));
      const entry = profiles.add({});
      builderShow(result, entry, {});
      if (taken.has(result.name)) {
        let copy = `${result.name} (2)`;
        for (let n = 3; taken.has(copy); n += 1) copy = `${result.name} (${n})`;
        await builderAsk({ set: { name: copy } }, entry);
        builder.querySelector("#nq-builder-said").textContent = say(said.imported_copy,
          { name: result.name, copy });
      }
    }
    importer.value = "";
  });
  // "Print the card" prints the card alone, until the print is done.
  builder.querySelector("#nq-builder-print").addEventListener("click", () => {
    printAlone(builder.querySelector("#nq-builder-card"), "card");
  });
  // Until the engine is ready the profile cannot be priced: its answer says it loads and what
  // it costs, or why not.
  if (restoreEarly()) want(); // set on another page before its engine was ready
  const priced = builder.querySelector(".nq-builder-points");
  priced.textContent = spared ? sparedHere : words.waiting;
  // Said at its top too, where "Your profiles" is still empty: the profiles kept come back with
  // the engine (player round twelve: "my profile has gone", for eight seconds).
  const summary = builder.querySelector("#nq-builder-summary");
  summary.textContent = spared ? sparedHere : words.loading;
  ready.catch(async () => {
    priced.textContent = summary.textContent = await engineFailure();
  });
  window.nqAtTable.profileStarted = ready.then(() => {
    carryTheOneProfile();
    if (!profiles.current() && profiles.all().length) profiles.pick(profiles.all()[0].id);
    // A first visit starts blank, as "New profile" does: no profile of the book is kept as the
    // player's until they choose one.
    const chosen = builderEarlyStart;
    builderEarlyStart = null;
    if (!profiles.current()) {
      profiles.add({ fresh: true });
      profilesList.draw();
      builderAsk({ start: chosen ?? "" }, undefined, chosen !== null);
    } else {
      profilesList.draw();
      openProfile(profiles.current());
      if (chosen !== null) builderStartFrom(chosen);
    }
    const sent = builderSendEarly() || builderQueue;
    keepEarly(); // sent: no longer kept apart
    return sent;
  });
}

// The one profile an earlier version kept (one for both languages, or before that one per
// language) is the list's first, once.
function carryTheOneProfile() {
  if (profiles.found()) return;
  let kept = null;
  try { kept = localStorage.getItem(STORE) || localStorage.getItem(`${STORE}-${lang}`); } catch { /**/ }
  if (kept) profiles.add({ toml: kept });
  else profiles.store();
  try { localStorage.removeItem(STORE); } catch { /* private browsing */ }
}

// A kept profile drawn again from its file (a new one not yet answered: the blank start), with
// what was typed in it and not sent, unless another tab changed it (``elsewhere``): that tab is
// still typing there and sends it itself, in its own language.
function openProfile(entry, elsewhere = false) {
  builderState.toml = entry.toml || null;
  if (!entry.toml) return builderAsk({ start: "" }, entry);
  return builderAsk(entry.typed && !elsewhere ? { set: entry.typed } : {}, entry);
}

// Every kept profile, the open one too, priced again in the page's language: the names and
// points in the list and the builder are the page's (the engine's shown name), the files as they
// were; nothing is stored. The open one first; each other only once the builder's queue is idle,
// as one item of it: a long list (the origin's storage may hold thousands) never holds the
// player's change back by more than one profile's pricing.
function localProfiles() {
  const priceAgain = (entry) => async () => {
    if (!entry.toml || !profiles.byId(entry.id)) return;
    const result = await askOnLatest({}, entry);
    if (!result.error) builderShow(result, entry, {});
  };
  const open = profiles.current();
  if (open) builderQueue = builderQueue.then(priceAgain(open)).catch(() => null);
  const idle = async () => {
    let last;
    do { last = builderQueue; await last; } while (last !== builderQueue);
  };
  let done = builderQueue;
  for (const entry of profiles.all().filter((other) => other !== open)) {
    done = done.then(async () => {
      await idle();
      builderQueue = builderQueue.then(priceAgain(entry)).catch(() => null);
      await builderQueue;
    });
  }
  return done;
}

const profilesList = builder && keptList({
  prefix: "nq-builder",
  words: JSON.parse(builder.dataset.words),
  store: profiles,
  open: openProfile,
  make: () => {
    const entry = profiles.add({ fresh: true });
    builderState.toml = null;
    builderAsk({ start: "" }, entry);
    return entry;
  },
  listed: (entry) => {
    const said = JSON.parse(builder.dataset.words);
    const name = cutName(shownProfileName(entry), 36);
    const points = shownPoints(entry);
    if (points === undefined) return name;
    const form = new Intl.PluralRules(lang).select(points) === "one" ? "point_one" : "point_other";
    return `${name} · ${say(said[form], { count: new Intl.NumberFormat(lang).format(points) })}`;
  },
  untouched: (entry) => !!entry.fresh,
  named: shownProfileName,
  commit: builderCommit,
  undoLast: builderUndo,
});

window.nqAtTable.builder = {
  ask: builderAsk, state: builderState, idle: () => builderQueue, local: localProfiles,
  kept: () => ({ profiles: profiles.all(), current: profiles.current()?.id }),
};
