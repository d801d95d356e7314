/**
 * Test support: tiny pages on other origins than the wallet service, in the roles the frame meets.
 *   /parent.html?frame=<url>   a dapp page: embeds the frame, records every message, `request()` helper
 *   /attacker.html?target=<url> another origin that embeds a dapp page and posts into its wallet frame
 *   /                           where social logins land (`?result_uri=…`)
 * One handler, served on as many ports (origins) as a test needs.
 */
import { createServer, type Server } from 'node:http';

const PARENT = `<!doctype html><html><head><meta charset="utf-8"><title>Test dapp</title>
<style>body{margin:0;font:14px sans-serif}#w{position:fixed;top:0;left:0;width:420px;height:560px;border:0;display:none;background:#fff}</style></head>
<body><iframe id="w" title="wallet"></iframe><script>
const frameUrl = new URL(location.href).searchParams.get('frame');
const frameOrigin = new URL(frameUrl).origin;
const iframe = document.getElementById('w');
window.received = [];
window.sent = [];
window.frameCreatedAt = performance.now();
let n = 0;
const waiters = new Map();
window.addEventListener('message', (e) => {
  if (e.source !== iframe.contentWindow || e.origin !== frameOrigin) return;
  window.received.push({ at: performance.now(), data: e.data });
  const id = e.data && e.data.id;
  if (id && waiters.has(id)) { waiters.get(id)(e.data); waiters.delete(id); }
});
window.post = (msg) => { window.sent.push(msg); iframe.contentWindow.postMessage(msg, frameOrigin); };
/** Posts without recording (malformed messages are not part of the conformance record). */
window.postRaw = (msgs) => { for (const m of msgs) iframe.contentWindow.postMessage(m, frameOrigin); return msgs.length; };
window.request = (name, payload, timeoutMs = 40000) => new Promise((resolve, reject) => {
  const id = 't' + (++n);
  const t0 = performance.now();
  const timer = setTimeout(() => { waiters.delete(id); reject(new Error('no answer to ' + name + ' within ' + timeoutMs + ' ms')); }, timeoutMs);
  waiters.set(id, (data) => { clearTimeout(timer); resolve({ type: data.type, payload: data.payload, ms: performance.now() - t0 }); });
  const msg = { id, type: '@w3m-app/' + name };
  if (payload !== undefined) msg.payload = payload;
  window.post(msg);
});
window.waitFor = (type, from = 0, timeoutMs = 20000) => new Promise((resolve, reject) => {
  const t0 = performance.now();
  const tick = () => {
    const hit = window.received.slice(from).find((m) => m.data && m.data.type === type);
    if (hit) return resolve(hit);
    if (performance.now() - t0 > timeoutMs) return reject(new Error('no ' + type + ' within ' + timeoutMs + ' ms'));
    setTimeout(tick, 20);
  };
  tick();
});
window.showFrame = (visible) => { iframe.style.display = visible ? 'block' : 'none'; };
iframe.src = frameUrl;
</script></body></html>`;

const ATTACKER = `<!doctype html><html><head><meta charset="utf-8"><title>Other site</title></head>
<body><iframe id="dapp" style="width:600px;height:600px;border:0"></iframe><script>
const target = new URL(location.href).searchParams.get('target');
const dapp = document.getElementById('dapp');
window.received = [];
window.addEventListener('message', (e) => { window.received.push({ origin: e.origin, data: e.data }); });
/** Posts every message to the wallet frame inside the embedded dapp page, with target origin '*'. */
window.spray = (msgs) => { const w = dapp.contentWindow.frames[0]; let sent = 0; for (const m of msgs) { try { w.postMessage(m, '*'); sent++; } catch (e) {} } return sent; };
dapp.src = target;
</script></body></html>`;

const LANDING = `<!doctype html><html><head><meta charset="utf-8"><title>Back in the dapp</title></head><body><p>Back in the dapp.</p></body></html>`;

export interface TestPages {
  readonly origins: readonly string[];
  stop(): Promise<void>;
}

export async function startTestPages(ports: readonly number[]): Promise<TestPages> {
  const servers: Server[] = [];
  for (const port of ports) {
    const server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const body = path === '/parent.html' ? PARENT : path === '/attacker.html' ? ATTACKER : path === '/' ? LANDING : null;
      if (!body) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
    });
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
    servers.push(server);
  }
  return {
    origins: ports.map((p) => `http://127.0.0.1:${p}`),
    stop: async () => {
      await Promise.all(
        servers.map(
          (s) =>
            new Promise<void>((r) => {
              s.close(() => r());
              s.closeAllConnections();
            }),
        ),
      );
    },
  };
}
