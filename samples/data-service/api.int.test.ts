/**
 * The data service's API against a real anvil chain with the dev contracts deployed by
 * samples/contracts/deploy.ts, on PGlite: balances, history paging while blocks arrive, NFTs,
 * names with real signatures (EOA and an ERC-1271 contract account), on-ramp purchases,
 * validation, CORS and limits. Prints API latency.
 */
import { encodeFunctionData, getAddress, parseUnits, serializeErc6492Signature, type Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import type { DataService } from './src/index';
import { ANVIL_MNEMONIC, PROJECT_ID, call, percentiles, startDevChain, startTestService, type DevChain } from './testing/harness';

const CHAIN = 31337;
const ONRAMP_SECRET = 'test-onramp-secret-0123456789';
const DAPP_ORIGIN = 'http://127.0.0.1:5173';

let chain: DevChain;
let accounts: Address[];
const base = () => chain.service.url;

beforeAll(async () => {
  chain = await startDevChain({ chainId: CHAIN, service: { onrampSecret: ONRAMP_SECRET, corsOrigins: [DAPP_ORIGIN], limits: { maxBodyBytes: 8192 } } });
  accounts = [...chain.dev.accounts];
}, 90_000);

afterAll(async () => {
  await chain?.stop();
});

const lkd = () => chain.dev.token.address;

describe('balances', () => {
  it("lists the native balance and LKD for a funded account, in the spec's shape", async () => {
    const { status, body } = await call(base(), `/v1/account/${accounts[0]}/balance?chainId=eip155:${CHAIN}&currency=usd`);
    expect(status).toBe(200);
    const [eth, token] = body.balances;
    expect(eth).toEqual({
      name: 'Ether',
      symbol: 'ETH',
      chainId: `eip155:${CHAIN}`,
      address: `eip155:${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`,
      value: 30_000_000,
      price: 3000,
      iconUrl: `${base()}/v1/token-icon/eip155:${CHAIN}/native.svg`,
      quantity: { decimals: '18', numeric: '10000' },
    });
    // account 0 got 1000 LKD from the deployer and 25 from account 1
    expect(token).toMatchObject({
      name: 'Latchkey Dev Token',
      symbol: 'LKD',
      chainId: `eip155:${CHAIN}`,
      address: `eip155:${CHAIN}:${lkd()}`,
      price: 0,
      value: 0,
      quantity: { decimals: '18', numeric: '1025' },
    });
    const icon = await fetch(token.iconUrl);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(await icon.text()).toContain('>LKD</text>');
  });

  it('follows transfers: the sender and the receiver change, a zero balance disappears', async () => {
    const [a3, a4] = [accounts[3]!, accounts[4]!];
    await chain.clients.write(a3, lkd(), chain.contracts.LatchkeyDevToken!.abi, 'transfer', [a4, parseUnits('1000', 18)]);
    await chain.service.waitForSync(CHAIN);
    const of = async (a: Address) => (await call(base(), `/v1/account/${a}/balance?chainId=eip155:${CHAIN}`)).body.balances;
    const b3 = await of(a3);
    const b4 = await of(a4);
    expect(b3.map((b: any) => b.symbol)).toEqual(['ETH']); // 1000 - 1000: LKD is gone
    expect(b4.find((b: any) => b.symbol === 'LKD').quantity.numeric).toBe('2000');
    // the native balance is the node's (gas included)
    const wei = await chain.clients.client.getBalance({ address: a3 });
    expect(parseUnits(b3[0].quantity.numeric, 18)).toBe(wei);
  });

  it('without chainId answers for every configured chain; an unknown chain is refused', async () => {
    const all = await call(base(), `/v1/account/${accounts[0]}/balance`);
    expect(all.status).toBe(200);
    expect(all.body.balances.length).toBe(2);
    const unknown = await call(base(), `/v1/account/${accounts[0]}/balance?chainId=eip155:5`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.reasons[0].field).toBe('chainId');
    expect(unknown.body.reasons[0].description).toContain("We don't support the chainId you provided: eip155:5");
  });
});

describe('history', () => {
  it('shows account 0 receiving LKD and minted NFTs, newest first', async () => {
    const { status, body } = await call(base(), `/v1/account/${accounts[0]}/history?chainId=eip155:${CHAIN}`);
    expect(status).toBe(200);
    expect(body.next).toBeNull();
    const ops = body.data.map((t: any) => t.metadata.operationType);
    // grant of 1000 LKD, three mints, 25 LKD from account 1 (newest first)
    expect(ops).toEqual(['receive', 'mint', 'mint', 'mint', 'receive']);
    const [latest] = body.data;
    expect(latest.metadata).toMatchObject({
      sentFrom: accounts[1],
      sentTo: lkd(),
      status: 'confirmed',
      chain: `eip155:${CHAIN}`,
    });
    expect(latest.metadata.minedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
    expect(latest.transfers).toEqual([
      {
        fungible_info: { name: 'Latchkey Dev Token', symbol: 'LKD', icon: { url: `${base()}/v1/token-icon/eip155:${CHAIN}/${lkd().toLowerCase()}.svg` } },
        direction: 'in',
        quantity: { numeric: '25' },
      },
    ]);
    const mint = body.data[1];
    expect(mint.transfers[0].nft_info).toEqual({
      name: 'Latchkey Dev Keys #3',
      content: {
        preview: { url: `${base()}/v1/nft/eip155:${CHAIN}/${chain.dev.nft.address.toLowerCase()}/3/image.svg`, content_type: 'image/svg+xml' },
        detail: { url: `${base()}/v1/nft/eip155:${CHAIN}/${chain.dev.nft.address.toLowerCase()}/3/image.svg`, content_type: 'image/svg+xml' },
      },
      flags: { is_spam: false },
    });
    expect(mint.transfers[0].quantity).toEqual({ numeric: '1' });
  });

  it('shows native value with its USD value, and the sender sees "send"', async () => {
    const a1 = await call(base(), `/v1/account/${accounts[1]}/history?limit=50`);
    const eth = a1.body.data.find((t: any) => t.transfers.some((x: any) => x.fungible_info?.symbol === 'ETH'));
    expect(eth.metadata.operationType).toBe('send');
    expect(eth.transfers[0]).toMatchObject({ direction: 'out', quantity: { numeric: '0.5' }, price: 3000, value: 1500 });
  });

  it('pages with an opaque cursor that stays exact while new blocks arrive', async () => {
    const account = accounts[5]!;
    const other = accounts[6]!;
    // 7 transactions for account 5
    for (let i = 1; i <= 7; i++) await chain.clients.sendEth(other, account, BigInt(i));
    await chain.service.waitForSync(CHAIN);
    const all = (await call(base(), `/v1/account/${account}/history?limit=100`)).body.data.map((t: any) => t.id);
    expect(all).toHaveLength(8); // 7 + the LKD grant
    const first = await call(base(), `/v1/account/${account}/history?limit=3`);
    expect(first.body.data.map((t: any) => t.id)).toEqual(all.slice(0, 3));
    expect(first.body.next).toMatch(/^[A-Za-z0-9_-]+$/);
    // new activity arrives between pages
    await chain.clients.sendEth(other, account, 100n);
    await chain.clients.sendEth(account, other, 1n);
    await chain.service.waitForSync(CHAIN);
    const seen: string[] = [...first.body.data.map((t: any) => t.id)];
    let next: string | null = first.body.next;
    let pages = 1;
    while (next) {
      const page = await call(base(), `/v1/account/${account}/history?limit=3&cursor=${next}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((t: any) => t.id));
      next = page.body.next;
      pages++;
    }
    expect(seen).toEqual(all); // no duplicates, no gaps, nothing new slipped into old pages
    expect(pages).toBe(3);
    // a fresh first page starts with the new activity
    const fresh = await call(base(), `/v1/account/${account}/history?limit=2`);
    expect(fresh.body.data.map((t: any) => t.metadata.operationType)).toEqual(['send', 'receive']);
  });

  it('refuses forged cursors and bad limits', async () => {
    for (const cursor of ['abc', 'WyJ4Il0', Buffer.from('["h",1,2,3]').toString('base64url'), 'x'.repeat(300)]) {
      const r = await call(base(), `/v1/account/${accounts[0]}/history?cursor=${cursor}`);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ status: 'FAILED', reasons: [{ field: 'cursor', description: 'Invalid cursor' }] });
    }
    expect((await call(base(), `/v1/account/${accounts[0]}/history?limit=0`)).status).toBe(400);
    expect((await call(base(), `/v1/account/${accounts[0]}/history?limit=101`)).body.reasons[0].description).toBe('limit must be an integer from 1 to 100');
  });
});

describe('on-ramp purchases', () => {
  const purchase = (over: Record<string, unknown> = {}) => ({
    provider: 'local',
    purchaseId: 'p-1',
    address: accounts[2],
    chainId: `eip155:${CHAIN}`,
    status: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS',
    amount: '0.25',
    currency: 'ETH',
    ...over,
  });

  it('needs the shared secret', async () => {
    const none = await call(base(), '/v1/onramp/purchases', { body: purchase(), raw: true });
    expect(none.status).toBe(401);
    const wrong = await call(base(), '/v1/onramp/purchases', { body: purchase(), raw: true, headers: { authorization: 'Bearer nope-nope-nope-nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.reasons[0].description).toBe('Invalid on-ramp secret');
  });

  it('records a purchase, updates its status, and lists it with ?onramp=', async () => {
    const auth = { authorization: `Bearer ${ONRAMP_SECRET}` };
    const created = await call(base(), '/v1/onramp/purchases', { body: purchase(), raw: true, headers: auth });
    expect(created.status).toBe(200);
    const hash = `0x${'ab'.repeat(32)}`;
    const done = await call(base(), '/v1/onramp/purchases', {
      body: purchase({ status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS', txHash: hash }),
      raw: true,
      headers: auth,
    });
    expect(done.status).toBe(200);
    const back = await call(base(), '/v1/onramp/purchases', { body: purchase(), raw: true, headers: auth });
    expect(back.status).toBe(409);
    const bad = await call(base(), '/v1/onramp/purchases', { body: purchase({ status: 'DONE' }), raw: true, headers: auth });
    expect(bad.body.reasons[0].field).toBe('status');

    const list = await call(base(), `/v1/account/${accounts[2]}/history?onramp=local`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      data: [
        {
          id: 'local:p-1',
          metadata: {
            operationType: 'buy',
            hash,
            minedAt: expect.any(String),
            sentFrom: 'Local',
            sentTo: accounts[2],
            status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
            nonce: 0,
            chain: `eip155:${CHAIN}`,
          },
          transfers: [{ fungible_info: { name: 'ETH', symbol: 'ETH', icon: { url: '' } }, direction: 'in', quantity: { numeric: '0.25' } }],
        },
      ],
      next: null,
    });
    // the chain history does not mix them in, and other providers are separate
    expect((await call(base(), `/v1/account/${accounts[2]}/history?onramp=coinbase`)).body.data).toEqual([]);
    expect((await call(base(), `/v1/account/${accounts[2]}/history?onramp=acme`)).body.reasons[0].description).toBe('Provider acme is not supported');
  });
});

describe('NFTs', () => {
  it('lists the ERC-721 tokens an address holds, with paging and served metadata', async () => {
    const first = await call(base(), `/v1/account/${accounts[0]}/nfts?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.data.map((n: any) => n.tokenId)).toEqual(['1', '2']);
    const rest = await call(base(), `/v1/account/${accounts[0]}/nfts?limit=2&cursor=${first.body.next}`);
    expect(rest.body.data.map((n: any) => n.tokenId)).toEqual(['3']);
    expect(rest.body.next).toBeNull();
    const nft = first.body.data[0];
    expect(nft).toMatchObject({
      chainId: `eip155:${CHAIN}`,
      contract: { address: `eip155:${CHAIN}:${chain.dev.nft.address}`, name: 'Latchkey Dev Keys', symbol: 'LKEY' },
      name: 'Latchkey Dev Keys #1',
      tokenUri: `${base()}/v1/nft/eip155:${CHAIN}/${chain.dev.nft.address}/1`,
      flags: { is_spam: false },
    });
    // the token URI (what the contract answers) resolves to metadata, whose image is an SVG
    const meta = await (await fetch(nft.tokenUri)).json();
    expect(meta.name).toBe('Latchkey Dev Keys #1');
    const img = await fetch(meta.image);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/svg+xml');
    expect(img.headers.get('content-security-policy')).toContain("default-src 'none'");
    // account 1 holds #4 and, since account 2 gave it, #5
    const a1 = await call(base(), `/v1/account/${accounts[1]}/nfts`);
    expect(a1.body.data.map((n: any) => n.tokenId)).toEqual(['4', '5']);
    expect((await call(base(), `/v1/account/${accounts[2]}/nfts`)).body.data).toEqual([]);
  });
});

describe('names', () => {
  const zone = 'latchkey.id';
  const signer = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 7 });
  const now = () => Math.floor(Date.now() / 1000);
  const registration = async (name: string, opts: { timestamp?: number; attributes?: Record<string, string>; coinType?: number; account?: typeof signer } = {}) => {
    const account = opts.account ?? signer;
    const message = JSON.stringify({ name, attributes: opts.attributes ?? {}, timestamp: opts.timestamp ?? now() });
    return { coin_type: opts.coinType ?? 0x80000000 + CHAIN, address: account.address, message, signature: await account.signMessage({ message }) };
  };

  it("the dev wallet's account signs (anvil mnemonic index 7 is eth_accounts[7])", () => {
    expect(signer.address).toBe(getAddress(accounts[7]!));
  });

  it('registers a name with a real signature; lookup, reverse lookup, identity and suggestions see it', async () => {
    const body = await registration(`alice-dev.${zone}`, { attributes: { avatar: 'https://example.org/a.png', bio: 'Hello there' } });
    const r = await call(base(), '/v1/profile/account', { body });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      name: `alice-dev.${zone}`,
      attributes: { avatar: 'https://example.org/a.png', bio: 'Hello there' },
      addresses: {
        '60': { address: signer.address },
        [String(0x80000000 + CHAIN)]: { address: signer.address },
      },
    });
    const lookup = await call(base(), `/v1/profile/account/ALICE-dev.${zone}`);
    expect(lookup.status).toBe(200);
    expect(Object.values(lookup.body.addresses).map((a: any) => a.address)).toEqual([signer.address, signer.address]);
    const reverse = await call(base(), `/v1/profile/reverse/${signer.address}?caipNetworkId=eip155:${CHAIN}`);
    expect(reverse.body.map((n: any) => n.name)).toEqual([`alice-dev.${zone}`]);
    const identity = await call(base(), `/v1/identity/${signer.address}?caipNetworkId=eip155:${CHAIN}&sender=${accounts[0]}`);
    expect(identity.body).toEqual({ name: `alice-dev.${zone}`, avatar: 'https://example.org/a.png' });
    const suggestions = await call(base(), '/v1/profile/suggestions/alice-dev');
    expect(suggestions.body.suggestions[0]).toEqual({ name: `alice-dev.${zone}`, registered: true });
    expect(suggestions.body.suggestions.length).toBe(5);
    expect(suggestions.body.suggestions.slice(1).every((s: any) => !s.registered && s.name.endsWith(`.${zone}`))).toBe(true);
    // nobody else
    expect((await call(base(), `/v1/profile/reverse/${accounts[8]}`)).body).toEqual([]);
    expect((await call(base(), `/v1/identity/${accounts[8]}`)).body).toEqual({ name: null, avatar: null });
    const missing = await call(base(), `/v1/profile/account/nobody-here.${zone}`);
    expect(missing.status).toBe(404);
    expect(missing.body.reasons[0].description).toBe(`Name is not found in the database: nobody-here.${zone}`);
  });

  it('refuses a tampered message, a signature by someone else, a stale timestamp and a taken name', async () => {
    const good = await registration(`bobby.${zone}`);
    const tampered = { ...good, message: good.message.replace('bobby', 'bobbi') };
    const r1 = await call(base(), '/v1/profile/account', { body: tampered });
    expect(r1.status).toBe(401);
    expect(r1.body.reasons[0]).toEqual({ field: 'signature', description: 'Signature validation error: Signature verification error' });
    const other = await registration(`bobby.${zone}`, { account: mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 8 }) });
    const r2 = await call(base(), '/v1/profile/account', { body: { ...other, address: signer.address } });
    expect(r2.status).toBe(401);
    const stale = await registration(`bobby.${zone}`, { timestamp: now() - 3600 });
    const r3 = await call(base(), '/v1/profile/account', { body: stale });
    expect(r3.status).toBe(400);
    expect(r3.body.reasons[0].field).toBe('timestamp');
    expect(r3.body.reasons[0].description).toMatch(/^Signature UNIXTIME timestamp is too old: \d+$/);
    const taken = await call(base(), '/v1/profile/account', { body: await registration(`alice-dev.${zone}`) });
    expect(taken.body.reasons[0].description).toBe(`Name is already registered: alice-dev.${zone}`);
    expect((await call(base(), `/v1/profile/account/bobby.${zone}`)).status).toBe(404);
  });

  it('applies the name rules (docs/account-features.md#names) and the chain id bound, with the first reason a client shows', async () => {
    const description = async (body: unknown) => (await call(base(), '/v1/profile/account', { body })).body.reasons[0].description;
    expect(await description(await registration(`bob.${zone}`))).toBe('Invalid name length: bob (at least 4 characters)');
    expect(await description(await registration(`bob_by.${zone}`))).toBe('Invalid name format: bob_by (letters, digits and hyphen only)');
    expect(await description(await registration('bobby.example.com'))).toContain('Name is not in the allowed zones');
    expect(await description(await registration(`bobby.${zone}`, { coinType: 2 ** 32 }))).toBe('Invalid chainId');
    expect(await description(await registration(`bobby.${zone}`, { coinType: 501 }))).toBe('Unsupported coin type: 501');
    expect(await description(await registration(`bobby.${zone}`, { attributes: { website: 'x' } }))).toBe('Unsupported name attribute in payload');
    expect(await description({ ...(await registration(`bobby.${zone}`)), message: { name: 'x' } })).toBe('message must be the signed JSON text');
    const sugg = await call(base(), '/v1/profile/suggestions/ab');
    expect(sugg.status).toBe(400);
    expect(sugg.body.reasons[0].description).toBe('Invalid name length: ab (at least 4 characters)');
  });

  it('verifies a contract account (ERC-1271) through the chain', async () => {
    const owner = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 6 });
    const art = chain.contracts.DevSmartAccount!;
    const wallet = getAddress(await chain.clients.deploy(accounts[6]!, art.abi, art.bytecode, [owner.address]));
    const message = JSON.stringify({ name: `smart-acct.${zone}`, attributes: {}, timestamp: now() });
    const ok = await call(base(), '/v1/profile/account', {
      body: { coin_type: 0x80000000 + CHAIN, address: wallet, message, signature: await owner.signMessage({ message }) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.addresses[String(0x80000000 + CHAIN)].address).toBe(wallet);
    const notOwner = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 5 });
    const message2 = JSON.stringify({ name: `smart-acct2.${zone}`, attributes: {}, timestamp: now() });
    const bad = await call(base(), '/v1/profile/account', {
      body: { coin_type: 0x80000000 + CHAIN, address: wallet, message: message2, signature: await notOwner.signMessage({ message: message2 }) },
    });
    expect(bad.status).toBe(401);
  });

  it('verifies an account that does not exist yet (ERC-6492: factory call + signature)', async () => {
    const owner = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 4 });
    const factoryArt = chain.contracts.DevSmartAccountFactory!;
    const factory = getAddress(await chain.clients.deploy(accounts[4]!, factoryArt.abi, factoryArt.bytecode, []));
    const salt = `0x${'42'.repeat(32)}` as const;
    const account = (await chain.clients.client.readContract({ address: factory, abi: factoryArt.abi, functionName: 'addressOf', args: [owner.address, salt] })) as Address;
    expect(await chain.clients.client.getCode({ address: account })).toBeUndefined(); // counterfactual
    const deployCall = encodeFunctionData({ abi: factoryArt.abi, functionName: 'deploy', args: [owner.address, salt] });
    const register = async (name: string, signer: typeof owner) => {
      const message = JSON.stringify({ name, attributes: {}, timestamp: now() });
      const signature = serializeErc6492Signature({ address: factory, data: deployCall, signature: await signer.signMessage({ message }) });
      return call(base(), '/v1/profile/account', { body: { coin_type: 0x80000000 + CHAIN, address: account, message, signature } });
    };
    const ok = await register(`future-acct.${zone}`, owner);
    expect(ok.status).toBe(200);
    expect(ok.body.addresses[String(0x80000000 + CHAIN)].address).toBe(account);
    expect((await register(`future-acct2.${zone}`, mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 3 }))).status).toBe(401);
    // verification simulates the deployment; nothing was deployed
    expect(await chain.clients.client.getCode({ address: account })).toBeUndefined();
  });
});

describe('requests are validated and bounded', () => {
  it('answers errors in the blockchain API shape', async () => {
    const bad = await call(base(), '/v1/account/0x123/balance');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ status: 'FAILED', reasons: [{ field: 'address', description: 'The address provided is invalid' }] });
    expect((await call(base(), `/v1/account/${accounts[0]}/balance?chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`)).body.reasons[0].description).toBe(
      'Only eip155 chains are supported, not solana',
    );
    expect((await call(base(), '/v1/nope')).status).toBe(404);
    expect((await call(base(), `/v1/account/${accounts[0]}/balance`, { method: 'DELETE' })).status).toBe(405);
  });

  it('checks projectId against the allowlist and validates st/sv', async () => {
    const path = `/v1/account/${accounts[0]}/balance`;
    const missing = await call(base(), path, { raw: true });
    expect(missing.body.reasons[0]).toEqual({ field: 'projectId', description: 'projectId is required' });
    const unknown = await call(base(), `${path}?projectId=someone-else`, { raw: true });
    expect(unknown.status).toBe(401);
    expect(unknown.body.reasons[0].description).toBe('Invalid projectId');
    const badSv = await call(base(), `${path}?projectId=${PROJECT_ID}&sv=${'x'.repeat(65)}`, { raw: true });
    expect(badSv.body.reasons[0].field).toBe('sv');
    expect((await call(base(), '/v1/supported-chains')).body).toEqual({ http: [`eip155:${CHAIN}`], ws: [] });
  });

  it('bounds bodies and checks their type', async () => {
    const big = await call(base(), '/v1/profile/account', { body: JSON.stringify({ pad: 'x'.repeat(9000) }) });
    expect(big.status).toBe(413);
    const text = await call(base(), '/v1/profile/account', { body: 'x', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
    const broken = await call(base(), '/v1/profile/account', { body: '{"a":' });
    expect(broken.body.reasons[0].description).toBe('Malformed JSON body');
  });

  it('allows the dapp origin by CORS and nobody else', async () => {
    const path = `/v1/account/${accounts[0]}/balance?projectId=${PROJECT_ID}`;
    const ok = await fetch(new URL(path, base()), { headers: { origin: DAPP_ORIGIN } });
    expect(ok.headers.get('access-control-allow-origin')).toBe(DAPP_ORIGIN);
    const other = await fetch(new URL(path, base()), { headers: { origin: 'http://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(new URL('/v1/profile/account', base()), {
      method: 'OPTIONS',
      headers: { origin: DAPP_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    const refused = await fetch(new URL('/v1/profile/account', base()), { method: 'OPTIONS', headers: { origin: 'http://evil.example' } });
    expect(refused.status).toBe(403);
  });
});

describe('per-client limits', () => {
  let limited: DataService;
  beforeAll(async () => {
    limited = await startTestService({
      chains: [{ chainId: CHAIN, rpcUrl: chain.node.url, name: 'Anvil' }],
      onrampSecret: ONRAMP_SECRET,
      limits: { postsPerMinute: 2, getsPerMinute: 3, webhooksPerMinute: 3 },
    });
    // the limits count per calendar minute: start well inside one
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100));
  }, 90_000);
  afterAll(async () => {
    await limited?.stop();
  });

  it('limits GETs (each may call the node) per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(limited.url, `/v1/account/${accounts[0]}/balance?chainId=eip155:${CHAIN}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("counts the on-ramp provider's reports apart from anonymous posts", async () => {
    const report = (purchaseId: string, authorization: string) =>
      call(limited.url, '/v1/onramp/purchases', {
        raw: true,
        headers: { authorization },
        body: { provider: 'local', purchaseId, address: accounts[3], chainId: `eip155:${CHAIN}`, status: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS', amount: '0.1', currency: 'ETH' },
      });
    // anonymous posts (a wrong secret is anonymous) use up their own bucket…
    const anonymous = [await report('a-1', 'Bearer not-the-secret-000'), await report('a-2', 'Bearer not-the-secret-000'), await report('a-3', 'Bearer not-the-secret-000')];
    expect(anonymous.map((r) => r.status)).toEqual([401, 401, 429]);
    // …and the provider's reports from the same address still pass, up to theirs
    const reports = [];
    for (let i = 1; i <= 4; i++) reports.push((await report(`w-${i}`, `Bearer ${ONRAMP_SECRET}`)).status);
    expect(reports).toEqual([200, 200, 200, 429]);
  });
});

// the figures at full size under `npm run bench:servers` (LATCHKEY_BENCH=1); a few requests each in `npm test`
it('answers 200 to repeated reads and prints their latency (figures)', async () => {
  const measure = async (path: string, n = process.env.LATCHKEY_BENCH === '1' ? 60 : 5) => {
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      const r = await call(base(), path);
      times.push(performance.now() - t);
      expect(r.status).toBe(200);
    }
    return percentiles(times);
  };
  const fmt = (p: { p50: number; p95: number; max: number }) => `p50 ${p.p50.toFixed(1)} ms, p95 ${p.p95.toFixed(1)} ms, max ${p.max.toFixed(1)} ms`;
  const balance = await measure(`/v1/account/${accounts[0]}/balance?chainId=eip155:${CHAIN}`);
  const history = await measure(`/v1/account/${accounts[0]}/history?limit=20`);
  const nfts = await measure(`/v1/account/${accounts[0]}/nfts`);
  const identity = await measure(`/v1/identity/${accounts[7]}`);
  console.log(
    [
      `data service API latency (PGlite, in-process, sequential, ${process.env.LATCHKEY_BENCH === '1' ? 60 : 5} requests each):`,
      `  balance   ${fmt(balance)}`,
      `  history   ${fmt(history)}`,
      `  nfts      ${fmt(nfts)}`,
      `  identity  ${fmt(identity)}`,
    ].join('\n'),
  );
}, 60_000);
