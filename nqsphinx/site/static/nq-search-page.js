/*
 * No Quarter: the search page (nqsphinx/site/templates/search.html), with the header's search
 * (nq-search-box.js: window.nqSearch): one analyser, one index, one ranking, so the page lists
 * first what the header's box lists first, then every other result.  Each result: its title (a
 * link to its anchor), its kind, where it is, and the rules' words around the match, from the
 * index (nqsphinx/site/quick_search.py builds them from the pages' prose: no worked example's
 * code, command line, form or navigation); no page is fetched, so a site opened from the disk
 * (file:) shows them too.
 *
 * The words searched are the page's address (?q=): the form puts them there without reloading
 * the page, and Back shows the previous search.  The summary is a live region (role=status): a
 * screen reader announces the count, or, when nothing is found, the words of help: the glossary
 * and, for a slip of typing, the nearest word of a title ("chrage": "Did you mean: Charge?").
 */
"use strict";

(() => {
  const form = document.querySelector("form.nq-search-form");
  const results = document.getElementById("search-results");
  if (!form || !results || !window.nqSearch) return;
  const root = document.documentElement.dataset.content_root ?? "";
  const input = form.querySelector("input[name=q]");
  const status = results.querySelector("[role=status]");
  const list = results.querySelector("ul.search");
  const help = document.querySelector(".nq-search-help");
  const SNIPPET_WORDS = 32; // a result's words around the match: two lines (the box shows one)
  const fold = (text) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const asked = () => new URLSearchParams(window.location.search).get("q")?.trim() ?? "";

  const item = (doc, config, snippet) => {
    const link = document.createElement("a");
    link.href = `${root}${doc.href}`;
    link.textContent = doc.title;
    const kind = document.createElement("span");
    kind.className = "nq-search-kind";
    kind.textContent = config.kinds[doc.kind] ?? doc.kind;
    const found = document.createElement("li");
    found.append(link, " ", kind);
    if (doc.context) {
      const where = document.createElement("span");
      where.className = "nq-search-where";
      where.textContent = doc.context;
      found.append(" ", where);
    }
    const words = snippet(doc, SNIPPET_WORDS);
    if (words) {
      const context = document.createElement("p");
      context.className = "context";
      context.append(words);
      found.append(context);
    }
    return found;
  };

  // "Did you mean": the nearest word (at most two letters apart) of a page's, a section's or a
  // glossary term's title, for each word of four letters or more that no title holds.
  const distance = (a, b) => {
    let row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i += 1) {
      const next = [i];
      for (let j = 1; j <= b.length; j += 1) {
        next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      }
      row = next;
    }
    return row[b.length];
  };
  const ORDER = ["page", "term", "section"];
  let vocabulary = null;
  const vocabularyOf = (config) => {
    if (vocabulary) return vocabulary;
    vocabulary = new Map();
    const named = config.docs.filter(([kind]) => ORDER.includes(kind));
    named.sort((a, b) => ORDER.indexOf(a[0]) - ORDER.indexOf(b[0]));
    for (const [, title] of named) {
      for (const word of title.split(/[^\p{L}\p{N}]+/u)) {
        if (word.length >= 4 && !vocabulary.has(fold(word))) vocabulary.set(fold(word), word);
      }
    }
    return vocabulary;
  };
  const nearest = (config, word) => {
    let [best, least] = [null, 3];
    for (const [folded, shown] of vocabularyOf(config)) {
      const apart = Math.abs(folded.length - word.length) < least ? distance(word, folded) : 3;
      if (apart < least) [best, least] = [shown, apart];
    }
    return best;
  };
  const suggestion = (config, query) => {
    let changed = false;
    const words = query.split(/\s+/).map((word) => {
      const folded = fold(word);
      if (folded.length < 4 || vocabularyOf(config).has(folded)) return word;
      const found = nearest(config, folded);
      changed ||= Boolean(found);
      return found ?? word;
    });
    return changed ? words.join(" ") : null;
  };

  const nothing = (config, query) => {
    const { messages } = config;
    const glossary = document.createElement("a");
    glossary.href = "glossary.html"; // the search page is at the root of its site
    glossary.textContent = messages.glossary;
    const summary = line("search-summary", messages.nothing, " ", glossary);
    const better = suggestion(config, query);
    if (!better) return status.replaceChildren(summary);
    const again = document.createElement("a");
    again.href = `?q=${encodeURIComponent(better)}`;
    again.textContent = better;
    const offer = line("nq-search-suggestion", `${messages.meant} `, again, messages.end);
    return status.replaceChildren(summary, offer);
  };
  const line = (name, ...parts) => {
    const paragraph = document.createElement("p");
    paragraph.className = name;
    paragraph.append(...parts);
    return paragraph;
  };

  const show = async (query) => {
    input.value = query;
    if (help) help.hidden = Boolean(query);
    list.replaceChildren();
    status.replaceChildren();
    if (!query) return;
    let engine;
    try {
      engine = await window.nqSearch();
    } catch {
      status.replaceChildren(line("search-summary", form.dataset.offline ?? ""));
      return;
    }
    const { config, search, snippet } = engine;
    if (input.value.trim() !== query) return;
    const found = search(query);
    list.replaceChildren(...found.map((doc) => item(doc, config, snippet)));
    if (!found.length) nothing(config, query);
    else {
      const { one, count } = config.messages;
      const counted = found.length === 1 ? one : count.replace("{count}", found.length);
      status.replaceChildren(line("search-summary", counted));
    }
  };

  form.addEventListener("submit", (event) => {
    const query = input.value.trim();
    const address = `?q=${encodeURIComponent(query)}`;
    try {
      window.history.pushState(null, "", address);
    } catch {
      return; // a browser that refuses (a page read from the disk): the form loads the page
    }
    event.preventDefault();
    show(query);
  });
  window.addEventListener("popstate", () => show(asked()));
  show(asked());
})();
