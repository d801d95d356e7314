// The bench's report: each page's medians, then the budgets' table, issue 24's goals (with the flows
// kept from issue 14) and the details printed under them (sizes of the WalletConnect path, what the Latchkey page loads, the spread).
import { BUDGET, FRAME_MS, GOAL, KiB, MiB } from './settings.mjs';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmtKiB = (b) => `${(b / KiB).toFixed(1)} KiB`;
const fmtMs = (ms) => `${ms.toFixed(1)} ms (${(ms / FRAME_MS).toFixed(1)} fr)`;
const fmtMiB = (b) => `${(b / MiB).toFixed(2)} MiB`;

function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('   ')).join('\n');
}

/** Each measured page's medians over its runs (a flow's time is null unless every run saw it). */
export function medians(pages, results) {
  const med = {};
  for (const page of pages) {
    const rs = results[page];
    if (!rs.length) continue;
    med[page] = {
      jsGzip: median(rs.map((r) => r.jsGzip)),
      reactGzip: median(rs.map((r) => r.reactGzip)),
      clickMs: median(rs.map((r) => r.clickMs)),
      listMs: rs.every((r) => r.listMs !== null) ? median(rs.map((r) => r.listMs)) : null,
      heap: median(rs.map((r) => r.heap)),
      readyMs: median(rs.map((r) => r.readyMs)),
      files: rs[0].files,
    };
    // The flows' times: a median when every run saw the thing, else null.
    // The open (probe.mjs openFigures): a median when every run has the figure.
    for (const key of ['shownMs', 'longestFrameMs', 'fps', 'layoutShifts', 'longestFrameAfterMs', 'requests', 'scriptOpenMs', 'scriptWindowMs']) {
      med[page][key] = rs.every((r) => r[key] != null) ? median(rs.map((r) => r[key])) : null;
    }
    for (const key of ['rowMs', 'rowFrame', 'directoryRowMs', 'fullMs', 'warmRowMs', 'warmRowFrame', 'warmFullMs', 'viewMs', 'viewFrame', 'uriMs', 'uriFrame']) {
      if (rs[0][key] === undefined) continue;
      med[page][key] = rs.every((r) => r[key] != null) ? median(rs.map((r) => r[key])) : null;
    }
    // URI shown no later than the pairing view's first paint: the frames of both, per run; the median of the difference.
    if (rs[0].uriMs !== undefined) {
      med[page].uriAfterViewFrames = rs.every((r) => r.uriFrame != null && r.viewFrame != null) ? median(rs.map((r) => r.uriFrame - r.viewFrame)) : null;
      med[page].uriAfterViewMs = rs.every((r) => r.uriMs != null && r.viewMs != null) ? median(rs.map((r) => r.uriMs - r.viewMs)) : null;
    }
  }
  return med;
}

/**
 * Prints the budgets' table, issue 14's goals and the details under them; throws when the plain page
 * has no figures. Adds `med.walletConnect` (the WalletConnect path's sizes) when the every-plugin page was measured.
 */
export function printReport({ runs, med, results, built, outputs }) {
  const a = med.plain;
  const b = med.latchkey;
  if (!a) throw new Error('the plain page could not be measured');
  const dash = '—';
  const ratio = (x, y) => (y ? `${(x / y).toFixed(2)}×` : dash);
  const rows = [
    ['median of ' + runs + ' runs', 'plain React', 'Latchkey', 'ratio', 'budget', 'result'],
    [
      'JS gzip before button works, excl. React',
      fmtKiB(a.jsGzip),
      b ? fmtKiB(b.jsGzip) : dash,
      b ? ratio(b.jsGzip, a.jsGzip) : dash,
      `≤ ${BUDGET.jsKiB} KiB`,
      b ? (b.jsGzip <= BUDGET.jsKiB * KiB ? 'PASS' : 'FAIL') : 'FAIL',
    ],
    [
      'click → modal visible',
      fmtMs(a.clickMs),
      b ? fmtMs(b.clickMs) : dash,
      b ? ratio(b.clickMs, a.clickMs) : dash,
      `≤ plain + ${BUDGET.clickExtraMs} ms`,
      b ? (b.clickMs <= a.clickMs + BUDGET.clickExtraMs ? 'PASS' : 'FAIL') : 'FAIL',
    ],
    [
      'JS heap, modal open (after GC)',
      fmtMiB(a.heap),
      b ? fmtMiB(b.heap) : dash,
      b ? ratio(b.heap, a.heap) : dash,
      `≤ ${BUDGET.heapRatio}× plain`,
      b ? (b.heap <= BUDGET.heapRatio * a.heap ? 'PASS' : 'FAIL') : 'FAIL',
    ],
    ['(info) button usable after navigation', `${a.readyMs.toFixed(0)} ms`, b ? `${b.readyMs.toFixed(0)} ms` : dash, b ? ratio(b.readyMs, a.readyMs) : dash, '', ''],
    ['(info) React, excluded above', fmtKiB(a.reactGzip), b ? fmtKiB(b.reactGzip) : dash, '', '', ''],
  ];
  const n = med.noisy;
  if (b && n) {
    rows.push([
      'click → modal visible, 3,000 wallets announced',
      dash,
      fmtMs(n.clickMs),
      ratio(n.clickMs, b.clickMs),
      `≤ Latchkey + ${BUDGET.clickExtraMs} ms`,
      n.clickMs <= b.clickMs + BUDGET.clickExtraMs ? 'PASS' : 'FAIL',
    ]);
  }
  const e = med.embedded;
  if (b && e) {
    rows.push([
      'JS gzip before button works, + email & socials',
      dash,
      fmtKiB(e.jsGzip),
      `+${((e.jsGzip - b.jsGzip) / KiB).toFixed(2)} KiB`,
      `≤ Latchkey + ${BUDGET.embeddedExtraKiB} KiB`,
      e.jsGzip - b.jsGzip <= BUDGET.embeddedExtraKiB * KiB ? 'PASS' : 'FAIL',
    ]);
  }
  console.log(table(rows));
  const all = med.all;
  const wc = med.walletconnect;
  const ok = (x) => (x ? 'PASS' : 'FAIL');
  const goals = [[`issue 24 goals, median of ${runs} runs`, 'plain React', 'evm + walletconnect', 'every plugin', 'goal', 'evm + wc', 'every plugin']];
  if (wc || all) {
    const col = (m, f) => (m ? f(m) : dash);
    const num = (v, unit = '', digits = 0) => (v == null ? 'never' : `${v.toFixed(digits)}${unit}`);
    const verdict = (m, test) => (m ? ok(test(m)) : '');
    const shownGoal = a.shownMs == null ? null : a.shownMs + GOAL.entranceMs + FRAME_MS;
    const row = (label, f, goal, test) => [label, f(a), col(wc, f), col(all, f), goal, verdict(wc, test), verdict(all, test)];
    goals.push(
      row('click → fully shown (opaque, box still, option visible)', (m) => num(m.shownMs, ' ms'), `≤ ${shownGoal == null ? '?' : shownGoal.toFixed(0)} ms (plain + ${GOAL.entranceMs} + 1 fr)`, (m) => m.shownMs != null && shownGoal != null && m.shownMs <= shownGoal),
      row('  longest frame until fully shown', (m) => num(m.longestFrameMs, ' ms'), `≤ ${GOAL.longestFrameMs} ms`, (m) => m.longestFrameMs != null && m.longestFrameMs <= GOAL.longestFrameMs),
      row('  frames per second until fully shown', (m) => (m.fps == null && m.shownMs != null ? 'first frame' : num(m.fps)), `≥ ${GOAL.fps}`, (m) => m.fps != null && m.fps >= GOAL.fps),
      row("  changes of the card's layout size after its first frame", (m) => num(m.layoutShifts), `${GOAL.layoutShifts}`, (m) => m.layoutShifts <= GOAL.layoutShifts),
      row('script run for the open (click → card still)', (m) => num(m.scriptOpenMs, ' ms'), `≤ ${GOAL.scriptOpenMs} ms`, (m) => m.scriptOpenMs != null && m.scriptOpenMs <= GOAL.scriptOpenMs),
      row('requests in the 1.5 s after the click (page idle 1 s)', (m) => num(m.requests), `≤ ${GOAL.requests}`, (m) => m.requests <= GOAL.requests),
      [
        'JS heap, modal open (after GC)',
        fmtMiB(a.heap),
        col(wc, (m) => `${fmtMiB(m.heap)} (${ratio(m.heap, a.heap)})`),
        col(all, (m) => `${fmtMiB(m.heap)} (${ratio(m.heap, a.heap)})`),
        `≤ ${GOAL.heapRatioWc}× / ${GOAL.heapRatioAll}× plain`,
        verdict(wc, (m) => m.heap <= GOAL.heapRatioWc * a.heap),
        verdict(all, (m) => m.heap <= GOAL.heapRatioAll * a.heap),
      ],
      row('button usable after navigation', (m) => `${m.readyMs.toFixed(0)} ms`, `≤ ${GOAL.readyRatio}× plain`, (m) => m.readyMs <= GOAL.readyRatio * a.readyMs),
      row('  (info) longest frame in the rest of the 1.5 s', (m) => num(m.longestFrameAfterMs, ' ms'), '', () => true).map((c, i) => (i > 4 ? '' : c)),
      row('  (info) script run in the 1.5 s after the click', (m) => num(m.scriptWindowMs, ' ms'), '', () => true).map((c, i) => (i > 4 ? '' : c)),
      row('  (info) JS gzip before the button works, excl. React', (m) => fmtKiB(m.jsGzip), '', () => true).map((c, i) => (i > 4 ? '' : c)),
    );
  }
  // The flows kept from issue 14, each on its own page: a table of their own.
  const flows = [['flows, median of ' + runs + ' runs', 'figure', 'goal', 'result']];
  {
    const d = med.directory;
    const w = med.walletconnect;
    const fmt = (ms) => (ms == null ? dash : fmtMs(ms));
    // Frames counted in the page (rAF callbacks after the click): a loaded machine draws fewer than 60 a second.
    const at = (ms, frame) => (ms == null ? dash : `${ms.toFixed(1)} ms, frame ${frame ?? '?'}`);
    if (d) {
      flows.push(
        ['click All Wallets → first rows visible (5,000 wallets in the list)', at(d.warmRowMs, d.warmRowFrame), `≤ 2 frames (${GOAL.listExtraMs.toFixed(1)} ms at 60 Hz)`, ok(d.warmRowFrame != null && d.warmRowFrame <= GOAL.allWalletsFrames)],
        ['  (info) first opening, directory fetched on the click: first rows', at(d.rowMs, d.rowFrame), '', ''],
        ['  (info) first opening: first directory row / all 5,000 in the list', `${fmt(d.directoryRowMs)} / ${fmt(d.fullMs)}`, '', ''],
      );
    }
    if (w) {
      flows.push(
        ['click WalletConnect → pairing view painted (warm page)', at(w.viewMs, w.viewFrame), '', ''],
        ['click WalletConnect → pairing URI shown (QR)', at(w.uriMs, w.uriFrame), "in the view's first frame", ok(w.uriAfterViewFrames != null && w.uriAfterViewFrames <= 0)],
      );
    }
  }
  if (goals.length > 1) console.log(`\n${table(goals)}`);
  if (flows.length > 1) console.log(`\n${table(flows)}`);
  if (b && all) {
    console.log(`Every-plugin page registers: ${built.allPlugins.join(', ')}`);
    // The WalletConnect path in the every-plugin page's build: the lazy chunks holding its libraries, and the QR library.
    const eager = new Set(all.files);
    let wcGzip = 0;
    let wcFiles = 0;
    let qrBytes = 0;
    let qrChunkGzip = 0;
    for (const [file, info] of outputs) {
      if (eager.has(file)) continue;
      const groups = Object.keys(info.byGroup);
      if (groups.some((g) => g.startsWith('@walletconnect/') || g.startsWith('@reown/'))) {
        wcGzip += info.gzip;
        wcFiles++;
      }
      if (info.byGroup.qrcode) {
        qrBytes += info.byGroup.qrcode;
        qrChunkGzip += info.gzip;
      }
    }
    med.walletConnect = { lazyGzip: wcGzip, lazyFiles: wcFiles, qrcodeBytes: qrBytes, qrcodeChunkGzip: qrChunkGzip };
    console.log(
      `WalletConnect path (loaded on first use): ${wcFiles} chunk(s) with @walletconnect code, ${fmtKiB(wcGzip)} gzip; ` +
        `QR library (qrcode) ${fmtKiB(qrBytes)} minified, in chunk(s) of ${fmtKiB(qrChunkGzip)} gzip`,
    );
  }
  console.log(`\nJS files before the button worked: plain [${a.files.join(', ')}]${b ? `; Latchkey [${b.files.join(', ')}]` : ''}`);
  if (b) {
    const groups = {};
    for (const f of b.files) {
      const info = outputs.get(f);
      if (info.react) continue;
      for (const [g, n] of Object.entries(info.byGroup)) groups[g] = (groups[g] ?? 0) + n;
    }
    const top = Object.entries(groups).sort((x, y) => y[1] - x[1]).slice(0, 8);
    console.log(`Latchkey page, non-React code before the button worked (minified, before gzip): ${top.map(([g, n]) => `${g} ${fmtKiB(n)}`).join(', ')}`);
    const spread = (page, key, f) => {
      const xs = results[page].map((r) => r[key]);
      return `${f(Math.min(...xs))}…${f(Math.max(...xs))}`;
    };
    console.log(
      `Spread (min…max): click→visible plain ${spread('plain', 'clickMs', (x) => x.toFixed(1))} ms, Latchkey ${spread('latchkey', 'clickMs', (x) => x.toFixed(1))} ms; ` +
        `heap plain ${spread('plain', 'heap', (x) => (x / MiB).toFixed(2))} MiB, Latchkey ${spread('latchkey', 'heap', (x) => (x / MiB).toFixed(2))} MiB`,
    );
  }
}
