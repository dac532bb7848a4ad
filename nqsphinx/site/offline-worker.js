// The offline companion's service worker (nqsphinx/site/offline.py), made by the build. Offline
// by consent: it keeps what the reader read (each page and the files it loads: its shell), and,
// when the reader asks ("Keep for offline": a message nq-keep), a whole site, the calculators'
// engine or the PDFs. The engine a calculators' page loads passes through, not kept. Offline, a page not kept gets a page
// that says so, in its language, and how to get it. A new build has a new version, hence a new
// cache: it takes again, from the network, everything the old one held, then replaces it.
const VERSION = "__VERSION__";
const PREFIX = "__PREFIX__";
const CACHE = PREFIX + VERSION;
const FILES = __FILES__;
const ENGINE = __ENGINE__;
// The pages the calculators' pages link to, and what they load: kept with the engine.
const COMPANION = __COMPANION__;
const NOT_KEPT_HEAD = __NOT_KEPT_HEAD__;
const LANGS = __LANGS__;
const SIZES = __SIZES__;
const WORDS = __WORDS__;
const ON_DEMAND = __ON_DEMAND__;
// The header search's files, by language ("" on Read the Docs): part of the page shell, kept with
// the first page read of that language, since they make the pages kept findable offline.
const SEARCH = __SEARCH__;
const HOME = new URL("./", self.location.href);
// The groups the reader kept: a record in the cache, not a file of the site.
const KEPT = new URL("nq-kept.json", HOME).href;

const href = (file) => new URL(file, HOME).href;
const inGroup = (group, file) => {
  if (group === "pdf") return file.endsWith(".pdf");
  if (file.endsWith(".pdf")) return false;
  if (group === "site") return true;
  return file.startsWith(`${group}/`) || !file.includes("/"); // the root page goes with each
};
const groupFiles = (group) => (group === "engine"
  ? [...ENGINE, ...COMPANION] : FILES.filter((f) => inGroup(group, f)));
const GROUPS = [...(LANGS.length ? LANGS : ["site"]), "engine", "pdf"];
const KNOWN = new Set([...FILES, ...ENGINE].map(href));

const onDemand = (url) => {
  const inside = url.startsWith(HOME.href) && url.slice(HOME.href.length);
  return inside !== false && (inside.startsWith(ON_DEMAND[0]) || inside.includes(ON_DEMAND[1]));
};

// A folder's address is its index.html; a query (?q= of the search, ?p= of the language switch,
// Sphinx's ?v= of a stylesheet) does not change the file.
const fileOf = (url) => {
  const file = new URL(url.pathname.endsWith("/") ? "index.html" : url.pathname, url);
  return file.href;
};

// ``source`` is the address the page loaded the file from (a stylesheet's ?v= and all): fetched
// from there, the browser's cache answers, and the file is kept under its own address.
// ``init``: a file the page has just read is taken from the browser's cache ("force-cache"),
// not downloaded twice (player round 29: the 3.6 MB answer tables fetched by the page, then
// again by this worker).
const keepOne = async (cache, url, source = url, init = {}) => {
  if (await cache.match(url, { ignoreSearch: true })) return true;
  try {
    const response = await fetch(source, init);
    if (response.status !== 200) return false;
    await cache.put(url, response);
    return true;
  } catch {
    return false;
  }
};

const keptGroups = async (cache) => {
  const record = await cache.match(KEPT);
  return record ? record.json() : [];
};

// A new version takes again what the old one kept: what the reader read, and the groups kept.
const carryOver = async () => {
  const cache = await caches.open(CACHE);
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const old = await caches.open(name);
    const groups = (await keptGroups(old)).filter((group) => GROUPS.includes(group));
    for (const request of await old.keys()) {
      if (KNOWN.has(request.url)) await keepOne(cache, request.url);
    }
    await cache.put(KEPT, new Response(JSON.stringify(groups)));
  }
};

self.addEventListener("install", (event) => {
  event.waitUntil(carryOver().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names
        .filter((name) => name.startsWith(PREFIX) && name !== CACHE)
        .map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

// What each group holds, its size and whether it is kept: asked to be kept, or all of its files
// on the device (the engine and the pages a visit to the calculators kept).
const state = async () => {
  const cache = await caches.open(CACHE);
  const kept = await keptGroups(cache);
  const held = new Set((await cache.keys()).map((request) => request.url));
  const groups = {};
  for (const group of GROUPS) {
    const files = groupFiles(group);
    if (!files.length) continue;
    const all = files.every((file) => held.has(href(file)));
    groups[group] = { bytes: SIZES[group] || 0, files: files.length, kept: kept.includes(group) || all };
    // the engine's own files, said apart from the pages kept with them
    if (group === "engine") groups[group].engine = SIZES.engine_files || 0;
  }
  return { type: "nq-state", groups };
};

const keep = async (wanted, reply) => {
  const cache = await caches.open(CACHE);
  const groups = wanted.filter((group) => GROUPS.includes(group));
  const files = groups.flatMap(groupFiles);
  let done = 0;
  const done_in = new Set();
  for (const group of groups) {
    let whole = true;
    for (const file of groupFiles(group)) {
      whole = (await keepOne(cache, href(file))) && whole;
      done += 1;
      if (done % 10 === 0) reply({ type: "nq-keeping", done, total: files.length });
    }
    if (whole) done_in.add(group);
  }
  const kept = new Set([...(await keptGroups(cache)), ...done_in]);
  await cache.put(KEPT, new Response(JSON.stringify([...kept])));
  reply({ ...(await state()), failed: groups.filter((group) => !done_in.has(group)) });
};

// A page's own files, fetched before this worker controlled it (the first visit): kept as read,
// the engine's files left out (kept only when the reader keeps it).
const READ = { cache: "force-cache" };
const read = async (urls) => {
  const cache = await caches.open(CACHE);
  for (const url of urls) {
    if (typeof url !== "string") continue;
    const file = fileOf(new URL(url)); // a stylesheet's or a script's ?v= does not change the file
    if (KNOWN.has(file) && !onDemand(file)) await keepOne(cache, file, url, READ);
  }
  const langs = new Set(urls.map((url) => (LANGS.length
    ? LANGS.find((code) => String(url).startsWith(href(`${code}/`))) : "")));
  for (const lang of langs) {
    for (const file of SEARCH[lang] || []) await keepOne(cache, href(file));
  }
};

self.addEventListener("message", (event) => {
  const data = event.data || {};
  const port = event.ports && event.ports[0];
  const reply = (message) => (port ? port.postMessage(message) : undefined);
  if (data.type === "nq-read" && Array.isArray(data.urls)) {
    event.waitUntil(read(data.urls));
  }
  if (data.type === "nq-state") event.waitUntil(state().then(reply));
  if (data.type === "nq-keep" && Array.isArray(data.groups)) {
    event.waitUntil(keep(data.groups, reply));
  }
});

const escape = (text) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

// A kept page's title, as its <title> gives it (read from the first bytes of the page: the
// calculators' page is large), without the site's name; null if it has none.
const SITE_NAME = / - No Quarter Fantasy Wargames$/;
const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" };
const titleOf = async (response) => {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (text.length < 65536) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    const found = text.match(/<title>([^<]*)<\/title>/);
    if (found) {
      reader.cancel().catch(() => {});
      return found[1].replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name) => ENTITIES[name])
        .replace(SITE_NAME, "").trim() || null;
    }
  }
  reader.cancel().catch(() => {});
  return null;
};

// The pages of a language kept on the device (the calculators' page first, then by title), as
// [address, title]; its home page and its search page aside (linked on their own, or a search).
const keptPages = async (cache, lang) => {
  const folder = href(LANGS.length ? `${lang}/` : "");
  const home = href(LANGS.length ? `${lang}/index.html` : "index.html");
  const pages = [];
  for (const request of await cache.keys()) {
    const address = request.url;
    const name = address.slice(folder.length);
    if (!address.startsWith(folder) || !name.endsWith(".html") || name.includes("/")
      || address === home || name === "search.html" || name === "404.html") continue;
    const response = await cache.match(request);
    const title = response && (await titleOf(response));
    if (title) pages.push([address, title, name === "at-the-table.html"]);
  }
  pages.sort((a, b) => (b[2] - a[2]) || a[1].localeCompare(b[1], lang || undefined));
  return pages.map(([address, title]) => [address, title]);
};

// Offline, a page that was not kept: say so, in the page's language, and how to get it; lead
// back to the page the reader came from (a "Rule:" link of the calculators, a search result);
// offer the same page in another language if it is kept (a reader who kept one language and
// pressed the switch), a home page only if it is kept (one not kept would say "not kept"
// again), and the pages of the site that are kept, in this language and then in each other
// one, labelled as such (a switch of language offline is the usual way here: player round
// fifteen). Every label is in the page's language; a link says the language of its target.
const notKept = async (url, cache, referrer) => {
  const lang = LANGS.find((code) => url.href.startsWith(href(`${code}/`))) || LANGS[0] || "";
  const words = WORDS[lang] || Object.values(WORDS)[0];
  const kept = async (address) => Boolean(await cache.match(fileOf(new URL(address)),
    { ignoreSearch: true }));
  const inLanguage = lang && url.href.startsWith(href(`${lang}/`));
  const others = inLanguage ? LANGS.filter((code) => code !== lang) : [];
  const links = [];
  // The page the reader came from, if it is of this site and not this page.
  if (referrer && referrer.startsWith(HOME.href)
    && fileOf(new URL(referrer)) !== fileOf(url)) {
    links.push([referrer, words.back, lang]);
  }
  for (const other of others) {
    const twin = href(`${other}/`) + url.href.slice(href(`${lang}/`).length).split("#")[0];
    if (await kept(twin)) links.push([twin, words[`twin_${other}`], other]);
  }
  for (const code of [lang, ...others]) {
    const home = LANGS.length ? href(`${code}/index.html`) : href("index.html");
    if (await kept(home)) {
      links.push([home, words.home, code]);
      break;
    }
  }
  const link = ([address, text, code]) => `<p><a href="${escape(address)}"`
    + `${code ? ` hreflang="${code}"` : ""}>${escape(text)}</a></p>`;
  // A list of kept pages, their titles in their own language (marked, in another language).
  const marked = (code) => (code && code !== lang ? ` hreflang="${code}" lang="${code}"` : "");
  const listed = (pages, heading, code) => (pages.length
    ? `<p>${escape(heading)}</p><ul class="nq-kept-pages">`
      + pages.map(([address, title]) => `<li><a href="${escape(address)}"${marked(code)}>`
        + `${escape(title)}</a></li>`).join("") + "</ul>"
    : "");
  let list = listed(await keptPages(cache, lang), words.kept, lang);
  for (const code of others) {
    list += listed(await keptPages(cache, code), words[`kept_${code}`], code);
  }
  // The reader's theme (light, dark or the system's) by the site's own theme script, if kept.
  const theme = href(`${LANGS.length ? `${lang}/` : ""}_static/nq-theme-mode.js`);
  const page = `<!DOCTYPE html><html lang="${words.lang}"><head>`
    + `<meta http-equiv="Content-Security-Policy" content="${escape(NOT_KEPT_HEAD.policy)}">`
    + '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
    + `<title>${escape(words.title)}</title><style>${NOT_KEPT_HEAD.style}</style></head>`
    + `<body><script src="${escape(theme)}"></script><main><h1>${escape(words.title)}</h1>`
    + `<p class="nq-not-kept">${escape(words.text)}</p>${links.map(link).join("")}`
    + `${list}</main></body></html>`;
  return new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8" } });
};

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || !url.href.startsWith(HOME.href)) return;
  event.respondWith(caches.open(CACHE).then(async (cache) => {
    const key = fileOf(url);
    const hit = await cache.match(key, { ignoreSearch: true });
    if (hit) return hit;
    try {
      const response = await fetch(event.request);
      // What a page reads is kept: the page and its shell (not a part of a file); not the
      // engine a calculator loads, which the reader keeps with "Keep for offline".
      if (response.status === 200 && KNOWN.has(key) && !onDemand(key)) {
        event.waitUntil(cache.put(key, response.clone()));
      }
      return response;
    } catch (error) {
      if (event.request.mode === "navigate") return notKept(url, cache, event.request.referrer);
      throw error;
    }
  }));
});
