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
