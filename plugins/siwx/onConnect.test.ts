/**
 * Sign-in while a wallet connects (docs/account-features.md#sign-in-with-a-wallet-message): this
 * plugin's side of the kernel's latchkey/signin link on a real kernel with the default provider
 * (sessions in the kernel's Storage, verified with viem). The message a wallet signs there is the
 * one-click auth text: the host's statement followed by a ReCap's wording, and the ReCap resource.
 */
import { findSignInOnConnect, type SignInOnConnect, type SignedInSession } from 'latchkey/signin';
import { privateKeyToAccount } from 'viem/accounts';
import { FakeAdapter, MemoryStorage } from '../../kernel/testing/fakeAdapter';
import { kernelsStoppedAfterEach } from '../../kernel/testing/kernels';
import { localSiwx, SignIn } from './index';
import { formatSiwxMessage } from './message';
import { appKernel } from '../../tests/support/siwxAppKernel';

const signer = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
/** A ReCap of 17 methods on six chains (2.6 KB): longer than any other field. */
const RECAP = `urn:recap:${Buffer.from(JSON.stringify({ att: { eip155: Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`request/method_${i}`, [{ chains: ['eip155:31337', 'eip155:1', 'eip155:10', 'eip155:8453', 'eip155:42161', 'eip155:137'] }]])) } })).toString('base64')}`;

const kernels = kernelsStoppedAfterEach();
beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

function make(storage = new MemoryStorage()) {
  const adapter = new FakeAdapter('eip155', { address: signer.address, chainId: 31337 });
  const kernel = appKernel(adapter, { siwx: localSiwx({ statement: 'Sign in to Example' }) }, storage);
  kernels.push(kernel);
  const link = async () => (await findSignInOnConnect(kernel.plugins, (t) => kernel.get(t)))!;
  return { kernel, storage, link };
}

/** What a wallet returns for `request`: the one-click text (statement + ReCap wording), signed. */
async function signed(link: SignInOnConnect): Promise<SignedInSession> {
  const request = (await link.request('eip155:31337'))!;
  const { chainId, ...fields } = request;
  const data = {
    ...fields,
    accountAddress: signer.address,
    chainId,
    issuedAt: new Date().toISOString(),
    statement: `${request.statement} I further authorize the stated URI to perform the following actions on my behalf: (1) 'request': 'method_0' for 'eip155'.`,
    resources: [RECAP],
  };
  const message = formatSiwxMessage(data);
  return { data, message, signature: await signer.signMessage({ message }), cacao: { h: { t: 'caip122' } } };
}

const until = async (cond: () => boolean, what: string) => {
  for (let i = 0; i < 400 && !cond(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!cond()) throw new Error(`timed out: ${what}`);
};

it('the plugin that owns the siwx option binds the link when its module loads; the request is the provider’s message without an account', async () => {
  const { kernel, link } = make();
  await kernel.start();
  expect(kernel.plugins.isLoaded('siwx')).toBe(false);
  const request = await (await link()).request('eip155:31337');
  expect(kernel.plugins.isLoaded('siwx')).toBe(true);
  expect(request).toEqual({ chainId: 'eip155:31337', domain: 'app.test', uri: 'https://app.test', version: '1', nonce: expect.stringMatching(/^[a-zA-Z0-9]{16}$/), statement: 'Sign in to Example', expirationTime: expect.any(String) });
  expect(request).not.toHaveProperty('accountAddress');
});

it('a session signed while connecting is verified and stored ("Authenticating..." meanwhile): the account connects signed in, no sign-in view; a reload keeps it', async () => {
  const { kernel, link, storage } = make();
  await kernel.start();
  const l = await link();
  const session = await signed(l);
  const snacks: (string | undefined)[] = [];
  kernel.snackbar.state$.subscribe((s) => snacks.push(s.open ? s.message : undefined));
  await l.addSessions([session]);
  expect(snacks).toContain('Authenticating...');
  expect(kernel.snackbar.state.open).toBe(false);

  await kernel.connection.connect({ connectorId: 'wallet' });
  await until(() => kernel.get<SignIn>(SignIn).state.status === 'signed', 'signed in');
  expect(kernel.get<SignIn>(SignIn).state.session).toMatchObject({ message: session.message, signature: session.signature, cacao: session.cacao });
  expect(kernel.router.state.view).not.toBe('SIWXSignMessage');
  expect(kernel.modal.state.open).toBe(false);

  const again = make(storage);
  await again.kernel.start();
  await again.kernel.connection.connect({ connectorId: 'wallet' });
  await until(() => again.kernel.plugins.isLoaded('siwx') && again.kernel.get<SignIn>(SignIn).state.status === 'signed', 'the stored session after a reload');
  expect(again.kernel.modal.state.open).toBe(false);
});

it('a session whose data is not what was signed is refused and not stored: connecting then opens the sign-in view', async () => {
  const { kernel, link } = make();
  await kernel.start();
  const l = await link();
  const session = await signed(l);
  await expect(l.addSessions([{ ...session, data: { ...session.data, expirationTime: '2099-01-01T00:00:00.000Z' } }])).rejects.toThrow('Failed to verify message');
  expect(kernel.snackbar.state.open).toBe(false);
  await kernel.connection.connect({ connectorId: 'wallet' });
  await until(() => kernel.modal.state.open && kernel.router.state.view === 'SIWXSignMessage', 'the sign-in view');
});

it('a session for another chain than the one that connects: that chain still asks for a signature', async () => {
  const { kernel, link } = make();
  await kernel.start();
  const l = await link();
  const request = (await l.request('eip155:1'))!;
  const { chainId, ...fields } = request;
  const data = { ...fields, chainId, accountAddress: signer.address, issuedAt: new Date().toISOString() };
  const message = formatSiwxMessage(data);
  await l.addSessions([{ data, message, signature: await signer.signMessage({ message }) }]);
  await kernel.connection.connect({ connectorId: 'wallet' }); // connects on 31337
  await until(() => kernel.modal.state.open && kernel.router.state.view === 'SIWXSignMessage', 'the sign-in view');
});
