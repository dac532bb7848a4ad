// The At the table page's script (nqsphinx/at_table.py): it reads each calculator's fields,
// refuses a value out of the range written into the page (next to its field, in the page's
// language), builds the command line a player would type to `nq`, and shows what the rules
// engine answers (nq-engine-worker.js). It computes nothing of the game itself.
const status = document.querySelector(".nq-engine-status");
const words = JSON.parse(status.dataset.messages);
const lang = status.dataset.lang;
const engineURL = new URL(status.dataset.engine, document.baseURI);
const engineFiles = JSON.parse(status.dataset.files);

const INTEGER = /^[+-]?[0-9]{1,6}$/;
const DISTANCE = /^[+-]?(?:[0-9]{1,4}(?:\.[0-9]{1,4})?|[0-9]{1,4}\/[0-9]{1,4})$/;
const RANGE = /^(?:[0-9]{1,4}"?\/[+-]?[0-9]{1,2}|-)$/;

const say = (text, values = {}) =>
  text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? values[name] : whole));

// --- the engine ------------------------------------------------------------------------------
const worker = new Worker(new URL("nq-engine-worker.js", engineURL), { type: "module" });
const pending = new Map();
let next = 0;
const ready = new Promise((resolve, reject) => {
  worker.addEventListener("message", (event) => {
    const data = event.data;
    if ("ready" in data) {
      if (data.ready) resolve();
      else reject(new Error(data.error));
      return;
    }
    const waiting = pending.get(data.id);
    pending.delete(data.id);
    if (waiting) waiting(data.answer);
  });
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    reject(new Error(event.message || "worker"));
  });
});

const ask = async (request) => {
  await ready;
  const id = next++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    worker.postMessage({ id, request: { lang, ...request } });
  });
};

// --- the fields ------------------------------------------------------------------------------
const controls = (form) => form.querySelectorAll("[data-kind]");

const showError = (control, message) => {
  const box = form_error(control);
  if (control.matches("input, select")) control.setAttribute("aria-invalid", message ? "true" : "false");
  if (!box) return;
  box.textContent = message || "";
  box.hidden = !message;
};
const form_error = (control) => document.getElementById(`${control.id}-error`);

const whole = (text, control) => {
  const min = Number(control.dataset.min);
  const max = Number(control.dataset.max);
  if (!INTEGER.test(text)) return false;
  const value = Number(text);
  return value >= min && value <= max;
};

const inches = (text) => {
  if (!DISTANCE.test(text)) return false;
  const [top, bottom] = text.split("/");
  const value = bottom === undefined ? Number(top) : Number(top) / Number(bottom);
  return Number.isFinite(value) && value >= 0 && value <= 1000;
};

// One field's arguments: {positional: [...], options: [...]} or {error: message}.
const read = (form, control) => {
  const kind = control.dataset.kind;
  const arg = control.dataset.arg || "";
  const put = (values) => (arg ? { options: [arg, ...values] } : { positional: values });
  const omitIf = control.dataset.omitIf;
  if (omitIf && form.elements[omitIf].value !== "") return { skipped: true };
  if (kind === "check") return control.checked ? { options: [arg] } : {};
  if (kind === "multi") {
    const boxes = [...control.querySelectorAll("input:checked")];
    return { options: boxes.flatMap((box) => [arg, box.value]) };
  }
  // A decimal comma (12,5 in French) is the engine's decimal point.
  const typed = control.value.trim();
  const text = kind === "distance" ? typed.replace(",", ".") : typed;
  if (text === "" && control.dataset.optional) return {};
  const limits = { min: control.dataset.min, max: control.dataset.max };
  if (kind === "choice") return put([text]);
  if (kind === "int") return whole(text, control) ? put([text]) : { error: say(words.int, limits) };
  if (kind === "distance") return inches(text) ? put([text]) : { error: words.distance };
  if (kind === "list") {
    const items = text.split(/[\s,;]+/).filter(Boolean);
    const good = items.length > 0 && items.length <= 100 && items.every((item) => whole(item, control));
    return good ? put(items) : { error: say(words.list, limits) };
  }
  if (kind === "ranges") {
    const items = text.split(/\s+/).filter(Boolean);
    return items.length === 3 && items.every((item) => RANGE.test(item))
      ? put(items) : { error: words.ranges };
  }
  return {};
};

// The command line of a form, or null when a field is refused (its message shown beside it).
const commandLine = (form) => {
  const positional = [];
  const options = [];
  let refused = false;
  for (const control of controls(form)) {
    const got = read(form, control);
    showError(control, got.error);
    if (control.matches("input, select")) control.closest(".nq-field").classList.toggle("nq-unused", !!got.skipped);
    if (got.error) refused = true;
    positional.push(...(got.positional || []));
    options.push(...(got.options || []));
  }
  return refused ? null : [form.dataset.command, ...positional, ...options];
};

// --- the answers -----------------------------------------------------------------------------
const show = (form, lines, refusal) => {
  const output = form.querySelector(".nq-answer");
  output.replaceChildren(...lines.map((line, index) => {
    const p = document.createElement("p");
    p.textContent = line;
    if (index === 0) p.className = "nq-question";
    return p;
  }));
  output.classList.toggle("nq-refused", !!refusal);
};

const asked = new WeakMap();

// Ask the engine what the form asks; resolves with {argv, answer} once it is shown.
const compute = async (form) => {
  const turn = (asked.get(form) || 0) + 1;
  asked.set(form, turn);
  const argv = commandLine(form);
  form.dataset.argv = JSON.stringify(argv);
  if (argv === null) {
    show(form, [], false);
    delete form.dataset.answer;
    return { argv, answer: null };
  }
  const answer = await ask({ argv });
  if (asked.get(form) !== turn) return { argv, answer, stale: true };
  if (answer.error) {
    show(form, [`${words.refused} ${answer.error}`], true);
  } else {
    show(form, answer.text, false);
  }
  form.dataset.answer = JSON.stringify(answer);
  return { argv, answer };
};

const forms = [...document.querySelectorAll("form.nq-calc")];
for (const form of forms) {
  form.addEventListener("submit", (event) => event.preventDefault());
  form.addEventListener("input", () => compute(form));
  form.addEventListener("change", () => compute(form));
}

// The engine's files, kept by the service worker for the next visit without a network.
const keep = () => {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.ready.then((registration) => {
    const urls = engineFiles.map((name) => new URL(name, engineURL).href);
    if (registration.active) registration.active.postMessage({ type: "nq-keep", urls });
  });
};

ready.then(
  () => {
    status.textContent = words.ready;
    status.classList.add("nq-engine-ready");
    forms.forEach(compute);
    keep();
  },
  () => {
    status.textContent = words.failed;
    status.classList.add("nq-engine-failed");
  },
);
for (const form of forms) commandLine(form);

window.nqAtTable = { ready, compute, ask, forms };
