// --- the kept lists: several profiles, several armies ---------------------------------------------
// Joined before nq-at-table.js into the page's one script (nqcompanion/page/directive.py); the
// elements are nqcompanion/page/kept.py's, each id after its builder's (``prefix``). A builder keeps
// its items in localStorage under its key, one list for both languages and every tab: { <field>:
// [items], current: id, gone: { id: when deleted } }, each item with its id, its name, when a tab
// last changed it (at) and what the builder keeps of it.

// Two lists of one key (this tab's, another's) as one: each item by its id, in its latest
// version (``at``, when a tab last changed it), or gone if a tab deleted it since (``gone``: id:
// when); this tab's order, then the other's items it lacks. Deletions are remembered 30 days.
const MONTH = 30 * 24 * 3600 * 1000;
// Ids are the storage's: a table of them has no prototype ("toString" is an id like another).
const idTable = (entries) => Object.assign(Object.create(null), Object.fromEntries(entries));
function keptMerge(mine, theirs, field) {
  const gone = idTable(Object.entries(mine.gone || {}));
  for (const [id, when] of Object.entries(theirs.gone || {})) gone[id] = Math.max(gone[id] || 0, when);
  const latest = new Map();
  for (const item of [...theirs[field], ...mine[field]]) {
    const had = latest.get(item.id);
    if (!had || (item.at || 0) >= (had.at || 0)) latest.set(item.id, item);
  }
  const ids = [...new Set([...mine[field], ...theirs[field]].map((item) => item.id))];
  const now = Date.now();
  for (const id of Object.keys(gone)) if (now - gone[id] > MONTH) delete gone[id];
  return {
    [field]: ids.map((id) => latest.get(id)).filter((item) => !(gone[item.id] >= (item.at || 0))),
    current: mine.current,
    gone,
  };
}

// A stored list as this page can use it: the storage is the origin's, and another page of it, an
// older version or a hand may have written anything there. Items that are objects with a text
// id, each field of the kind its builder keeps (a field of another kind is dropped: the engine
// names or prices the item again); the open id and the deletions likewise.
const KEPT_FIELDS = {
  name: "string", toml: "string", type: "string", points: "number", total: "number",
  at: "number", fresh: "boolean", started: "boolean",
};
// When a tab changed or deleted an item is a time this browser has passed: a later one (a day of
// clock skew allowed) would win every merge, undoing this tab's changes or deleting the item for
// good, so it is not believed (an item's time dropped, a deletion forgotten).
const CLOCK_SKEW = 24 * 3600 * 1000;
const KEPT_MOST = 500;
const aTimePassed = (when) => Number.isFinite(when) && when <= Date.now() + CLOCK_SKEW;
function keptClean(kept, field) {
  const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
  const items = kept[field].filter((item) => isObject(item) && typeof item.id === "string");
  for (const item of items) {
    for (const [name, kind] of Object.entries(KEPT_FIELDS)) {
      if (name in item && (typeof item[name] !== kind
          || (kind === "number" && !Number.isFinite(item[name])))) delete item[name];
    }
    if ("at" in item && !aTimePassed(item.at)) delete item.at;
  }
  const gone = idTable(Object.entries(isObject(kept.gone) ? kept.gone : {})
    .filter(([, when]) => aTimePassed(when)));
  const seen = new Set();
  const once = items.filter((item) => !seen.has(item.id) && seen.add(item.id));
  // The most a builder keeps: its latest changed (a list another page wrote with hundreds of
  // thousands of items froze the page at every load), in their order.
  const latest = new Set([...once].sort((a, b) => (b.at || 0) - (a.at || 0)).slice(0, KEPT_MOST));
  const held = once.filter((item) => latest.has(item));
  const ids = new Set(held.map((item) => item.id));
  return {
    [field]: held,
    current: ids.has(kept.current) ? kept.current : null,
    gone,
  };
}

// Whether the storage is the page's memory (the browser refuses the site its own).
const inMemory = () => { try { return !!localStorage.nqInMemory; } catch { return true; } };

// The list kept under ``key``: its items, the one open, each change stored at once. Another tab
// of the site keeps its own changes under the same key: each store merges what is stored with
// this tab's list (keptMerge), and a change stored by another tab is merged in as it comes
// (``listen``), this tab's items the same objects.
function keptStore(key, field) {
  const load = () => {
    try {
      const kept = JSON.parse(localStorage.getItem(key) || "null");
      if (kept && Array.isArray(kept[field])) return keptClean(kept, field);
    } catch (error) { /* private browsing, or a list another version wrote */ }
    return null;
  };
  let kept = load() || { [field]: [], current: null };
  // Each item as this tab last stored or read it: an item that differs was changed here.
  const seen = new Map();
  const without = ({ at, ...rest }) => JSON.stringify(rest);
  const look = () => { seen.clear(); for (const item of kept[field]) seen.set(item.id, without(item)); };
  look();
  // ``theirs`` merged in; an item of this tab's that another changed keeps its object.
  const mergeIn = (theirs) => {
    const merged = keptMerge(kept, theirs, field);
    const mine = new Map(kept[field].map((item) => [item.id, item]));
    kept = { ...merged, [field]: merged[field].map((item) => {
      const own = mine.get(item.id);
      if (!own || own === item) return item;
      for (const name of Object.keys(own)) delete own[name];
      return Object.assign(own, item);
    }) };
  };
  // The browser refuses to keep the list (its storage full, or blocked: nq-theme-mode.js's
  // storage in memory): each hook is told, at once and at every store (player round 39: an
  // army built with the storage full was gone at the reload, nothing said).
  let refused = inMemory();
  const hooks = [];
  const tell = (now) => {
    refused = now;
    for (const hook of hooks) hook(refused);
  };
  const store = () => {
    for (const item of kept[field]) if (seen.get(item.id) !== without(item)) item.at = Date.now();
    mergeIn(load() || { [field]: [] });
    try {
      localStorage.setItem(key, JSON.stringify(kept));
      tell(inMemory());
    } catch (error) {
      tell(true);
    }
    look();
  };
  const byId = (id) => kept[field].find((item) => item.id === id);
  return {
    found: () => load() !== null,
    all: () => kept[field],
    byId,
    current: () => byId(kept.current),
    pick: (id) => { kept.current = id; store(); },
    // An item (a deleted one back, with its id) at its place, open.
    add: (item, place = kept[field].length) => {
      item.id = item.id || `k${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      kept[field].splice(Math.min(place, kept[field].length), 0, item);
      if (kept.gone) delete kept.gone[item.id];
      kept.current = item.id;
      store();
      return item;
    },
    remove: (item) => {
      const place = kept[field].indexOf(item);
      kept[field] = kept[field].filter((other) => other !== item);
      kept.gone = { ...kept.gone, [item.id]: Date.now() };
      seen.delete(item.id);
      kept.current = kept[field].length ? kept[field][0].id : null;
      store();
      return place;
    },
    store,
    refused: (hook) => { hooks.push(hook); hook(refused); },
    reload: () => { kept = load() || kept; look(); },
    // What another tab stored, merged in now: its storage event comes later, and a store made
    // before it would put an older version of its item back (``at``: this tab's store is later).
    sync: () => { mergeIn(load() || { [field]: [] }); look(); },
    // ``changed(open)`` once another tab stored the list and this tab's changed: ``open`` whether
    // the open item is one of the changes (changed, or gone).
    listen: (changed) => window.addEventListener("storage", (event) => {
      const theirs = event.key === key && load();
      if (!theirs) return;
      const before = new Map(kept[field].map((item) => [item.id, without(item)]));
      const open = kept.current;
      mergeIn(theirs);
      look();
      const after = new Map(kept[field].map((item) => [item.id, without(item)]));
      if (before.size === after.size && [...after].every(([id, text]) => before.get(id) === text)) return;
      changed(before.get(open) !== after.get(open));
    }),
  };
}

// A long name is cut in its middle, its end kept (the " (2)" that tells a copy apart): a list
// stays within the screen; the field and the option's title hold it whole.
const cutName = (name, most) => ([...name].length <= most ? name
  : `${[...name].slice(0, most - 9).join("").trimEnd()}…${[...name].slice(-8).join("")}`);

// The list, "New" and "Delete" of one builder, and its "Undo" bar (``offerUndo``, for what else
// the builder takes back). ``open(item)`` draws a kept item, ``make()`` adds a
// new one and opens it (returning it), ``listed(item)`` its words in the list, ``untouched(item)``
// whether an item made in a deleted one's stead is as it was made (it goes with an "Undo").
// ``commit()`` sends what is typed but not yet sent, for the item it was typed for, before
// another is opened, made or deleted; ``undoLast()`` takes back the builder's last change.
// ``named(item)``: its name as this page says it (one never named: the page's word for it).
function keptList({
  prefix, words, store, open, make, listed, untouched, commit, undoLast,
  named = (item) => item.name || "",
}) {
  const $ = (id) => document.getElementById(`${prefix}-${id}`);
  const draw = () => {
    $("pick").replaceChildren(...store.all().map((item) => Object.assign(
      document.createElement("option"), {
        value: item.id, textContent: listed(item), title: named(item),
        selected: item === store.current(),
      })));
  };
  // "Undo" after a deletion: the bar's button (next in the tab order after "Delete"), or
  // Ctrl+Z (Cmd+Z) outside a text field, for UNDO_SECONDS, longer while the bar has the focus or
  // the pointer; Escape on the bar dismisses it. A long name is cut there, whole in the status.
  const UNDO_SECONDS = 8;
  const UNDO_NAME = 20;
  const bar = $("undo");
  let undoing = null;
  let timer = null;
  const closeUndo = () => {
    clearTimeout(timer);
    bar.hidden = true;
    undoing = null;
  };
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => (bar.contains(document.activeElement) || bar.matches(":hover")
      ? arm() : closeUndo()), UNDO_SECONDS * 1000);
  };
  const offerUndo = (message, name, undo) => {
    $("undo-text").textContent = say(message, { name: cutName(name, UNDO_NAME) });
    undoing = undo;
    bar.hidden = false;
    arm();
  };
  $("undo-button").addEventListener("click", () => {
    const undo = undoing;
    closeUndo();
    if (undo) undo();
  });
  // Outside a text field Ctrl+Z is the builder's: the bar's "Undo", else its last change, else
  // nothing (the browser's own undo would take back the text of a field left long ago: the
  // game's size behind the player's back).
  document.addEventListener("keydown", (event) => {
    if (undoing && event.key === "Escape" && bar.contains(event.target)) {
      closeUndo();
      $("delete").focus();
      return;
    }
    const undoKey = (event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey
      && event.key.toLowerCase() === "z";
    if (!undoKey || event.target.closest?.("input[type=text], textarea, [contenteditable]")) return;
    // the other builder's, when it has the focus or was last used (undoesHere, nq-at-table.js)
    if (!undoesHere(bar.closest(".nq-builder"))) return;
    event.preventDefault();
    if (undoing) $("undo-button").click();
    else if (undoLast) undoLast();
  });
  const committed = () => { if (commit) commit(); };
  $("pick").addEventListener("change", (event) => {
    committed();
    closeUndo();
    store.pick(event.target.value);
    open(store.current());
  });
  // The new item's name has the focus (its first field), and its start is said.
  $("new").addEventListener("click", () => {
    committed();
    closeUndo();
    make();
    draw();
    // The new item has no name yet (its placeholder says the default): the field is emptied
    // before it takes the focus, as a focused field is not redrawn under the player's typing.
    if ($("name")) {
      $("name").value = "";
      $("name").focus();
    }
    $("status").textContent = words.made || "";
  });
  // Deleting asks first, in a modal dialog naming the item: Escape or "Keep" keeps it.
  const asking = $("confirm");
  $("delete").addEventListener("click", () => {
    committed();
    const asked = store.current();
    $("confirm-text").textContent = say(words.confirm_text, { name: asked ? named(asked) : "" });
    $("status").textContent = "";
    asking.returnValue = "";
    asking.showModal();
    $("confirm-keep").focus();
  });
  // A deleted item can come back ("Undo"), at its place in the list; the new item made in its
  // stead when it was the last one goes, if nothing was done to it.
  const deleteItem = () => {
    closeUndo();
    const gone = store.current();
    if (!gone) return;
    const place = store.remove(gone);
    const made = store.current() ? null : make();
    if (!made) open(store.current());
    draw();
    $("status").textContent = say(words.deleted, { name: named(gone) });
    offerUndo(words.deleted, named(gone), () => {
      if (made && store.byId(made.id) && untouched(store.byId(made.id))) store.remove(made);
      store.add(gone, place);
      draw();
      $("status").textContent = say(words.restored, { name: named(gone) });
      open(gone);
      $("delete").focus();
    });
  };
  asking.addEventListener("close", () => {
    if (asking.returnValue === "delete") deleteItem();
    $("delete").focus();
  });
  // Another tab changed the list: drawn again; the open item opened again if it was changed
  // there (``open(item, true)``: what that tab is typing is its own to send), or the first if it
  // was deleted there.
  store.listen((openChanged) => {
    draw();
    if (!store.current() && store.all().length) store.pick(store.all()[0].id);
    if (!store.current()) {
      make();
      draw();
    } else if (openChanged) open(store.current(), true);
  });
  // Leaving the page (a reload, the language switch) sends what is typed too.
  window.addEventListener("pagehide", committed);
  // Nothing kept by the browser: said under the list, with the way to keep the item (its file).
  store.refused((refused) => {
    $("not-kept").hidden = !refused;
    $("not-kept").textContent = refused ? words.not_kept : "";
  });
  return { draw, closeUndo, offerUndo };
}
