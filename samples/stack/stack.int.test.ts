import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { isPortInUse, startTestStack, type TestStack } from '../../tests/support/stack';
import devAccounts from '../dev-wallet/accounts.json';
import { lookupEnsIdentity, resolveEnsName } from 'latchkey/eip155';

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
    // The fallback page is fine here: this test is about the stack, not the demo's UI. The ENS
    // code latchkey/eip155 loads on first use (viem's name normalisation tables) loads here too:
    // at load average 9 it took the ENS test past its 5 s (npm test, stop 38).
    [stack] = await Promise.all([startTestStack({ requireDemoBuild: false, fresh: true }), import('../../kernel/eip155/ens')]);
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
    // the entry is fetched again on every load; a chunk named after its content hash is kept
    expect(script.headers.get('cache-control')).toBe('no-store');
    expect(chunks.length).toBeGreaterThan(0);
    const chunk = await fetch(new URL(`/build/${chunks[0]}`, stack.demoUrl));
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const config = await fetch(stack.configUrl);
    expect(config.status).toBe(200);
    const body = await config.json();
    expect(body.chains).toEqual([
      { chainId: 31337, name: 'Anvil', rpcUrl: stack.chains[0]!.rpcUrl },
      { chainId: 1, name: 'Ethereum (local)', rpcUrl: stack.chains[1]!.rpcUrl },
    ]);
    expect(body.relayUrl).toBe(stack.relayUrl);
    expect(body.dataServiceUrl).toBe(stack.dataServiceUrl);
    expect(body.onrampUrl).toBe(stack.onrampUrl);
    expect(body.tokens).toEqual(stack.tokens);
    expect(body.nfts).toEqual(stack.nfts);
    expect(body.solana).toEqual({ rpcUrl: stack.solana.rpcUrl, wsUrl: stack.solana.wsUrl, caipNetworkId: stack.solana.caipNetworkId });
    expect((await fetch(new URL('/build/../package.json', stack.demoUrl))).status).not.toBe(200);
    expect((await fetch(new URL('/nope', stack.demoUrl))).status).toBe(404);
  });

  it('serves the demo under a strict CSP at /?csp=strict (and its styles as a file)', async () => {
    expect((await fetch(stack.demoUrl)).headers.get('content-security-policy')).toBeNull();
    const strict = await fetch(`${stack.demoUrl}?csp=strict`);
    expect(strict.status).toBe(200);
    const policy = strict.headers.get('content-security-policy')!;
    expect(policy).toContain(`default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob: ${new URL(stack.dataServiceUrl).origin};`);
    expect(policy).not.toMatch(/unsafe-inline|nonce-/);
    const rpc = stack.chains.map((c) => new URL(c.rpcUrl).origin).join(' ');
    const solana = new URL(stack.solana.rpcUrl).origin;
    expect(policy).toContain(`connect-src 'self' ${stack.relayUrl} ${rpc} ${solana} ${new URL(stack.dataServiceUrl).origin}`);
    expect(policy).toContain(`frame-src ${new URL(stack.walletServiceUrl).origin}`);
    expect((await fetch(`${stack.demoUrl}?csp=lax`)).status).toBe(400);
    const html = await strict.text();
    expect(html).not.toMatch(/<style|style=|<script>/); // nothing inline the policy would block
    const css = await fetch(new URL('/demo.css', stack.demoUrl));
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/text\/css/);
  });

  it('runs the local Solana chain on SOLANA_PORT (WebSocket on the next port) and funds the dev wallets', async () => {
    expect(stack.solana.rpcUrl).toBe(`http://127.0.0.1:${stack.solana.port}`);
    expect(stack.solana.wsUrl).toBe(`ws://127.0.0.1:${stack.solana.port + 1}`);
    expect(stack.output()).toContain(`Solana local (litesvm)   ${stack.solana.rpcUrl}`);
    const genesis: string = await rpc(stack.solana.rpcUrl, 'getGenesisHash');
    expect(stack.solana.caipNetworkId).toBe(`solana:${genesis.slice(0, 32)}`);
    expect(devAccounts.solana).toHaveLength(2);
    for (const { address } of devAccounts.solana) {
      expect((await rpc(stack.solana.rpcUrl, 'getBalance', [address, { commitment: 'confirmed' }])).value).toBe(100_000_000_000);
    }
    // the pubsub answers on the WebSocket port
    const ws = new WebSocket(stack.solana.wsUrl);
    const answer = await new Promise<any>((resolve, reject) => {
      ws.once('error', reject);
      ws.once('open', () => ws.send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'slotSubscribe' })));
      ws.once('message', (data) => resolve(JSON.parse(String(data))));
    });
    ws.close();
    expect(answer).toMatchObject({ id: 7, result: expect.any(Number) });
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

  it('runs the embedded-wallet service (frame page, dev mailbox) and the local OpenID provider, named in /config.json', async () => {
    const config = await (await fetch(stack.configUrl)).json();
    expect(config.walletServiceUrl).toBe(stack.walletServiceUrl);
    expect(config.oidcIssuer).toBe(stack.oidcIssuer);
    expect(stack.walletServiceUrl).toBe(`http://127.0.0.1:${stack.walletServicePort}`);
    expect(stack.output()).toContain(`Embedded-wallet service  ${stack.walletServiceUrl}`);
    expect(stack.output()).toContain(`Dev mailbox (codes)      ${stack.devMailboxUrl}`);
    expect(await (await fetch(`${stack.walletServiceUrl}/health`)).json()).toMatchObject({ ok: true, database: 'pglite' });
    const frame = await fetch(`${stack.walletServiceUrl}/frame?projectId=latchkey-demo&chainId=31337`);
    expect(frame.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await (await fetch(stack.devMailboxUrl)).json()).toEqual([]);
    const discovery = await (await fetch(`${stack.oidcIssuer}/.well-known/openid-configuration`)).json();
    expect(discovery.issuer).toBe(stack.oidcIssuer);
    expect(stack.output()).not.toContain('oidc-provider WARNING');
  });

  it('runs the data service on chain 31337 with the dev contracts deployed, funded and indexed', async () => {
    expect(stack.dataServiceUrl).toBe(`http://127.0.0.1:${stack.dataPort}`);
    expect(stack.output()).toContain(`Data service             ${stack.dataServiceUrl}`);
    // deterministic: anvil's last dev account deploys them with its nonces 0 and 1
    expect(stack.tokens).toEqual([
      { chainId: 31337, address: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35', symbol: 'LKD', decimals: 18, name: 'Latchkey Dev Token' },
    ]);
    expect(stack.nfts).toEqual([{ chainId: 31337, address: '0xA15BB66138824a1c7167f5E85b957d04Dd34E468', name: 'Latchkey Dev Keys', symbol: 'LKEY' }]);
    const [account0] = (await rpc(stack.chains[0]!.rpcUrl, 'eth_accounts')) as string[];
    const api = (path: string) => fetch(`${stack.dataServiceUrl}${path}${path.includes('?') ? '&' : '?'}projectId=stack-test`, { headers: { origin: new URL(stack.demoUrl).origin } });
    const res = await api(`/v1/account/${account0}/balance?chainId=eip155:31337`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(new URL(stack.demoUrl).origin);
    const { balances } = await res.json();
    expect(balances.map((b: any) => [b.symbol, b.quantity.numeric, b.price])).toEqual([
      ['ETH', '10000', 3000],
      ['LKD', '1025', 1.25],
    ]);
    const nfts = await (await api(`/v1/account/${account0}/nfts`)).json();
    expect(nfts.data.map((n: any) => n.name)).toEqual(['Latchkey Dev Keys #1', 'Latchkey Dev Keys #2', 'Latchkey Dev Keys #3']);
    const history = await (await api(`/v1/account/${account0}/history?chainId=eip155:31337`)).json();
    expect(history.data.length).toBe(5);
    // anvil's balance of account 0 is untouched: it only received tokens
    expect(BigInt(await rpc(stack.chains[0]!.rpcUrl, 'eth_getBalance', [account0, 'latest']))).toBe(10_000n * 10n ** 18n);
  });

  it('deploys Uniswap V2 with an ETH/LKD pool at fixed addresses, lists it in /config.json, and the data service quotes over it', async () => {
    expect(stack.exchange).toEqual({
      chainId: 31337,
      weth: '0x95bD8D42f30351685e96C62EDdc0d0613bf9a87A',
      factory: '0x98eDDadCfde04dC22a0e62119617e74a6Bc77313',
      router: '0x2B574555158337Cd46d47c2Ca57E4698A1f04e70',
      pair: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
    });
    const config = await (await fetch(stack.configUrl)).json();
    expect(config.exchange).toEqual(stack.exchange);
    expect(stack.output()).toContain(`router ${stack.exchange.router}`);
    const lkd = `eip155:31337:${stack.tokens[0]!.address}`;
    const quote = await (
      await fetch(`${stack.dataServiceUrl}/v1/convert/quotes?projectId=stack-test&amount=${10n ** 17n}&from=eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee&to=${lkd}`)
    ).json();
    // 0.1 ETH into the 100 ETH / 240 000 LKD pool: 239.04… LKD (the V2 formula, 0.3 % fee)
    const [amountIn, rIn, rOut] = [10n ** 17n, 100n * 10n ** 18n, 240_000n * 10n ** 18n];
    expect(BigInt(quote.quotes[0].toAmount)).toBe((amountIn * 997n * rOut) / (rIn * 1000n + amountIn * 997n));
  });

  it('deploys ENS on chain 31337 from the published artifacts, lists it in /config.json, and the dev names resolve both ways', async () => {
    const config = await (await fetch(stack.configUrl)).json();
    expect(config.ens).toEqual(stack.ens);
    expect(stack.output()).toContain(`registry ${stack.ens.registry}`);
    console.log(stack.output().split('\n').find((l) => l.includes('ENS (chain')));
    const accounts: string[] = await rpc(stack.chains[0]!.rpcUrl, 'eth_accounts');
    expect(stack.ens.names.map((n) => [n.name, n.address.toLowerCase()])).toEqual([
      ['alice.eth', accounts[4]!.toLowerCase()],
      ['bob.eth', accounts[5]!.toLowerCase()],
    ]);
    const transport = { request: ({ method, params }: { method: string; params?: unknown }) => rpc(stack.chains[0]!.rpcUrl, method, (params ?? []) as unknown[]) };
    const contracts = { registry: stack.ens.registry };
    expect((await resolveEnsName(transport as never, contracts, 'alice.eth')).address).toBe(stack.ens.names[0]!.address);
    expect(await lookupEnsIdentity(transport as never, contracts, accounts[4]!)).toEqual({ name: 'alice.eth', avatar: expect.stringMatching(/^data:image\/svg\+xml;base64,/) });
    // the named accounts sent nothing: the deployer wrote their records
    for (const i of [4, 5]) expect(Number.parseInt(await rpc(stack.chains[0]!.rpcUrl, 'eth_getTransactionCount', [accounts[i], 'latest']), 16)).toBe(0);
  });

  it('runs the local payment provider on ONRAMP_PORT: it sells on both chains, pays from dev account 7 and reports to the data service', async () => {
    expect(stack.onrampUrl).toBe(`http://127.0.0.1:${stack.onrampPort}`);
    expect(stack.output()).toContain(`Local on-ramp (checkout) ${stack.onrampUrl}`);
    const health = await (await fetch(`${stack.onrampUrl}/health`)).json();
    expect(health).toEqual({ status: 'ok', provider: 'local', funder: stack.onrampFunder, chains: ['eip155:31337', 'eip155:1'], reporting: true });
    const accounts: string[] = await rpc(stack.chains[0]!.rpcUrl, 'eth_accounts');
    expect(accounts[7]!.toLowerCase()).toBe(stack.onrampFunder.toLowerCase());
    // the checkout sends visitors back to the demo only
    const q = (redirectUrl: string) => `${stack.onrampUrl}/checkout?address=${accounts[0]}&network=eip155:31337&redirectUrl=${encodeURIComponent(redirectUrl)}`;
    expect((await fetch(q(stack.demoUrl))).status).toBe(200);
    expect((await fetch(q('http://127.0.0.1:1/'))).status).toBe(400);
  });

  it('stop() shuts every part down and frees the ports', async () => {
    const ports = [stack.port, ...stack.anvilPorts, stack.relayPort, stack.walletServicePort, stack.dataPort, stack.onrampPort, stack.solana.port, stack.solana.wsPort];
    for (const p of ports) expect(await isPortInUse(p)).toBe(true);
    await stack.stop();
    for (const p of ports) expect(await isPortInUse(p)).toBe(false);
    expect(stack.output()).toContain('stopping');
  }, 30_000);
});
