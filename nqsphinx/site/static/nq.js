// The language switch keeps the reader's place.  Section labels, and the order of the blocks of
// a section (paragraphs, tables, cards...), are the same in both languages.  Followed, the link
// (langswitch.py) gets #label of the section heading nearest above the reader's line (the top of
// the window, under a phone's sticky header or a desktop's strip of switches) and ?p=N, the
// block of that section the reader is at; the other page, once loaded, scrolls to that block.
// On the glossary it gets #term-<key> of the entry the reader is at.  The place is the reader's,
// not the address's: a reader who scrolled away from the address's anchor lands where they were
// reading.  On the search page the query goes across instead.
(() => {
  const HEADINGS = ":scope > :is(h1, h2, h3, h4, h5, h6)";
  // Where the language the reader chose with the switch is kept (read by the root page).
  const CHOSEN_LANGUAGE = "nq-language";
  // What stays at the top of the window: a phone's header, a desktop's strip of switches.
  const headerBottom = () => Math.max(0, ...[".mobile-header", ".nq-top-bar"]
    .map((selector) => document.querySelector(selector))
    .filter((bar) => bar && getComputedStyle(bar).display !== "none"
      && getComputedStyle(bar).position === "sticky")
    .map((bar) => bar.getBoundingClientRect().bottom));
  // Below the header, and below where a heading reached by its anchor sits (Furo's
  // scroll-margin-top of :target on a phone is 2.5rem).
  const readerLine = () => headerBottom() + 48;
  // A section's own blocks: its children but its heading, label anchors and sub-sections.
  const blocks = (section) => [...section.children].filter(
    (child) => !/^(H[1-6]|SECTION|SPAN|SCRIPT)$/.test(child.tagName),
  );
  const labelOf = (section) => {
    const permalink = section.querySelector(`${HEADINGS} > a.headerlink[href^="#"]`);
    return permalink ? permalink.getAttribute("href").slice(1) : section.id;
  };
  const place = () => {
    const article = document.getElementById("furo-main-content");
    if (!article || window.scrollY < 1) return null; // at the top: the top of the other page
    const line = readerLine();
    let current = null;
    let next = null; // the first section whose heading is below the line
    for (const section of article.querySelectorAll("section[id]")) {
      // A section not shown (the At the table page's roster, for paper) has no box: not the place.
      const heading = section.querySelector(HEADINGS);
      const box = heading && heading.getClientRects().length && heading.getBoundingClientRect();
      if (box && box.top <= line) current = section;
      else if (box && !next) next = section;
    }
    if (!current) return null;
    const own = blocks(current);
    const index = own.findIndex((b) => b.getBoundingClientRect().bottom > line);
    // At the end of the section above (the last lines of its last block under the line, the
    // next heading in the top half of the window): the reader is at the next section, not at
    // the top of that last block (a calculator's form, a screen or more above).  Only its last
    // block: a short section read from its first paragraphs, the next heading not far below,
    // is the section being read (the one the table of contents highlights).
    const last = index === own.length - 1;
    const end = last ? own[index].getBoundingClientRect().bottom : Infinity;
    const nextTop = next ? next.querySelector(HEADINGS).getBoundingClientRect().top : Infinity;
    const ending = end - line < window.innerHeight / 4 && nextTop < window.innerHeight / 2;
    if (next && (index < 0 || ending)) return { label: labelOf(next), block: 0 };
    return { label: labelOf(current), block: Math.max(index, 0) };
  };
  // On the glossary, the entry: its anchor (term-<key>) is the same in every language.  The
  // entry the address names, until the reader scrolls away from it (the browser may still be
  // scrolling to it), else the last one whose term is above the reader's line.  Not a section and
  // a block number: the entries are sorted in each language's order, so those name another term.
  let moved = false; // the reader scrolled since the address last named a place
  for (const event of ["wheel", "touchmove", "keydown"]) {
    window.addEventListener(event, () => { moved = true; }, { passive: true });
  }
  window.addEventListener("hashchange", () => { moved = false; });
  const entry = () => {
    const terms = [...document.querySelectorAll("dl.nq-glossary > dt[id^='term-']")]
      .filter((term) => !term.hidden);
    if (!terms.length) return null;
    const named = window.location.hash && terms.find(
      (term) => `#${term.id}` === window.location.hash,
    );
    if (named) {
      const box = named.getBoundingClientRect();
      if (!moved || (box.bottom > headerBottom() && box.top < window.innerHeight)) return named.id;
    }
    const line = readerLine();
    const above = terms.filter((term) => term.getBoundingClientRect().top <= line);
    return above.length ? above[above.length - 1].id : null;
  };
  // A thing of the rules: a weapon's row, a spell's or mutation's card, a sample profile (their
  // anchors come from the engine's keys and are the same in every language: entities.py).  The
  // one the address names, until the reader scrolls away from it; else the row or card at the
  // reader's line.  Not the table's section and a block number: from armoury.html#weapon-lance,
  // where search sends players, those land at the top of the table, the row off screen.
  const KINDS = ["weapon", "spell", "mutation", "profile", "ability", "trait", "equipment"];
  const ENTITY = new RegExp(`^(${KINDS.join("|")})-`);
  const SHOWN = "article tr[id], article .sd-card[id]"; // rows and cards (the others: sections)
  const named = () => {
    try {
      return document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
    } catch {
      return null; // a malformed anchor
    }
  };
  const inView = (box) => box.bottom > headerBottom() && box.top < window.innerHeight;
  // The row or card the reader tapped (or clicked) last, while it is on the screen: the place,
  // wherever it is on the screen (player round fifteen: a row tapped in the lower half of a
  // phone's screen was below the reader's line, and the switch landed at its section's heading,
  // the row a screen away). A tap elsewhere (the switch aside) forgets it.
  let tapped = null;
  document.addEventListener("pointerdown", (event) => {
    if (!(event.target instanceof Element) || event.target.closest("a.nq-lang-link")) return;
    const hit = event.target.closest(SHOWN);
    tapped = hit && ENTITY.test(hit.id) ? hit : null;
  }, true);
  const entity = () => {
    if (tapped && tapped.isConnected && inView(tapped.getBoundingClientRect())) return tapped.id;
    const target = named();
    if (target && ENTITY.test(target.id)) {
      // An empty anchor before a heading (a profile's) stands for the heading.
      const shown = target.getBoundingClientRect().height ? target : target.nextElementSibling;
      if (!moved || (shown && inView(shown.getBoundingClientRect()))) return target.id;
    }
    const line = readerLine();
    const rows = [...document.querySelectorAll(SHOWN)].filter((element) => {
      const box = element.getBoundingClientRect();
      return ENTITY.test(element.id) && inView(box);
    });
    const at = rows.filter((element) => element.getBoundingClientRect().top <= line);
    if (at.length) return at[at.length - 1].id;
    // No row at the reader's line but a table's rows on the screen (a heading and an errata box
    // above them): the first whole one, kept where it is on the screen (player round 31: the
    // switch landed at the heading, the French box pushing the row to the screen's edge).
    const whole = rows.find((element) => element.getBoundingClientRect().top >= headerBottom());
    return whole && window.scrollY > 0 ? whole.id : null;
  };
  // Where a row or card stands on the screen, for the other page to put it at the same height.
  const heightOf = (id) => {
    const element = document.getElementById(id);
    const box = element && element.getBoundingClientRect();
    return box && box.height && inView(box) ? Math.round(box.top) : null;
  };
  const search = document.getElementById("search-results") !== null;
  const follow = (link) => {
    if (search) {
      link.search = window.location.search;
      return;
    }
    const term = entry() || entity();
    if (term) {
      // a glossary's entries are in each language's order: its place on the screen is not kept
      const height = term.startsWith("term-") ? null : heightOf(term);
      link.hash = `#${term}`;
      link.search = height === null ? "" : `?y=${height}`;
      return;
    }
    const here = place();
    link.hash = here ? `#${here.label}` : "";
    link.search = here && here.block > 0 ? `?p=${here.block}` : "";
  };
  document.addEventListener("DOMContentLoaded", () => {
    for (const link of document.querySelectorAll("a.nq-lang-link")) {
      for (const event of ["click", "auxclick", "contextmenu"]) {
        link.addEventListener(event, () => follow(link));
      }
      // The language chosen, for the site's root page (root_page.py): a French reader on a
      // phone set in English is sent to the French site next time, not by the phone's language.
      link.addEventListener("click", () => {
        try { localStorage.setItem(CHOSEN_LANGUAGE, link.hreflang); } catch { /* private */ }
      });
    }
  });
  // A deep link lands with its target below the sticky header (scroll-margin-top, nq.css).  The
  // browser scrolls to it before the page has its final layout (nq.js frames the wide tables,
  // the fonts arrive): once loaded, unless the reader has already scrolled, the target is
  // brought back to the top.  An anchor to a calculator (at-the-table.html#nq-morale, a rule's
  // "Work it out" link) names its form, under its section's heading and a few lines of help:
  // the form came to the top and the heading went under the header; the section comes instead,
  // heading first, so that a deep link's heading or row is never under the header or off screen.
  // Arrived by the switch (?p=N), the block of the section the reader was at comes instead.
  const switchedBlock = (target) => {
    const index = Number(new URLSearchParams(window.location.search).get("p"));
    if (!Number.isInteger(index) || index < 1) return null;
    const section = target.closest("section");
    return (section && blocks(section)[index]) || null;
  };
  const land = (switched) => {
    const target = named();
    if (!target || moved) return;
    const block = switched && switchedBlock(target);
    if (block) {
      const top = block.getBoundingClientRect().top - headerBottom() - 8;
      window.scrollBy({ top, behavior: "instant" });
      return;
    }
    // Arrived by the switch from a row or card: at the height it had on the reader's screen.
    const height = Number(new URLSearchParams(window.location.search).get("y"));
    if (height > 0 && target.getBoundingClientRect().height) {
      const top = Math.min(Math.max(height, headerBottom() + 8), window.innerHeight - 48);
      window.scrollBy({ top: target.getBoundingClientRect().top - top, behavior: "instant" });
      return;
    }
    const calculator = target.matches("form.nq-calc") && target.closest("section");
    (calculator || target).scrollIntoView({ block: "start", behavior: "instant" });
  };
  window.addEventListener("load", () => {
    land(true);
    // The layout may still change after the load (fonts, framed tables) on a slow device: the
    // place is brought back at each change of the page's size for three seconds, unless the
    // reader has scrolled (a font arriving late moved a switched-to paragraph under the header).
    if (!("ResizeObserver" in window)) return;
    const watch = new ResizeObserver(() => land(true));
    watch.observe(document.body);
    window.setTimeout(() => watch.disconnect(), 3000);
  });
  // A link within the page names a section, not the block the switch brought the reader to.
  window.addEventListener("hashchange", () => land(false));
})();

// Glossary terms, the WAI-ARIA tooltip pattern.  Each term link is described (aria-describedby)
// by its definition, a hidden element (role="tooltip") right after it in the page
// (nqsphinx/directives/glossary.py): a screen reader says the definition on every device, even
// without this script, which leaves the description alone.  The script shows the definition
// element itself as a box next to its term, kept within the window, on hover and on keyboard
// focus.  WCAG 1.4.13: the pointer may cross from the term onto the box without closing it, and
// Escape closes it with the focus left on the term.  On a touch screen the first tap shows the
// box with a link "Open in the glossary"; a second tap on the term, or a tap on that link,
// follows it; a tap elsewhere closes the box.
document.addEventListener("DOMContentLoaded", () => {
  const article = document.querySelector("[data-nq-glossary-open]");
  const openWords = article ? article.dataset.nqGlossaryOpen : "";
  const EDGE = 8; // px kept free at the window's edges
  const GAP = 4; // px between the term and its box
  let shown = null; // the term whose box is shown
  let tapped = false; // shown by a tap: the box holds the link, a second tap follows the term
  let timer = 0;
  let pointer = ""; // the kind of the last pointer pressed, for browsers whose clicks lack it
  const boxOf = (link) => document.getElementById(link.getAttribute("aria-describedby"));

  const place = () => {
    const box = boxOf(shown);
    const term = shown.getClientRects()[0] || shown.getBoundingClientRect(); // a term may wrap
    const width = document.documentElement.clientWidth;
    box.style.left = `${Math.max(EDGE, Math.min(term.left, width - box.offsetWidth - EDGE))}px`;
    let top = term.bottom + GAP;
    const above = term.top - GAP - box.offsetHeight;
    if (top + box.offsetHeight > window.innerHeight - EDGE && above >= EDGE) top = above;
    box.style.top = `${top}px`;
  };
  const hide = () => {
    clearTimeout(timer);
    if (!shown) return;
    const box = boxOf(shown);
    if (box.contains(document.activeElement)) shown.focus(); // the focus stays on the term
    box.hidden = true;
    const open = box.querySelector(".nq-term-open");
    if (open) open.remove();
    shown = null;
    tapped = false;
    window.removeEventListener("scroll", place, true);
    window.removeEventListener("resize", place);
  };
  const show = (link, byTap) => {
    clearTimeout(timer);
    if (shown !== link) hide();
    const box = boxOf(link);
    if (byTap && !tapped && openWords) {
      const open = document.createElement("a");
      open.className = "nq-term-open";
      open.href = link.getAttribute("href");
      open.textContent = openWords;
      box.append(open);
    }
    tapped = tapped || byTap;
    box.hidden = false;
    shown = link;
    place();
    window.addEventListener("scroll", place, { capture: true, passive: true });
    window.addEventListener("resize", place, { passive: true });
  };
  // Leaving the term for its box (or back) must not close it: a short delay lets the pointer cross.
  const hideSoon = () => {
    clearTimeout(timer);
    if (!tapped) timer = setTimeout(hide, 300);
  };
  const byTouch = (event) => event.detail > 0 && (event.pointerType || pointer) === "touch";

  for (const link of document.querySelectorAll("a.nq-term[aria-describedby]")) {
    const box = boxOf(link);
    if (!box) continue;
    link.removeAttribute("title"); // the box replaces the browser's own, late, tooltip
    link.addEventListener("mouseenter", () => {
      if (shown !== link || !tapped) show(link, false);
    });
    link.addEventListener("mouseleave", hideSoon);
    box.addEventListener("mouseenter", () => clearTimeout(timer));
    box.addEventListener("mouseleave", hideSoon);
    link.addEventListener("focus", () => {
      if (shown !== link) show(link, false);
    });
    link.addEventListener("blur", (event) => {
      if (shown === link && !tapped && !box.contains(event.relatedTarget)) hide();
    });
    link.addEventListener("click", (event) => {
      if (!byTouch(event) || (shown === link && tapped)) return; // follow the link
      event.preventDefault();
      show(link, true);
    });
  }
  document.addEventListener("pointerdown", (event) => {
    pointer = event.pointerType;
  }, true);
  document.addEventListener("click", (event) => {
    if (shown && !shown.contains(event.target) && !boxOf(shown).contains(event.target)) hide();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && shown) hide();
  });
});

// Glossary: the filter box (hidden in the page, so absent without JavaScript) keeps the entries
// whose term, abbreviation, other-language term or definition holds what is typed, accents and
// case aside.
document.addEventListener("DOMContentLoaded", () => {
  const box = document.querySelector(".nq-glossary-filter");
  const list = document.querySelector("dl.nq-glossary");
  if (!box || !list) return;
  const input = box.querySelector("input");
  const status = box.querySelector(".nq-glossary-status");
  const fold = (text) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const entries = [];
  // The words of an entry: its term (with its abbreviation), the other language's term and the
  // definition; not the other term's label ("FR:", « EN : »), which every entry holds (typing "fr"
  // kept them all), nor the link "See the rules".
  const wordsOf = (term, definition) => {
    const other = definition.querySelector(".nq-glossary-other [class*='language-']");
    const meaning = definition.querySelector("p:not([class])")?.cloneNode(true);
    if (meaning) meaning.querySelectorAll("a").forEach((link) => link.remove());
    const name = term.firstChild ? term.firstChild.textContent : "";
    return fold([name, other?.textContent, meaning?.textContent].join(" "));
  };
  for (const term of list.querySelectorAll(":scope > dt")) {
    const definition = term.nextElementSibling;
    entries.push({ term, definition, words: wordsOf(term, definition) });
  }
  const apply = () => {
    const wanted = fold(input.value.trim());
    let shown = 0;
    for (const entry of entries) {
      const match = entry.words.includes(wanted);
      entry.term.hidden = !match;
      entry.definition.hidden = !match;
      if (match) shown += 1;
    }
    status.textContent = shown ? "" : status.dataset.none;
  };
  // A letter of the A–Z bar or a permalink may lead to a term that the filter hides: show all.
  const reveal = () => {
    const target = window.location.hash && document.getElementById(window.location.hash.slice(1));
    if (target && target.hidden && list.contains(target)) {
      input.value = "";
      apply();
      target.scrollIntoView();
    }
  };
  input.addEventListener("input", apply);
  window.addEventListener("hashchange", reveal);
  box.hidden = false;
  if (input.value) apply(); // a value the browser restored on "back"
});

// Wide tables (nq.css, "Tables on every screen"): a table that does not fit scrolls inside
// Furo's wrapper, which then becomes a region named after the table's caption that the keyboard
// can focus and scroll; a frame around it shows the cue and the shadows of the hidden edges.
// Measured again whenever a wrapper changes size (a turned phone, a resized window).
document.addEventListener("DOMContentLoaded", () => {
  const word = (name, fallback) =>
    document.querySelector(`meta[name="${name}"]`)?.content || fallback;
  const unnamed = word("nq-table-name", "Table");
  const cue = word("nq-scroll-cue", "Scroll");
  const wrappers = [...document.querySelectorAll("article .table-wrapper")];
  const lifted = new Map(); // how far each header row follows the reader down (follow, below)
  const edges = (wrapper) => {
    const frame = wrapper.parentElement;
    const { scrollLeft, scrollTop, scrollWidth, scrollHeight, clientWidth, clientHeight } = wrapper;
    frame.classList.toggle("nq-at-start", Math.abs(scrollLeft) < 1);
    frame.classList.toggle("nq-at-end", Math.abs(scrollLeft) >= scrollWidth - clientWidth - 1);
    frame.classList.toggle("nq-at-top", scrollTop < 1 && !lifted.get(wrapper));
    frame.classList.toggle("nq-at-bottom", scrollTop >= scrollHeight - clientHeight - 1);
  };
  // A region's name is its table's caption; two tables of a page with the same caption (two
  // profiles of a Chariot) are told apart by a number, as landmarks must be.
  const names = new Map();
  const seen = new Map();
  for (const wrapper of wrappers) {
    const caption = wrapper.querySelector(":scope > table > caption .caption-text");
    const name = caption?.textContent.trim() || unnamed;
    seen.set(name, (seen.get(name) || 0) + 1);
    names.set(wrapper, seen.get(name) > 1 ? `${name} (${seen.get(name)})` : name);
  }
  const region = (wrapper, scrolls) => {
    if (scrolls) {
      wrapper.setAttribute("tabindex", "0");
      wrapper.setAttribute("role", "region");
      wrapper.setAttribute("aria-label", names.get(wrapper));
    } else {
      for (const name of ["tabindex", "role", "aria-label"]) wrapper.removeAttribute(name);
    }
  };
  // Every wrapper is measured as a plain table first (one layout for all), then marked.
  const measure = (targets) => {
    for (const wrapper of targets) wrapper.classList.remove("nq-scrolls");
    const scrolls = targets.map((w) => w.clientWidth > 0 && w.scrollWidth > w.clientWidth + 1);
    targets.forEach((wrapper, i) => {
      wrapper.classList.toggle("nq-scrolls", scrolls[i]);
      wrapper.parentElement.classList.toggle("nq-scrolls", scrolls[i]);
      region(wrapper, scrolls[i]);
    });
    for (const wrapper of targets) {
      const frame = wrapper.parentElement;
      wrapper.style.setProperty("--nq-view", `${wrapper.clientWidth}px`);
      frame.style.setProperty("--nq-bar-x", `${wrapper.offsetHeight - wrapper.clientHeight}px`);
      frame.style.setProperty("--nq-bar-y", `${wrapper.offsetWidth - wrapper.clientWidth}px`);
      edges(wrapper);
    }
  };
  for (const wrapper of wrappers) {
    const frame = document.createElement("div");
    frame.className = "nq-table-frame";
    frame.dataset.nqCue = cue;
    wrapper.before(frame);
    frame.append(wrapper);
    wrapper.addEventListener("scroll", () => edges(wrapper), { passive: true });
    // Tab to a link in a scrolled table: the browser brings it into view under the sticky
    // first column; move it out beside that column.
    wrapper.addEventListener("focusin", (event) => {
      const cell = event.target.closest("td, th");
      if (!cell || !cell.previousElementSibling || !wrapper.classList.contains("nq-scrolls")) return;
      const key = cell.parentElement.firstElementChild.getBoundingClientRect();
      const hidden = key.right + 4 - event.target.getBoundingClientRect().left;
      if (hidden > 0) wrapper.scrollLeft -= hidden;
    });
  }
  measure(wrappers);
  const widths = new Map(wrappers.map((w) => [w, w.clientWidth]));
  const observer = new ResizeObserver((entries) => {
    const changed = entries.map((e) => e.target).filter((w) => w.clientWidth !== widths.get(w));
    for (const wrapper of changed) widths.set(wrapper, wrapper.clientWidth);
    if (changed.length) measure(changed);
    follow();
  });
  for (const wrapper of wrappers) observer.observe(wrapper);
  // A table that scrolls sideways and flows with the page (on a phone, nq.css: no box of its own
  // to scroll up and down) keeps its header row in view while the reader is in it: the sticky
  // row stays under the site's sticky header (--nq-head-top, from the wrapper's top), and stops
  // above the last row.  A box that scrolls up and down (a long table on a wide screen) keeps its
  // header row at its own top.
  const barBottom = () => Math.max(0, ...[".mobile-header", ".nq-top-bar"]
    .map((selector) => document.querySelector(selector))
    .filter((bar) => bar && getComputedStyle(bar).display !== "none"
      && getComputedStyle(bar).position === "sticky")
    .map((bar) => bar.getBoundingClientRect().bottom));
  const heads = wrappers.map((w) => [w, w.querySelector(":scope > table > thead")])
    .filter(([, head]) => head?.nextElementSibling?.tagName === "TBODY");
  const follow = () => {
    const top = barBottom();
    for (const [wrapper, head] of heads) {
      const body = head.nextElementSibling;
      const rows = body.getBoundingClientRect();
      const start = rows.top - head.offsetHeight; // where the header row is when it stays
      let lift = 0;
      if (start < top && rows.bottom > top && wrapper.classList.contains("nq-scrolls")
          && wrapper.scrollHeight <= wrapper.clientHeight + 1) {
        const room = rows.height - body.lastElementChild.offsetHeight;
        lift = Math.max(0, Math.min(top - start, room));
      }
      if (lift === (lifted.get(wrapper) || 0)) continue;
      lifted.set(wrapper, lift);
      if (lift) {
        const from = wrapper.getBoundingClientRect().top + wrapper.clientTop;
        wrapper.style.setProperty("--nq-head-top", `${start + lift - from}px`);
      } else {
        wrapper.style.removeProperty("--nq-head-top");
      }
      edges(wrapper);
    }
  };
  let queued = false;
  window.addEventListener("scroll", () => {
    if (!queued) requestAnimationFrame(() => { queued = false; follow(); });
    queued = true;
  }, { passive: true });
  follow();
});

// A long line of code scrolls inside its block: the keyboard can then focus the block to scroll
// it (and only then, so that Tab does not stop on every block of code).
document.addEventListener("DOMContentLoaded", () => {
  const blocks = [...document.querySelectorAll("article pre")];
  const mark = (targets) => {
    const scrolls = targets.map((b) => b.clientWidth > 0 && b.scrollWidth > b.clientWidth + 1);
    targets.forEach((block, i) => {
      if (scrolls[i]) block.setAttribute("tabindex", "0");
      else block.removeAttribute("tabindex");
    });
  };
  mark(blocks);
  const observer = new ResizeObserver((entries) => mark(entries.map((e) => e.target)));
  for (const block of blocks) observer.observe(block);
});

// The search page without a query (nqsphinx/site/templates/search.html): a few words of help under its
// search box, instead of a blank page.
document.addEventListener("DOMContentLoaded", () => {
  const help = document.querySelector(".nq-search-help");
  if (help && !new URLSearchParams(window.location.search).get("q")) help.hidden = false;
});
