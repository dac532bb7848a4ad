/*
 * No Quarter: the search finds the rule (nqsphinx/site/search.py).
 *
 * Sphinx serves this file inside language_data.js (html_search_scorer), after searchtools.js
 * and the language's stemmer.  Its data come from <meta name="nq-search"> on the search page:
 *   weights   page -> factor below 1, for the pages that are not rules (command line, coverage)
 *   stems     word -> stem, the words the stemmer would merge with unrelated ones
 *   synonyms  [words, page, anchor]: words players type that the book does not use
 *   definitions  glossary entry anchor -> [page, anchor] of the section that defines the term
 *
 * Ranking: the names of things come first: page and section titles, glossary terms, spells,
 * weapons, abilities... (the "nq" objects of the index), and the synonyms, which stand for their
 * target.  A name scores by how much of it the query covers, every word of the query being
 * needed, word by word, accents and case aside: the same word, the same stem, or (in a long word
 * the book does not use) one typing slip; the kind of thing breaks ties, and a section that
 * defines a glossary term the query names comes first among sections.  Then the pages whose text
 * holds the words (Sphinx's own full-text results).  Every result on a weighted page has its score
 * multiplied by the page's weight.
 */
"use strict";

(() => {
  const meta = document.querySelector('meta[name="nq-search"]');
  if (!meta || typeof Search === "undefined") return;
  const config = JSON.parse(meta.content);

  // The stemmer of the index, with the same exceptions (searchtools makes one per query).
  const BaseStemmer = window.Stemmer;
  window.Stemmer = function NQStemmer() {
    const base = new BaseStemmer();
    this.stemWord = (word) => config.stems[word] ?? base.stemWord(word);
  };

  /** Scores of a name: the whole name typed, its words covered; kinds break ties. */
  const EXACT = 100;
  const STEM = 0.97; // the same stem, another form ("wound" for "wounding")
  // One letter missing, extra, changed or swapped, in a word of 5 letters or more that the book
  // does not use ("armor" is "armour", but "armour" is not "armoury").
  const SLIP = 0.8;
  const BONUS = { synonym: 4, page: 3, section: 2, object: 1, term: 0 };
  const DEFINES = 1.5; // a section that defines a glossary term the query names

  const fold = (text) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const compact = (text) => fold(text).replace(/[^\p{L}\p{N}]+/gu, "");
  let stemmer = null;
  /** The words that count (stop words and single letters aside): as written, and stemmed. */
  const tokens = (text) => {
    stemmer ??= new Stemmer();
    return text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 1 && !stopwords.has(word))
      .map((word) => {
        const stem = stemmer.stemWord(word);
        return { form: fold(word), stem: fold(stem), known: used(stem) };
      });
  };
  const used = (stem) => {
    const { terms, titleterms } = Search._index;
    return Object.hasOwn(terms, stem) || Object.hasOwn(titleterms, stem);
  };

  /** At most one edit (insertion, deletion, substitution, transposition) apart. */
  const oneSlip = (a, b) => {
    if (Math.abs(a.length - b.length) > 1) return false;
    let i = 0;
    while (i < a.length && a[i] === b[i]) i += 1;
    if (a.length === b.length) {
      if (a.slice(i + 1) === b.slice(i + 1)) return true;
      return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
    }
    const [shorter, longer] = a.length < b.length ? [a, b] : [b, a];
    return shorter.slice(i) === longer.slice(i + 1);
  };
  const wordMatch = (typed, word) => {
    if (typed.form === word.form) return 1;
    if (typed.stem === word.stem) return STEM;
    const [a, b] = [typed.stem, word.stem];
    return !typed.known && a.length >= 5 && b.length >= 5 && oneSlip(a, b) ? SLIP : 0;
  };

  /** How well the query (its tokens and compact form) names ``name`` (0 when it does not). */
  const nameScore = (query, name) => {
    if (name.compact === query.compact) return 1;
    if (!name.tokens.length || !query.tokens.length) return 0;
    let quality = 0;
    const covered = new Set();
    for (const typed of query.tokens) {
      let best = 0;
      let where = -1;
      name.tokens.forEach((word, i) => {
        const found = wordMatch(typed, word);
        if (found > best) [best, where] = [found, i];
      });
      if (!best) return 0;
      quality += best;
      covered.add(where);
    }
    quality /= query.tokens.length;
    return quality * (0.5 + (0.5 * covered.size) / name.tokens.length);
  };

  const named = (text) => ({ compact: compact(text), tokens: tokens(text) });
  /** "Line Of Sight (LOS)" answers to its whole name, its name and its abbreviation. */
  const names = (title) => {
    const parts = title.match(/^(.+?)\s*\(([^()]+)\)$/);
    return (parts ? [title, parts[1], parts[2]] : [title]).map(named);
  };

  /** Everything that has a name, built once from the index and the synonyms. */
  let things = null;
  const collect = (index) => {
    const all = [];
    const byTarget = new Map();
    const add = (thing) => {
      thing.order = all.length; // a fixed order for ties: pages, objects, sections, synonyms
      all.push(thing);
      const key = `${thing.file}#${thing.anchor}`;
      if (!byTarget.has(key) || thing.kind !== "section") byTarget.set(key, thing);
    };
    index.titles.forEach((title, file) =>
      add({ file, anchor: "", title, descr: null, kind: "page", names: names(title) }),
    );
    const objectNames = new Set();
    for (const [prefix, entries] of Object.entries(index.objects)) {
      for (const [file, type, , short, name] of entries) {
        const [domain, kind, kindName] = index.objnames[type];
        if (domain !== "nq") continue;
        const full = prefix ? `${prefix}.${name}` : name;
        const anchor = short === "" ? full : short === "-" ? `${kind}-${full}` : short;
        const descr = kindName + _(", in ") + index.titles[file];
        objectNames.add(`${file}#${full}`);
        add({ file, anchor, title: full, descr, kind: kind === "term" ? "term" : "object",
              names: names(full) });
      }
    }
    for (const [title, found] of Object.entries(index.alltitles)) {
      for (const [file, id] of found) {
        // Auto ids (table captions, example titles) are not sections; a section that defines
        // an entity is that entity.
        if (!id || /^id\d+$/.test(id) || objectNames.has(`${file}#${title}`)) continue;
        add({ file, anchor: id, title: `${index.titles[file]} > ${title}`, descr: null,
              kind: "section", names: names(title) });
      }
    }
    for (const [words, page, anchor] of config.synonyms) {
      const file = index.docnames.indexOf(page);
      if (file < 0) continue;
      const target = byTarget.get(`${file}#${anchor}`) ?? byTarget.get(`${file}#`);
      if (target) add({ ...target, anchor, kind: "synonym", names: [named(words)] });
    }
    return all;
  };

  const weight = (index, file) => config.weights[index.docnames[file]] ?? 1;

  const rank = (query) => {
    const index = Search._index;
    things ??= collect(index);
    const wanted = named(query);
    const found = [];
    const defined = new Set();
    for (const thing of things) {
      const best = Math.max(...thing.names.map((name) => nameScore(wanted, name)));
      if (!best) continue;
      found.push([thing, best]);
      const section = thing.kind === "term" && config.definitions[thing.anchor];
      if (section) defined.add(`${section[0]}#${section[1]}`);
    }
    const results = [];
    for (const [thing, best] of found) {
      const where = `${index.docnames[thing.file]}#${thing.anchor}`;
      const defines = thing.kind === "section" && defined.has(where);
      const bonus = BONUS[thing.kind] + (defines ? DEFINES : 0);
      const score = (EXACT * best + bonus) * weight(index, thing.file);
      const anchor = thing.anchor ? `#${thing.anchor}` : "";
      const shown = thing.descr ? "object" : "title"; // Sphinx's kinds, for the theme
      const [page, file] = [index.docnames[thing.file], index.filenames[thing.file]];
      results.push([page, thing.title, anchor, thing.descr, score, file, shown, thing.order]);
    }
    return results;
  };

  // Sphinx's results are sorted lowest first (the page shows them from the end); of equal
  // scores, the one the index holds first (full-text results last), then by title.
  const position = (result) => result[7] ?? Infinity;
  const byScore = (a, b) =>
    a[4] - b[4] ||
    position(b) - position(a) ||
    (a[1].toLowerCase() < b[1].toLowerCase() ? 1 : -1);

  const sphinxSearch = Search._performSearch;
  Search._performSearch = (query, searchTerms, excludedTerms, highlightTerms, objectTerms) => {
    const index = Search._index;
    // Sphinx's full-text results: the pages whose text holds the words, after every name.
    const text = sphinxSearch(query, searchTerms, excludedTerms, highlightTerms, objectTerms)
      .filter((result) => result[6] === "text")
      .map((result) => {
        const file = index.docnames.indexOf(result[0]);
        return [...result.slice(0, 4), result[4] * weight(index, file), ...result.slice(5)];
      });
    const best = new Map();
    for (const result of [...rank(query), ...text]) {
      const key = `${result[0]}${result[2]}`;
      if (!best.has(key) || best.get(key)[4] < result[4]) best.set(key, result);
    }
    return [...best.values()].sort(byScore);
  };

  // Nothing found: Sphinx's message asked to select "enough categories" (there are none); ours
  // sends to the glossary and, for a word the book does not hold, suggests the nearest word of a
  // glossary term or a title (at most two edits: "chrage" -> "Charge").
  const NONE = "Your search did not match any documents. Please make sure that all words are "
    + "spelled correctly and that you've selected enough categories.";
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
  let vocabulary = null;
  const vocabularyOf = () => {
    if (vocabulary) return vocabulary;
    vocabulary = new Map();
    things ??= collect(Search._index);
    for (const thing of things) {
      if (!["term", "page", "section"].includes(thing.kind)) continue;
      const title = thing.title.split(" > ").pop();
      for (const word of title.split(/[^\p{L}\p{N}]+/u)) {
        if (word.length >= 4 && !vocabulary.has(fold(word))) vocabulary.set(fold(word), word);
      }
    }
    return vocabulary;
  };
  const nearest = (word) => {
    let best = null;
    let least = 3;
    for (const [folded, shown] of vocabularyOf()) {
      const apart = Math.abs(folded.length - word.length) < least ? distance(word, folded) : 3;
      if (apart < least) [best, least] = [shown, apart];
    }
    return best;
  };
  const suggestion = (query) => {
    let changed = false;
    const words = query.trim().split(/\s+/).map((word) => {
      const folded = fold(word);
      if (folded.length < 4 || vocabularyOf().has(folded)) return word;
      const found = nearest(folded);
      changed ||= Boolean(found);
      return found ?? word;
    });
    return changed ? words.join(" ") : null;
  };
  const help = (query) => {
    const status = Search.status;
    if (!status || status.innerText !== config.messages.none) return;
    status.append(" ");
    const link = document.createElement("a");
    link.href = config.messages.glossary;
    link.textContent = config.messages.open;
    status.append(link);
    const better = suggestion(query);
    if (!better) return;
    const offer = document.createElement("p");
    offer.className = "nq-search-suggestion";
    const again = document.createElement("a");
    again.href = `?q=${encodeURIComponent(better)}`;
    again.textContent = better;
    offer.append(`${config.messages.meant} `, again, config.messages.end);
    status.after(offer);
  };
  const performSearch = Search._performSearch;
  Search._performSearch = (query, ...rest) => {
    Documentation.TRANSLATIONS[NONE] = config.messages.none;
    const results = performSearch(query, ...rest);
    if (!results.length) queueMicrotask(() => help(query));
    return results;
  };

  // Snippets: the rules' words, never the Python of a worked example, a command line or the
  // page's navigation (the language switch).
  Search.htmlToText = (htmlString, anchor) => {
    const page = new DOMParser().parseFromString(htmlString, "text/html");
    const hidden = ".headerlink, script, style, nav, pre, div[class*='highlight'], .doctest";
    page.querySelectorAll(hidden).forEach((element) => element.remove());
    const main = page.querySelector('[role="main"]');
    let block = anchor && main ? main.querySelector(`#${CSS.escape(anchor.slice(1))}`) : null;
    // A section's second anchor is an empty element at its start: the section is meant.
    if (block && !block.textContent.trim()) block = block.parentElement;
    return (block ?? main)?.textContent ?? "";
  };
})();
