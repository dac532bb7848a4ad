// Which modules of Python's standard library the engine loads, in Node: Pyodide started from a
// built engine folder as the page's worker starts it (nqcompanion/static/nq-engine-worker.js),
// every question of a JSON list asked in turn, its memory made and restored into a second
// Pyodide, which is asked the first question again. Prints JSON: {"loaded": [...], "served":
// [...]}, the standard library's modules in memory at the end, and those that had to come from
// python_stdlib_rest.zip. Run by `python -m nqcompanion.engine.trace`, which says how to use it.
// Python code given after the questions runs in both, after them and after the memory is made
// (the suite's check that an import the trace did not foresee is served from the rest).
//   node trace.mjs ENGINE_FOLDER QUESTIONS.json [PYTHON_CODE]
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [folder, questionsFile, code = ""] = process.argv.slice(2);
const HERE = folder.endsWith("/") ? folder : `${folder}/`; // a path: Pyodide in Node reads files
const { loadPyodide } = await import(pathToFileURL(`${HERE}pyodide.mjs`).href);

// The worker's synchronous fetch of the rest of the library (nqcompanion/bridge/stdlib_rest.py),
// from the folder: Node has no XMLHttpRequest.
globalThis.XMLHttpRequest = class {
  open(method, url) {
    this.url = url;
  }
  send() {
    const data = readFileSync(this.url);
    this.status = 200;
    this.response = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
  }
};

const OPTIONS = { indexURL: HERE, lockFileURL: `${HERE}pyodide-lock.json`, packages: [] };
const REST = JSON.stringify(`${HERE}python_stdlib_rest.zip`);
const STARTED = `
import sys
if "/nq-engine" not in sys.path:
    sys.path.insert(0, "/nq-engine")
    from nqcompanion.bridge.stdlib_rest import install
    install(${REST}, "/nq-engine/nq-stdlib-rest.json")
    from nqcore.catalogue_loading import use_compiled
    use_compiled("/nq-engine/nq-catalogues.json")
`;
const LOADED = `
import json, sys
from nqcompanion.bridge.stdlib_rest import installed
finder = installed()
json.dumps({
    "loaded": sorted(
        name for name, module in sys.modules.items()
        if (getattr(module, "__file__", None) or "").startswith("/lib/python")
    ),
    "served": finder.served,
})
`;

const engine = new Uint8Array(readFileSync(`${HERE}nq-engine.zip`));
const questions = JSON.parse(readFileSync(questionsFile, "utf8"));

const started = async (options) => {
  const pyodide = await loadPyodide({ ...OPTIONS, ...options });
  pyodide.unpackArchive(engine, "zip", { extractDir: "/nq-engine" });
  pyodide.runPython(STARTED);
  return pyodide;
};

const first = await started({ _makeSnapshot: true });
const ask = first.pyimport("nqcompanion.bridge.web").ask_json;
for (const question of questions) ask(JSON.stringify(question));
const memory = first.makeMemorySnapshot(); // before the code: a fetch leaves a JavaScript object
first.runPython(code);
const before = JSON.parse(first.runPython(LOADED));

const again = await started({ _loadSnapshot: memory });
again.pyimport("nqcompanion.bridge.web").ask_json(JSON.stringify(questions[0]));
again.runPython(code);
const after = JSON.parse(again.runPython(LOADED));

const union = (a, b) => [...new Set([...a, ...b])].sort();
console.log(JSON.stringify({
  loaded: union(before.loaded, after.loaded),
  served: union(before.served, after.served),
}));
