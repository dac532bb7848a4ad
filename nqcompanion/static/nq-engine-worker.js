// The rules engine of the At the table page (nqcompanion/page/directive.py), in a module worker: Pyodide
// (CPython for WebAssembly, from this folder) runs nqcore, unpacked from nq-engine.zip into its
// file system. Each message is a question, {id, request: {argv, lang}, {build, lang} or {import,
// file, lang}: a profile file's bytes in base64}; the answer is what nqcompanion.bridge.web.ask_json
// returns (always valid JSON), {id, answer}. No game rule is written here.
import { loadPyodide } from "./pyodide.mjs";

const HERE = new URL("./", import.meta.url).href;

// How many bytes of the engine's files have arrived, told to the page at most every 250 ms: its
// own two files as they stream in, Pyodide's as each ends (the browser's resource timings).
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
const OWN = /nq-engine\.(zip|snapshot)$/;
if (typeof PerformanceObserver === "function") {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!OWN.test(entry.name)) arrived(entry.decodedBodySize || entry.encodedBodySize || 0);
    }
  }).observe({ type: "resource", buffered: true });
}

// The engine's archive is fetched beside Pyodide, not after it: offline with the engine not kept,
// its failed fetch ends the start at once, where Pyodide, its WebAssembly not fetched, logs
// "wasm instantiation failed" and may never settle (the page said "loading" for good).
const archive = async () => {
  const response = await fetch(HERE + "nq-engine.zip");
  if (!response.ok) throw new Error(`nq-engine.zip: ${response.status}`);
  return new Response(counted(response.body)).arrayBuffer();
};

// The engine's memory as the build left it once Python had started, imported nqcore and
// answered a question of each kind the page first asks (nqcompanion/engine/snapshot.py):
// restored, it spares the start of Python, most of the wait (0.4 s instead of about 5 s on a
// laptop), and the first questions' loading. It rejects where it cannot be had or read (a
// browser without DecompressionStream): Python then starts as usual.
const snapshot = async () => {
  const response = await fetch(HERE + "nq-engine.snapshot");
  if (!response.ok) throw new Error(`nq-engine.snapshot: ${response.status}`);
  const memory = counted(response.body).pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(memory).arrayBuffer());
};

const OPTIONS = {
  indexURL: HERE,
  lockFileURL: HERE + "pyodide-lock.json",
  packages: [],
  stdout: () => {},
  stderr: () => {},
};

// What the snapshot's maker ran (nqcompanion/engine/snapshot.mjs), for a start without it. The
// catalogues as the zip's maker read and checked them (nqcore/catalogue_loading.py): the French
// .po, read here, was half of a French page's first answer.
const STARTED = `
import sys
if "/nq-engine" not in sys.path:
    sys.path.insert(0, "/nq-engine")
    from nqcore.catalogue_loading import use_compiled
    use_compiled("/nq-engine/nq-catalogues.json")
elif "random" in sys.modules:
    sys.modules["random"].seed()  # the snapshot's seed is every reader's: a new one
`;

let restored = false;
const start = async () => {
  const restoring = snapshot().then(async (memory) => {
    const pyodide = await loadPyodide({ ...OPTIONS, _loadSnapshot: memory });
    restored = true;
    return pyodide;
  });
  const [pyodide, bytes] = await Promise.all([
    restoring.catch(() => loadPyodide(OPTIONS)),
    archive(),
  ]);
  pyodide.unpackArchive(bytes, "zip", { extractDir: "/nq-engine" });
  pyodide.runPython(STARTED);
  return pyodide.pyimport("nqcompanion.bridge.web").ask_json;
};

const engine = start();

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
  try {
    const ask = await engine;
    self.postMessage({ id, answer: JSON.parse(ask(JSON.stringify(request))) });
  } catch (error) {
    self.postMessage({ id, answer: { error: oneLine(error) } });
  }
});
