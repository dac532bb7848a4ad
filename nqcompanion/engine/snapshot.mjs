// Makes the engine's memory snapshot (nqcompanion/engine/snapshot.py runs it in Node.js, read
// from its standard input, with the engine's files in NQ_ENGINE_DIR and no other file readable):
// Pyodide started, nq-engine.zip unpacked, nqcore's catalogues read and its page bridge
// imported, a question of each kind the page first asks answered in each language (what a
// first question loads: nqcompanion/bridge/warm.py), then the WebAssembly memory written to
// NQ_ENGINE_DIR/snapshot.bin. The worker (nq-engine-worker.js) restores it and skips Python's
// start and the first questions' loading.
//
// The same files make the same bytes: the clocks and the random numbers Python reads while it
// starts are fixed here (the worker seeds Python's random module again once restored); the
// script has no file name, which Emscripten would keep as the environment's "_".
import nodeCrypto from "node:crypto";
import { constants, readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const folder = process.env.NQ_ENGINE_DIR;
let seed = 0x6e71;
const fill = (view) => {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    bytes[i] = seed >>> 24;
  }
  return view;
};
globalThis.crypto.getRandomValues = fill;
nodeCrypto.randomFillSync = fill;
let tick = 0;
Date.now = () => 1767225600000 + tick++;
Object.defineProperty(performance, "now", { value: () => tick++ });

// Emscripten's Node.js file system asks for the flags' numbers by an interface Node's permission
// model refuses; the engine mounts no host folder, and the numbers are these.
process.binding = (name) => {
  if (name === "constants") return { fs: constants };
  throw new Error(`process.binding(${name}) is not for the engine's snapshot`);
};

const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
const pyodide = await loadPyodide({
  indexURL: `${folder}/`,
  packages: [],
  stdout: () => {},
  stderr: (line) => process.stderr.write(`${line}\n`),
  _makeSnapshot: true,
});
const zip = new Uint8Array(readFileSync(`${folder}/nq-engine.zip`));
pyodide.unpackArchive(zip, "zip", { extractDir: "/nq-engine" });
// What the worker runs after a start without the snapshot (nq-engine-worker.js, STARTED).
pyodide.runPython(`
import sys
sys.path.insert(0, "/nq-engine")
from nqcore.catalogue_loading import use_compiled
use_compiled("/nq-engine/nq-catalogues.json")
import nqcompanion.bridge.web
`);
pyodide.runPython(`
from nqcompanion.bridge.warm import warm_up
warm_up()
del warm_up
`);
writeFileSync(`${folder}/snapshot.bin`, pyodide.makeMemorySnapshot());
