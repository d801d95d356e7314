// Reading jest's --json results: which project a file belongs to (the suffix rules of
// jest.config.ts), the slowest files and the time per project, and the failures in brief.
// Shared by scripts/test.mjs (npm test) and scripts/test/stress.mjs (npm run test:stress).

/** The jest project of a test file, by the suffix rules of jest.config.ts. */
export function projectOf(file) {
  if (/\.e2e\.test\.ts$/.test(file)) return 'e2e';
  if (/\.int\.test\.ts$/.test(file)) return 'int';
  if (/\.test\.tsx$|\.dom\.test\.ts$/.test(file)) return 'dom';
  return 'unit';
}

const plain = (s) => s.replace(/\u001b\[[0-9;]*m/g, '');
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The files of a result with their project and duration (ms), slowest first. */
export function fileTimes(result, cwd) {
  return (result.testResults ?? [])
    .map((f) => {
      const name = f.name.replace(`${cwd}/`, '');
      return { name, project: projectOf(name), ms: Math.max(0, (f.endTime ?? 0) - (f.startTime ?? 0)) };
    })
    .sort((a, b) => b.ms - a.ms);
}

/** Lines: the `count` slowest files, then the files and summed time of each project, and the wall time. */
export function timingLines(result, cwd, wallMs, count = 10) {
  const files = fileTimes(result, cwd);
  const lines = [`slowest ${Math.min(count, files.length)} test files:`];
  for (const f of files.slice(0, count)) lines.push(`  ${seconds(f.ms).padStart(8)}  ${f.project.padEnd(4)}  ${f.name}`);
  lines.push(`time per project (sum of its files' times; the run took ${seconds(wallMs)} of wall time):`);
  for (const project of ['unit', 'dom', 'int', 'e2e']) {
    const mine = files.filter((f) => f.project === project);
    if (mine.length === 0) continue;
    const total = mine.reduce((sum, f) => sum + f.ms, 0);
    lines.push(`  ${project.padEnd(4)}  ${String(mine.length).padStart(3)} files  ${seconds(total).padStart(8)}`);
  }
  return lines;
}

/** One entry per failed test (or per file that failed outside its tests): where, and the first lines of why. */
export function failures(result, cwd) {
  const out = [];
  for (const file of result.testResults ?? []) {
    const name = file.name.replace(`${cwd}/`, '');
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed')) {
      out.push({ file: name, test: undefined, ms: undefined, why: plain(file.message ?? '').trim().split('\n').slice(0, 6).join('\n  ') });
    }
    for (const a of file.assertionResults ?? []) {
      if (a.status !== 'failed') continue;
      out.push({ file: name, test: a.fullName, ms: a.duration, why: plain((a.failureMessages ?? []).join('\n')).trim().split('\n').slice(0, 6).join('\n  ') });
    }
  }
  return out;
}

/** The counts of the final line: passed, failed (tests, plus files that failed outside their tests), skipped. */
export function counts(result) {
  return {
    passed: result.numPassedTests,
    failed: result.numFailedTests + (result.numRuntimeErrorTestSuites ?? 0),
    skipped: result.numPendingTests + (result.numTodoTests ?? 0),
  };
}
