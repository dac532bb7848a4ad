// The rules engine of the At the table page (nqcompanion/page/directive.py), in a module worker: Pyodide
// (CPython for WebAssembly, from this folder) runs nqcore, unpacked from nq-engine.zip into its
// file system. Each message is a question, {id, request: {argv, lang}, {build, lang} or {import,
// file, lang}: a profile file's bytes in base64}; the answer is what nqcompanion.bridge.web.ask_json
// returns (always valid JSON), {id, answer}. No game rule is written here.
import { loadPyodide } from "./pyodide.mjs";

const HERE = new URL("./", import.meta.url).href;

// How many bytes of the engine's files have arrived, told to the page at most every 250 ms: its
// own archive as it streams in, Pyodide's as each ends (the browser's resource timings).
let received = 0;
let told = 0;
const arrived = (bytes) => {
  received += bytes;
  if (Date.now() - told < 250) return;
  told = Date.now();
  self.postMessage({ received });
};
const counted = (body) => body.pipeThrough(new TransformStream({
  transform(chunk, controller) {
    arrived(chunk.byteLength);
    controller.enqueue(chunk);
  },
}));
const OWN = /nq-engine\.zip$/;
if (typeof PerformanceObserver === "function") {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!OWN.test(entry.name)) arrived(entry.decodedBodySize || entry.encodedBodySize || 0);
    }
  }).observe({ type: "resource", buffered: true });
}

const archive = async () => {
  const response = await fetch(HERE + "nq-engine.zip");
  if (!response.ok) throw new Error(`nq-engine.zip: ${response.status}`);
  return new Response(counted(response.body)).arrayBuffer();
};

// The engine's memory once Python has started, imported nqcore and answered the questions the page
// first asks (each calculator's, the builders' openings), made here, once, after the engine's first
// start, and kept in this browser's cache under the engine's version: a later visit restores it
// and skips Python's start and what those questions loaded (ready in 1.0 s instead of 3.2 s on
// this project's machine). The build ships no memory (8.6 MB a first visit would download); a
// browser without the Cache API or compression streams starts Python each time.
const VERSION = "__ENGINE_VERSION__";
const MEMORY = "nq-engine-memory";
const MEMORY_KEY = new URL(`nq-engine.memory?${VERSION}`, HERE).href;

const keptMemory = async () => {
  if (typeof caches === "undefined" || typeof DecompressionStream !== "function") return null;
  const response = await (await caches.open(MEMORY)).match(MEMORY_KEY);
  if (!response) return null;
  const memory = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(memory).arrayBuffer());
};

// Made when the page has asked nothing for a while: the copy of the memory is the only step
// that holds the worker (a question asked meanwhile waits for it); its compression streams, and
// questions are answered between its chunks. An older version's memory is dropped. No warm-up
// questions are asked for it: on a loaded machine they held the worker for seconds after the
// page's first pause (the army builder's answer then came after its test's 15 s).
const keepMemory = async (pyodide) => {
  if (typeof caches === "undefined" || typeof CompressionStream !== "function") return;
  const memory = pyodide.makeMemorySnapshot();
  const body = new Blob([memory]).stream().pipeThrough(new CompressionStream("gzip"));
  const cache = await caches.open(MEMORY);
  await cache.put(MEMORY_KEY, new Response(body));
  for (const request of await cache.keys()) {
    if (request.url !== MEMORY_KEY) await cache.delete(request);
  }
};

const OPTIONS = {
  indexURL: HERE,
  lockFileURL: HERE + "pyodide-lock.json",
  packages: [],
  stdout: () => {},
  stderr: () => {},
};

// What a started engine runs before its first answer, and after a restore (where it only seeds
// Python's random module again: the memory's seed was the one it was made with). The catalogues
// as the zip's maker read and checked them (nqcore/catalogue_loading.py): the French .po, read
// here, was half of a French page's first answer. The standard library's modules that the
// page's questions never load wait in python_stdlib_rest.zip, fetched by an import that asks for
// one (nqcompanion/bridge/stdlib_rest.py).
const REST = JSON.stringify(HERE + "python_stdlib_rest.zip");
const STARTED = `
import sys
if "/nq-engine" not in sys.path:
    sys.path.insert(0, "/nq-engine")
    from nqcompanion.bridge.stdlib_rest import install
    install(${REST}, "/nq-engine/nq-stdlib-rest.json")
    from nqcore.catalogue_loading import use_compiled
    use_compiled("/nq-engine/nq-catalogues.json")
elif "random" in sys.modules:
    sys.modules["random"].seed()
`;

let restored = false;
let asked = 0;
const QUIET_MS = 1500;
const whenQuiet = (then) => {
  const wait = () => (Date.now() - asked < QUIET_MS ? setTimeout(wait, QUIET_MS) : then());
  setTimeout(wait, QUIET_MS);
};

// The engine's archive is fetched beside Pyodide, not after it: offline with the engine not kept,
// its failed fetch ends the start at once, where Pyodide, its WebAssembly not fetched, logs
// "wasm instantiation failed" and may never settle (the page said "loading" for good).
const python = async () => {
  const memory = await keptMemory().catch(() => null);
  if (memory) {
    const pyodide = await loadPyodide({ ...OPTIONS, _loadSnapshot: memory }).catch(() => null);
    restored = pyodide !== null;
    if (pyodide) return pyodide;
  }
  return loadPyodide({ ...OPTIONS, _makeSnapshot: true });
};

const start = async () => {
  const [pyodide, bytes] = await Promise.all([python(), archive()]);
  pyodide.unpackArchive(bytes, "zip", { extractDir: "/nq-engine" });
  pyodide.runPython(STARTED);
  if (!restored) whenQuiet(() => keepMemory(pyodide).catch(() => {}));
  return pyodide.pyimport("nqcompanion.bridge.web").ask_json;
};

// Pyodide's own fetch of its WebAssembly, cut off by the network, never settles its start: the
// failure either escapes as an uncaught TypeError or is caught by Pyodide, which only warns
// "wasm instantiation failed!" (a served copy of the site hung on every try that way). Either
// ends the start, which the page then tries again (player round 37: "loading" for good).
const WASM_FAILED = "wasm instantiation failed";
const cutOff = new Promise((_, reject) => {
  self.addEventListener("unhandledrejection", (event) => {
    if (!(event.reason instanceof TypeError)) return;
    event.preventDefault();
    reject(event.reason);
  });
  const warn = console.warn.bind(console);
  console.warn = (...said) => {
    if (String(said[0]).startsWith(WASM_FAILED)) reject(new TypeError(WASM_FAILED));
    warn(...said);
  };
});
const engine = Promise.race([start(), cutOff]);

// A failure as one plain line: a Python error's message is its whole traceback, whose last
// line says what failed; the page shows an answer's error as a line, never a traceback.
const oneLine = (error) => {
  const lines = String(error?.message ?? error).split("\n").map((line) => line.trim());
  return lines.filter((line) => line).pop() || String(error?.name ?? "Error");
};

engine.then(
  () => self.postMessage({ ready: true, restored, received }),
  (error) => self.postMessage({ ready: false, error: oneLine(error) }),
);

self.addEventListener("message", async (event) => {
  const { id, request } = event.data;
  asked = Date.now();
  try {
    const ask = await engine;
    self.postMessage({ id, answer: JSON.parse(ask(JSON.stringify(request))) });
  } catch (error) {
    self.postMessage({ id, answer: { error: oneLine(error) } });
  }
});
