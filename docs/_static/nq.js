// Carry the current section across the language switch: labels are the same in both languages.
document.addEventListener("DOMContentLoaded", () => {
  for (const link of document.querySelectorAll("a.nq-lang-link")) {
    link.addEventListener("click", () => {
      if (window.location.hash) link.hash = window.location.hash;
    });
  }
});
