/*
 * No Quarter: the header's search (nqsphinx/site/quick_search.py).
 *
 * The field is an ARIA combobox: as the player types (after a short pause), the best matches are
 * listed below it, each with its kind (rule section, spell, weapon, sample profile, glossary
 * term...) and where it is.  Arrow keys move through them, Enter opens the chosen one (the
 * search page with every result if none is chosen), Escape closes the list, then the field on a
 * phone.  The last option opens
 * the search page with the same words; without scripts the form goes there.  Each option is
 * a link (<a role="option">): a Ctrl, Cmd or middle click, or a long press, acts as on any link.
 * The search page (nq-search-page.js, where the sidebar's box goes too) lists every result of
 * the same search, in the same order.
 *
 * The index is loaded when the field is first focused: the snowball stemmer Sphinx ships for the
 * language, MiniSearch (tools/search), and _static/nq-search-index.js (documents and how the
 * language reads a question).  A query is read as the index was: lower case, elided articles
 * (l', d') dropped, stop words dropped, stemmed (the words of docs/_data/search.toml's [stems]
 * under their own stem: « sort », a spell, is not « sortir »), accents folded.  A document is
 * found by its title, by the words of docs/_data/search.toml that point at it, by its engine
 * key (English names on the French site), by its page's title, then by its first words, then by
 * the rest of its text; pages that are not rules weigh less.  A document that holds more of the question's words comes first.
 */
"use strict";

(() => {
  const root = document.documentElement.dataset.content_root ?? "";
  const LIMIT = 8;
  const PAUSE = 120; // ms after the last key before the list is drawn
  const BOOST = { title: 6, keywords: 5, key: 3, context: 1.5, lead: 1, more: 0.4 };
  // A section's first words say what it is about; the rest of its text (a worked example, a
  // case) is found too, and counts less.
  const LEAD = 60;
  // A query that is a word search.toml gives a thing, whole, finds that thing first: "mouvement"
  // is Move's word, not the start of "Mouvement de poursuite".
  const NAMED = 3;
  // A title that holds the one word typed as it is typed (accents and case aside, before
  // stemming), or a thing search.toml names with the words typed, beats one found through a stem
  // or a prefix: "wounding" is Wounding the Target before Wounds (W); "movement" is Move before
  // Follow Up Movement.  A question ("how far can I charge") weighs its words by coverage alone.
  const EXACT = 2;
  const AHEAD = 1.01; // a chapter's score over its best section's
  // A text that holds the question's words close together, as a phrase ("General within 10""
  // for "general within 10 inches bonus"), counts up to NEAR times more than one that holds
  // them far apart: the most of them within WINDOW words of the text, stop words aside.
  const NEAR = 3;
  const WINDOW = 8;
  const PHRASE = 3;
  // A distance's inch sign, read as the language's word for inches (config.inch) there.
  const INCHES = /(\d)["″]/gu;
  // A result's snippet: this many words of its text, this many of them before the match.
  const SNIPPET_WORDS = 14;
  const SNIPPET_BEFORE = 5;
  const KIND = { page: 1.3, section: 1.2, term: 1.1 };

  let loading = null;
  const script = (src) =>
    new Promise((resolve, reject) => {
      const element = document.createElement("script");
      element.src = `${root}_static/${src}`;
      element.onload = resolve;
      element.onerror = () => reject(new Error(src));
      document.head.append(element);
    });
  const fold = (text) => text.normalize("NFD").replace(/\p{M}/gu, "");
  // A name as typed, for comparing whole names: accents, case, apostrophes and spaces aside.
  const said = (text) => fold(text.toLowerCase()).replace(/’/g, "'").trim().replace(/\s+/g, " ");
  // A name as spelled, spaces and signs aside: "fire ball" and "longbow" are Fireball, Long Bow.
  const spelled = (text) => said(text).replace(/[^\p{L}\p{N}]+/gu, "");

  /** The analyser of the page's language: the same for documents and queries. */
  const analyser = (config) => {
    const Stemmer = window[config.stemmer.name];
    const stemmer = Stemmer ? new Stemmer() : null;
    const stems = config.stems || {};
    // Accents are folded before the stemmer reads a word, so that a word typed without them
    // has the stem of the word with them (« moitie » is « moitié »: the stemmer cuts one to
    // "moit", the other to "moiti"), in a phrase as alone.
    const stem = (typed) => {
      const word = fold(typed);
      if (Object.hasOwn(stems, typed)) return stems[typed];
      if (Object.hasOwn(stems, word)) return stems[word];
      const read = participle(word);
      return stemmer ? stemmer.stemWord(read) : read;
    };
    // A past participle's endings read as the shortest (« terrifiee », « terrifies » as
    // « terrifie »): the stemmer cuts the folded forms apart. The longest ending is tried first;
    // a word keeps three letters before it.
    const endings = (config.participles || []).map((ending) => fold(ending.toLowerCase()))
      .sort((a, b) => b.length - a.length);
    const participle = (word) => {
      const ending = endings.find((end) => word.length - end.length >= 3 && word.endsWith(end));
      return ending ? word.slice(0, -ending.length) + endings[endings.length - 1] : word;
    };
    const stop = new Set(config.stopwords.map((w) => fold(w.toLowerCase())));
    // A word of one letter is none, unless the glossary abbreviates a term so (T, W; F, R, B).
    const letters = new Set(config.letters || []);
    const elided = config.elisions.length
      ? new RegExp(`^(?:${config.elisions.join("|")})'`, "u")
      : null;
    const tokenize = (text) => text.split(/[^\p{L}\p{N}'’]+/u);
    // A word as written, or null: lower case, its elided article (l', d') and apostrophes
    // dropped; no stop word.
    const plain = (term) => {
      let word = term.toLowerCase().replace(/’/g, "'").replace(/^'+|'+$/g, "");
      if (elided) word = word.replace(elided, "");
      if (!word || stop.has(fold(word))) return null;
      word = word.replace(/'/g, "");
      return word.length < 2 && !/\d/u.test(word) && !letters.has(word) ? null : word;
    };
    const processTerm = (term) => {
      const word = plain(term);
      return word && fold(stem(word));
    };
    // The words of a text as typed, before stemming (accents folded).
    const asTyped = (text) => tokenize(text).map(plain).filter(Boolean).map(fold);
    return { tokenize, processTerm, asTyped };
  };

  const build = (config) => {
    const { tokenize, processTerm, asTyped } = analyser(config);
    // The words the pages use: a word typed that is one of them is not read as a slip of
    // another (« forêt » is not « fouet »).
    const known = new Set();
    const engine = new window.MiniSearch({
      fields: ["title", "keywords", "key", "context", "lead", "more"],
      tokenize,
      processTerm: (term) => {
        const word = processTerm(term);
        if (word) known.add(word);
        return word;
      },
      searchOptions: { processTerm },
      extractField: (doc, field) => doc[field],
    });
    const synonyms = new Set(config.synonyms || []);
    const inch = config.inch || "";
    const docs = config.docs.map(([kind, title, href, context, text, key, keywords], id) => ({
      id, kind, title, href, context, text, key, keywords,
      lead: (text || "").split(/\s+/).slice(0, LEAD).join(" "),
      more: (text || "").split(/\s+/).slice(LEAD).join(" "),
      // the words of search.toml that stand for it ("mouvement" for Move)
      names: new Set((keywords || "").split(" | ").filter((word) => synonyms.has(word)).map(said)),
      // those of several words, as the index reads them: a question that holds one names it
      // ("what happens if I roll a 10 to hit" holds "roll of 10": Fumbles)
      phrases: (keywords || "").split(" | ").filter((word) => synonyms.has(word))
        .map((word) => new Set(tokenize(word).map(processTerm).filter(Boolean)))
        .filter((words) => words.size > 1),
      spellings: new Set([title, key].filter(Boolean).map(spelled)),
      typed: new Set(asTyped(title)), // its title's words before stemming
      stems: new Set(tokenize(title).map(processTerm).filter(Boolean)), // as the index reads them
    }));
    engine.addAll(docs);
    const weight = (doc) =>
      (config.weights[doc.href.split(/[.#]/)[0]] ?? 1) * (KIND[doc.kind] ?? 1);
    const search = (query) => {
      const terms = tokenize(query).map(processTerm).filter(Boolean);
      const whole = said(query);
      // a one-word query, as typed: it names a thing (a question weighs its words by coverage)
      const typed = new Set(tokenize(query).filter(Boolean).length === 1 ? asTyped(query) : []);
      const asked = { typed, whole, terms: new Set(terms) };
      // The last word may be the start of one still being typed ("fireb"), but only as it is
      // typed: a word the stemmer cut ("haie" to "hai") was whole, and the start of its stem
      // would find other words ("hai" is the start of "haine").
      const last = asTyped(query).at(-1);
      const hits = engine
        .search(query, {
          boost: BOOST,
          prefix: (term, i, all) => i === all.length - 1 && term.length >= 3 && term === last,
          fuzzy: (term) => (term.length >= 5 && !known.has(term) ? 0.2 : false),
          boostDocument: (id) => weight(docs[id]),
        })
        .map((hit) => ({
          doc: { ...docs[hit.id], terms: hit.terms },
          score: hit.score * coverage(hit, terms) * named(docs[hit.id], asked)
            * exact(docs[hit.id], asked) * near(docs[hit.id], asked.terms),
        }));
      chapters(hits, asked);
      // A thing's name typed with other spaces, which the words of the index do not hold.
      const joined = spelled(query);
      const listed = new Set(hits.map((hit) => hit.doc.id));
      const best = Math.max(1, ...hits.map((hit) => hit.score));
      for (const doc of joined.length >= 4 ? docs : []) {
        if (!listed.has(doc.id) && doc.spellings.has(joined)) {
          hits.push({ doc: { ...doc, terms: [] }, score: best * NAMED * weight(doc) });
        }
      }
      return hits
        .sort((a, b) => b.score - a.score)
        .map((hit) => hit.doc)
        .filter(once());
    };
    // NAMED for a thing search.toml names with the words typed; for one it names with words the
    // question holds, up to NAMED by the share of the question's words they are (of "roll a 10
    // to hit", "roll a 10 to hit" names Fumbles more than "roll to hit" names Striking The Enemy).
    const named = (doc, { whole, terms }) => {
      if (doc.names.has(whole)) return NAMED;
      const held = doc.phrases.filter((words) => [...words].every((word) => terms.has(word)));
      const most = Math.max(0, ...held.map((words) => words.size));
      return 1 + ((NAMED - 1) * most) / Math.max(1, terms.size);
    };
    // Two documents of one title at one address (a section and the table it holds) are one result.
    const once = () => {
      const seen = new Set();
      return (doc) => !seen.has(`${doc.title}\n${doc.href}`) && seen.add(`${doc.title}\n${doc.href}`);
    };
    // EXACT for a thing named by the words typed, whose title holds the one word typed as it
    // is typed, or whose title holds every word of a query of several (as the index reads them:
    // « sauvegarde d'armure » is the title Sauvegardes d'armure; Modificateur d'armure, which
    // defines the term, holds one); else 1.
    const exact = (doc, { typed, whole, terms }) =>
      doc.names.has(whole)
      || (typed.size === 1 && doc.typed.has([...typed][0]))
      || (terms.size > 1 && [...terms].every((term) => doc.stems.has(term)))
        ? EXACT : 1;
    // A page whose title holds the words as typed is the chapter on them: it comes before its
    // own sections ("armour": Armour Saves before its Armour Modifier).
    const chapters = (hits, asked) => {
      const best = new Map();
      for (const hit of hits) {
        const page = hit.doc.href.split("#")[0];
        best.set(page, Math.max(best.get(page) ?? 0, hit.score));
      }
      for (const hit of hits) {
        if (hit.doc.kind === "page" && exact(hit.doc, asked) === EXACT) {
          hit.score = Math.max(hit.score, best.get(hit.doc.href) * AHEAD);
        }
      }
    };
    // 1 for a question of one word or a text that holds its words apart; up to NEAR for one
    // that holds them all within WINDOW words (the text read as the index reads it, once).
    const near = (doc, terms) => {
      if (terms.size < 2) return 1;
      doc.words ??= tokenize(`${doc.title} ${(doc.text || "").replace(INCHES, `$1 ${inch}`)}`)
        .map(processTerm).filter(Boolean);
      let most = 0;
      doc.words.forEach((word, at) => {
        if (!terms.has(word)) return;
        const held = new Set(doc.words.slice(at, at + WINDOW).filter((w) => terms.has(w)));
        most = Math.max(most, held.size);
      });
      return most < PHRASE ? 1 : 1 + ((NEAR - 1) * (most - 1)) / (terms.size - 1);
    };
    // A document that holds every word of the question beats one that holds one word often.
    const coverage = (hit, terms) =>
      terms.length ? 0.5 + new Set(hit.queryTerms).size / new Set(terms).size : 1;
    // The words around the first word of the document's text the question found (as the index
    // read it: the hit's terms), that word marked; the text's first words when only its title
    // or its other names matched. Drawn as text, never as HTML.
    const snippet = (doc, size = SNIPPET_WORDS) => {
      const words = (doc.text || "").split(/\s+/).filter(Boolean);
      if (!words.length) return null;
      const found = new Set(doc.terms || []);
      const hit = words.findIndex((word) => tokenize(word).some((t) => found.has(processTerm(t))));
      const at = Math.max(hit, 0);
      const start = Math.max(0, at - Math.round((size * SNIPPET_BEFORE) / SNIPPET_WORDS));
      const end = Math.min(words.length, start + size);
      const line = document.createElement("span");
      line.className = "nq-search-snippet";
      line.append(start > 0 ? "… " : "", words.slice(start, hit < 0 ? end : at).join(" "));
      if (hit >= 0) {
        const [, lead, word, trail] = words[at].match(/^([^\p{L}\p{N}]*)(.*?)([^\p{L}\p{N}]*)$/u);
        const mark = document.createElement("mark");
        mark.textContent = word;
        line.append(at > start ? " " : "", lead, mark, trail,
          at + 1 < end ? " " : "", words.slice(at + 1, end).join(" "));
      }
      if (end < words.length) line.append(" …");
      return line;
    };
    return { config, search, snippet };
  };

  const load = () => {
    loading ??= (async () => {
      await script("nq-search-index.js");
      const { stemmer } = window.nqSearchIndex;
      if (stemmer.file) {
        await script("base-stemmer.js");
        await script(stemmer.file);
      }
      await script("nq-minisearch.js");
      return build(window.nqSearchIndex);
    })();
    return loading;
  };

  const setUp = (form) => {
    const input = form.querySelector("[role=combobox]");
    const list = form.querySelector("[role=listbox]");
    const status = form.querySelector(".nq-search-status");
    const toggle = document.querySelector(`[aria-controls="${form.id}"]`);
    let timer = 0;
    let active = -1;
    let shown = [];
    let offline = false; // the list shows "Search needs this site kept for offline" alone

    const options = () => [...list.querySelectorAll("[role=option]")];
    const choose = (index) => {
      const all = options();
      active = all.length ? (index + all.length) % all.length : -1;
      all.forEach((option, i) => option.setAttribute("aria-selected", String(i === active)));
      if (active < 0) input.removeAttribute("aria-activedescendant");
      else {
        input.setAttribute("aria-activedescendant", all[active].id);
        all[active].scrollIntoView({ block: "nearest" });
      }
    };
    const close = () => {
      list.hidden = true;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
      active = -1;
    };
    // Each result is a link (role=option, out of the Tab order: the field keeps the focus), so a
    // Ctrl, Cmd or middle click opens it in a new tab and a long press offers the link's menu.
    const option = (id, title, kind, where, href, words = null) => {
      const item = document.createElement("a");
      item.id = id;
      item.href = href;
      item.tabIndex = -1;
      item.setAttribute("role", "option");
      item.setAttribute("aria-selected", "false");
      const name = document.createElement("span");
      name.className = "nq-search-title";
      name.textContent = title;
      const label = document.createElement("span");
      label.className = "nq-search-kind";
      label.textContent = kind;
      item.append(name, " ", label);
      if (where) {
        const context = document.createElement("span");
        context.className = "nq-search-where";
        context.textContent = where;
        item.append(" ", context);
      }
      if (words) item.append(" ", words);
      // The field keeps the focus (and the list stays open) while the link is pressed.
      item.addEventListener("mousedown", (event) => {
        if (event.button === 0) event.preventDefault();
      });
      item.addEventListener("click", (event) => {
        if (!(event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)) leave();
      });
      return item;
    };
    const draw = async () => {
      const query = input.value.trim();
      if (!query) {
        close();
        list.replaceChildren();
        delete list.dataset.query; // the words it showed are gone with it
        return;
      }
      let found;
      try {
        found = await load();
      } catch {
        unavailable(query);
        return;
      }
      const { config, search, snippet } = found;
      if (input.value.trim() !== query) return;
      offline = false;
      shown = search(query).slice(0, LIMIT);
      const items = shown.map((doc, i) =>
        option(`${form.id}-${i}`, doc.title, config.kinds[doc.kind] ?? doc.kind, doc.context,
               `${root}${doc.href}`, snippet(doc)),
      );
      const all = `${form.action}?q=${encodeURIComponent(query)}`;
      items.push(option(`${form.id}-all`, form.dataset.all.replace("{query}", query), "", "", all));
      // The same words drawn again (a draw that waited for the index): the option chosen stays.
      const kept = !list.hidden && list.dataset.query === query ? active : -1;
      list.replaceChildren(...items);
      list.dataset.query = query;
      list.hidden = false;
      input.setAttribute("aria-expanded", "true");
      if (kept >= 0 && kept < items.length) choose(kept);
      else {
        active = -1;
        input.removeAttribute("aria-activedescendant");
      }
      const { messages } = config;
      status.textContent = !shown.length ? messages.none
        : shown.length === 1 ? messages.one : messages.count.replace("{count}", shown.length);
    };
    // The index could not load (offline, and this site's search not kept on the device): say
    // so, and offer the home page's "Keep for offline"; online again, the next key tries again.
    const unavailable = (query) => {
      loading = null;
      if (input.value.trim() !== query) return;
      shown = [];
      offline = true;
      const keep = option(`${form.id}-keep`, form.dataset.offline, "", "", form.dataset.keep);
      list.replaceChildren(keep);
      list.hidden = false;
      input.setAttribute("aria-expanded", "true");
      active = -1;
      input.removeAttribute("aria-activedescendant");
      status.textContent = form.dataset.offline;
    };
    const leave = () => {
      close();
      if (toggle && form.classList.contains("nq-search-open")) open(false);
    };
    const go = (link) => {
      leave();
      window.location.href = link.href;
    };
    const open = (opened) => {
      form.classList.toggle("nq-search-open", opened);
      toggle.setAttribute("aria-expanded", String(opened));
      if (opened) input.focus();
      else toggle.focus();
    };

    input.addEventListener("focus", () => load().catch(() => {}));
    input.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(draw, PAUSE);
    });
    input.addEventListener("keydown", (event) => {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        if (list.hidden) return void draw();
        // Up from the field chooses the last option: all the results, on the search page.
        choose(event.key === "ArrowDown" ? active + 1 : active < 0 ? -1 : active - 1);
      } else if (event.key === "Enter") {
        // The option chosen (Arrow keys); none chosen, the results page, as the form goes
        // there (offline, the one option: keep the site for offline).
        const target = options()[active] ?? (offline ? options()[0] : null);
        if (!target || list.hidden) return; // the form goes to the search page
        event.preventDefault();
        go(target);
      } else if (event.key === "Escape") {
        if (!list.hidden) close();
        else if (toggle && form.classList.contains("nq-search-open")) open(false);
        else return;
        event.preventDefault();
      }
    });
    input.addEventListener("blur", () => setTimeout(() => {
      if (!form.contains(document.activeElement)) close();
    }, 150));
    toggle?.addEventListener("click", () => open(!form.classList.contains("nq-search-open")));
  };

  document.querySelectorAll("form.nq-search-box").forEach(setUp);
  // The search page (nq-search-page.js) lists every result of the same engine.
  window.nqSearch = load;
})();
