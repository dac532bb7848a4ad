// Keyboard and screen-reader use of Furo's two drawers on narrow screens: the site navigation
// (the menu) and "On this page".  Furo opens them with <label>s for hidden checkboxes
// (#__navigation, #__toc), which Tab never reaches.  The template (nqsphinx/site/templates/page.html)
// puts real <button>s in their place, named and controlling their drawer (aria-label,
// aria-controls, aria-expanded); this script checks the checkbox when one is pressed (Furo's CSS
// still opens the drawer) and does the rest, once the page is read, with listeners only (no
// inline script, for a Content-Security-Policy).
document.addEventListener("DOMContentLoaded", () => {
  // Where each drawer is off screen until opened: Furo's breakpoints (its _scaffold.sass).
  const DRAWERS = [
    { checkbox: "__navigation", drawer: "nq-navigation-drawer", narrow: "(max-width: 63em)" },
    { checkbox: "__toc", drawer: "nq-toc-drawer", narrow: "(max-width: 82em)" },
  ];
  const FOCUSABLE = "a[href], button, input:not([type=hidden]), [tabindex]:not([tabindex='-1'])";
  const shown = (element) => element.getClientRects().length > 0;

  const setUp = ({ checkbox: boxId, drawer: drawerId, narrow: query }) => {
    const box = document.getElementById(boxId);
    const drawer = document.getElementById(drawerId);
    if (!box || !drawer) return;
    const toggles = [...document.querySelectorAll(`button[aria-controls="${drawerId}"]`)];
    const narrow = window.matchMedia(query);
    let opener = null; // the toggle that opened the drawer: focus goes back to it
    let keepFocus = false; // closed by a link: the browser moves focus to the link's target

    const isOpen = () => box.checked && narrow.matches;
    // A closed drawer is off screen, yet its links (about 35) would take Tab stops where the
    // focus is invisible, and a screen reader would read them out: `inert` takes them out while
    // the drawer is closed, at the widths where it is off screen; the toggles say whether it is
    // open.
    const sync = () => {
      drawer.inert = narrow.matches && !box.checked;
      for (const toggle of toggles) toggle.setAttribute("aria-expanded", String(isOpen()));
    };
    const toggleShown = () => (opener && shown(opener) ? opener : toggles.find(shown));

    // A button (a tap, Enter or Space) checks the box as a tap on Furo's label did: Furo's CSS
    // opens the drawer.
    for (const toggle of toggles) {
      toggle.addEventListener("click", () => {
        opener = toggle;
        box.click();
      });
    }

    // Opening a drawer moves the focus into it (else it stays behind, under the overlay);
    // closing it (the overlay, Escape) takes the focus out of a drawer gone off screen.
    box.addEventListener("change", () => {
      const focusInside = drawer.contains(document.activeElement);
      sync();
      if (isOpen()) {
        const first = [...drawer.querySelectorAll(FOCUSABLE)].find(shown);
        if (first) first.focus({ preventScroll: true });
      } else if (focusInside && !keepFocus) {
        const toggle = toggleShown();
        if (toggle) toggle.focus();
      }
      keepFocus = false;
    });
    const close = (returnFocus) => {
      if (!box.checked) return;
      keepFocus = !returnFocus;
      box.click();
    };

    // Escape closes an open drawer, and the focus returns to its toggle.
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && isOpen()) {
        event.preventDefault();
        close(true);
      }
    });
    // Any link in an open drawer closes it: on a phone the "On this page" drawer would hide the
    // section that a tap on one of its links has just scrolled to.
    drawer.addEventListener("click", (event) => {
      if (isOpen() && event.target.closest("a[href]")) close(false);
    });
    // Tab out of an open drawer would move the focus under the overlay: the drawer closes.
    drawer.addEventListener("focusout", (event) => {
      const next = event.relatedTarget;
      if (isOpen() && next && !drawer.contains(next)) close(false);
    });
    // Wider than the breakpoint the drawer is in the page: Furo would keep its overlay if it
    // were left open.
    narrow.addEventListener("change", () => {
      if (!narrow.matches && box.checked) close(false);
      sync();
    });
    sync();
  };
  DRAWERS.forEach(setUp);
});
