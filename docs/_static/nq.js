// Carry the current section across the language switch: labels are the same in both languages.
document.addEventListener("DOMContentLoaded", () => {
  for (const link of document.querySelectorAll("a.nq-lang-link")) {
    link.addEventListener("click", () => {
      if (window.location.hash) link.hash = window.location.hash;
    });
  }
});

// Glossary terms: the definition (the link's title) shows in a box under the term, on hover or
// keyboard focus; on a touch screen the first tap shows it and a second tap follows the link.
document.addEventListener("DOMContentLoaded", () => {
  const coarse = window.matchMedia("(pointer: coarse)").matches;
  const tip = document.createElement("div");
  tip.className = "nq-term-tooltip";
  tip.id = "nq-term-tooltip";
  tip.setAttribute("role", "tooltip");
  tip.hidden = true;
  document.body.append(tip);
  let shown = null;
  const show = (link) => {
    tip.textContent = link.dataset.definition;
    tip.hidden = false;
    const box = link.getBoundingClientRect();
    const room = document.documentElement.clientWidth - tip.offsetWidth - 8;
    tip.style.left = `${Math.max(8, Math.min(box.left, room)) + window.scrollX}px`;
    tip.style.top = `${box.bottom + window.scrollY + 4}px`;
    link.setAttribute("aria-describedby", tip.id);
    shown = link;
  };
  const hide = () => {
    if (shown) shown.removeAttribute("aria-describedby");
    tip.hidden = true;
    shown = null;
  };
  for (const link of document.querySelectorAll("a.nq-term")) {
    link.dataset.definition = link.title;
    link.removeAttribute("title"); // the box replaces the browser's own, late, tooltip
    if (coarse) {
      link.addEventListener("click", (event) => {
        if (shown === link) return;
        event.preventDefault();
        show(link);
      });
    } else {
      link.addEventListener("mouseenter", () => show(link));
      link.addEventListener("mouseleave", hide);
      link.addEventListener("focus", () => show(link));
      link.addEventListener("blur", hide);
    }
  }
  document.addEventListener("click", (event) => {
    if (shown && !event.target.closest("a.nq-term")) hide();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") hide();
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
