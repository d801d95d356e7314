/** The default provider on its own: storage it cannot trust, bounds, verification on add and read, revoke. */
import { privateKeyToAccount } from 'viem/accounts';
import { LocalSiwx, MAX_SESSIONS } from './local';
import { verifySession } from './verify';
import { SIWX_ATTACH, type SiwxEnvironment, type SiwxSession } from './types';

const alice = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const bob = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');

function env(now = Date.parse('2026-11-22T12:00:00Z')) {
  const map = new Map<string, unknown>();
  const e: SiwxEnvironment & { map: Map<string, unknown>; clock: { now: number } } = {
    map,
    clock: { now },
    storage: {
      get: <T,>(k: string, guard?: (v: unknown) => v is T) => {
        const v = map.get(k);
        return v === undefined || (guard && !guard(v)) ? undefined : (v as T);
      },
      set: (k, v) => void map.set(k, JSON.parse(JSON.stringify(v))),
      remove: (k) => void map.delete(k),
    },
    verify: (s) => verifySession(s, { rpc: () => undefined }),
    http: {} as SiwxEnvironment['http'],
    location: { host: 'app.test', origin: 'https://app.test' },
    now: () => e.clock.now,
  };
  return e;
}

async function signedSession(provider: LocalSiwx, account = alice, chainId = 'eip155:1' as const): Promise<SiwxSession> {
  const message = await provider.createMessage({ chainId, accountAddress: account.address });
  const text = message.toString();
  const { toString: _t, ...data } = message;
  return { data, message: text, signature: await account.signMessage({ message: text }) };
}

it('creates messages from the page location and its options', async () => {
  const p = new LocalSiwx({ statement: 'Hello', expiration: 60_000, resources: ['https://app.test/terms'], getNonce: async () => 'hostNonce1234' });
  p[SIWX_ATTACH](env());
  const m = await p.createMessage({ chainId: 'eip155:1', accountAddress: alice.address });
  expect(m).toMatchObject({
    domain: 'app.test',
    uri: 'https://app.test',
    nonce: 'hostNonce1234',
    statement: 'Hello',
    issuedAt: '2026-11-22T12:00:00.000Z',
    expirationTime: '2026-11-22T12:01:00.000Z',
    resources: ['https://app.test/terms'],
  });
  expect(p.getRequired()).toBe(true);
  expect(new LocalSiwx({ required: false }).getRequired()).toBe(false);
});

it('refuses to work before the plugin attaches it', async () => {
  await expect(new LocalSiwx().getSessions('eip155:1', alice.address)).rejects.toThrow(/not attached/);
});

it('keeps one verified session per account and chain; revoke and setSessions([]) forget', async () => {
  const e = env();
  const p = new LocalSiwx();
  p[SIWX_ATTACH](e);
  const a1 = await signedSession(p);
  const b1 = await signedSession(p, bob);
  await p.addSession(a1);
  await p.addSession(b1);
  const a2 = await signedSession(p);
  await p.addSession(a2);
  expect(await p.getSessions('eip155:1', alice.address.toLowerCase())).toEqual([a2]);
  expect(await p.getSessions('eip155:10', alice.address)).toEqual([]);
  await p.revokeSession('eip155:1', alice.address);
  expect(await p.getSessions('eip155:1', alice.address)).toEqual([]);
  expect(await p.getSessions('eip155:1', bob.address)).toEqual([b1]);
  await p.setSessions([]);
  expect(e.map.size).toBe(0);
});

it('refuses forged and expired sessions, and drops them from storage when read', async () => {
  const e = env();
  const p = new LocalSiwx({ expiration: 1000 });
  p[SIWX_ATTACH](e);
  const good = await signedSession(p);
  const forged = { ...good, signature: await bob.signMessage({ message: good.message }) };
  await expect(p.addSession(forged)).rejects.toThrow('Failed to verify message');
  await expect(p.setSessions([good, forged])).rejects.toThrow('Failed to verify message');
  await p.addSession(good);
  // someone writes a forged session into storage directly
  e.map.set('sessions', [forged, good]);
  expect(await p.getSessions('eip155:1', alice.address)).toEqual([good]);
  expect(e.map.get('sessions')).toEqual([good]);
  e.clock.now += 1001;
  expect(await p.getSessions('eip155:1', alice.address)).toEqual([]);
  expect(e.map.has('sessions')).toBe(false);
  await expect(p.addSession(good)).rejects.toThrow('Failed to verify message');
});

it('reads garbage as nothing and keeps at most MAX_SESSIONS', async () => {
  const e = env();
  const p = new LocalSiwx();
  p[SIWX_ATTACH](e);
  e.map.set('sessions', 'not a list');
  expect(await p.getSessions('eip155:1', alice.address)).toEqual([]);
  e.map.set('sessions', [null, 1, { data: {} }, { data: { chainId: 'eip155:1' }, message: 'x', signature: 'y' }]);
  expect(await p.getSessions('eip155:1', alice.address)).toEqual([]);
  const many = [];
  for (let i = 1; i <= MAX_SESSIONS + 5; i++) many.push(await signedSession(p, alice, `eip155:${i}` as 'eip155:1'));
  await p.setSessions(many);
  expect((e.map.get('sessions') as unknown[]).length).toBe(MAX_SESSIONS);
});
