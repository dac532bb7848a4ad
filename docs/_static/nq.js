// Carry the current section across the language switch: labels are the same in both languages.
document.addEventListener("DOMContentLoaded", () => {
  for (const link of document.querySelectorAll("a.nq-lang-link")) {
    link.addEventListener("click", () => {
      if (window.location.hash) link.hash = window.location.hash;
    });
  }
});

// Glossary terms: the definition shows on hover (title); on a touch screen, the first tap shows
// it in a small popover and a second tap follows the link.
document.addEventListener("DOMContentLoaded", () => {
  const coarse = window.matchMedia("(pointer: coarse)").matches;
  let shown = null;
  const hide = () => { if (shown) { shown.popover.remove(); shown = null; } };
  for (const link of document.querySelectorAll("a.nq-term")) {
    link.addEventListener("click", (event) => {
      if (!coarse || (shown && shown.link === link)) return;
      event.preventDefault();
      hide();
      const popover = document.createElement("span");
      popover.className = "nq-term-popover";
      popover.setAttribute("role", "tooltip");
      popover.textContent = link.title;
      link.after(popover);
      shown = { link, popover };
    });
  }
  document.addEventListener("click", (event) => {
    if (shown && !event.target.closest("a.nq-term")) hide();
  });
});
