import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { isPortInUse, startTestStack, type TestStack } from '../../tests/support/stack';

async function rpc(url: string, method: string, params: unknown[] = []): Promise<any> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  expect(res.status).toBe(200);
  const body = await res.json();
  if (body.error) throw new Error(body.error.message);
  return body.result;
}

/** Opens a WebSocket to the relay, sends one JSON-RPC request and resolves with its answer. */
function relayRequest(url: string, method: string, params: unknown): Promise<any> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url}/?projectId=stack-test`);
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error(`no answer to ${method} from ${url} within 5 s`));
    }, 5000);
    ws.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    ws.once('open', () => ws.send(JSON.stringify({ id: 42, jsonrpc: '2.0', method, params })));
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data));
      if (msg.id !== 42) return;
      clearTimeout(timer);
      ws.close();
      resolve(msg);
    });
  });
}

describe('local stack (samples/start.mjs)', () => {
  let stack: TestStack;

  beforeAll(async () => {
    // The fallback page is fine here: this test is about the stack, not the demo's UI.
    stack = await startTestStack({ requireDemoBuild: false });
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
  }, 30_000);

  it('runs anvil with chain 31337 and chain 1 on the requested ports', async () => {
    expect(stack.chains.map((c) => c.chainId)).toEqual([31337, 1]);
    expect(stack.chains.map((c) => c.rpcUrl)).toEqual(stack.anvilPorts.map((p) => `http://127.0.0.1:${p}`));
    expect(await rpc(stack.chains[0]!.rpcUrl, 'eth_chainId')).toBe('0x7a69');
    expect(await rpc(stack.chains[1]!.rpcUrl, 'eth_chainId')).toBe('0x1');
    const accounts: string[] = await rpc(stack.chains[0]!.rpcUrl, 'eth_accounts');
    expect(accounts.length).toBeGreaterThan(0);
    expect(BigInt(await rpc(stack.chains[1]!.rpcUrl, 'eth_getBalance', [accounts[0], 'latest']))).toBeGreaterThan(0n);
  });

  it('serves the demo page, its script and /config.json with both chains', async () => {
    const page = await fetch(stack.demoUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('<div id="root"></div>');
    const src = /<script type="module" src="([^"]+)"/.exec(html)?.[1];
    expect(src).toBeDefined();
    const script = await fetch(new URL(src!, stack.demoUrl));
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    // whichever page was built, it installs the dev wallet
    const scriptText = await script.text();
    const chunks = [...scriptText.matchAll(/from"\.\/([\w-]+\.js)"/g)].map((m) => m[1]!);
    let all = scriptText;
    for (const chunk of chunks) all += await (await fetch(new URL(`/build/${chunk}`, stack.demoUrl))).text();
    expect(all).toContain('dev.latchkey.wallet');

    const config = await fetch(stack.configUrl);
    expect(config.status).toBe(200);
    const body = await config.json();
    expect(body.chains).toEqual([
      { chainId: 31337, name: 'Anvil', rpcUrl: stack.chains[0]!.rpcUrl },
      { chainId: 1, name: 'Ethereum (local)', rpcUrl: stack.chains[1]!.rpcUrl },
    ]);
    expect(body.relayUrl).toBe(stack.relayUrl);
    expect((await fetch(new URL('/build/../package.json', stack.demoUrl))).status).not.toBe(200);
    expect((await fetch(new URL('/nope', stack.demoUrl))).status).toBe(404);
  });

  it('serves the demo under a strict CSP at /?csp=strict (and its styles as a file)', async () => {
    expect((await fetch(stack.demoUrl)).headers.get('content-security-policy')).toBeNull();
    const strict = await fetch(`${stack.demoUrl}?csp=strict`);
    expect(strict.status).toBe(200);
    const policy = strict.headers.get('content-security-policy')!;
    expect(policy).toContain("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:");
    expect(policy).not.toMatch(/unsafe-inline|nonce-/);
    const rpc = stack.chains.map((c) => new URL(c.rpcUrl).origin).join(' ');
    expect(policy).toContain(`connect-src 'self' ${stack.relayUrl} ${rpc}`);
    expect((await fetch(`${stack.demoUrl}?csp=lax`)).status).toBe(400);
    const html = await strict.text();
    expect(html).not.toMatch(/<style|style=|<script>/); // nothing inline the policy would block
    const css = await fetch(new URL('/demo.css', stack.demoUrl));
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/text\/css/);
  });

  it('runs the WalletConnect relay on the configured port: it answers irn_subscribe', async () => {
    expect(stack.relayUrl).toBe(`ws://127.0.0.1:${stack.relayPort}`);
    expect(stack.output()).toContain(`WalletConnect relay      ${stack.relayUrl}`);
    const topic = randomBytes(32).toString('hex');
    const answer = await relayRequest(stack.relayUrl, 'irn_subscribe', { topic });
    expect(answer.error).toBeUndefined();
    expect(answer.result).toMatch(/^[0-9a-f]{64}$/);
    // a malformed subscribe is refused, so the answer above is the relay's, not an echo
    const refused = await relayRequest(stack.relayUrl, 'irn_subscribe', {});
    expect(refused.error).toBeDefined();
  });

  it('serves the sample wallet page at /wallet/ (script built, CSP limited to the stack)', async () => {
    expect(stack.walletBuildErrors).toEqual([]);
    expect(stack.walletUrl).toBe(`${stack.demoUrl}wallet/`);
    const page = await fetch(stack.walletUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root"></div>');
    expect(page.headers.get('content-security-policy')).toContain(`connect-src 'self' ${stack.relayUrl} `);
    const src = /<script type="module" src="([^"]+)"/.exec(html)?.[1];
    expect(src).toBe('/build/wallet/main.js');
    const script = await fetch(new URL(src!, stack.demoUrl));
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('Pairing link');
  });

  it('stop() shuts every part down and frees the ports', async () => {
    const ports = [stack.port, ...stack.anvilPorts, stack.relayPort];
    for (const p of ports) expect(await isPortInUse(p)).toBe(true);
    await stack.stop();
    for (const p of ports) expect(await isPortInUse(p)).toBe(false);
    expect(stack.output()).toContain('stopping');
  }, 30_000);
});
