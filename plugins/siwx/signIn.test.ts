/**
 * The sign-in state rules of docs/account-features.md#sign-in-with-a-wallet-message on a real kernel: a scripted wallet that signs
 * with a real key (anvil's dev key #0), the default provider keeping sessions in the kernel's
 * Storage, and the legacy siweConfig path.
 */
import type { Kernel, LatchkeyOptions } from 'latchkey';
import { OptionsValidationError, SiwxConflictError } from 'latchkey/errors';
import { ParsedMessage } from '@spruceid/siwe-parser';
import { privateKeyToAccount } from 'viem/accounts';
import { verifyMessage, type Hex } from 'viem';
import { FakeAdapter, MemoryStorage } from '../../kernel/testing/fakeAdapter';
import { kernelsStoppedAfterEach } from '../../kernel/testing/kernels';
import { localSiwx, SignIn, type SiweConfig, type SiwxConfig, type SiwxPluginConfig } from './index';
import { appKernel } from '../../tests/support/siwxAppKernel';

const signer = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');

class SigningAdapter extends FakeAdapter {
  signed: string[] = [];
  override async signMessage(args: { message: string; address: string; connector: never }) {
    this.calls.push({ method: 'signMessage', args });
    if (this.script.signError) throw this.script.signError;
    this.signed.push(args.message);
    return signer.signMessage({ message: args.message });
  }
}

const kernels = kernelsStoppedAfterEach();
beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

function make(options: Partial<LatchkeyOptions> = {}, storage = new MemoryStorage(), pluginConfig: SiwxPluginConfig = {}) {
  const adapter = new SigningAdapter('eip155', { address: signer.address, chainId: 31337 });
  const kernel = appKernel(adapter, options, storage, pluginConfig);
  kernels.push(kernel);
  return { kernel, adapter, storage };
}

async function until(cond: () => boolean, what: string, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const onView = (kernel: Kernel, view: string) => () => kernel.modal.state.open && kernel.router.state.view === view;
const signIn = (kernel: Kernel) => kernel.get<SignIn>(SignIn);

async function connect(kernel: Kernel) {
  await kernel.start();
  await kernel.connection.connect({ connectorId: 'wallet' });
}

describe('sign-in required (docs/account-features.md#sign-in-with-a-wallet-message)', () => {
  it('opens SIWXSignMessage on connect; close shakes; Sign stores a verifiable session and closes; a reload keeps it without a new signature', async () => {
    const { kernel, adapter, storage } = make({ siwx: localSiwx({ statement: 'Sign in to the test app' }) });
    await connect(kernel);
    await until(onView(kernel, 'SIWXSignMessage'), 'the sign-in view');
    expect(signIn(kernel).closeBlocked()).toBe(true);
    kernel.modal.close();
    expect(kernel.modal.state).toMatchObject({ open: true, shake: true });

    await signIn(kernel).requestSignMessage();
    expect(kernel.modal.state.open).toBe(false);
    const session = signIn(kernel).state.session!;
    expect(signIn(kernel).state.status).toBe('signed');
    const parsed = new ParsedMessage(session.message);
    expect(parsed).toMatchObject({ domain: 'app.test', address: signer.address, chainId: 31337, uri: 'https://app.test', statement: 'Sign in to the test app' });
    expect(Date.parse(parsed.expirationTime!) - Date.parse(parsed.issuedAt!)).toBe(24 * 3600 * 1000);
    expect(await verifyMessage({ address: signer.address, message: session.message, signature: session.signature as Hex })).toBe(true);
    expect(adapter.signed).toEqual([session.message]);

    // A reload: the same storage, a new kernel; the wallet restores silently.
    const again = make({ siwx: localSiwx() }, storage);
    await again.kernel.start();
    await until(() => again.kernel.plugins.isLoaded('siwx') && signIn(again.kernel).state.status === 'signed', 'the stored session');
    expect(signIn(again.kernel).state.session?.signature).toBe(session.signature);
    expect(again.kernel.modal.state.open).toBe(false);
    expect(again.adapter.signed).toEqual([]);
  });

  it('Cancel disconnects and returns to Connect', async () => {
    const { kernel } = make({ siwx: localSiwx({ required: true }) });
    await connect(kernel);
    await until(onView(kernel, 'SIWXSignMessage'), 'the sign-in view');
    await signIn(kernel).cancel();
    expect(kernel.account.get('eip155').status).toBe('disconnected');
    expect(kernel.router.state.view).toBe('Connect');
    kernel.modal.close();
    expect(kernel.modal.state.open).toBe(false);
  });

  it("a decline says 'Signature declined' and keeps the view", async () => {
    const { kernel, adapter } = make({ siwx: localSiwx() });
    await connect(kernel);
    await until(onView(kernel, 'SIWXSignMessage'), 'the sign-in view');
    adapter.script.signError = Object.assign(new Error('User rejected the request.'), { code: 4001 });
    await signIn(kernel).requestSignMessage();
    expect(signIn(kernel).state.status).toBe('declined');
    expect(kernel.snackbar.state).toMatchObject({ message: 'Signature declined', variant: 'error' });
    expect(onView(kernel, 'SIWXSignMessage')()).toBe(true);
    expect(signIn(kernel).closeBlocked()).toBe(true);
  });

  it('an expired session asks again', async () => {
    const { kernel, storage } = make({ siwx: localSiwx({ expiration: 40 }) });
    await connect(kernel);
    await until(onView(kernel, 'SIWXSignMessage'), 'the sign-in view');
    await signIn(kernel).requestSignMessage();
    await new Promise((r) => setTimeout(r, 60));
    const again = make({ siwx: localSiwx({ expiration: 40 }) }, storage);
    await again.kernel.start();
    await until(onView(again.kernel, 'SIWXSignMessage'), 'the sign-in view after expiry');
  });
});

describe('sign-in optional', () => {
  it('close is allowed; Cancel closes and stays connected; a decline after closing reopens the view', async () => {
    const { kernel, adapter } = make({ siwx: localSiwx({ required: false }) });
    await connect(kernel);
    await until(onView(kernel, 'SIWXSignMessage'), 'the sign-in view');
    expect(signIn(kernel).closeBlocked()).toBe(false);
    await signIn(kernel).cancel();
    expect(kernel.modal.state.open).toBe(false);
    expect(kernel.account.get('eip155').status).toBe('connected');

    let reject!: (e: unknown) => void;
    adapter.signMessage = () => new Promise((_r, rej) => (reject = rej));
    const pending = signIn(kernel).requestSignMessage();
    await until(() => reject !== undefined, 'the wallet prompt');
    reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }));
    await pending;
    expect(onView(kernel, 'SIWXSignMessage')()).toBe(true);
    expect(kernel.snackbar.state.message).toBe('Signature declined');
  });
});

describe('providers and errors', () => {
  it("'SIWX is not enabled' without a provider; 'No ActiveCaipAddress found' without an account", async () => {
    const off = make();
    await off.kernel.start();
    await off.kernel.plugins.load('siwx');
    await expect(signIn(off.kernel).requestSignMessage()).rejects.toThrow('SIWX is not enabled');
    // without a provider nothing opens on connect
    await off.kernel.connection.connect({ connectorId: 'wallet' });
    await new Promise((r) => setTimeout(r, 20));
    expect(off.kernel.modal.state.open).toBe(false);

    const on = make({ siwx: localSiwx() });
    await on.kernel.start();
    await on.kernel.plugins.load('siwx');
    await expect(signIn(on.kernel).requestSignMessage()).rejects.toThrow('No ActiveCaipAddress found');
  });

  it("a provider that cannot answer: 'A problem occurred while trying initialize authentication', disconnect", async () => {
    const broken: SiwxConfig = {
      createMessage: async () => Promise.reject(new Error('x')),
      getSessions: async () => Promise.reject(new Error('backend down')),
      addSession: async () => undefined,
      setSessions: async () => undefined,
    };
    const { kernel } = make({ siwx: broken });
    await connect(kernel);
    await until(() => kernel.account.get('eip155').status === 'disconnected', 'the disconnect');
    expect(kernel.snackbar.state.message).toBe('A problem occurred while trying initialize authentication');
  });

  it('disconnect signs out, unless signOutOnDisconnect is false', async () => {
    for (const signOutOnDisconnect of [true, false]) {
      const { kernel, storage } = make({ siwx: localSiwx({ signOutOnDisconnect }) });
      await connect(kernel);
      await until(onView(kernel, 'SIWXSignMessage'), 'the sign-in view');
      await signIn(kernel).requestSignMessage();
      const key = [...storage.map.keys()].find((k) => k.includes('siwx') && k.includes('sessions'))!;
      expect(key).toBeDefined();
      await kernel.connection.disconnect();
      await new Promise((r) => setTimeout(r, 10));
      expect(storage.map.has(key)).toBe(!signOutOnDisconnect);
      expect(signIn(kernel).state.session).toBeUndefined();
    }
  });

  it('a smart account decline says it might not be supported', async () => {
    const { kernel, adapter } = make({ siwx: localSiwx() });
    await connect(kernel);
    await until(onView(kernel, 'SIWXSignMessage'), 'the sign-in view');
    kernel.account.patch('eip155', { allAccounts: [{ namespace: 'eip155', address: signer.address, type: 'smartAccount' }] });
    adapter.script.signError = new Error('nope');
    await signIn(kernel).requestSignMessage();
    expect(kernel.snackbar.state.message).toBe('This application might not support Smart Accounts');
  });

  it('the plugin owns the options: a bad siwx is refused; siwx with siweConfig is refused by the kernel and by the plugin', () => {
    expect(() => make({ siwx: { createMessage: 1 } as never })).toThrow(OptionsValidationError);
    let error: unknown;
    try {
      make({ siwx: { createMessage: () => undefined } as never });
    } catch (err) {
      error = err;
    }
    expect((error as OptionsValidationError).issues.map((i) => i.path)).toEqual(['siwx.getSessions', 'siwx.addSession', 'siwx.setSessions']);
    expect(() => make({ siwx: localSiwx(), siweConfig: {} as never })).toThrow(SiwxConflictError);
    // the plugin's own configuration against an option: refused when the plugin registers
    expect(() => make({ siweConfig: {} as never }, undefined, { siwx: localSiwx() })).toThrow('Cannot set both `siweConfig` and `siwx` options');
    expect(() => make({}, undefined, { siwx: localSiwx(), siweConfig: {} as SiweConfig })).toThrow(OptionsValidationError);
  });
});

describe('the legacy siweConfig path', () => {
  it('opens ConnectingSiwe, verifies through the host, and reads its session next time', async () => {
    let stored: { address: string; chainId: number } | null = null;
    const verified: { message: string; signature: string }[] = [];
    const siwe: SiweConfig = {
      getMessageParams: async () => ({ domain: 'legacy.test', uri: 'https://legacy.test', chains: [31337], statement: 'Legacy sign-in' }),
      createMessage: ({ address, chainId, nonce, domain, uri, iat, statement }) =>
        `${domain} wants you to sign in with your Ethereum account:\n${address}\n\n${statement}\n\nURI: ${uri}\nVersion: 1\nChain ID: ${chainId}\nNonce: ${nonce}\nIssued At: ${iat}`,
      getNonce: async () => 'legacyNonce123',
      getSession: async () => stored,
      verifyMessage: async (args) => {
        verified.push(args);
        return verifyMessage({ address: signer.address, message: args.message, signature: args.signature as Hex });
      },
      signOut: async () => ((stored = null), true),
      onSignIn: (s) => (stored = s),
    };
    const { kernel, storage } = make({ siweConfig: siwe });
    await connect(kernel);
    await until(onView(kernel, 'ConnectingSiwe'), 'ConnectingSiwe');
    expect(signIn(kernel).state.legacy).toBe(true);
    await signIn(kernel).requestSignMessage();
    expect(kernel.modal.state.open).toBe(false);
    expect(verified).toHaveLength(1);
    expect(new ParsedMessage(verified[0]!.message)).toMatchObject({ domain: 'legacy.test', nonce: 'legacyNonce123', chainId: 31337 });
    expect(stored).toEqual({ address: signer.address, chainId: 31337 });

    const again = make({ siweConfig: siwe }, storage);
    await again.kernel.start();
    await until(() => again.kernel.plugins.isLoaded('siwx') && signIn(again.kernel).state.status === 'signed', 'the host session');
    expect(again.kernel.modal.state.open).toBe(false);
  });
});
