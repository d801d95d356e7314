// The in-page probe, installed before any page script: it times the connect button's readiness, the
// click → modal visible and the flows' second clicks, in the page's own clock (window.__bench).

// Runs before any page script: notes when the connect button is usable and which
// resources had arrived by then; after arm(), the time from the click's dispatch to
// the first animation frame in which a [role=dialog] is visible.
export function probe() {
  const b = (window.__bench = { readyAt: null, resources: null, clickAt: null, visibleAt: null, listAt: null, armed: false });
  const deepQueryAll = (root, selector, out = []) => {
    out.push(...root.querySelectorAll(selector));
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) deepQueryAll(el.shadowRoot, selector, out);
    return out;
  };
  const isVisible = (el) => {
    if (!el.isConnected) return false;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    return el.checkVisibility ? el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) : true;
  };
  const connectButton = () =>
    deepQueryAll(document, 'button').find(
      (el) => /connect wallet/i.test(el.getAttribute('aria-label') ?? el.textContent ?? '') && !el.disabled && el.getAttribute('aria-busy') !== 'true' && isVisible(el),
    );
  const checkReady = () => {
    if (b.readyAt !== null || !connectButton()) return;
    b.readyAt = performance.now();
    b.resources = performance
      .getEntriesByType('resource')
      .filter((e) => e.responseEnd > 0 && e.responseEnd <= b.readyAt)
      .map((e) => ({ name: e.name, end: e.responseEnd }));
  };
  const readyLoop = () => {
    checkReady();
    if (b.readyAt === null) requestAnimationFrame(readyLoop);
  };
  new MutationObserver(checkReady).observe(document, { childList: true, subtree: true, attributes: true });
  requestAnimationFrame(readyLoop);

  // Click → visible. A MutationObserver sees the dialog appear; the time is taken in the next
  // animation frame where it is visible (a rAF loop also covers shadow roots and fade-ins).
  const onFrame = () => {
    if (b.visibleAt !== null) return;
    if (deepQueryAll(document, '[role="dialog"]').some(isVisible)) b.visibleAt = performance.now();
    else requestAnimationFrame(onFrame);
  };
  // Click → the Connect view's wallet list painted: the first frame in which the announced
  // 'Bench Wallet' entry is visible inside the dialog.
  const onListFrame = () => {
    if (b.listAt !== null) return;
    const entry = deepQueryAll(document, '[role="dialog"] button').find((el) => /Bench Wallet/.test(el.textContent ?? '') && isVisible(el));
    if (entry) b.listAt = performance.now();
    else requestAnimationFrame(onListFrame);
  };
  // The open, frame by frame (issue 24): from the click, every animation frame for OPEN_WINDOW_MS,
  // with the dialog's box, its layout size, the opacity the visitor sees on the first wallet option
  // (the card's and the view's fades multiply) and whether that option is visible. `stillAt`: the
  // first of three frames in a row that are alike, opaque and show the option (read by the runner
  // to take the script time of the open); the figures are computed from the whole record (openFigures).
  const OPEN_WINDOW_MS = 1500;
  const seenOpacity = (el) => {
    let op = 1;
    for (let x = el; x; x = x.parentElement ?? x.getRootNode()?.host) op *= Number(getComputedStyle(x).opacity);
    return op;
  };
  const recordOpen = () => {
    const frames = [];
    const o = (b.open = { frames, stillAt: null, done: false });
    // found once, then only checked (a whole-document search in every frame would weigh on the open it measures)
    let dialog;
    let option;
    const loop = () => {
      const t = performance.now();
      if (!dialog?.isConnected) dialog = deepQueryAll(document, '[role="dialog"]').find(isVisible);
      else if (!isVisible(dialog)) dialog = undefined;
      if (dialog && !option?.isConnected) option = [...dialog.querySelectorAll('button')].find((el) => /Bench Wallet/.test(el.textContent ?? '') && isVisible(el));
      else if (option && !isVisible(option)) option = undefined;
      const r = dialog?.getBoundingClientRect();
      frames.push({
        t,
        visible: Boolean(dialog),
        option: Boolean(option),
        opacity: option ? seenOpacity(option) : dialog ? seenOpacity(dialog) : 0,
        box: r ? [r.x, r.y, r.width, r.height].map((v) => Math.round(v * 2) / 2).join(',') : '',
        size: dialog ? `${dialog.offsetWidth}x${dialog.offsetHeight}` : '',
      });
      const n = frames.length;
      if (o.stillAt === null && n >= 3) {
        const [x, y, z] = frames.slice(-3);
        if ([x, y, z].every((f) => f.option && f.opacity > 0.999) && x.box === y.box && y.box === z.box) o.stillAt = x.t;
      }
      if (t - b.clickAt < OPEN_WINDOW_MS) requestAnimationFrame(loop);
      else {
        o.requests = performance.getEntriesByType('resource').filter((e) => e.startTime >= b.clickAt).length;
        o.done = true;
      }
    };
    requestAnimationFrame(loop);
  };

  b.arm = () => {
    b.armed = true;
    const mo = new MutationObserver(() => {
      if (deepQueryAll(document, '[role="dialog"]').length) {
        mo.disconnect();
        requestAnimationFrame(onFrame);
      }
    });
    mo.observe(document, { childList: true, subtree: true, attributes: true });
    window.addEventListener(
      'click',
      () => {
        b.clickAt = performance.now();
        requestAnimationFrame(onFrame);
        requestAnimationFrame(onListFrame);
        recordOpen();
      },
      { capture: true, once: true },
    );
  };

  // The second click of a flow, on a view inside the open modal: its time of dispatch, and the
  // first animation frame in which each watched thing is visible.
  //   allWallets: the first AllWallets row, the first row from the remote directory, the whole
  //               directory in the list (aria-setsize ≥ size);
  //   walletConnect: the pairing view painted (its 'Copy link' button), the pairing URI shown (the
  //               QR code carrying a wc: link).
  b.armFlow = (kind, size) => {
    const f = (b.flow = { kind, clickAt: null });
    const inDialog = (selector) => deepQueryAll(document, `[role="dialog"] ${selector}`);
    // Also counts the frames: `${key}Frame` is 1 when the thing is visible in the first frame after the click.
    const watch = (key, test) => {
      f[key] = null;
      let frame = 0;
      const loop = () => {
        if (f[key] !== null) return;
        frame++;
        if (test()) {
          f[key] = performance.now();
          f[`${key}Frame`] = frame;
        } else requestAnimationFrame(loop);
      };
      requestAnimationFrame(loop);
    };
    const tests =
      kind === 'allWallets'
        ? {
            rowAt: () => inDialog('[data-testid="wallet-scroller"] button[data-index]').some(isVisible),
            directoryRowAt: () => inDialog('[data-testid="wallet-scroller"] button[data-index]').some((el) => /Directory Wallet/.test(el.textContent ?? '') && isVisible(el)),
            fullAt: () => inDialog('[role="listitem"][aria-setsize]').some((el) => Number(el.getAttribute('aria-setsize')) >= size),
          }
        : {
            viewAt: () => inDialog('button').some((el) => /Copy link/.test(el.getAttribute('aria-label') ?? el.textContent ?? '') && isVisible(el)),
            uriAt: () => inDialog('svg[role="img"][data-value^="wc:"]').some(isVisible),
          };
    for (const key of Object.keys(tests)) f[key] = null;
    window.addEventListener(
      'click',
      () => {
        f.clickAt = performance.now();
        for (const [key, test] of Object.entries(tests)) watch(key, test);
      },
      { capture: true, once: true },
    );
  };
}

/**
 * The open's figures from the probe's record (`open.frames`, the click at `clickAt`): fully shown
 * (the first frame from which every frame is opaque, shows the wallet option and has the final box),
 * the longest frame and the frame rate until then, the changes of the card's layout size after its
 * first visible frame, and the longest frame in the rest of the window (work left after the open).
 */
export function openFigures(open, clickAt) {
  const f = open.frames;
  const last = f[f.length - 1];
  let shown = f.length - 1;
  while (shown > 0 && f[shown - 1].option && f[shown - 1].opacity > 0.999 && f[shown - 1].box === last.box) shown--;
  const ok = last && last.option && last.opacity > 0.999;
  const gaps = f.map((x, i) => x.t - (i ? f[i - 1].t : clickAt));
  const firstVisible = f.findIndex((x) => x.visible);
  let layoutShifts = 0;
  for (let i = firstVisible + 1; firstVisible >= 0 && i < f.length; i++) if (f[i].size !== f[i - 1].size) layoutShifts++;
  const shownMs = ok ? f[shown].t - clickAt : null;
  return {
    shownMs,
    longestFrameMs: ok ? Math.max(...gaps.slice(0, shown + 1)) : null,
    fps: ok && shown > 0 ? ((shown + 1) * 1000) / shownMs : null,
    layoutShifts,
    longestFrameAfterMs: ok && shown + 1 < f.length ? Math.max(...gaps.slice(shown + 1)) : 0,
    requests: open.requests,
  };
}
