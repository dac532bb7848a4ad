// The offline companion (nqsphinx/site/offline.py, keep_offline.py): once the page has loaded,
// register the site's service worker. Offline by consent: the worker keeps the pages read and the
// files they load (this page's own, fetched before the worker ran, are sent to it here), and the
// "Keep for offline" control asks it to keep a whole site, the calculators' engine or the PDFs.
// The worker's address is in <meta name="nq-service-worker">, relative to the page, so that the
// site may be served under any path. Not from the disk (file:, the offline archive): browsers
// have no service worker there, and the control stays hidden.
(() => {
  const meta = document.querySelector('meta[name="nq-service-worker"]');
  if (!meta || !("serviceWorker" in navigator) || window.location.protocol === "file:") return;

  const ask = (worker, message, onReply) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => onReply(event.data);
    worker.postMessage(message, [channel.port2]);
  };

  // This page and what it loaded from the site, before the worker controlled it.
  const readFiles = () => [
    window.location.href.split("#")[0],
    ...performance.getEntriesByType("resource").map((entry) => entry.name),
  ].filter((url) => url.startsWith(window.location.origin));

  const control = (worker) => {
    const box = document.querySelector(".nq-keep");
    if (!box) return;
    const words = JSON.parse(box.dataset.words);
    const list = box.querySelector(".nq-keep-groups");
    const status = box.querySelector(".nq-keep-status");
    const summary = box.querySelector(".nq-keep-summary");
    const lang = document.documentElement.lang || "en";
    const megabytes = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
    const count = new Intl.NumberFormat(lang);
    const say = (text, values) => text.replace(/\{(\w+)\}/g, (all, name) => values[name] ?? all);
    const show = (state) => {
      const checked = new Set([...list.querySelectorAll("input:checked")].map((i) => i.value));
      list.replaceChildren();
      const kept = [];
      for (const [group, info] of Object.entries(state.groups)) {
        const item = document.createElement("li");
        const input = document.createElement("input");
        input.type = "checkbox";
        input.id = `nq-keep-${group}`;
        input.value = group;
        input.checked = checked.has(group); // nothing chosen for the reader: each part is asked for
        const label = document.createElement("label");
        label.htmlFor = input.id;
        // The engine's size as the page says it (nqcompanion.page.answers.engine_size), and the
        // pages kept with it apart (player round fifteen: "20 MB" there, 25.4 here).
        const size = info.engine ? say(words.size_engine, {
          engine: megabytes.format(info.engine / 1e6),
          pages: megabytes.format((info.bytes - info.engine) / 1e6),
        }) : say(words.size, { size: megabytes.format(info.bytes / 1e6) });
        const mark = document.createElement("span");
        mark.className = info.kept ? "nq-keep-kept" : "nq-keep-not-kept";
        mark.textContent = info.kept ? words.kept : words.not_kept;
        const [before, after] = say(words.part, { part: words[group] || group, size })
          .split("{state}");
        label.append(before, mark, after || "");
        item.append(input, label);
        list.append(item);
        if (info.kept) kept.push(words[group] || group);
      }
      summary.textContent = kept.length ? say(words.kept_list, { parts: kept.join(", ") }) : "";
    };
    // "Keep the chosen parts" only once a part is chosen.
    const button = box.querySelector(".nq-keep-button");
    const choosable = () => {
      button.disabled = !list.querySelector("input:checked");
    };
    list.addEventListener("change", choosable);
    ask(worker, { type: "nq-state" }, (state) => {
      show(state);
      choosable();
      box.hidden = false;
      // Come from the search's "Search needs this site kept for offline" (#nq-keep): open.
      const opened = () => {
        if (window.location.hash !== `#${box.id}`) return;
        box.open = true;
        // The search asked for this site: offered, still to be kept by the button.
        const site = list.querySelector(`input[value="${lang}"], input[value="site"]`);
        if (site && !list.querySelector("input:checked")) site.checked = true;
        choosable();
        box.scrollIntoView({ block: "center" });
      };
      opened();
      window.addEventListener("hashchange", opened);
    });
    button.addEventListener("click", () => {
      const groups = [...list.querySelectorAll("input:checked")].map((input) => input.value);
      // Until the worker counts the files: no "0 of …" (player round eleven read « …… »).
      status.textContent = words.starting;
      ask(worker, { type: "nq-keep", groups }, (reply) => {
        if (reply.type === "nq-keeping") {
          const { done, total } = reply;
          status.textContent = say(words.keeping, { done: count.format(done), total: count.format(total) });
          return;
        }
        show(reply);
        choosable();
        status.textContent = reply.failed && reply.failed.length ? words.failed : words.done;
      });
    });
  };

  window.addEventListener("load", () => {
    navigator.serviceWorker.register(new URL(meta.content, window.location.href).href)
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        registration.active.postMessage({ type: "nq-read", urls: readFiles() });
        control(registration.active);
      })
      .catch(() => {}); // no worker (a site without its root, a private window): online only
  });
})();
