// --- the work at the table, one for both languages -------------------------------------------
// Joined last into the page's one script (nqcompanion/page/directive.py). A player who switches
// language finds the work as it was: each calculator's fields (kept here as their values, never
// their words, under keys of no language), the built profile and the armies (their own scripts
// keep them under such keys), and lands on the section they were in, its heading under the
// header, however late the page's parts are drawn.
const FIELDS = "nq-at-table-fields";

const keptFields = () => {
  try {
    const kept = JSON.parse(localStorage.getItem(FIELDS) || "{}");
    return kept && typeof kept === "object" ? kept : {};
  } catch (error) {
    return {}; // private browsing, or what another version wrote
  }
};

// A field's key: its id, or for a box of a group its form, group and value.
const fieldKey = (form, control) => control.id || `${form.id}:${control.name}:${control.value}`;

const keepFields = () => {
  const kept = {};
  for (const form of forms) {
    for (const control of form.querySelectorAll("input, select")) {
      const key = fieldKey(form, control);
      if (control.type === "checkbox" || control.type === "radio") kept[key] = control.checked;
      else kept[key] = control.dataset.kept ?? control.value; // an unused field's typed value
    }
  }
  try { localStorage.setItem(FIELDS, JSON.stringify(kept)); } catch (error) { /* private */ }
};

// A decimal typed on the other language's page ("12,5" in French) is given back with this page's
// decimal sign ("12.5"): the same number, written as the page writes its own (player round 36).
const DECIMAL_SIGN = new Intl.NumberFormat(lang).format(1.5).charAt(1);
const inPageDecimals = (control, value) => (control.inputMode === "decimal"
  && /^\s*\d+[.,]\d+\s*$/.test(value) ? value.replace(/[.,]/, DECIMAL_SIGN) : value);

// A form given back the player's own question (a field not the page's) is marked: that question
// was the player's, not the page's, and is answered as asked, the engine started if it needs it
// (player round 35: typed in English as the engine loaded, the question waited on the French page).
const restoreFields = () => {
  const kept = keptFields();
  for (const form of forms) {
    const before = JSON.stringify(commandLine(form));
    for (const control of form.querySelectorAll("input, select")) {
      const value = kept[fieldKey(form, control)];
      if (value === undefined) continue;
      if (control.type === "checkbox" || control.type === "radio") control.checked = !!value;
      else if (control.tagName !== "SELECT" || [...control.options].some((o) => o.value === value)) {
        control.value = inPageDecimals(control, String(value));
      }
    }
    if (JSON.stringify(commandLine(form)) !== before) form.dataset.players = "";
    commandLine(form); // greys the fields the restored ones make unused
    form.addEventListener("input", keepFields);
    form.addEventListener("change", keepFields);
    // "Reset the fields": the browser puts back the page's own values, then the form is asked
    // again, and kept so, as if typed (an unused field's kept value goes too).
    form.addEventListener("reset", () => setTimeout(() => {
      for (const control of form.querySelectorAll("[data-kept]")) delete control.dataset.kept;
      form.dispatchEvent(new Event("change"));
    }));
  }
};
restoreFields();

// --- the book profiles' names, for the army's default names ------------------------------------
// The page gives the book's profiles' names in every language (data-names: page/army.py): a
// name is then known as another language's default name of an entry, in a browser that never
// opened that language's page.
const profileNames = () => {
  const list = document.getElementById("nq-army-profiles");
  try { return JSON.parse(list?.dataset.names || "{}") || {}; } catch { return {}; }
};
const namesOfProfiles = profileNames();

// An army's data with each entry named after its book profile in another language (the engine's
// default name, "Dwarf" or "Dwarf 2": nqcompanion.bridge.web_army) named in this page's ("Nain",
// "Nain 2"), and the characters that join it following; null if there is none. A name the player
// typed stays.
function localNames(data) {
  const here = namesOfProfiles[lang] || {};
  const renamed = structuredClone(data);
  const entries = ["unit", "individual", "character", "support"].flatMap((kind) => renamed[kind] || []);
  let changed = false;
  for (const record of entries) {
    const mine = typeof record.profile === "string" && here[record.profile];
    for (const [other, theirs] of Object.entries(namesOfProfiles)) {
      const was = other !== lang && mine && theirs[record.profile];
      const rest = was && record.name.startsWith(was) ? record.name.slice(was.length) : null;
      if (!was || was === mine || rest === null || !/^(?: [0-9]+)?$/.test(rest)) continue;
      const name = `${mine}${rest}`;
      if (entries.some((entry) => entry.name === name)) continue; // another entry's already
      for (const entry of entries) if (entry.joins === record.name) entry.joins = name;
      record.name = name;
      changed = true;
    }
  }
  return changed ? renamed : null;
}

const { builder: madeHere, army: armyHere } = window.nqAtTable;
// Resolves once the builder and the army have drawn what they kept, named in this language (the
// builder's profiles priced again here: their names in this page's words, their files as kept).
const drawn = ready
  .then(() => Promise.all([madeHere && madeHere.idle(), armyHere && armyHere.idle()]))
  .then(() => Promise.all([
    madeHere && madeHere.local(), armyHere && armyHere.idle()]))
  .then(() => Promise.all([madeHere && madeHere.idle(), armyHere && armyHere.idle()]));
window.nqAtTable.drawn = drawn;

// --- the place, across the language switch -------------------------------------------------------
// What stays at the top of the window (a phone's header, a desktop's strip of switches): its
// height, as it is once the page has scrolled.
const headerHeight = () => Math.max(0, ...[".mobile-header", ".nq-top-bar"]
  .map((selector) => document.querySelector(selector))
  .filter((bar) => bar && getComputedStyle(bar).display !== "none"
    && getComputedStyle(bar).position === "sticky")
  .map((bar) => bar.getBoundingClientRect().height));

// The section the player is in: the last shown heading in the top quarter of the window under
// the header, or above it (none at the top of the page); its anchor is the same in both
// languages. A heading just come into view names the section the player has come to.
const sectionHeadings = () => [...document.querySelectorAll(
  "#furo-main-content section[id] > :is(h1, h2, h3)")].filter((h) => h.getClientRects().length);
const sectionInView = () => {
  const line = headerHeight() + Math.max(48, (window.innerHeight - headerHeight()) / 4);
  const above = sectionHeadings().filter((heading) => heading.getBoundingClientRect().top <= line);
  if (!above.length || window.scrollY < 1) return null;
  const heading = above[above.length - 1];
  const link = heading.querySelector("a.headerlink[href^='#']");
  return link ? link.getAttribute("href").slice(1) : heading.parentElement.id;
};

// The field the player last worked in: a calculator's, the profile builder's, an army entry's
// (each id the same in both languages, an army entry's by its place in the army).
let lastField = null;
// Whether the player has scrolled away since working in it: then what they read is the place,
// not a field left focused above (a field edited, the page scrolled on to another calculator,
// the switch went back to the field). A finger, a wheel, the scroll bar, a key: any scroll but
// the one the browser makes to show the field focused or typed in, in the second after.
let scrolledAway = false;
let workedAt = 0;
const SHOWING_FIELD_MS = 1000;
const worked = () => {
  scrolledAway = false;
  workedAt = performance.now();
};
document.addEventListener("focusin", (event) => {
  const field = event.target.closest && event.target.closest(":is(input, select, textarea)[id]");
  if (field && field.closest("form.nq-calc, #nq-builder, #nq-army")) {
    lastField = field;
    worked();
  }
});
document.addEventListener("input", (event) => {
  if (event.target === lastField) worked();
});
for (const gesture of ["touchmove", "wheel"]) {
  window.addEventListener(gesture, () => { scrolledAway = true; }, { passive: true });
}
window.addEventListener("scroll", () => {
  if (performance.now() - workedAt > SHOWING_FIELD_MS) scrolledAway = true;
}, { passive: true });
// That field, if it is still on the screen: its id and its height in the window; if it had the
// focus, also off the screen (the page still scrolling to it, not the player away from it),
// without a height. ``focused``: the focus goes back in it on the other page.
const PLACE = "nq-at-table-place";
const fieldInView = () => {
  // An army's answer draws its entries anew: the field worked in is then the one of its id.
  const field = lastField && lastField.isConnected ? lastField
    : lastField && document.getElementById(lastField.id);
  if (!field || !field.getClientRects().length) return null;
  const focused = document.activeElement === field;
  const box = field.getBoundingClientRect();
  if (box.bottom <= headerHeight() || box.top >= window.innerHeight) {
    return focused && !scrolledAway ? { id: field.id, top: null, focused } : null;
  }
  return { id: field.id, top: box.top, focused };
};
// The place as the switch was pressed, what the player saw: the press moves the focus to the
// link, and the answer to the field so left may draw the army anew before the click (the field
// 220 px lower, a new element: the switch then landed on the section's heading).
let placeAtPress;
document.addEventListener("pointerdown", (event) => {
  const link = event.target.closest && event.target.closest("a.nq-lang-link");
  placeAtPress = link ? fieldInView() : undefined;
}, true);
document.addEventListener("keydown", () => { placeAtPress = undefined; }, true);

// After the header's own script (nq.js) has set the link: the field being worked in, kept at
// its height in the window; else the section, not a block of it.
document.addEventListener("click", (event) => {
  const link = event.target.closest && event.target.closest("a.nq-lang-link");
  if (!link) return;
  const field = placeAtPress === undefined ? fieldInView() : placeAtPress;
  placeAtPress = undefined;
  const label = field ? field.id : sectionInView();
  try {
    if (field) sessionStorage.setItem(PLACE, JSON.stringify(field));
    else sessionStorage.removeItem(PLACE);
  } catch (error) { /* private browsing: the field's section heading is the place */ }
  link.search = "";
  link.hash = label ? `#${label}` : "";
});

// Arrived at a place: a field the player worked in, at the height it had in the window (a third
// of the way down if that height is not known), the focus back in it if it had it, the caret
// after its value; a section, its heading under the header. Brought there again each time the page's parts change size (the answers, the
// builder, the army, drawn once the engine has loaded: an army entry's field is drawn then),
// until the player scrolls or the page is done.
// What sticks under the header above ``target`` once it is scrolled to the top: the army's
// summary (nq-army.css), for what follows it in the army builder.
const STUCK_UNDER_HEADER = ".nq-army-summary";
const stuckAbove = (target) => [...document.querySelectorAll(STUCK_UNDER_HEADER)]
  .filter((bar) => getComputedStyle(bar).position === "sticky" && bar.parentElement.contains(target)
    && (bar.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING))
  .reduce((sum, bar) => sum + bar.getBoundingClientRect().height, 0);

const landOnSection = () => {
  let id = "";
  try {
    id = decodeURIComponent(window.location.hash.slice(1));
  } catch (error) {
    return; // a malformed anchor
  }
  let kept = null;
  try {
    kept = JSON.parse(sessionStorage.getItem(PLACE) || "null");
    sessionStorage.removeItem(PLACE);
  } catch (error) { /* private browsing, or another version's */ }
  const field = kept && kept.id === id ? kept : null;
  const height = field && Number.isFinite(field.top) ? field.top : null;
  const aim = () => {
    const target = id && document.getElementById(id);
    if (!target) return null;
    if (height !== null) return { node: target, top: Math.max(height, headerHeight() + 8) };
    if (field) {
      return { node: target, top: headerHeight() + (window.innerHeight - headerHeight()) / 3 };
    }
    // The section's heading under the header, for a calculator's form (its heading names it,
    // the form right under it) or a target then in view whole; else the target itself, below
    // the header and what sticks under it (its scroll-margin-top: the army's summary), as a
    // deep link into the army builder asks.
    const below = headerHeight() + 8;
    const section = target.closest("section");
    const heading = section && section.querySelector(":scope > :is(h1, h2, h3, h4)");
    const room = window.innerHeight - below;
    const box = target.getBoundingClientRect();
    const after = heading ? box.top - heading.getBoundingClientRect().top : 0;
    const whole = after + Math.min(box.height, room) <= room;
    if (heading && (target === section || target.matches("form") || whole)) {
      return { node: heading, top: below };
    }
    const margin = parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
    return { node: target, top: Math.max(margin, below + stuckAbove(target)) };
  };
  if (!aim() && !field) return;
  let moved = false;
  const stop = () => { moved = true; };
  for (const name of ["wheel", "touchmove", "keydown", "pointerdown"]) {
    window.addEventListener(name, stop, { passive: true, once: true });
  }
  let refocus = !!(field && field.focused);
  const focusIn = (node) => {
    const elsewhere = document.activeElement && document.activeElement !== document.body
      && document.activeElement !== node;
    refocus = false;
    if (elsewhere || node.disabled) return;
    if (document.activeElement !== node) node.focus({ preventScroll: true });
    const end = node.value.length;
    try { node.setSelectionRange(end, end); } catch (error) { /* a list or a box: no caret */ }
  };
  const land = () => {
    const place = !moved && aim();
    if (!place) return;
    const top = place.node.getBoundingClientRect().top + window.scrollY - place.top;
    window.scrollTo({ top, behavior: "instant" });
    if (refocus) focusIn(place.node);
  };
  // The page's content and its article, not the body: the body is the window's height (the
  // theme's), whatever is drawn in it.
  const watch = new ResizeObserver(land);
  const watched = [document.getElementById("furo-main-content"), document.querySelector("article")]
    .filter(Boolean);
  for (const node of watched.length ? watched : [document.body]) watch.observe(node);
  window.addEventListener("load", land);
  land();
  // The calculators' answers may still come after the builder and the army are drawn.
  const done = () => window.setTimeout(() => { land(); watch.disconnect(); }, 3000);
  drawn.then(done, done);
  window.setTimeout(() => watch.disconnect(), 60000);
};
landOnSection();
