// The offline companion (nqsphinx/site/offline.py): once the page has loaded, register the site's
// service worker, which then keeps both languages' pages, files and search indexes for reading
// without a network.  Its address is in <meta name="nq-service-worker">, relative to the page, so
// that the site may be served under any path.  Not from the disk (file:, the offline archive):
// browsers have no service worker there.
(() => {
  const meta = document.querySelector('meta[name="nq-service-worker"]');
  if (!meta || !("serviceWorker" in navigator) || window.location.protocol === "file:") return;
  window.addEventListener("load", () => {
    navigator.serviceWorker.register(new URL(meta.content, window.location.href).href)
      .catch(() => {}); // no worker (a site without its root, a private window): online only
  });
})();
