// Makes a Pyodide memory snapshot in Node with the pinned runtime: Python started, pyview's browser core and the
// View's modules imported. Run by pyview/_tooling/packager/_snapshot.py; reads one JSON job on stdin:
//   {"indexURL": "<runtime dir>/", "stdLibURL": "<zip path>", "mountRoot": "/pyview/src",
//    "files": {"relative/path.py": "source"}, "data": {"relative/path": "base64"}, "modules": ["pyview.app", ...],
//    "optional": ["hello_view"],
//    "out": "<file>"}
// and prints one JSON line: {"bytes": n, "imported": [...], "skipped": {"module": "error"}, "ms": n,
//   "stdlib": [paths inside the stdlib zip of every module loaded from it]}.
// Snapshots are a private Pyodide API (_makeSnapshot / makeMemorySnapshot / _loadSnapshot), valid for this build only.
import fs from "node:fs";
import { pathToFileURL } from "node:url";

const job = JSON.parse(fs.readFileSync(0, "utf-8"));
const started = Date.now();
const { loadPyodide } = await import(pathToFileURL(`${job.indexURL}pyodide.mjs`).href);
const pyodide = await loadPyodide({
  indexURL: job.indexURL,
  stdLibURL: job.stdLibURL,
  _makeSnapshot: true,
  stdout: () => {},
  stderr: (line) => process.stderr.write(`${line}\n`),
});
for (const [path, text] of Object.entries(job.files)) {
  const full = `${job.mountRoot}/${path}`;
  pyodide.FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
  pyodide.FS.writeFile(full, text);
}
for (const [path, base64] of Object.entries(job.data || {})) { // a package's data files, as at boot
  const full = `${job.mountRoot}/${path}`;
  pyodide.FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
  pyodide.FS.writeFile(full, Buffer.from(base64, "base64"));
}
pyodide.globals.set("_pyview_job", JSON.stringify({ root: job.mountRoot, modules: job.modules, optional: job.optional }));
const report = pyodide.runPython(`
def _pyview_preload(job):
    import gc, importlib, json, sys, zipimport
    job = json.loads(job)
    if job["root"] not in sys.path:
        sys.path.insert(0, job["root"])
    imported, skipped = [], {}
    for name in job["modules"]:
        importlib.import_module(name)  # pyview's own modules: a failure fails the build
        imported.append(name)
    for name in job["optional"]:
        try:
            importlib.import_module(name)
            imported.append(name)
        except BaseException as exc:  # the View's modules may need what only the browser has
            skipped[name] = f"{type(exc).__name__}: {exc}"
            for loaded in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
                del sys.modules[loaded]
    # the restored Python reads files the snapshot does not hold: forget every cached directory listing and zip index
    sys.path_importer_cache.clear()
    zipimport._zip_directory_cache.clear()
    importlib.invalidate_caches()
    gc.collect()
    zipped = sorted(
        m.__file__.split(".zip/", 1)[1]
        for m in list(sys.modules.values())
        if isinstance(getattr(m, "__file__", None), str) and ".zip/" in m.__file__
    )
    return json.dumps({"imported": imported, "skipped": skipped, "stdlib": zipped})
_pyview_preload(_pyview_job)
`);
pyodide.runPython("del _pyview_preload, _pyview_job");
const snapshot = pyodide.makeMemorySnapshot();
fs.writeFileSync(job.out, snapshot);
process.stdout.write(JSON.stringify({ bytes: snapshot.length, ms: Date.now() - started, ...JSON.parse(report) }) + "\n");
process.exit(0);
