// --- the army builder ----------------------------------------------------------------------------
// Joined after nq-at-table.js into the page's one script (nqcompanion/page/directive.py): it uses that
// file's engine (ask, ready) and fields (showError, whole, say, base64). The engine keeps the army:
// each change is sent with the army file's tables (JSON data) and the engine answers with the file
// (TOML), its tables, its price, and every refusal and warning of the book's army rules, each with
// its rule's section, the entry and the field it is about (nqcompanion.bridge.web_army). Nothing of the
// army's rules or prices is computed here. The armies are kept in localStorage as their files, one
// list for both languages: the work is found again after switching language.
const armyBox = document.getElementById("nq-army");
// The entries of an army file, in the order the engine answers them (web_army.KINDS).
const KINDS = ["unit", "individual", "character", "support"];

function armyBuilder(box) {
  const conf = JSON.parse(box.dataset.army);
  const said = conf.words;
  const STORE = ARMIES; // nq-at-table.js: where the page looks for kept work
  const state = { toml: null, data: null, answer: null };
  const $ = (id) => document.getElementById(id);
  const el = (tag, props = {}, ...children) => {
    const node = Object.assign(document.createElement(tag), props);
    node.append(...children);
    return node;
  };

  // --- the kept armies ---------------------------------------------------------------------------
  // Kept as the profile builder keeps its profiles (nq-kept.js): the list, "New", "Delete" asked
  // first and undone, another tab's changes merged in. Each army is listed with its points against
  // its game's, as last priced.
  const armies = keptStore(STORE, "armies");
  const store = armies.store;
  const current = armies.current;
  const grouped = new Intl.NumberFormat(lang);
  // An army never renamed is listed by the page's language's default name ("Mon armée").
  const shownName = (name) => (name === undefined || Object.values(conf.untitled).includes(name)
    ? conf.start.name : name);
  const listed = (army) => (army.total === undefined ? cutName(shownName(army.name), 36)
    : `${cutName(shownName(army.name), 36)} · ${say(said.army_points,
      { total: grouped.format(army.total), points: grouped.format(army.points) })}`);
  const newArmy = (name, toml = null) => {
    const army = armies.add({ name, toml });
    armiesList.draw();
    return army.id;
  };

  // --- asking the engine, one change at a time ---------------------------------------------------
  // A request is the army as it is when its turn comes (a function of the engine's last answer):
  // two changes made quickly are both kept, and a change made while the engine loads waits for
  // the army to be opened (the queue starts with it), then is answered.
  // ``after`` is what follows a change once the engine has drawn it (the focus moved on from a
  // removed control, what was done said to a screen reader); nothing follows a refusal.
  // ``owner`` is the kept army the change was made on: its answer is kept on it, and drawn only
  // if it is still the open one (a name typed, then another army picked).
  const step = async (request, control = null, after = null, owner = null) => {
    let asked = typeof request === "function" ? request() : request;
    let result = null;
    while (asked) {
      // The builder's profiles as they are now: an entry made from one that has changed since
      // is said so beside it (nqcompanion.bridge.web_entries.outdated).
      const profiles = keptProfiles().map(({ id, toml }) => ({ id, toml }));
      result = await ask({ army: { file: "army.toml", ...asked, profiles } });
      asked = answer(result, control, asked, owner); // an army reopened may be named again at once
    }
    if (result && !result.error && after) after(result);
    box.dataset.state = "done";
    return result;
  };
  let queue = ready.then(() => step(opening()));
  let unanswered = 0; // asked and not yet answered
  const armyAsk = (request, control = null, after = null) => {
    const owner = current();
    unanswered += 1;
    const run = queue.then(() => step(request, control, after, owner));
    box.dataset.state = "asking";
    queue = run.catch(() => null).finally(() => { unanswered -= 1; });
    return run;
  };

  // The control of a field of an entry (or of the army, when entry is null).
  const controlOf = (entry, field) => (entry
    ? $(`nq-army-${entry.kind}-${entry.index}-${field}`) : $(`nq-army-${field}`));

  // The army's tables before each change the player made on the open army, the latest last: what
  // Ctrl+Z takes back (undoLast). Opening another army empties it.
  const history = [];
  // The requests that ask the army again as a profile is kept, nothing changed by the player.
  const rechecks = new WeakSet();
  const answer = (result, control, request, owner) => {
    const army = owner && armies.byId(owner.id) ? owner : current();
    // Another tab's change, drawn here (``mirrored``): never stored back, even named in this
    // page's language (an English and a French tab renamed the army's entries back and forth,
    // each store another's storage event, and one wrote its older army over a unit the other
    // had added: player round 29). A change the player makes here is stored as drawn here.
    const mirrored = !!request.mirrored;
    if (army && army !== current()) {
      if (!result.error && !mirrored) {
        Object.assign(army, { toml: result.toml, name: result.data.name, total: result.total,
          points: result.points, data: result.data });
        delete army.typed;
        store();
        armiesList.draw();
      }
      return null;
    }
    if (result.error) {
      // Refused: beside the field it is about (the engine names it), without naming that place
      // again; elsewhere with it. The army stays as it was.
      const placed = controlOf(result.entry, result.field);
      const target = placed || control || ("add" in request ? $("nq-army-add") : $("nq-army-name"));
      showError(target, `${said.refused} ${placed ? result.said : result.error}`);
      stale(`${said.refused} ${placed ? refusalOf(placed, result.said) : result.error}`);
      return null;
    }
    const opening = "toml" in request || request.reopened || request.opening;
    if (opening || !army || state.owner !== army.id) history.length = 0;
    else if (!request.undo && state.data) history.push(state.data);
    state.toml = result.toml;
    state.data = result.data;
    state.answer = result;
    state.owner = army?.id;
    if (army && !mirrored) {
      army.toml = result.toml;
      delete army.typed; // the engine's answer holds what was typed
      army.name = result.data.name;
      // Its tables too, as answered: its entries are drawn from them on the next visit before
      // the engine is ready (drawKept).
      Object.assign(army, { total: result.total, points: result.points, data: result.data });
      store();
      armiesList.draw();
      // Named as another army of the list: said, as an import of that name asks (player round 39:
      // two "The Barrow Host" told apart by their points alone, nothing said).
      const named = control?.id === "nq-army-name";
      if (named && armies.all().some((other) => other !== army && other.name === army.name)) {
        $("nq-army-status").textContent = say(said.same_named, { name: army.name });
      }
    }
    // The field changed is taken: its refusal said before goes (player round 32: a name too
    // long, then corrected, stayed refused beside the field under "0 refusals").
    if (control && control.isConnected) showError(control, "");
    draw(result, rechecks.has(request));
    // An army read from its file: its entries named by default after a book profile in another
    // language are named in this page's (nq-keep.js), once.
    // So is an army still named by default in another language ("My army" on the French page).
    const reopened = "toml" in request || request.reopened;
    const named = reopened && localNames(result.data);
    const data = named || result.data;
    const untitled = reopened && data.name !== conf.start.name
      && Object.values(conf.untitled).includes(data.name);
    return named || untitled ? { data: untitled ? { ...data, name: conf.start.name } : data,
      opening: true, mirrored } : null;
  };
  // Ctrl+Z outside a text field, without an "Undo" bar: the open army as it was before the last
  // change the player made on it.
  const undoLast = () => {
    const before = history.pop();
    if (before) armyAsk({ data: before, undo: true });
  };
  // An "Undo" bar's: the army as it was (that change taken out of Ctrl+Z's history too).
  const undoTo = (before, after) => {
    if (history.at(-1) === before) history.pop();
    return armyAsk({ data: before, undo: true }, null, after);
  };

  // A kept army is asked for as its file, or as its tables with what was typed in a count but not
  // yet sent (kept at once: a switch of language may come before the engine is asked). Changed
  // in another tab (``elsewhere``), what is typed there is that tab's to send: its file alone is
  // taken, and only if it changed (the other tab's "1" of "14" was taken here mid-typing, stored
  // back, and reset the other tab's field to "1": an army of 14 kept as 1).
  const reopening = (army, elsewhere) => (army.typed && !elsewhere
    ? { data: army.typed, reopened: true }
    : army.toml ? { toml: army.toml } : { data: conf.start, opening: true });
  const reopen = (army, elsewhere = false) => {
    if (elsewhere && army.toml && [state.toml, state.mirror].includes(army.toml)) return queue;
    state.mirror = elsewhere ? army.toml : null; // the stored file this tab shows, not stored
    return armyAsk({ ...reopening(army, elsewhere), mirrored: elsewhere });
  };
  const keepTyped = (control, text) => {
    const army = current();
    if (!army || !state.data) return;
    const data = structuredClone(army.typed || state.data);
    const { kind, index, field: name } = control.dataset;
    const typed = control.dataset.min ? Number(text) : text;
    if (kind && data[kind] && data[kind][Number(index)]) data[kind][Number(index)][name] = typed;
    else if (control.id === "nq-army-points") data.points = whole(text, control) ? Number(text) : text;
    else if (control.id === "nq-army-name") data.name = text || conf.start.name;
    else return;
    army.typed = data;
    store();
  };
  // A count typed wrong keeps the army on the screen: what it began as ("1" of "1O", "100" of
  // "1001") is not kept, the field is the engine's last answer again in what a reload reopens.
  const forgetTyped = (control) => {
    const army = current();
    if (!army || !army.typed || !state.data) return;
    const { kind, index, field: name } = control.dataset;
    const shown = kind ? (state.data[kind] || [])[Number(index)] : state.data;
    const typed = kind ? (army.typed[kind] || [])[Number(index)] : army.typed;
    const key = kind ? name : "points";
    if (!shown || !typed) return;
    typed[key] = shown[key];
    if (JSON.stringify(army.typed) === JSON.stringify(state.data)) delete army.typed;
    store();
  };

  // --- drawing the engine's answer -----------------------------------------------------------
  // Refused, the army on the screen is the last valid one: its figures (totals, price lines,
  // breaches) are hidden until the army is valid again, and a line says why.
  const stale = (refusal) => {
    Object.assign($("nq-army-summary"), { textContent: refusal }).classList.add("nq-refused");
    box.dataset.stale = "true";
    $("nq-army-stale").hidden = false;
  };
  // A field as a refusal names it: its label, and its entry's name ("Models (Skeleton Warriors)").
  const fieldNamed = (control) => {
    const label = box.querySelector(`label[for="${CSS.escape(control.id)}"]`)?.textContent || "";
    const { kind, index } = control.dataset;
    const entry = kind && state.data ? (state.data[kind] || [])[Number(index)] : null;
    return entry ? say(said.field_entry, { field: label, entry: entry.name }) : label;
  };
  const refusalOf = (control, refusal) => say(said.field_refused,
    { field: fieldNamed(control), refusal });
  // A count typed wrong: refused beside its field and in the summary, both naming it (its
  // entry's too: "Models (Skeleton Warriors)"), "Refused:" first in both, as the engine's
  // refusals are (player round fourteen: the field had it, the summary not, or the reverse).
  const refuseCount = (control) => {
    const said_ = `${said.refused} ${refusalOf(control, say(said.int, limitsOf(control)))}`;
    showError(control, said_);
    stale(said_);
    control.dataset.profile = profileAt(control); // its entry's, should its name change
  };
  // A count typed wrong stays as typed, refused, when the army is drawn again for another reason
  // (a profile kept in the builder above, another field's answer): never put back without a word.
  const entryOf = (control) => {
    const { kind, index } = control.dataset;
    return kind ? $(`nq-army-${kind}-${index}-name`)?.dataset.shown : "";
  };
  // Of the army drawn last only: another army opened starts from its own counts.
  const wrongCounts = () => (box.dataset.drawn !== String(state.owner) ? []
    : [...box.querySelectorAll("input[aria-invalid='true']")])
    .filter((control) => control.dataset.min && control.id && control.value !== control.dataset.shown)
    .map((control) => ({ id: control.id, value: control.value, entry: entryOf(control),
      profile: control.dataset.profile ?? "" }));
  const keepWrong = (wrong) => {
    for (const { id, value, entry, profile } of wrong) {
      const control = $(id);
      // its entry is gone; renamed (in the page's language: localNames), it is the same profile
      if (!control || (entryOf(control) !== entry && profileAt(control) !== profile)) continue;
      control.value = value;
      refuseCount(control);
    }
  };
  // A count typed wrong stays as typed, refused, across the language switch too, as a
  // calculator's field does (player round fifteen: Game size "-5" came back in French as the
  // last accepted 1000, without a word): kept for the other language's page as its link is
  // pressed, with its entry's profile (the entry's name may be said otherwise there), and put
  // back once the army is drawn there. A reload still reopens the army's last valid counts.
  const SWITCHED = "nq-army-refused";
  const profileAt = (control) => {
    const { kind, index } = control.dataset;
    return kind ? String((state.data?.[kind] || [])[Number(index)]?.profile ?? "") : "";
  };
  document.addEventListener("click", (event) => {
    if (!event.target.closest?.("a.nq-lang-link")) return;
    const wrong = wrongCounts().map(({ id, value, profile }) => ({ id, value, profile }));
    try {
      const kept = JSON.stringify({ owner: state.owner, wrong });
      if (wrong.length) sessionStorage.setItem(SWITCHED, kept);
      else sessionStorage.removeItem(SWITCHED);
    } catch { /* private browsing: the field shows the army's last valid count */ }
  });
  const keepSwitched = () => {
    let kept = null;
    try { kept = JSON.parse(sessionStorage.getItem(SWITCHED) || "null"); } catch { return; }
    if (!kept || kept.owner !== state.owner) return;
    try { sessionStorage.removeItem(SWITCHED); } catch { /* private browsing */ }
    for (const { id, value, profile } of Array.isArray(kept.wrong) ? kept.wrong : []) {
      const control = typeof id === "string" && $(id);
      if (!control || !control.dataset.min || profileAt(control) !== profile) continue;
      control.value = String(value);
      refuseCount(control);
    }
  };
  const ruleLink = (found) => {
    const { href, title } = conf.sections[found.section];
    const link = el("a", { href, textContent: found.heading || title });
    return el("span", { className: "nq-army-rule" }, ` ${said.rule} `, link);
  };
  // Links to the errata records ``readings`` names (id, subject), or null without any.
  const readingLinks = (readings) => {
    const errata = document.querySelector("[data-errata]")?.dataset.errata;
    if (!errata || !readings?.length) return null;
    return readings.flatMap(({ id, subject }, n) => [n ? ", " : "", el("a",
      { href: `${errata}#erratum-${encodeURIComponent(id)}`, textContent: subject })]);
  };
  const breachItem = (found, id, entries = []) => {
    const refusal = found.kind === "refusal";
    const item = el("li", { id, className: refusal ? "nq-army-refusal" : "nq-army-warning" },
      el("strong", { textContent: refusal ? said.refused : said.warning }),
      ` ${found.said || found.text}`);
    if (found.section in conf.sections) item.append(ruleLink(found));
    // The errata record a warning follows, linked (as the calculators' "In the errata:").
    const links = readingLinks(found.readings);
    if (links) {
      item.append(el("span", { className: "nq-army-readings" }, ` ${said.readings} `, ...links));
    }
    // An army-wide breach links each entry it concerns (marked there, linking back here).
    const named = (found.concerns || []).map((place) => entries.find((e) => at(place, e)))
      .filter(Boolean);
    if (named.length) {
      // Each to the field the breach is about on that entry (its General box), which takes
      // the focus; else to the entry's heading.
      const links = named.flatMap((entry, n) => [n ? ", " : "", goTo(entry, found.field,
        el("a", { href: `#${placeOf_(entry, found.field)}`, textContent: entry.name }))]);
      item.append(el("span", { className: "nq-army-concerns" }, ` ${said.concerns} `, ...links));
    }
    return item;
  };
  const at = (place, entry) => place.kind === entry.kind && place.index === entry.index;
  // Where a link about an entry's field goes: that field's control, else the entry's heading,
  // brought to the middle of the window with the focus.
  const placeOf_ = (entry, name) => {
    const control = name && controlOf(entry, name);
    return control ? control.id : `nq-army-${entry.kind}-${entry.index}`;
  };
  const goTo = (entry, name, link) => {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      const target = (name && controlOf(entry, name))
        || $(`nq-army-${entry.kind}-${entry.index}`)?.querySelector("h3");
      if (!target) return;
      target.scrollIntoView({ block: "center" });
      target.focus({ preventScroll: true });
    });
    return link;
  };
  // Beside an entry an army-wide breach concerns: a mark linking to it in the army's list.
  const markItem = (found, id, wideId) => {
    const refusal = found.kind === "refusal";
    return el("li", { id, className: `nq-army-mark nq-army-mark-${found.kind}` },
      el("strong", { textContent: refusal ? said.refused : said.warning }),
      ` ${found.said || found.text}`, el("span", { className: "nq-army-rule" }, " ",
        el("a", { href: `#${wideId}`, textContent: say(said.army_wide, { rule: found.heading }) })));
  };

  const field = (id, label, control) => {
    control.id = id;
    const error = el("p", { className: "nq-field-error", id: `${id}-error`, hidden: true });
    control.setAttribute("aria-describedby", `${id}-error`);
    const wrap = el("div", { className: "nq-field" });
    if (control.type === "checkbox") {
      wrap.classList.add("nq-check");
      wrap.append(control, el("label", { htmlFor: id, textContent: label }), error);
    } else {
      wrap.append(el("label", { htmlFor: id, textContent: label }), control, error);
    }
    return wrap;
  };
  // The focus goes to the first of ``places`` the page has (elements or ids); what was done is
  // said, politely, to a screen reader.
  const focusOn = (places, done = "") => {
    const found = places.map((place) => (typeof place === "string" ? $(place) : place))
      .find((node) => node && box.contains(node));
    if (found) found.focus();
    $("nq-army-said").textContent = done;
  };
  const select = (choices, value, extra = null, groups = []) => {
    const control = el("select");
    control.append(...choices.map(([key, text]) => el("option", { value: key, textContent: text })));
    control.append(...groups);
    if (extra) control.append(extra.content.cloneNode(true));
    if (value !== null) control.value = value;
    return control;
  };
  const number = (name, value) => {
    const [min, max] = conf.limits[name];
    const control = el("input", { type: "text", inputMode: "numeric", value: String(value ?? "") });
    Object.assign(control.dataset, { min, max, shown: control.value });
    control.autocomplete = "off";
    return control;
  };
  const check = (checked) => el("input", { type: "checkbox", checked: !!checked });

  // The player's own profiles (the profile builder's, keptProfiles), under their own heading and
  // by their names, each with its type for the add form (drawAdd): a list of one group, or none
  // before the builder kept one.
  const profileChoices = () => {
    const mine = keptProfiles();
    return mine.length ? [el("optgroup", { label: said.mine }, ...mine.map((profile) => {
      const option = el("option", {
        value: `@mine:${profile.id}`, textContent: shownProfileName(profile) || said.mine,
      });
      option.dataset.name = profile.name || "";
      if (profile.type) option.dataset.type = profile.type;
      return option;
    }))] : [];
  };
  const mineToml = (value) => keptProfiles().find((p) => `@mine:${p.id}` === value)?.toml || "";

  // The leader's list: the profiles that may lead a unit (the types the engine checks,
  // conf.leads), grouped as the add form groups them; a book profile chosen that may not is
  // listed too, alone, and the engine's warning says why.
  // Of the book's profiles, those the engine lets lead this unit (``leaders``: of its models'
  // size, mounted as they are), when it has answered for it.
  const leaderSelect = (record, own, leaders) => {
    const control = select([["", said.none], ...own], null, $("nq-army-profiles"), profileChoices());
    for (const option of control.querySelectorAll("option[data-type]")) {
      const book = !option.value.startsWith("@mine:");
      if (!conf.leads.includes(option.dataset.type)
        || (book && leaders && !leaders.includes(option.value))) option.remove();
    }
    for (const group of control.querySelectorAll("optgroup:empty")) group.remove();
    // The kept leader that is one of the player's own profiles (by its name) is that one,
    // listed once, under its heading.
    const same = own.length && [...control.querySelectorAll("optgroup option")]
      .find((option) => option.value.startsWith("@mine:") && option.dataset.name === own[0][1]);
    if (same) {
      control.querySelector("option[value='@kept']").remove();
      control.value = same.value;
      return control;
    }
    const chosen = typeof record.leader === "string" ? record.leader : "";
    if (chosen && ![...control.options].some((option) => option.value === chosen)) {
      const named = $("nq-army-profiles").content.querySelector(
        `option[value="${CSS.escape(chosen)}"]`);
      control.options[0].after(el("option", { value: chosen,
        textContent: named ? named.textContent : chosen }));
    }
    control.value = own.length ? "@kept" : chosen;
    return control;
  };

  // The fields of one entry, as its kind takes them (the army file's schema).
  const entryFields = (kind, index, record, leaders, refused) => {
    const id = (name) => `nq-army-${kind}-${index}-${name}`;
    const name = el("input", { type: "text", value: record.name, autocomplete: "off" });
    name.dataset.shown = record.name;
    const parts = [field(id("name"), said.name, name)];
    // A leader of the player's own profile is kept in the file: it is listed by its name.
    const own = record.leader && typeof record.leader === "object"
      ? [["@kept", String(record.leader.name || said.mine)]] : [];
    const leader = () => field(id("leader"), said.leader, leaderSelect(record, own, leaders));
    if (kind === "unit") {
      const has = (name) => (record.specialists || []).includes(name);
      parts.push(field(id("models"), said.models, number("models", record.models)), leader(),
        field(id("standard-bearer"), said["standard-bearer"], check(has("standard-bearer"))),
        field(id("musician"), said.musician, check(has("musician"))),
        field(id("formation"), said.formation, select([["", said.none_formation],
          ...["ranked", "closed", "skirmish", "dispersed"].map((f) => [f, said[`formation-${f}`]])],
        record.formation || "")));
    } else if (kind === "support") {
      parts.push(field(id("weapon"), said.weapon,
        select([["", said.none_weapon]], record.weapon || "", $("nq-army-weapons"))));
      if (record.weapon) {
        parts.push(field(id("weapons"), said.weapons, number("weapons", record.weapons ?? 1)),
          field(id("crew"), said.crew, number("crew", record.crew)));
      } else {
        parts.push(field(id("models"), said.models, number("models", record.models ?? 1)));
      }
      parts.push(leader());
    } else {
      const units = (state.data.unit || []).map((unit) => [unit.name, unit.name]);
      parts.push(field(id("general"), said.general, check(record.general)),
        field(id("joins"), said.joins, select([["", said.none_joins], ...units],
          record.joins || "")));
    }
    parts.push(optionFields(kind, index, record, refused));
    for (const part of parts) {
      for (const control of part.querySelectorAll("input, select")) {
        Object.assign(control.dataset, { kind, index, field: control.id.slice(id("").length) });
      }
    }
    return parts;
  };

  // The options added to every model, each with its remove button, and the list that adds one.
  // Not offered: what the book forbids its models (``refused``, the engine's: a support weapon
  // "may not be wielded by a normal man sized model").
  const optionFields = (kind, index, record, refused) => {
    const list = el("ul", { className: "nq-builder-list" });
    const choices = $("nq-army-options").content;
    // An individual or a character is one model: its option is its own, not "every model's".
    const label = kind === "individual" || kind === "character" ? said.option_one : said.option;
    const id = `nq-army-${kind}-${index}-options`;
    let shown = 0;
    for (const [listed, items] of Object.entries(record.options || {})) {
      items.forEach((item, at) => {
        const n = shown++;
        const key = typeof item === "string" ? item : `${item.key}|${item.level}`;
        const option = choices.querySelector(`option[value="${CSS.escape(`${listed}:${key}`)}"]`);
        const name = option ? option.textContent : key;
        const button = el("button", { type: "button", textContent: said.remove,
          id: `${id}-${n}-remove` });
        button.setAttribute("aria-label", say(said.named, { action: said.remove, name }));
        // The focus goes on to the next option's button, or the one before, or the list.
        button.addEventListener("click", () => change(kind, index, (entry) => {
          entry.options[listed].splice(at, 1);
        }, null, () => focusOn([`${id}-${n}-remove`, `${id}-${n - 1}-remove`, id],
          say(said.removed, { name }))));
        list.append(el("li", {}, `${name} `, button));
      });
    }
    const picker = select([], null, $("nq-army-options"));
    picker.id = id;
    picker.classList.add("nq-army-option-picker");
    // Whose list it is: an option chosen here is kept across a redraw of this entry only.
    picker.dataset.entry = JSON.stringify([record.profile ?? null, record.name ?? null]);
    // An option only some kinds of entry may take is offered to those only (the engine marks it).
    for (const option of picker.querySelectorAll("option[data-kinds]")) {
      if (!option.dataset.kinds.split(" ").includes(kind)) option.remove();
    }
    for (const option of [...picker.options]) {
      if ((refused || []).includes(option.value)) option.remove();
    }
    const add = el("button", { type: "button", textContent: said.add, id: `${id}-add` });
    add.setAttribute("aria-label", label); // "Add an option to every model": no "Add: Add"
    add.addEventListener("click", () => {
      const named = picker.selectedOptions[0]?.textContent || "";
      change(kind, index, (entry) => {
        const [listed, key] = picker.value.split(/:(.*)/s);
        const [name, level] = key.split("|");
        entry.options = entry.options || {};
        entry.options[listed] = [...(entry.options[listed] || []),
          level ? { key: name, level } : name];
      }, null, () => focusOn([...$(id).closest(".nq-builder-add")
        .querySelectorAll(`li button[aria-label="${CSS.escape(say(said.named,
          { action: said.remove, name: named }))}"]`)]
        .slice(-1).concat([`${id}-add`]), say(said.added, { name: named })));
    });
    return el("div", { className: "nq-field nq-builder-add" },
      el("label", { htmlFor: id, textContent: label }),
      el("div", { className: "nq-builder-row" }, picker, add), list,
      el("p", { className: "nq-field-error", id: `${id}-error`, hidden: true }));
  };

  const entryItem = (entry, own, marks, record) => {
    const { kind, index } = entry;
    const item = el("li", { className: "nq-army-entry", id: `nq-army-${kind}-${index}` });
    // Its heading takes the focus (not by Tab) when the entry before it is removed; its points
    // are hidden while the army on the screen is refused (stale).
    item.append(el("h3", { textContent: `${entry.kind_name} · ${entry.name}`, tabIndex: -1 },
      el("span", { className: "nq-army-points",
        textContent: entry.points_said ? ` · ${entry.points_said}` : "" })));
    const found = el("ul", { className: "nq-army-breaches" },
      ...marks.map(([breach, wideId], n) => markItem(breach, `nq-army-${kind}-${index}-mark-${n}`,
        wideId)),
      ...own.map((breach, n) => breachItem(breach, `nq-army-${kind}-${index}-breach-${n}`)),
      ...entry.warnings.map((warning, n) => breachItem({ ...warning, kind: warning.kind || "warning",
        said: warning.text, heading: conf.sections[warning.section]?.title },
      `nq-army-${kind}-${index}-w-${n}`)));
    const lines = el("ul", { className: "nq-army-lines" },
      ...entry.lines.map((line) => el("li", { textContent: line.said })));
    // The errata its profile's items follow where no warning links them (a character at Magic
    // User level 4, which the 2007 book kept for named characters).
    const readings = readingLinks(entry.readings);
    if (readings) {
      lines.append(el("li", { className: "nq-army-readings" }, `${said.readings} `, ...readings));
    }
    const fields = el("div", { className: "nq-army-fields" }, ...entryFields(kind, index, record,
      entry.leaders, entry.refused));
    const remove = el("button", { type: "button", textContent: said.remove_entry });
    remove.setAttribute("aria-label",
      say(said.named, { action: said.remove_entry, name: entry.name }));
    // The focus goes on to the next entry's heading, or the one before's, or the add form.
    // The entry can come back: "Undo" for some seconds (offerUndo), the army as it was.
    remove.addEventListener("click", () => {
      let before = null;
      // Removed by the engine: who joined the unit then joins none, said in the status line.
      const removing = () => {
        before = state.data;
        return { data: state.data, rename: { kind, index } };
      };
      const place = [...$("nq-army-entries").children].indexOf(item);
      const heading = (n) => $("nq-army-entries").children[n]?.querySelector("h3");
      const removed = say(said.removed_entry, { name: entry.name });
      armyAsk(removing, null, (result) => {
        const notes = result?.notes || [];
        if (notes.length) $("nq-army-status").textContent = notes.join(" ");
        focusOn([heading(place), heading(place - 1), "nq-army-add-kind"],
          [removed, ...notes].join(" "));
        offerUndo(said.removed_entry, entry.name, () => undoTo(before, () => focusOn(
          [$(`nq-army-${kind}-${index}`)?.querySelector("h3"), "nq-army-add-kind"],
          say(said.restored, { name: entry.name }))));
      });
    });
    item.append(found, lines, ...(entry.outdated || []).map((made) => outdatedNote(entry, made)),
      fields, remove);
    return item;
  };
  // An entry made from a profile of the builder above that has changed since keeps its copy
  // (two wizards made one after the other from one profile stay two), said beside it with a
  // button that takes the profile as it is now (player round fourteen).
  const outdatedNote = (entry, made) => {
    const { id } = made;
    const use = el("button", { type: "button", textContent: say(said.outdated_use,
      { name: made.name }) });
    use.addEventListener("click", () => {
      const toml = mineToml(`@mine:${id}`);
      if (!toml) return;
      armyAsk(() => ({ data: state.data,
        use: { kind: entry.kind, index: entry.index, field: made.field, toml, id } }), use,
      () => focusOn([$(`nq-army-${entry.kind}-${entry.index}`)?.querySelector("h3")],
        say(said.outdated_used, { name: made.name, entry: entry.name })));
    });
    return el("p", { className: "nq-army-outdated" },
      say(said[`outdated_${made.field}`], { name: made.name }), " ", use);
  };

  const keepSelection = (selected) => {
    const again = selected && $(selected.id);
    if (!again || again !== document.activeElement || again.value !== selected.value) return;
    again.setSelectionRange(selected.start, selected.end, selected.direction);
  };
  // An option picked in an entry's list and not yet added, kept when the entry is drawn again
  // meanwhile (the answer to the player's previous edit): the list was back at its first item,
  // and Add added a Dagger/Knife in place of the Spear picked (player round 41).
  const chosenOptions = (list) => [...list.querySelectorAll("select.nq-army-option-picker")]
    .filter((picker) => picker.selectedIndex > 0)
    .map((picker) => [picker.id, picker.dataset.entry, picker.value]);
  const keepChosen = (chosen) => {
    for (const [id, entry, value] of chosen) {
      const picker = $(id);
      if (!picker || picker.dataset.entry !== entry) continue;
      if ([...picker.options].some((option) => option.value === value)) picker.value = value;
    }
  };
  // What the entries were last drawn from: the answer and the player's profiles they list. An
  // army asked again as a profile is kept (rechecks) is drawn anew only if that changed: the
  // builder's field left, its typing already sent, keeps the profile unchanged, and the entries
  // drawn anew between the press and the release of a button of theirs ("Use ... as it is now")
  // lost its click.
  let drawnFrom = "";
  const drawSource = (result) => JSON.stringify([result,
    keptProfiles().map((p) => [p.id, shownProfileName(p), p.name, p.type])]);
  const draw = (result, unlessSame = false) => {
    const source = drawSource(result);
    if (unlessSame && source === drawnFrom && !("stale" in box.dataset)) return;
    drawnFrom = source;
    // The reader's place is kept: the focused control, and what was typed there but not sent.
    const focused = document.activeElement && box.contains(document.activeElement)
      ? document.activeElement : null;
    const typed = focused && focused.type === "text" && focused.value !== focused.dataset.shown
      ? focused.value : null;
    const place = focused && !focused.id ? placeOf(focused) : null;
    // and where it is in the window, if it is there: the field drawn anew stays under the
    // player's finger, whatever the answer drew above it (the field was drawn 220 px lower, then
    // the browser's own scroll to it, focused again, put it 180 px above where it was typed in).
    const shown = focused && focused.getBoundingClientRect();
    const shownAt = shown && shown.bottom > 0 && shown.top < window.innerHeight ? shown.top : null;
    // and what was selected there: a count selected to be typed over, drawn again meanwhile
    // (a profile kept above, an answer coming in), is still typed over, never typed after
    // ("0" selected, the army drawn, then "12" typed would make "012").
    const selected = focused && focused.type === "text" && focused.id
      ? { id: focused.id, value: focused.value, start: focused.selectionStart,
        end: focused.selectionEnd, direction: focused.selectionDirection } : null;
    const wrong = wrongCounts();
    for (const name of ["name", "points"]) {
      const control = $(`nq-army-${name}`);
      if (control === focused && typed !== null) continue;
      // An untitled army's name is the field's placeholder, the field left empty.
      const value = String(result.data[name]);
      const untitled = name === "name" && Object.values(conf.untitled).includes(value);
      control.value = control.dataset.shown = untitled ? "" : value;
      showError(control, "");
      control.removeAttribute("aria-invalid");
    }
    const breaches = result.breaches;
    delete box.dataset.stale;
    $("nq-army-stale").hidden = true;
    const summary = $("nq-army-summary");
    summary.textContent = result.summary;
    summary.classList.toggle("nq-refused", breaches.some((b) => b.kind === "refusal"));
    const wide = breaches.filter((b) => !b.entry);
    const wideIds = new Map(wide.map((b, n) => [b, `nq-army-wide-${n}`]));
    if (breaches.some((b) => !b.entry && b.field === "points" && b.kind === "refusal")) {
      $("nq-army-points").setAttribute("aria-invalid", "true");
    }
    const list = $("nq-army-entries");
    const chosen = chosenOptions(list);
    list.replaceChildren();
    // An entry shows its own breaches in full, and a mark for each army-wide one that
    // concerns it (the two Generals, the elite units that outnumber the core ones: the engine
    // names those entries), said once in the army's list.
    for (const entry of result.entries) {
      const own = breaches.filter((b) => b.entry && at(b.entry, entry));
      const marks = wide.filter((b) => (b.concerns || []).some((place) => at(place, entry)))
        .map((b) => [b, wideIds.get(b)]);
      list.append(entryItem(entry, own, marks, result.data[entry.kind][entry.index]));
      markFields(entry, own, "breach");
      markFields(entry, marks.map(([b]) => b), "mark");
    }
    // After the entries: a link goes to its field's control as drawn for this answer (an entry
    // just added has no control before), in the army's list as in the found list.
    $("nq-army-wide").replaceChildren(...wide.map((b) => breachItem(b, wideIds.get(b),
      result.entries)));
    $("nq-army-found").replaceChildren(...result.entries.map((entry) => foundItem(entry, breaches))
      .filter(Boolean));
    $("nq-army-toml").textContent = result.toml;
    drawRoster(result.roster);
    if (focused && !box.contains(focused) && focused.id) {
      const again = $(focused.id);
      if (again) {
        again.focus({ preventScroll: shownAt !== null });
        if (typed !== null) again.value = typed;
        if (again.type === "text") again.setSelectionRange(again.value.length, again.value.length);
        if (shownAt !== null) holdInWindow(again, shownAt);
      }
    }
    if (place && !focused.isConnected) focusPlace(place, shownAt);
    keepWrong(wrong);
    keepChosen(chosen);
    if (box.dataset.drawn !== String(state.owner)) keepSwitched();
    box.dataset.drawn = String(state.owner);
    keepSelection(selected);
  };

  // Under the summary, every refusal and warning of an entry (its own breaches, its profile's
  // warnings), grouped by entry: a link each, which focuses the field it is about (else the
  // entry's heading). With the army-wide list, what the summary counts is listed there.
  const foundItem = (entry, breaches) => {
    const own = breaches.filter((b) => b.entry && at(b.entry, entry))
      .map((b) => [b.kind, b.said || b.text, b.field]);
    const found = [...own, ...entry.warnings.map((w) => [w.kind || "warning", w.text, w.field])];
    if (!found.length) return null;
    const links = found.map(([kind, text, name]) => {
      const link = goTo(entry, name, el("a", { href: `#${placeOf_(entry, name)}` },
        el("strong", { textContent: kind === "refusal" ? said.refused : said.warning }), ` ${text}`));
      return el("li", { className: kind === "refusal" ? "nq-army-refusal" : "nq-army-warning" },
        link);
    });
    return el("li", { className: "nq-army-found-entry" },
      el("span", { textContent: `${entry.kind_name} · ${entry.name}` }),
      el("ul", {}, ...links));
  };

  // A control without an id (a rule's link in a breach, an entry's heading) is found again by its
  // holder's id and its rank there; gone with its breach, the focus goes on to the add form.
  const FOCUSABLE = "a[href], button, input, select, [tabindex]";
  const placeOf = (node) => {
    const holder = node.parentElement?.closest("[id]");
    return holder && { id: holder.id, at: [...holder.querySelectorAll(FOCUSABLE)].indexOf(node) };
  };
  const focusPlace = (place, top) => {
    const holder = $(place.id);
    const again = holder && holder.querySelectorAll(FOCUSABLE)[place.at];
    if (!again) {
      $("nq-army-add-kind").focus();
      return;
    }
    again.focus({ preventScroll: top !== null });
    if (top !== null) holdInWindow(again, top);
  };

  const drawRoster = (sheet) => drawArmyRoster(sheet, el, $("nq-army-roster"));

  // A field a breach is about points to it (its description), and is marked if it is refused.
  const markFields = (entry, own, kind) => {
    own.forEach((breach, n) => {
      const control = breach.field && $(`nq-army-${entry.kind}-${entry.index}-${breach.field}`);
      if (!control) return;
      const itemId = `nq-army-${entry.kind}-${entry.index}-${kind}-${n}`;
      control.setAttribute("aria-describedby",
        `${control.getAttribute("aria-describedby") || ""} ${itemId}`.trim());
      if (breach.kind === "refusal") control.setAttribute("aria-invalid", "true");
    });
  };

  // --- a second chance: "Undo" after a removal --------------------------------------------------
  // A removed entry or a deleted army comes back by the Undo bar of the list of armies (nq-kept.js).
  const armiesList = keptList({
    prefix: "nq-army",
    words: said,
    store: armies,
    open: (army, elsewhere) => reopen(army, elsewhere),
    make: () => {
      newArmy(conf.start.name);
      armyAsk({ data: conf.start, opening: true });
      return current();
    },
    listed,
    named: (army) => shownName(army.name),
    commit: () => commitTyped(),
    undoLast,
    // The untitled army made in a deleted one's stead goes with its "Undo" if nothing was done to it.
    untouched: (army) => shownName(army.name) === conf.start.name && !army.total,
  });
  const { offerUndo } = armiesList;

  // --- the changes -----------------------------------------------------------------------------
  const change = (kind, index, edit, control = null, after = null) => armyAsk(() => {
    const data = structuredClone(state.data);
    if (data[kind] && data[kind][index]) edit(data[kind][index]);
    return { data };
  }, control, after);

  const fieldChange = (control) => {
    const { kind, index, field: name } = control.dataset;
    const at = Number(index);
    const value = control.type === "checkbox" ? control.checked : control.value.trim();
    if (control.dataset.min && !whole(value, control)) {
      refuseCount(control);
      return;
    }
    showError(control, "");
    if (value === "@kept") return;
    if (name === "name" && value) {
      // Renamed by the engine: who joins the unit follows it (its "Joins the unit" keeps it).
      armyAsk(() => ({ data: state.data, rename: { kind, index: at, name: value } }), control);
      return;
    }
    if (name === "leader" && value.startsWith("@mine:")) {
      const toml = mineToml(value);
      const id = value.slice("@mine:".length);
      armyAsk(() => ({ data: state.data, use: { kind, index: at, field: name, toml, id } }),
        control);
      return;
    }
    change(kind, at, (record) => {
      if (name === "standard-bearer" || name === "musician") {
        const others = (record.specialists || []).filter((s) => s !== name);
        record.specialists = value ? [...others, name] : others;
      } else if (control.dataset.min) {
        record[name] = Number(value);
      } else if (value === "" || value === false) {
        delete record[name];
        if (name === "weapon") { delete record.weapons; delete record.crew; record.models = 1; }
      } else {
        record[name] = value;
        if (name === "weapon" && record.crew === undefined) {
          delete record.models;
          record.crew = conf.crew;
        }
      }
    }, control);
  };

  box.addEventListener("change", (event) => {
    const control = event.target;
    if (control.dataset.kind && control.dataset.field && control.dataset.field !== "options") {
      clearTimeout(typing);
      fieldChange(control);
    }
  });
  // Digits grouped by a space, a no-break space, a comma or a point: a game's size as a player
  // writes it, which the engine reads in the page's language (nqcore.typography.read_whole).
  const GROUPED = /^[0-9]+(?:[ ,.\u00a0\u202f][0-9]+)+$/;
  // The totals follow typing: a whole number is sent once the typing pauses; a refused one (or
  // none) leaves no total shown as current, the summary says the refusal instead.
  let typing = null;
  // A name is kept as it is typed too, and sent once the typing pauses.
  const named = (control) => control.type === "text" && !control.dataset.min
    && (control.id === "nq-army-name" || control.dataset.field === "name");
  box.addEventListener("input", (event) => {
    const control = event.target;
    if (named(control)) {
      clearTimeout(typing);
      keepTyped(control, control.value.trim());
      typing = setTimeout(() => control.dispatchEvent(new Event("change", { bubbles: true })), 300);
      return;
    }
    if (!control.dataset.min) return;
    clearTimeout(typing);
    const text = control.value.trim();
    if (!whole(text, control) && !(control.id === "nq-army-points" && GROUPED.test(text))) {
      forgetTyped(control);
      // A field emptied while typing waits for its number: refused once left, beside the field
      // and in the summary (player round eighteen); a refusal already said stays said in both
      // until a number is typed (player round 32: the summary kept it, the field's line emptied)
      if (text !== "") refuseCount(control);
      return;
    }
    showError(control, "");
    keepTyped(control, text);
    typing = setTimeout(() => control.dispatchEvent(new Event("change", { bubbles: true })), 300);
  });
  // What is typed but not sent yet, sent now for the open army (before another is opened, made
  // or deleted, or the page left); the field then shows what the next army drawn has.
  const commitTyped = () => {
    const focused = document.activeElement;
    clearTimeout(typing);
    if (!focused || !box.contains(focused) || focused.type !== "text") return;
    if (focused.value === focused.dataset.shown) return;
    focused.dispatchEvent(new Event("change", { bubbles: true }));
    focused.dataset.shown = focused.value;
  };
  for (const name of ["name", "points"]) {
    $(`nq-army-${name}`).addEventListener("change", (event) => {
      clearTimeout(typing);
      const control = event.target;
      const value = control.value.trim() || (name === "name" ? conf.start.name : "");
      const grouped = name === "points" && !whole(value, control) && GROUPED.test(value);
      if (name === "points" && !whole(value, control) && !grouped) {
        refuseCount(control);
        return;
      }
      // A grouped number ("1,500", « 1 500 ») is the engine's to read, as the page's language
      // writes it; it refuses anything else beside the field.
      const sent = name === "points" ? (grouped ? value : Number(value)) : value;
      // Left as the open army has it, nothing asked still unanswered and nothing refused: not
      // asked again (its answer drew the entries anew under the press that left the field, on
      // one of their buttons, and the click was lost).
      const held = unanswered === 0 && state.data && state.owner === current()?.id
        && !("stale" in box.dataset) && control.getAttribute("aria-invalid") !== "true"
        && state.data[name] === sent;
      if (held) {
        const army = current(); // what was typed there is the army's: nothing left to send
        if (army?.typed && JSON.stringify({ ...army.typed, [name]: state.data[name] })
          === JSON.stringify(state.data)) {
          delete army.typed;
          store();
        }
        return;
      }
      armyAsk(() => ({ data: { ...state.data, [name]: sent } }), control);
    });
  }

  // The add form offers the profiles the chosen kind of entry takes (the types the engine
  // checks, conf.takes): a group left empty goes. Those the engine takes without a word for
  // that kind (conf.fits: a support unit's support models) come first, in a group of their own.
  const drawAdd = () => {
    const pick = $("nq-army-add-profile");
    const value = pick.value;
    const kind = $("nq-army-add-kind").value;
    const takes = conf.takes[kind] || [];
    pick.replaceChildren();
    pick.append(...profileChoices(), $("nq-army-profiles").content.cloneNode(true));
    for (const option of pick.querySelectorAll("option[data-type]")) {
      if (!takes.includes(option.dataset.type)) option.remove();
    }
    const fits = [...pick.querySelectorAll("option[data-type]")]
      .filter((option) => (conf.fits[kind] || []).includes(option.dataset.type));
    if (fits.length) pick.prepend(el("optgroup", { label: said.support_models }, ...fits));
    for (const group of pick.querySelectorAll("optgroup:empty")) group.remove();
    // A kind chosen anew starts on its first fitting profile; else the profile chosen stays.
    if (fits.length && kind !== addKind) pick.value = fits[0].value;
    else if (value) pick.value = value;
    if (!pick.value && pick.options.length) pick.selectedIndex = 0;
    addKind = kind;
  };
  let addKind = null;
  $("nq-army-add-kind").addEventListener("change", drawAdd);
  $("nq-army-add").addEventListener("click", () => {
    const kind = $("nq-army-add-kind").value;
    const profile = $("nq-army-add-profile").value;
    showError($("nq-army-add"), "");
    let add = { kind, profile };
    if (profile.startsWith("@mine:")) {
      add = { kind, toml: mineToml(profile), id: profile.slice("@mine:".length) };
    }
    armyAsk(() => ({ data: state.data, add }), $("nq-army-add"), (result) => {
      const last = (result.data[kind] || []).length - 1;
      const added = result.entries.find((e) => e.kind === kind && e.index === last);
      // The new entry's name has the focus (its place in the list), and its addition is said.
      if (added) {
        focusOn([`nq-army-${kind}-${last}-name`, $("nq-army-add")],
          say(said.added_entry, { name: added.name }));
      }
    });
  });
  // A copy of the open army, as it was last answered, named "… (2)" (the first name no kept army
  // has), kept and opened; the focus goes to its name, to rename it.
  const copyName = (name) => {
    const taken = new Set(armies.all().map((army) => army.name));
    let found = `${name} (2)`;
    for (let n = 3; taken.has(found); n += 1) found = `${name} (${n})`;
    return found;
  };
  $("nq-army-duplicate").addEventListener("click", async () => {
    commitTyped();
    await queue;
    if (!state.data) return;
    const name = copyName(state.data.name);
    newArmy(name, state.toml);
    await armyAsk({ data: { ...state.data, name }, reopened: true }, null,
      () => focusOn(["nq-army-name"], say(said.duplicated, { name })));
  });
  // The roster as plain text (the engine's, the printed roster's content in the page's
  // language): copied, or downloaded as a .txt file named after the army.
  const rosterText = async () => {
    await queue;
    return state.answer ? state.answer.roster_text : "";
  };
  $("nq-army-copy").addEventListener("click", async () => {
    const text = await rosterText();
    const shown = $("nq-army-copied");
    try {
      await navigator.clipboard.writeText(text);
      shown.classList.remove("nq-refused");
      shown.textContent = said.copied;
    } catch {
      shown.classList.add("nq-refused");
      shown.textContent = said.copy_failed;
    }
  });
  $("nq-army-text").addEventListener("click", async () => {
    const file = new Blob([await rosterText()], { type: "text/plain;charset=utf-8" });
    const download = fileNamed(state.data && state.data.name, "army").replace(/\.toml$/, ".txt");
    const link = el("a", { href: URL.createObjectURL(file), download });
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  });
  // Printed, the page is the roster alone (printAlone, nq-at-table.js), until the print is done.
  $("nq-army-print").addEventListener("click", () => printAlone($("nq-army-roster"), "roster"));
  $("nq-army-export").addEventListener("click", () => {
    const file = new Blob([state.toml || ""], { type: "application/toml" });
    const download = fileNamed(state.data && state.data.name, "army");
    const link = el("a", { href: URL.createObjectURL(file), download });
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  });
  const importer = $("nq-army-import");
  // The file chosen last is the one read and said: an earlier file's refusal, or its answer
  // coming later, is never shown beside it (player round 29: a larger file read for 2 s under
  // the refusal of the one before, which then showed under both).
  let importing = 0;
  importer.addEventListener("change", async () => {
    const file = importer.files[0];
    if (!file) return;
    const turn = ++importing;
    // the last file's refusal goes; the words that this one waits for the engine stay
    if (form_error(importer)?.textContent !== words.import_waiting) showError(importer, "");
    $("nq-army-status").textContent = say(said.import_reading, { file: file.name });
    const bytes = await chosenBytes(importer, file, said.refused_file);
    if (!bytes || turn !== importing) return;
    const result = await ask({ army_import: base64(bytes), file: file.name });
    if (turn !== importing) return;
    importer.value = "";
    $("nq-army-status").textContent = "";
    if (result.error) {
      // A profile file is said as one, with where it goes; any other refusal says why.
      showError(importer, result.file_kind === "profile" ? said.profile_file
        : `${say(said.refused_file, { refusal: result.error })}\n${said.choose_file}`);
      return;
    }
    showError(importer, "");
    // The army keeps the file's name. If a kept army has it, the player is asked: the file's
    // replaces that one, or is kept beside it as "The Barrow Host (2)" (the first name free).
    const name = result.data.name;
    const same = armies.all().find((army) => army.name === name);
    const copy = copyName(name);
    const how = same ? await askSame(name, copy) : "new";
    commitTyped();
    if (how === "replace") {
      armies.pick(same.id);
      Object.assign(same, { toml: result.toml, data: result.data });
      delete same.typed;
      store();
      armiesList.draw();
      await armyAsk({ toml: result.toml });
      $("nq-army-status").textContent = say(said.replaced, { name });
    } else if (how === "both") {
      newArmy(copy, result.toml);
      await armyAsk({ data: { ...result.data, name: copy }, reopened: true });
    } else if (how === "new") {
      newArmy(name, result.toml);
      await armyAsk({ toml: result.toml });
    } else {
      // Escape: nothing imported, said, the focus back where the import began.
      $("nq-army-status").textContent = said.import_cancelled;
      importer.focus();
    }
  });
  const askSame = (name, copy) => new Promise((resolve) => {
    const asking = $("nq-army-same");
    $("nq-army-same-text").textContent = say(said.same_text, { name, copy });
    asking.returnValue = "";
    asking.addEventListener("close", () => resolve(asking.returnValue), { once: true });
    asking.showModal();
    $("nq-army-same-both").focus();
  });

  // Until the engine is ready the army cannot be priced: the summary says it loads, or why not.
  // What is done meanwhile waits in the queue (a profile chosen, Add pressed, a name typed).
  $("nq-army-summary").textContent = window.nqAtTable.spared
    ? window.nqAtTable.sparedHere : words.loading;
  // A tap on the pinned summary brings the refusals and warnings it counts into view (player
  // round 26: the calculators' pinned answer did so, the army's did nothing).
  $("nq-army-summary").addEventListener("click", () => {
    const found = [$("nq-army-wide"), $("nq-army-found")].find((list) => list.children.length);
    (found || $("nq-army-summary")).scrollIntoView({ block: "center" });
  });
  drawAdd();
  ready.catch(async () => { $("nq-army-summary").textContent = await engineFailure(); });
  drawKept();
  landIn();
  // The army shown first, once the engine is ready: the queue's first request; then the field
  // the page was opened at has the caret, if nothing else has it.
  queue = queue.then(landIn);
  function opening() {
    drawAdd();
    if (!current()) {
      if (armies.all().length) armies.pick(armies.all()[0].id);
      else newArmy(conf.start.name);
    }
    armiesList.draw();
    priceTheOthers();
    return reopening(current());
  }
  // The open army's entries as last answered (kept with it, and what was typed since), drawn
  // at once, before the engine is ready: their fields where the engine will draw them, with
  // their values, under their names and kinds, without prices or breaches (the summary says
  // the engine loads). A player who switched language from a field lands there at once
  // (nq-keep.js); what is done in them waits in the queue like any change.
  function drawKept() {
    const army = current();
    const data = army && (army.typed || army.data);
    if (!data || typeof data !== "object" || Array.isArray(data)) return;
    try {
      state.data = data;
      const items = KINDS.flatMap((kind) => (Array.isArray(data[kind]) ? data[kind] : [])
        .map((record, index) => entryItem({ kind, index, kind_name: said[`kind-${kind}`],
          name: String(record.name), points_said: "", lines: [], warnings: [] }, [], [], record)));
      $("nq-army-entries").replaceChildren(...items);
      for (const name of ["name", "points"]) {
        const value = String(data[name] ?? "");
        const control = $(`nq-army-${name}`);
        const untitled = name === "name" && Object.values(conf.untitled).includes(value);
        control.value = control.dataset.shown = untitled ? "" : value;
      }
    } catch {
      state.data = null; // another version's tables: the engine draws the army
      $("nq-army-entries").replaceChildren();
    }
  }
  // The field the page was opened at (the language switch's anchor, nq-keep.js) takes the
  // caret, at the end of its value, unless the player has put it elsewhere.
  function landIn() {
    let id = "";
    try { id = decodeURIComponent(window.location.hash.slice(1)); } catch { return; }
    const field = id.startsWith("nq-army-") && $(id);
    const free = !document.activeElement || document.activeElement === document.body;
    if (!field || !field.matches("input, select") || !free) return;
    field.focus({ preventScroll: true });
    if (field.type === "text") field.setSelectionRange(field.value.length, field.value.length);
  }
  // Armies kept without their points (by an earlier version of this page) are priced in turn,
  // after the open one, so that the list gives every army's points against its game's.
  const priceTheOthers = () => {
    for (const army of armies.all()) {
      if (army.total !== undefined || !army.toml || army === current()) continue;
      queue = queue.then(async () => {
        const result = await ask({ army: { file: "army.toml", toml: army.toml } });
        if (result.error) return;
        Object.assign(army, { total: result.total, points: result.points });
        store();
        armiesList.draw();
      }).catch(() => null);
    }
  };
  // The player's own profile is listed once the profile builder has kept one (on this page, or
  // in another tab).
  window.addEventListener("storage", drawAdd);
  // Kept by the builder on this page: offered by its name in the add list and the leaders' lists.
  // An army with an entry made from the builder's profiles is asked again: the engine says
  // which of them have changed since (outdatedNote).
  document.addEventListener("nq-profile-kept", () => {
    drawAdd();
    if (state.data && JSON.stringify(state.data).includes('"builder_id"')) {
      armyAsk(() => { // the same army: nothing to undo
        const request = { data: state.data, undo: true };
        rechecks.add(request);
        return request;
      });
    } else if (state.answer) draw(state.answer, true);
  });
  $("nq-army-add-profile").addEventListener("focus", drawAdd);
  return {
    ask: armyAsk, state, idle: () => queue,
    kept: () => ({ armies: armies.all(), current: current()?.id }),
  };
}

if (armyBox) window.nqAtTable.army = armyBuilder(armyBox);
