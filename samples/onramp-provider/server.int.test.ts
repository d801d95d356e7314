/**
 * The local payment provider on real parts: anvil, the data service (PGlite in memory) and the
 * provider's own HTTP server, once for the file. Its configuration refuses bad values; the
 * checkout refuses every bad input; "Pay" sends a real transfer from the funder on anvil,
 * records the purchase in the data service and redirects to the allowed dapp URL; a checkout is
 * paid once. Then the same through the on-ramp plugin in a kernel: the provider list gives the
 * "Local on-ramp" URL, and the watch sees the purchase through the BlockchainApi kernel service.
 */
import { createKernel, type Kernel } from 'latchkey';
import { evmPlugin } from 'latchkey/plugins/evm';
import { Onramp, onrampPlugin } from 'latchkey/plugins/onramp';
import { formatEther, parseEther, type Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { bytesToHex } from 'viem/utils';
import type { DataService } from '../data-service/src/index';
import { ANVIL_MNEMONIC, call, startAnvilNode, startTestService, type AnvilNode } from '../data-service/testing/harness';
import { installDevWallet } from '../dev-wallet/index';
import { resolveConfig, startOnrampProvider, STATUS, type OnrampProvider } from './src/index';
import { evmNetwork } from '../../kernel/testing/networks';

const CHAIN = 31337;
const SECRET = 'onramp-test-secret-0123456789';
const DAPP = 'http://dapp.test:5173';
const funder = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 7 });
const funderKey = bytesToHex(funder.getHdKey().privateKey!);
const buyer = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 5 }).address;

let node: AnvilNode;
let service: DataService;
let provider: OnrampProvider;
const lines: string[] = [];

beforeAll(async () => {
  node = await startAnvilNode({ chainId: CHAIN });
  service = await startTestService({ chains: [{ chainId: CHAIN, rpcUrl: node.url, name: 'Anvil' }], onrampSecret: SECRET });
  provider = await startOnrampProvider(
    {
      port: 0,
      chains: [{ chainId: CHAIN, rpcUrl: node.url, name: 'Anvil' }],
      funderKey,
      dataServiceUrl: service.url,
      dataSecret: SECRET,
      redirectOrigins: [DAPP],
      maxAmount: '2',
      paysPerMinute: 1000,
      log: (line: string) => lines.push(line),
    },
    {},
  );
}, 60_000);

afterAll(async () => {
  await provider?.stop();
  await service?.stop();
  await node?.stop();
});

const balance = async (a: Address) => BigInt(await node.rpc('eth_getBalance', [a, 'latest']));

/** GET /checkout with `params`; the session id of the page's form. */
async function openCheckout(params: Record<string, string>) {
  const res = await fetch(`${provider.url}/checkout?${new URLSearchParams(params)}`);
  const text = await res.text();
  return { res, text, session: /name="session" value="([^"]+)"/.exec(text)?.[1] };
}

const pay = (fields: Record<string, string>, init: RequestInit = {}) =>
  fetch(`${provider.url}/checkout/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
    ...init,
  });

describe('configuration', () => {
  const base = { funderKey, chains: [{ chainId: 1, rpcUrl: 'http://127.0.0.1:1' }] };
  it.each([
    [{ ...base, funderKey: undefined }, /ONRAMP_FUNDER_KEY: required/],
    [{ ...base, funderKey: '0x12' }, /funderKey: expected 0x and 64 hex digits/],
    [{ ...base, chains: [] }, /expected 1 to 16 chains/],
    [{ ...base, chains: [{ chainId: 0, rpcUrl: 'http://x' }] }, /^chains\[0\]\.chainId: expected an integer of at least 1, got 0$/],
    [{ ...base, chains: [{ chainId: 5, rpcUrl: 'file:///etc/passwd' }] }, /http\(s\) URL/],
    [{ ...base, dataServiceUrl: 'http://127.0.0.1:8791' }, /set both/],
    [{ ...base, redirectOrigins: ['http://a.test/path'] }, /is not an origin/],
    [{ ...base, maxAmount: '0' }, /above 0/],
    [{ ...base, defaultAmount: '3' }, /at most ONRAMP_MAX_AMOUNT/],
    [{ ...base, port: 70000 }, /port: expected an integer/],
  ])('refuses %#', (options, message) => {
    expect(() => resolveConfig(options as never, {})).toThrow(message);
  });

  it('reads the environment and never puts the key in a message', () => {
    const key = `0x${'ab'.repeat(31)}zz`;
    expect(() => resolveConfig({}, { ONRAMP_FUNDER_KEY: key })).toThrow(/^ONRAMP_FUNDER_KEY: expected 0x and 64 hex digits$/);
    const config = resolveConfig({}, { ONRAMP_FUNDER_KEY: funderKey, ONRAMP_PORT: '9001', ONRAMP_CHAINS: '5=http://127.0.0.1:9,7=http://127.0.0.1:10', ONRAMP_REDIRECT_ORIGINS: 'https://app.example' });
    expect(config).toMatchObject({ port: 9001, providerId: 'local', redirectOrigins: ['https://app.example'], maxAmount: '1', defaultAmount: '0.1' });
    expect(config.chains).toEqual([
      { chainId: 5, rpcUrl: 'http://127.0.0.1:9/', name: 'Chain 5', nativeSymbol: 'ETH' },
      { chainId: 7, rpcUrl: 'http://127.0.0.1:10/', name: 'Chain 7', nativeSymbol: 'ETH' },
    ]);
    expect(provider.config).toMatchObject({ funderKey: '[hidden]', dataSecret: '[hidden]' });
  });
});

describe('checkout', () => {
  const ok = { address: buyer, network: `eip155:${CHAIN}`, asset: 'ETH', amount: '0.25', redirectUrl: `${DAPP}/shop?x=1` };
  it.each([
    [{ ...ok, address: '0x1234' }, 'address must be an EVM address'],
    [{ ...ok, network: 'eip155:1' }, 'Network &#34;eip155:1&#34; is not sold here'],
    [{ ...ok, network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }, 'is not sold here'],
    [{ ...ok, asset: 'USDC' }, 'Asset &#34;USDC&#34; is not sold'],
    [{ ...ok, amount: '2.5' }, 'amount must be at most 2'],
    [{ ...ok, amount: '0' }, 'amount must be a decimal number above 0'],
    [{ ...ok, amount: '1e3' }, 'amount must be a decimal number above 0'],
    [{ ...ok, redirectUrl: 'https://evil.test/' }, '&#34;https://evil.test&#34; is not an allowed origin'],
    [{ ...ok, redirectUrl: 'javascript:alert(1)' }, 'redirectUrl must be an http(s) URL'],
    [{ ...ok, extra: '1' }, 'Unknown parameter extra'],
  ])('refuses bad input %#', async (params, message) => {
    const { res, text, session } = await openCheckout(params);
    expect(res.status).toBe(400);
    expect(text).toContain(message);
    expect(session).toBeUndefined();
  });

  it('refuses a repeated parameter and escapes what it echoes', async () => {
    const res = await fetch(`${provider.url}/checkout?address=${buyer}&address=${buyer}&network=eip155:${CHAIN}`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('address is given more than once');
    const { text } = await openCheckout({ ...ok, asset: '<b>x</b>' });
    expect(text).not.toContain('<b>x</b>');
  });

  it('serves a page with the buyer, the amount, a Pay button and a strict CSP', async () => {
    const { res, text, session } = await openCheckout(ok);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(`default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${DAPP}; frame-ancestors 'none'; base-uri 'none'`);
    expect(text).toContain(buyer);
    expect(text).toContain('value="0.25"');
    expect(text).toMatch(/<button type="submit">Pay<\/button>/);
    expect(session).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('pays: a real transfer on anvil, the purchase in the data service, back to the dapp; once only', async () => {
    const { session } = await openCheckout(ok);
    const [buyerBefore, funderBefore] = await Promise.all([balance(buyer), balance(funder.address)]);
    const res = await pay({ session: session!, amount: '0.3' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${DAPP}/shop?x=1`);
    expect((await balance(buyer)) - buyerBefore).toBe(parseEther('0.3'));
    // the funder paid the amount and the gas
    expect(funderBefore - (await balance(funder.address))).toBeGreaterThan(parseEther('0.3'));

    const history = await call(service.url, `/v1/account/${buyer}/history?onramp=local`);
    expect(history.status).toBe(200);
    const [purchase] = history.body.data;
    expect(purchase.metadata).toMatchObject({ operationType: 'buy', status: STATUS.success, sentTo: buyer, chain: `eip155:${CHAIN}` });
    expect(purchase.transfers[0]).toMatchObject({ direction: 'in', quantity: { numeric: '0.3' }, fungible_info: { symbol: 'ETH' } });
    // the hash is the transfer's on anvil
    const tx = await node.rpc('eth_getTransactionByHash', [purchase.metadata.hash]);
    expect({ from: tx.from.toLowerCase(), to: tx.to.toLowerCase(), value: formatEther(BigInt(tx.value)) }).toEqual({
      from: funder.address.toLowerCase(),
      to: buyer.toLowerCase(),
      value: '0.3',
    });
    expect(lines.some((l) => l.includes(purchase.metadata.hash))).toBe(true);
    expect(lines.join('\n')).not.toContain(SECRET);
    expect(lines.join('\n')).not.toContain(funderKey.slice(2));

    const again = await pay({ session: session!, amount: '0.3' });
    expect(again.status).toBe(409);
    expect((await balance(buyer)) - buyerBefore).toBe(parseEther('0.3'));
  });

  it('without a redirect URL, shows the receipt page', async () => {
    const { session } = await openCheckout({ address: buyer, network: `eip155:${CHAIN}` });
    const res = await pay({ session: session! });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/0\.1 ETH sent to 0x/);
  });

  it('refuses bad payments', async () => {
    expect((await pay({ session: 'A'.repeat(22) })).status).toBe(410);
    expect((await pay({ session: '../../x' })).status).toBe(410);
    const { session } = await openCheckout(ok);
    expect((await pay({ session: session!, amount: '5' })).status).toBe(400);
    expect((await pay({ session: session! }, { headers: { 'content-type': 'application/json' } })).status).toBe(415);
    expect((await pay({ session: session!, pad: 'x'.repeat(5000) })).status).toBe(413);
    expect((await fetch(`${provider.url}/checkout/pay`)).status).toBe(405);
    expect((await fetch(`${provider.url}/nope`)).status).toBe(404);
    // still open after the refusals
    expect((await pay({ session: session!, amount: '0.01' })).status).toBe(303);
  });
});

describe('rate limit', () => {
  it('counts the payments of one IPv6 /64 together (behind a trusted proxy)', async () => {
    const limited = await startOnrampProvider(
      { port: 0, chains: [{ chainId: CHAIN, rpcUrl: node.url, name: 'Anvil' }], funderKey, maxAmount: '1', paysPerMinute: 2, trustProxy: true },
      {},
    );
    try {
      const payFrom = async (address: string) => {
        const res = await fetch(`${limited.url}/checkout?${new URLSearchParams({ address: buyer, network: `eip155:${CHAIN}`, amount: '0.01' })}`);
        const session = /name="session" value="([^"]+)"/.exec(await res.text())![1]!;
        const paid = await fetch(`${limited.url}/checkout/pay`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
          body: new URLSearchParams({ session }).toString(),
        });
        return paid.status;
      };
      // two payments a minute per client: the third address of 2001:db8:9:9::/64 is the same client
      const statuses = [await payFrom('2001:db8:9:9::1'), await payFrom('2001:db8:9:9::2'), await payFrom('2001:db8:9:9:ffff::3'), await payFrom('2001:db8:9:a::1')];
      expect(statuses).toEqual([200, 200, 429, 200]);
    } finally {
      await limited.stop();
    }
  });
});

describe('through the on-ramp plugin', () => {
  let kernel: Kernel;
  afterAll(async () => {
    await kernel?.stop();
  });

  it('lists Local on-ramp, opens its checkout and sees the purchase through the BlockchainApi', async () => {
    const wallet = installDevWallet({ host: new EventTarget() as never, exposeGlobal: false, chains: [{ chainId: CHAIN, rpcUrl: node.url }], fetch: (u, i) => fetch(u, i) });
    const anvil = evmNetwork(CHAIN, 'Anvil', node.url, { testnet: true });
    kernel = createKernel({
      options: {
        projectId: 'latchkey-tests',
        networks: [anvil],
        blockchainApiUrl: service.url,
        metadata: { name: 'Test dapp', description: '', url: `${DAPP}/`, icons: [] },
        features: { analytics: false },
        onrampProviders: [{ id: 'local', name: 'Local on-ramp', checkoutUrl: `${provider.url}/checkout`, feeRange: { min: 0, max: 0 } }],
      },
      plugins: [evmPlugin({ enableEIP6963: false, enableInjected: false }), onrampPlugin()],
      environment: { window: undefined, document: undefined },
    });
    kernel.connectors.add({ id: 'dev', name: 'Latchkey Dev Wallet', type: 'ANNOUNCED', chain: 'eip155', provider: wallet.provider, installed: true, info: { rdns: 'dev.latchkey.wallet' } });
    await kernel.start();
    await kernel.connection.connect({ connectorId: 'dev' });
    const address = kernel.account.get('eip155').address! as Address;

    await kernel.plugins.load('onramp');
    const onramp = kernel.get<Onramp>(Onramp);
    await onramp.prepare({ amount: '0.05' });
    expect(onramp.state.providers.map((p) => [p.name, p.status])).toEqual([
      ['Coinbase', 'unavailable'],
      ['Meld', 'ready'],
      ['Local on-ramp', 'ready'],
    ]);
    const local = onramp.state.providers[2]!;
    const url = new URL(local.url!);
    expect(Object.fromEntries(url.searchParams)).toEqual({ address, network: `eip155:${CHAIN}`, asset: 'ETH', amount: '0.05', redirectUrl: `${DAPP}/` });

    const watching = onramp.watch('local');
    // the visitor's window: the checkout page, then Pay
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const session = /name="session" value="([^"]+)"/.exec(await page.text())![1]!;
    const before = await balance(address);
    const paid = await pay({ session });
    expect(paid.headers.get('location')).toBe(`${DAPP}/`);
    await watching;
    expect(onramp.state.watch).toMatchObject({ provider: 'local', status: 'success' });
    expect(onramp.state.watch!.purchase!.transfers[0]!.quantity.numeric).toBe('0.05');
    expect((await balance(address)) - before).toBe(parseEther('0.05'));
  }, 30_000);
});
