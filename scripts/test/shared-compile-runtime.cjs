'use strict';
/**
 * jest's runtime, with each module compiled once per worker instead of once per test file.
 *
 * jest runs every test file in a fresh context with a fresh module registry, and compiles each
 * module it loads there again (`vm.compileFunction`): rxjs, viem, inversify, React and our own
 * modules were parsed and compiled anew by each of the hundreds of files that load them. A
 * `vm.Script` is not bound to a context, so this runtime keeps one per module file (and its
 * transformed source) for the worker's life and runs it in each file's context: every file still
 * gets its own module instances (the script's function is created afresh in its context), while
 * V8's parse and bytecode, lazily compiled functions included, are shared.
 *
 * The same for reading: jest reads each module's file again for every test file (and checks its
 * time stamp for its transform cache). Files under node_modules do not change during a run, so a
 * worker reads each once and keeps its text and its transform result.
 *
 * Measured, unit + dom projects (`node scripts/test.mjs unit`, 2,446 tests), this 2-core machine,
 * runs interleaved: jest's runtime 111.0 and 94.1 s of CPU (63.3 and 54.5 s of wall), this one
 * 74.4 and 71.7 s (44.0 and 43.2 s). In a full `npm test`, the jest workers' CPU went from ~337 to
 * ~282 s with the compile alone.
 *
 * LATCHKEY_JEST_COMPILE_STATS=<file>: at exit, the process appends to that file one JSON line,
 * { compiles: { [filename]: times compiled }, reads: { [node_modules file]: times read } } (scripts/test/shared-compile-runtime.int.test.ts).
 */
const { appendFileSync } = require('node:fs');
const vm = require('node:vm');
const Runtime = require('jest-runtime').default;

/** filename → { params, source, script } for this worker */
const scripts = new Map();
/** the runtime of the file this worker runs now (a worker runs one file at a time) */
let current = null;
/** node_modules file → its text; key (project, file, options) → jest's transform result */
const texts = new Map();
const transforms = new Map();
const unchanging = (filename) => filename.includes('/node_modules/');
/** filename → times compiled, node_modules file → times read, for LATCHKEY_JEST_COMPILE_STATS */
const compiles = new Map();
const reads = new Map();
const statsFile = process.env.LATCHKEY_JEST_COMPILE_STATS;
if (statsFile) process.on('exit', () => appendFileSync(statsFile, `${JSON.stringify({ compiles: Object.fromEntries(compiles), reads: Object.fromEntries(reads) })}\n`));

function compileShared(executor, fallback, source, filename) {
  const vmContext = executor.environment.getVmContext();
  if (vmContext == null) return null;
  if (executor.resolution.isCoreModule(filename)) return fallback(source, filename);
  const params = executor.injectedModuleParameters.join(',');
  let entry = scripts.get(filename);
  if (entry === undefined || entry.params !== params || entry.source !== source) {
    let script;
    try {
      // the wrapper on a line of its own, lineOffset -1: the module's lines and columns are the source's
      script = new vm.Script(`({"Object.<anonymous>":function(${params}){\n${source}\n}});`, {
        filename,
        lineOffset: -1,
        // a dynamic import() runs for whichever file runs the module now
        importModuleDynamically: (specifier, _script, attributes) => {
          if (typeof vm.SyntheticModule !== 'function') {
            throw new Error('You need to run with a version of node that supports ES Modules in the VM API. See https://jestjs.io/docs/ecmascript-modules');
          }
          const ex = current.executor;
          return ex.dynamicImport(specifier, filename, ex.environment.getVmContext(), attributes);
        },
      });
    } catch {
      // jest's own compile reports the error (a syntax error, ESM syntax in a CommonJS file)
      return fallback(source, filename);
    }
    entry = { params, source, script };
    scripts.set(filename, entry);
    compiles.set(filename, (compiles.get(filename) ?? 0) + 1);
  }
  return entry.script.runInContext(vmContext)['Object.<anonymous>'];
}

/** jest's file reads and transforms, with what cannot change kept for the worker's life */
function keepUnchanging(runtime, projectId) {
  const files = runtime.fileCache;
  const readFile = files.readFile.bind(files);
  files.readFile = (filename) => {
    if (!unchanging(filename)) return readFile(filename);
    let text = texts.get(filename);
    if (text === undefined) {
      text = readFile(filename);
      texts.set(filename, text);
      reads.set(filename, (reads.get(filename) ?? 0) + 1);
    }
    return text;
  };
  const cache = runtime.transformCache;
  const transform = cache.transform.bind(cache);
  cache.transform = (filename, options) => {
    if (!unchanging(filename) || options?.isInternalModule) return transform(filename, options);
    const key = `${projectId}\0${filename}\0${JSON.stringify(cache.getFullTransformationOptions(options))}`;
    const kept = transforms.get(key);
    if (kept === undefined) {
      const code = transform(filename, options);
      const file = cache.transforms.get(filename);
      if (file?.code === code) transforms.set(key, file);
      return code;
    }
    // what jest's transform records for the file (its source map for stack traces)
    cache.transforms.set(filename, kept);
    if (kept.sourceMapPath) cache.sourceMaps.set(filename, kept.sourceMapPath);
    return kept.code;
  };
}

class SharedCompileRuntime extends Runtime {
  constructor(config, ...rest) {
    super(config, ...rest);
    current = this;
    keepUnchanging(this, config.id);
    const executor = this.executor;
    const fallback = executor.compile.bind(executor);
    executor.compile = (source, filename) => compileShared(executor, fallback, source, filename);
  }
}

module.exports = SharedCompileRuntime;
module.exports.default = SharedCompileRuntime;
