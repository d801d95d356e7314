/**
 * backendSiwx against a real HTTP backend (testing/backendServer.ts, on a free port) through
 * the kernel's real HttpClient: the nonce comes from the backend, the backend verifies and
 * keeps the session, a new page finds it there, disconnect deletes it, a replayed nonce is
 * refused ('Signature declined').
 */
import { createKernel } from 'latchkey';
import { privateKeyToAccount } from 'viem/accounts';
import { ParsedMessage } from '@spruceid/siwe-parser';
import { FakeAdapter, MemoryStorage, testAnvil } from '../../kernel/testing/fakeAdapter';
import { kernelsStoppedAfterEach } from '../../kernel/testing/kernels';
import { backendSiwx, siwxPlugin, SignIn } from './index';
import { startSiwxBackend, type SiwxBackend } from './testing/backendServer';

const signer = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');

class SigningAdapter extends FakeAdapter {
  override async signMessage(args: { message: string }) {
    if (this.script.signError) throw this.script.signError;
    return signer.signMessage({ message: args.message });
  }
}

let backend: SiwxBackend;
const kernels = kernelsStoppedAfterEach();
beforeAll(async () => {
  backend = await startSiwxBackend();
});
afterAll(() => backend.close());
beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

function page() {
  const adapter = new SigningAdapter('eip155', { address: signer.address, chainId: 31337 });
  const kernel = createKernel({
    options: { projectId: 'test', networks: [testAnvil], features: { analytics: false }, siwx: backendSiwx({ url: backend.url, statement: 'Backend sign-in' }) },
    plugins: [{ id: 'chain', contributes: { namespaces: ['eip155'] }, load: async () => ({ adapters: () => [adapter] }) }, siwxPlugin()],
    environment: { window: { location: { host: 'app.test', origin: 'https://app.test', search: '' } } as never, document: undefined, localStorage: new MemoryStorage() },
  });
  kernels.push(kernel);
  kernel.connectors.add({ id: 'wallet', name: 'Test Wallet', type: 'ANNOUNCED', chain: 'eip155', provider: {}, installed: true });
  return { kernel, adapter };
}

async function until(cond: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 5000;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

it('signs in through the backend; another page finds the session there; disconnect deletes it', async () => {
  const { kernel } = page();
  await kernel.start();
  await kernel.connection.connect({ connectorId: 'wallet' });
  await until(() => kernel.modal.state.open && kernel.router.state.view === 'SIWXSignMessage', 'the sign-in view');
  await kernel.get<SignIn>(SignIn).requestSignMessage();
  expect(kernel.modal.state.open).toBe(false);
  expect(backend.sessions).toHaveLength(1);
  expect(new ParsedMessage(backend.sessions[0]!.message)).toMatchObject({ domain: 'app.test', statement: 'Backend sign-in', chainId: 31337 });

  const other = page();
  await other.kernel.start();
  await other.kernel.connection.connect({ connectorId: 'wallet' });
  await until(() => other.kernel.plugins.isLoaded('siwx') && other.kernel.get<SignIn>(SignIn).state.status === 'signed', 'the backend session');
  expect(other.kernel.modal.state.open).toBe(false);

  await other.kernel.connection.disconnect();
  await until(() => backend.sessions.length === 0, 'the DELETE');
  expect(backend.requests).toEqual(expect.arrayContaining(['GET /siwx/nonce', 'POST /siwx/session', 'GET /siwx/sessions', 'DELETE /siwx/session']));
});

it("a session the backend refuses is 'Signature declined'", async () => {
  const { kernel } = page();
  await kernel.start();
  await kernel.connection.connect({ connectorId: 'wallet' });
  await until(() => kernel.router.state.view === 'SIWXSignMessage', 'the sign-in view');
  // the backend forgets its nonces: the signed message carries one it did not issue any more
  const signIn = kernel.get<SignIn>(SignIn);
  const original = signIn.provider()!.createMessage;
  signIn.provider()!.createMessage = async (input) => {
    const m = await original(input);
    const data = { ...m, nonce: 'replayedNonce99' };
    const { formatSiwxMessage } = await import('./message');
    return { ...data, toString: () => formatSiwxMessage(data) };
  };
  await signIn.requestSignMessage();
  expect(signIn.state.status).toBe('declined');
  await until(() => kernel.snackbar.state.message === 'Signature declined', 'the snackbar (it swaps after 150 ms)');
  expect(backend.sessions).toHaveLength(0);
  kernel.snackbar.hide();
});
