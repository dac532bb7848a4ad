// Carry the current section across the language switch: labels are the same in both languages.
document.addEventListener("DOMContentLoaded", () => {
  for (const link of document.querySelectorAll("a.nq-lang-link")) {
    link.addEventListener("click", () => {
      if (window.location.hash) link.hash = window.location.hash;
    });
  }
});

// Glossary terms, the WAI-ARIA tooltip pattern.  Each term link is described (aria-describedby)
// by its definition, a hidden element (role="tooltip") right after it in the page
// (nqsphinx/glossary.py): a screen reader says the definition on every device, even without this
// script.  Fixes: the script used to remove the link's title, so that a screen reader heard the
// definition only while the focus was on the term, on a desktop; and it showed a box appended at
// the end of the page.  Now it shows the definition element itself as a box next to its term,
// kept within the window, on hover and on keyboard focus.  Fixes (WCAG 1.4.13): the box closed
// when the pointer moved onto it; now the pointer may cross from the term onto it, and Escape
// closes it with the focus left on the term.  On a touch screen the first tap shows the box with
// a link "Open in the glossary" (a second tap used to be the only way on); a second tap on the
// term, or a tap on that link, follows it; a tap elsewhere closes the box.
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
// whose term, abbreviation or other-language term holds what is typed, accents and case aside.
document.addEventListener("DOMContentLoaded", () => {
  const box = document.querySelector(".nq-glossary-filter");
  const list = document.querySelector("dl.nq-glossary");
  if (!box || !list) return;
  const input = box.querySelector("input");
  const status = box.querySelector(".nq-glossary-status");
  const fold = (text) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const entries = [];
  for (const term of list.querySelectorAll(":scope > dt")) {
    const definition = term.nextElementSibling;
    const other = definition.querySelector(".nq-glossary-other");
    const name = term.firstChild ? term.firstChild.textContent : "";
    entries.push({ term, definition, words: fold(`${name} ${other ? other.textContent : ""}`) });
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
  const edges = (wrapper) => {
    const frame = wrapper.parentElement;
    const { scrollLeft, scrollTop, scrollWidth, scrollHeight, clientWidth, clientHeight } = wrapper;
    frame.classList.toggle("nq-at-start", Math.abs(scrollLeft) < 1);
    frame.classList.toggle("nq-at-end", Math.abs(scrollLeft) >= scrollWidth - clientWidth - 1);
    frame.classList.toggle("nq-at-top", scrollTop < 1);
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
  }
  measure(wrappers);
  const widths = new Map(wrappers.map((w) => [w, w.clientWidth]));
  const observer = new ResizeObserver((entries) => {
    const changed = entries.map((e) => e.target).filter((w) => w.clientWidth !== widths.get(w));
    for (const wrapper of changed) widths.set(wrapper, wrapper.clientWidth);
    if (changed.length) measure(changed);
  });
  for (const wrapper of wrappers) observer.observe(wrapper);
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
