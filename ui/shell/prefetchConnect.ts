/**
 * What a click on the connect button will show, fetched ahead of it (`npm run bench`, "requests in
 * the 1.5 s after the click": 18 with evm + WalletConnect when the pairing's code loaded after the
 * open): once the modal's chunk has loaded in an idle moment after start (LatchkeyProvider), in a
 * further idle moment, the views of the Connect view's plugin methods (the e-mail field, the social
 * buttons) and the views its wallet entries open (a connector type's view: WalletConnect's pairing
 * view), each with its plugin's module. The open then only renders, and a plugin that prepares
 * something at open (WalletConnect's pairing) finds its code in place. Not on a phone, where code
 * the visitor may never use costs their data. Errors are ignored: what is still missing loads when
 * it is shown.
 *
 * It lives in the modal's chunk and uses the kernel's registry only (not the UI's view cache, whose
 * functions the entry would then export to this chunk: +6 bytes gzip on every host), so it adds
 * nothing to the entry. The views' chunks and modules are then in the browser; the open's render
 * takes the components from them.
 */
import { Environment, type ViewId } from '../../kernel/index';
import type { UiKernel } from '../kernel';

const asked = /*#__PURE__*/ new WeakSet<object>();

/** The views the Connect view shows or opens from its entries: its methods' views (a feature flag set to false leaves one out), then each listed connector type's view. */
export function connectViews(kernel: UiKernel): ViewId[] {
  const features = kernel.options.state.features;
  const views = new Set<ViewId>(kernel.plugins.connectMethods().flatMap((m) => (m.flag && features[m.flag] === false ? [] : [m.view])));
  for (const c of kernel.connectors.state.connectors) {
    for (const x of [c, ...(c.connectors ?? [])]) {
      const view = kernel.plugins.connectorView(x.type);
      if (view) views.add(view);
    }
  }
  return [...views];
}

/** Loads {@link connectViews} (each view's chunk and its plugin's module) in the next idle moment, once per kernel; nothing on a phone. */
export function prefetchConnect(kernel: UiKernel): void {
  if (asked.has(kernel) || kernel.get<Environment>(Environment).isMobile()) return;
  asked.add(kernel);
  const run = () => {
    for (const id of connectViews(kernel)) {
      const c = kernel.plugins.view(id);
      if (!c) continue;
      c.load().catch(() => undefined);
      kernel.plugins.load(c.plugin).catch(() => undefined);
    }
  };
  const ric = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => unknown }).requestIdleCallback;
  if (ric) ric(run, { timeout: 1500 });
  else setTimeout(run, 50);
}
