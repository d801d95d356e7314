/**
 * One-click auth (docs/account-features.md#sign-in-with-a-wallet-message): the rule (every chain
 * eip155), the request, the wallet's cacaos as sessions, and the pairing's path on a real kernel
 * with the scripted universal provider and a sign-in plugin of this test's own that binds the
 * kernel's latchkey/signin link (the real one, plugins/siwx, has its own tests; the relay and
 * walletkit run in tests/integration/walletconnect/oneClickAuth.int.test.ts).
 */
import { ContainerModule } from 'inversify';
import { buildAuthObject, formatMessage } from '@walletconnect/utils';
import { privateKeyToAccount } from 'viem/accounts';
import { createKernel, defineNetwork, isUserRejection, type CaipNetwork, type Kernel } from '../../kernel/index';
import { SignInOnConnect, type SignInRequest, type SignedInSession } from '../../kernel/signIn';
import { kernelsStoppedAfterEach } from '../../kernel/testing/kernels';
import { walletConnectPlugin } from './index';
import { authenticationRequest, canSignInOverUniversalProvider, messageChain, sessionCacaos, signedSessions, type Cacao } from './oneClickAuth';
import { FakeUniversalProvider } from './testing/fakeUniversalProvider';
import { UniversalProviderInit, WalletConnectSession } from './types';

const signer = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const evm = (id: number): CaipNetwork =>
  defineNetwork({ id, name: `Chain ${id}`, caipNetworkId: `eip155:${id}`, chainNamespace: 'eip155', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [`http://127.0.0.1:9/${id}`] } } });
const solana = defineNetwork({ id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', name: 'Solana', caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', chainNamespace: 'solana', nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, rpcUrls: { default: { http: ['http://127.0.0.1:9/sol'] } } });

const REQUEST: SignInRequest = { chainId: 'eip155:31337', domain: 'app.test', uri: 'https://app.test', version: '1', nonce: 'abcdefgh12345678', statement: 'Sign in to Example', expirationTime: '2030-01-01T00:00:00.000Z' };
/** A ReCap of two methods on both chains, as a wallet returns it. */
const RECAP = `urn:recap:${Buffer.from(JSON.stringify({ att: { eip155: { 'request/personal_sign': [{ chains: ['eip155:31337', 'eip155:1'] }], 'request/eth_sendTransaction': [{ chains: ['eip155:31337', 'eip155:1'] }] } } })).toString('base64')}`;

/** A cacao the way a wallet makes one (walletkit: the sign client's formatting, a personal_sign over it). */
async function cacao(chain = 'eip155:31337', resources: string[] | null = [RECAP]): Promise<Cacao> {
  const payload = { domain: 'app.test', aud: 'https://app.test', version: '1', nonce: 'abcdefgh12345678', iat: '2026-11-27T00:00:00.000Z', exp: '2030-01-01T00:00:00.000Z', statement: 'Sign in to Example', type: 'caip122', chains: [chain], ...(resources ? { resources } : {}) };
  const iss = `did:pkh:${chain}:${signer.address}`;
  const s = await signer.signMessage({ message: formatMessage(payload, iss) });
  return buildAuthObject(payload, { t: 'eip191', s }, iss) as unknown as Cacao;
}

describe('the rule: sign-in over the universal provider only when every chain is eip155', () => {
  it.each([
    ['two EVM networks', [evm(1), evm(31337)], true],
    ['one EVM chain id', ['eip155:1'], true],
    ['an EVM and a Solana network', [evm(1), solana], false],
    ['a Solana chain id', ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], false],
    ['a Bitcoin chain id', ['bip122:000000000019d6689c085ae165831e93'], false],
    ['nothing', [], false],
  ])('%s → %s', (_what, chains, ok) => {
    expect(canSignInOverUniversalProvider(chains as never)).toBe(ok);
  });

  it('the message names the active network when it is requested, else the first chain; the request puts it first', () => {
    expect(messageChain(['eip155:1', 'eip155:31337'], 'eip155:31337')).toBe('eip155:31337');
    expect(messageChain(['eip155:1', 'eip155:31337'], 'eip155:10')).toBe('eip155:1');
    expect(messageChain(['eip155:1'], undefined)).toBe('eip155:1');
    const params = authenticationRequest({ ...REQUEST, notBefore: '2026-01-01T00:00:00.000Z', requestId: 'r1', resources: ['https://app.test/terms'] }, ['eip155:1', 'eip155:31337']);
    expect(params).toEqual({
      chains: ['eip155:31337', 'eip155:1'],
      domain: 'app.test',
      uri: 'https://app.test',
      nonce: 'abcdefgh12345678',
      statement: 'Sign in to Example',
      exp: '2030-01-01T00:00:00.000Z',
      nbf: '2026-01-01T00:00:00.000Z',
      requestId: 'r1',
      resources: ['https://app.test/terms'],
    });
  });
});

describe('the wallet’s cacaos as sign-in sessions', () => {
  it('data from the cacao, the exact text signed (the ReCap wording in the statement), its signature', async () => {
    const c = await cacao();
    const [session] = signedSessions([c], (p, iss) => formatMessage(p as never, iss));
    expect(session!.message).toBe(formatMessage(c.p as never, c.p.iss));
    expect(session!.message.split('\n')[3]).toMatch(/^Sign in to Example I further authorize the stated URI to perform the following actions on my behalf: \(1\) 'request': 'eth_sendTransaction', 'personal_sign' for 'eip155'\.$/);
    expect(session!.data).toEqual({
      accountAddress: signer.address,
      chainId: 'eip155:31337',
      domain: 'app.test',
      uri: 'https://app.test',
      version: '1',
      nonce: 'abcdefgh12345678',
      issuedAt: '2026-11-27T00:00:00.000Z',
      expirationTime: '2030-01-01T00:00:00.000Z',
      statement: session!.message.split('\n')[3],
      resources: [RECAP],
    });
    expect(session!.signature).toBe(c.s.s);
    expect(session!.cacao).toBe(c);
    expect(await signer.signMessage({ message: session!.message })).toBe(c.s.s);
  });

  it('the cacaos a settled session carries; none on a plain session or a malformed list', async () => {
    const c = await cacao();
    expect(sessionCacaos({ authentication: [c, { p: {} }, null] })).toEqual([c]);
    expect(sessionCacaos({ topic: 't' })).toEqual([]);
    expect(sessionCacaos({ authentication: 'x' })).toEqual([]);
    expect(sessionCacaos(undefined)).toEqual([]);
  });

  it('no statement and no ReCap: none in the data; a cacao of another issuer is left out', async () => {
    const c = await cacao('eip155:1', null);
    const plain = { ...c, p: { ...c.p, statement: undefined } } as Cacao;
    const other = { ...c, p: { ...c.p, iss: 'did:pkh:solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' } } as Cacao;
    const sessions = signedSessions([plain, other], (p, iss) => formatMessage(p as never, iss));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.data.statement).toBeUndefined();
    expect(sessions[0]!.data.chainId).toBe('eip155:1');
  });
});

/** A sign-in plugin of this test's own: owns the `siwx` option, binds the link, records what it is given. */
function signInPlugin(link: { requests: string[]; added: SignedInSession[][]; refuse?: boolean; none?: boolean }) {
  return {
    id: 'test-signin',
    options: { keys: ['siwx'] },
    load: async () => ({
      services: new ContainerModule(({ bind }) => {
        bind(SignInOnConnect).toConstantValue({
          async request(chainId: string) {
            link.requests.push(chainId);
            return link.none ? undefined : { ...REQUEST, chainId };
          },
          async addSessions(sessions: readonly SignedInSession[]) {
            link.added.push([...sessions]);
            if (link.refuse) throw new Error('refused');
          },
        });
      }),
    }),
  };
}

interface Flow {
  kernel: Kernel;
  fake: FakeUniversalProvider;
  link: { requests: string[]; added: SignedInSession[][]; refuse?: boolean; none?: boolean };
  connect(): Promise<readonly string[]>;
  session(): WalletConnectSession;
}

const kernels = kernelsStoppedAfterEach();
afterEach(() => jest.restoreAllMocks());

async function flow(opts: { networks?: CaipNetwork[]; signIn?: boolean; link?: Partial<Flow['link']> } = {}): Promise<Flow> {
  const fake = new FakeUniversalProvider();
  fake.client.formatAuthMessage = ({ request, iss }) => formatMessage(request, iss);
  const link = { requests: [] as string[], added: [] as SignedInSession[][], ...opts.link };
  const kernel = createKernel({
    options: { projectId: 'p', networks: opts.networks ?? [evm(1), evm(31337)], defaultNetwork: evm(31337), features: { analytics: false } },
    plugins: [walletConnectPlugin({ prewarm: false }), ...(opts.signIn === false ? [] : [signInPlugin(link)])],
    environment: { localStorage: undefined, window: undefined } as never,
    modules: [new ContainerModule(({ bind }) => void bind(UniversalProviderInit).toConstantValue(async () => fake))],
  });
  kernels.push(kernel);
  await kernel.start();
  await kernel.plugins.load('walletconnect');
  const session = () => kernel.get<WalletConnectSession>(WalletConnectSession);
  return { kernel, fake, link, session, connect: () => session().connect() };
}

const until = async (cond: () => boolean, what: string) => {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 1));
  if (!cond()) throw new Error(`timed out: ${what}`);
};

describe('a pairing with sign-in configured (one-click auth)', () => {
  // the plugin's module (the universal provider's code) loads once for these tests, not inside the first one's time
  beforeAll(() => import('./module'), 60_000);

  it('asks the wallet to sign in within the session proposal (the active chain first), keeps what it signed, then connects', async () => {
    const f = await flow();
    const connected = f.connect();
    await until(() => f.fake.authenticateCalls.length === 1, 'authenticate');
    // one connect: the proposal's namespaces and the sign-in request together (no deprecated `authenticate`)
    expect(f.fake.connectCalls).toHaveLength(1);
    expect(f.fake.connectCalls[0]).toHaveProperty('optionalNamespaces.eip155');
    expect(f.link.requests).toEqual(['eip155:31337']);
    expect(f.fake.authenticateCalls[0]).toEqual({ chains: ['eip155:31337', 'eip155:1'], nonce: REQUEST.nonce, domain: 'app.test', uri: 'https://app.test', statement: REQUEST.statement, exp: REQUEST.expirationTime });
    await until(() => f.session().state.wcUri !== undefined, 'the link');
    let resolved = false;
    void connected.then(() => (resolved = true));
    f.fake.approveAuth([`eip155:31337:${signer.address}`], [await cacao()]);
    await connected;
    expect(resolved).toBe(true);
    // the sessions were handed over before the connect resolved (the provider's own `connect` event did not settle it)
    expect(f.link.added).toHaveLength(1);
    expect(f.link.added[0]![0]!.data).toMatchObject({ accountAddress: signer.address, chainId: 'eip155:31337', nonce: REQUEST.nonce });
    expect(f.session().state.status).toBe('connected');
  });

  it('a session the sign-in plugin refuses: still connected (the visitor signs afterwards), a warning, no error', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = jest.spyOn(console, 'error');
    const f = await flow({ link: { refuse: true } });
    const connected = f.connect();
    await until(() => f.fake.authenticateCalls.length === 1, 'authenticate');
    f.fake.approveAuth([`eip155:31337:${signer.address}`], [await cacao()]);
    expect(await connected).toEqual([`eip155:31337:${signer.address}`]);
    expect(f.link.added).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith('[latchkey] the sign-in signed while pairing was not kept', expect.any(Error));
    expect(error).not.toHaveBeenCalled();
  });

  it('the wallet does not know the request (a plain session): connected, nothing handed over (the sign-in view then asks)', async () => {
    const f = await flow();
    const connected = f.connect();
    await until(() => f.fake.authenticateCalls.length === 1, 'authenticate');
    f.fake.fallbackAuth([`eip155:31337:${signer.address}`]);
    expect(await connected).toEqual([`eip155:31337:${signer.address}`]);
    expect(f.link.added).toEqual([]);
  });

  it('the wallet refuses the sign-in request after it had the link: a fresh link for a plain pairing, no error state', async () => {
    const f = await flow();
    const connected = f.connect();
    await until(() => f.session().state.wcUri !== undefined, 'the link');
    const first = f.session().state.wcUri;
    f.fake.pending.at(-1)!.reject({ code: 5100, message: 'Unsupported chains.' });
    await until(() => f.fake.connectCalls.length === 2, 'the plain pairing');
    await until(() => f.session().state.wcUri !== undefined && f.session().state.wcUri !== first, 'a fresh link');
    expect(f.session().state).toMatchObject({ status: 'pairing', wcError: false, error: undefined });
    expect(f.fake.connectCalls[1]).toHaveProperty('optionalNamespaces');
    expect(f.fake.connectCalls[1]).not.toHaveProperty('authentication');
    f.fake.approve({ eip155: [`eip155:31337:${signer.address}`] });
    expect(await connected).toEqual([`eip155:31337:${signer.address}`]);
    expect(f.fake.authenticateCalls).toHaveLength(1);
  });

  it('the visitor says no in the wallet (5000, the error code kept): the connection is declined, no fresh link', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const f = await flow();
    const connected = f.connect();
    await until(() => f.session().state.wcUri !== undefined, 'the link');
    const no = { code: 5000, message: 'User rejected.' };
    f.fake.pending.at(-1)!.reject(no);
    await expect(connected).rejects.toBe(no);
    expect(isUserRejection(await connected.catch((e: unknown) => e))).toBe(true);
    expect(f.session().state).toMatchObject({ status: 'error', wcError: true });
    expect(f.fake.connectCalls).toHaveLength(1);
  });

  it('a failure before the link (the relay refused the publish) is the pairing’s error, as without sign-in', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const f = await flow();
    f.fake.publishError = new Error('publish failed');
    const connected = f.connect();
    await expect(connected).rejects.toThrow('publish failed');
    expect(f.session().state).toMatchObject({ status: 'error', wcError: true });
    expect(f.fake.connectCalls).toHaveLength(1);
  });

  it.each([
    ['a chain that is not eip155', { networks: [evm(1), solana] }],
    ['no plugin owning the siwx option', { signIn: false }],
    ['no sign-in provider configured (the link answers nothing)', { link: { none: true } }],
  ])('%s: a plain pairing, no authenticate', async (_what, opts) => {
    const f = await flow(opts as never);
    const connected = f.connect();
    await until(() => f.fake.connectCalls.length === 1, 'the plain pairing');
    expect(f.fake.authenticateCalls).toHaveLength(0);
    f.fake.approve({ eip155: [`eip155:31337:${signer.address}`] });
    await connected;
    expect(f.link.added).toEqual([]);
  });
});
