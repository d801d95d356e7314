/**
 * The email and socials plugins in the modal, with the real EVM plugin driving their AUTH
 * connector, against a fake wallet frame (jsdom): the names people and tests rely on (STACK.md),
 * the e-mail flow through the views, ApproveTransaction laid over by the frame, Farcaster, the
 * socials list, the Account view's settings; and every message the client sent (and the fake frame
 * answered) validates against @reown/appkit-wallet's W3mFrameSchema.
 */
import { TextDecoder, TextEncoder } from 'node:util';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createKernel, type Kernel } from 'latchkey';
import { evmPlugin } from 'latchkey/plugins/evm';
import { emailPlugin, EmbeddedWallet } from 'latchkey/plugins/email';
import { socialsPlugin } from 'latchkey/plugins/socials';
import { ConnectButton, LatchkeyProvider, NetworkButton } from 'latchkey/react';
import { MemoryStorage } from '../kernel/testing/fakeAdapter';
import { FakeFrame, FRAME_ADDRESS, FRAME_SIGNATURE, SERVICE_URL } from '../plugins/embedded-wallet/testing/fakeFrame';
import type { EmbeddedWalletService } from '../plugins/embedded-wallet/EmbeddedWalletService';
import { validateW3m, type Recorded } from '../samples/wallet-service/testing/w3m';
import { evmNetwork } from '../kernel/testing/networks';

// viem (the EVM plugin's module) needs them; jsdom has none.
Object.assign(globalThis, { TextEncoder, TextDecoder });
jest.setTimeout(20_000);

/** Waits (real time, up to 10 s) until `done()`. */
async function until(done: () => boolean) {
  for (let i = 0; i < 500 && !done(); i++) await settle(20);
}

const mainnet = evmNetwork(1, 'Ethereum');

const conformance: Recorded[] = [];
let fake: FakeFrame;
let kernel: Kernel;

function setup(options: Record<string, unknown> = {}, environment: Record<string, unknown> = {}, withNetworkButton = false) {
  kernel = createKernel({
    options: { projectId: 'proj-1', networks: [mainnet], walletServiceUrl: SERVICE_URL, enableAuthLogger: false, features: { analytics: false }, enableEIP6963: false, enableInjected: false, ...options },
    plugins: [evmPlugin(), emailPlugin(), socialsPlugin()],
    environment: { localStorage: new MemoryStorage(), isMobile: () => false, ...environment },
  });
  render(
    <LatchkeyProvider kernel={kernel}>
      {withNetworkButton ? <NetworkButton /> : null}
      <ConnectButton />
    </LatchkeyProvider>,
  );
  return kernel;
}

const settle = (ms = 0) => act(() => new Promise<void>((r) => setTimeout(r, ms)));

async function openConnect() {
  fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }));
  return screen.findByRole('dialog', { name: 'Connect Wallet' });
}

async function loginByEmail(dialog: HTMLElement) {
  fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Email' }), { target: { value: 'ada@example.com' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  const code = await screen.findByRole('textbox', { name: /code/ }, { timeout: 3000 });
  await act(async () => {
    fireEvent.change(code, { target: { value: '123456' } });
  });
  await until(() => kernel.account.get('eip155').status === 'connected');
}

beforeEach(() => {
  fake = new FakeFrame();
  // jsdom has no layout: give the approval surface the size it would have in the modal
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const size = this.hasAttribute('data-approval-surface') ? { top: 120, left: 480, width: 326, height: 420 } : { top: 0, left: 0, width: 0, height: 0 };
    return { ...size, x: size.left, y: size.top, right: size.left + size.width, bottom: size.top + size.height, toJSON: () => size } as DOMRect;
  });
});

afterEach(async () => {
  conformance.push(...fake.sent.map((m) => ({ dir: 'app' as const, msg: { type: m.type, ...(m.id !== undefined ? { id: m.id } : {}), ...(m.payload !== undefined ? { payload: m.payload } : {}) } })));
  conformance.push(...fake.posted.map((msg) => ({ dir: 'frame' as const, msg })));
  await act(() => kernel.stop());
  fake.dispose();
  jest.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('the embedded wallet in the modal', () => {
  it('Connect shows an e-mail field named "Email" with "Continue", then social buttons named by provider', async () => {
    setup();
    const dialog = await openConnect();
    expect(await within(dialog).findByRole('textbox', { name: 'Email' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeTruthy();
    const socials = await within(dialog).findByRole('group', { name: 'Log in with a social account' });
    // named by provider: the first with its mark and name, the others mark-only tiles named by aria-label, each with a bundled mark (data: SVG)
    const socialButtons = within(socials).getAllByRole('button');
    expect(socialButtons.map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual(['Google', 'X', 'Discord', 'Farcaster', 'GitHub', 'Apple', 'Facebook']);
    expect(socialButtons[0]!.textContent).toBe('Google');
    expect(socialButtons.map((b) => b.querySelector('img')?.getAttribute('src')?.startsWith('data:image/svg+xml,'))).toEqual(Array(7).fill(true));
    expect(document.querySelector('iframe')).toBeNull();
    // focusing the field starts loading the frame
    fireEvent.focus(within(dialog).getByRole('textbox', { name: 'Email' }));
    expect(document.querySelector('iframe[data-latchkey-wallet-frame]')).not.toBeNull();
  });

  it('refuses a malformed address in the field, before the wallet is asked', async () => {
    setup();
    const dialog = await openConnect();
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Email' }), { target: { value: 'ada@example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Invalid email');
    expect(fake.requests('CONNECT_EMAIL')).toEqual([]);
  });

  it('e-mail → the code step (six digits submit) → connected through the EVM adapter; the modal closes', async () => {
    setup();
    const dialog = await openConnect();
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Email' }), { target: { value: 'ada@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const code = await screen.findByRole('textbox', { name: 'Verification code' }, { timeout: 3000 });
    expect(screen.getByRole('heading', { name: 'Confirm Email' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect((screen.getByRole('button', { name: /^Resend code in \d+ s$/ }) as HTMLButtonElement).disabled).toBe(true);
    // a wrong code: the frame's message, the field cleared for another try
    await act(async () => {
      fireEvent.change(code, { target: { value: '000000' } });
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid code: 4 attempts left');
    await settle();
    expect((screen.getByRole('textbox', { name: 'Verification code' }) as HTMLInputElement).value).toBe('');
    // five digits do nothing; the sixth submits
    await act(async () => {
      fireEvent.change(screen.getByRole('textbox', { name: 'Verification code' }), { target: { value: '12345' } });
    });
    expect(fake.requests('CONNECT_OTP')).toHaveLength(1);
    await act(async () => {
      fireEvent.change(screen.getByRole('textbox', { name: 'Verification code' }), { target: { value: '123456' } });
    });
    await until(() => kernel.account.get('eip155').status === 'connected');
    expect(kernel.account.get('eip155')).toMatchObject({ status: 'connected', address: FRAME_ADDRESS, connectorId: 'ID_AUTH', user: { email: 'ada@example.com' } });
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"Resend code" opens 30 s after the code was sent (the page clock), sends a new one, and counts down again', async () => {
    let clock = Date.parse('2025-01-01T00:00:00Z');
    setup({}, { now: () => clock });
    const dialog = await openConnect();
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Email' }), { target: { value: 'ada@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await screen.findByRole('textbox', { name: 'Verification code' }, { timeout: 3000 });
    expect(screen.getByRole('button', { name: 'Resend code in 30 s' })).toHaveProperty('disabled', true);
    clock += 29_000;
    expect(await screen.findByRole('button', { name: 'Resend code in 1 s' }, { timeout: 2500 })).toHaveProperty('disabled', true);
    clock += 1000;
    const resend = await screen.findByRole('button', { name: 'Resend code' }, { timeout: 2500 });
    expect(resend).toHaveProperty('disabled', false);
    expect(fake.requests('CONNECT_EMAIL')).toHaveLength(1);
    await act(async () => {
      fireEvent.click(resend);
    });
    expect((await screen.findByText('A new code is on its way.')).getAttribute('role')).toBe('status');
    expect(fake.requests('CONNECT_EMAIL')).toHaveLength(2);
    expect(await screen.findByRole('button', { name: 'Resend code in 30 s' })).toHaveProperty('disabled', true);
  });

  it('a signature opens ApproveTransaction with the frame laid over it; approved in the frame, the modal closes', async () => {
    setup();
    await loginByEmail(await openConnect());
    let signature: unknown;
    void kernel.connection.signMessage('hello').then((s) => void (signature = s));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Transaction' });
    await settle(50);
    const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-latchkey-wallet-frame]')!;
    expect([iframe.style.display, iframe.style.top, iframe.style.left, iframe.style.width, iframe.style.height]).toEqual(['block', '120px', '480px', '326px', '420px']);
    expect(Number(iframe.style.zIndex)).toBeGreaterThan(999); // above the modal
    expect(within(dialog).getByText(/choose Approve or Reject/)).toBeTruthy();
    expect(fake.held[0]).toMatchObject({ method: 'personal_sign', params: ['0x68656c6c6f', FRAME_ADDRESS] });
    await act(async () => fake.held[0]!.approve());
    await until(() => signature !== undefined);
    expect(signature).toBe(FRAME_SIGNATURE);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(iframe.style.display).toBe('none');
  });

  /** Once the approval is shown, the keyboard user goes to the wallet's buttons: the frame has focus. Returns the frame. */
  async function frameFocusedForApproval(): Promise<HTMLIFrameElement> {
    await screen.findByRole('dialog', { name: 'Approve Transaction' });
    await settle(50);
    const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-latchkey-wallet-frame]')!;
    act(() => kernel.get<EmbeddedWalletService>(EmbeddedWallet).focusApproval());
    expect(document.activeElement).toBe(iframe);
    return iframe;
  }

  it('focus after an approval that the page started (its button disabled meanwhile): the account button, not the first host button', async () => {
    // the demo's header: the network button first, then the account button
    setup({}, {}, true);
    await loginByEmail(await openConnect());
    await until(() => screen.queryByRole('dialog') === null);
    const account = document.querySelectorAll<HTMLElement>('button[data-lk-btn]')[1]!;
    expect(account.textContent).toMatch(/0x/);
    (document.activeElement as HTMLElement | null)?.blur(); // the page's "Sign message", disabled while it waits
    let signature: unknown;
    void kernel.connection.signMessage('hello').then((s) => void (signature = s));
    await frameFocusedForApproval();
    await act(async () => fake.held[0]!.approve());
    await until(() => signature !== undefined);
    await settle(20);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(account);
  });

  it('focus after an approval that leaves the modal open: back from the hidden frame to the dialog (the control that started it is gone)', async () => {
    setup();
    await loginByEmail(await openConnect());
    await until(() => screen.queryByRole('dialog') === null);
    act(() => void kernel.modal.open());
    const dialog = await screen.findByRole('dialog', { name: 'Account' });
    // a transaction pending: a rejection pops the stack and goes back instead of closing the modal
    kernel.router.pushTransactionStack({});
    const settings = within(dialog).getByRole('button', { name: 'Settings' });
    settings.focus();
    let failed: unknown;
    void kernel.connection.signMessage('hello').catch((e: unknown) => void (failed = e));
    const iframe = await frameFocusedForApproval();
    await act(async () => fake.held[0]!.reject());
    await until(() => failed !== undefined);
    await settle(20);
    expect(kernel.router.state.view).toBe('Account');
    expect(iframe.style.display).toBe('none');
    expect(settings.isConnected).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Account' }));
  });

  it('Farcaster: a QR code of the URI and a link', async () => {
    setup();
    const dialog = await openConnect();
    fake.handlers['CONNECT_FARCASTER'] = () => {
      throw new Error('Not approved yet: ask again');
    };
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Farcaster' }));
    const qr = await screen.findByRole('img', { name: 'QR code for Farcaster' }, { timeout: 3000 });
    expect(qr.getAttribute('data-value')).toBe('http://wallet.test/farcaster/connect?channel=abc');
    expect(screen.getByRole('link', { name: 'Open link' }).getAttribute('href')).toBe('http://wallet.test/farcaster/connect?channel=abc');
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    fake.handlers['CONNECT_FARCASTER'] = () => {
      fake.loggedIn = true;
      return { userName: 'vitalik.eth' };
    };
    await until(() => kernel.account.get('eip155').status === 'connected');
    expect(kernel.account.get('eip155')).toMatchObject({ status: 'connected', socialProvider: 'farcaster' });
  });

  it('features.socials picks the buttons; a Telegram mini-app on Android hides Facebook and X', async () => {
    setup({ features: { analytics: false, socials: ['x', 'github', 'facebook'] } }, { isTelegram: () => true, isAndroid: () => true });
    const dialog = await openConnect();
    const socials = await within(dialog).findByRole('group', { name: 'Log in with a social account' });
    expect(within(socials).getAllByRole('button').map((b) => b.textContent)).toEqual(['GitHub']);
  });

  it('a social button opens the popup in the click, then the provider page in it', async () => {
    setup();
    const popup = { closed: false, close: jest.fn(), location: { href: 'about:blank' } };
    const open = jest.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    const dialog = await openConnect();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'GitHub' }));
    expect(open).toHaveBeenCalledWith('', 'latchkey-social-login', expect.stringContaining('width=600'));
    expect(await screen.findByRole('dialog', { name: 'GitHub' })).toBeTruthy();
    await until(() => popup.location.href !== 'about:blank');
    expect(popup.location.href).toBe('http://idp.test/authorize?provider=github');
    expect(await screen.findByText('Continue in the GitHub window.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await settle(300);
    expect(popup.close).toHaveBeenCalled();
  });

  it('the Account view offers "Settings" only for the embedded wallet; e-mail update through its views', async () => {
    // the wallet offers smart accounts on this network (and then refuses one, below)
    fake.handlers['GET_SMART_ACCOUNT_ENABLED_NETWORKS'] = () => ({ smartAccountEnabledNetworks: [1] });
    setup();
    await loginByEmail(await openConnect());
    act(() => void kernel.modal.open());
    const account = await screen.findByRole('dialog', { name: 'Account' });
    fireEvent.click(within(account).getByRole('button', { name: 'Settings' }));
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Update email' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: 'ada-new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('ada@example.com', { selector: 'strong' })).toBeTruthy();
    await act(async () => {
      fireEvent.change(screen.getByRole('textbox', { name: 'Verification code' }), { target: { value: '111111' } });
    });
    expect(await screen.findByText('ada-new@example.com', { selector: 'strong' })).toBeTruthy();
    await act(async () => {
      fireEvent.change(screen.getByRole('textbox', { name: 'Verification code' }), { target: { value: '222222' } });
    });
    expect(await screen.findByRole('dialog', { name: 'Account' })).toBeTruthy();
    expect(kernel.account.get('eip155').user?.email).toBe('ada-new@example.com');
    // the account type, asked of the frame and refused by it
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Switch to smart account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This application might not support Smart Accounts');
    // drive the requests the views above did not: device step, network switch fallback, sign-out
    const wallet = kernel.get<EmbeddedWalletService>(EmbeddedWallet);
    await act(() => wallet.connectDevice());
    await act(() => kernel.connection.disconnect());
    expect(fake.requests('SIGN_OUT')).toHaveLength(1);
  });
});

describe('account type', () => {
  it('Settings offers a smart account only on a network where the wallet has them (GET_SMART_ACCOUNT_ENABLED_NETWORKS)', async () => {
    setup(); // the fake frame lists no network with smart accounts
    await loginByEmail(await openConnect());
    await until(() => fake.requests('GET_SMART_ACCOUNT_ENABLED_NETWORKS').length > 0);
    act(() => void kernel.modal.open());
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Account' })).getByRole('button', { name: 'Settings' }));
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('Account type')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Switch to smart account' })).toBeNull();
    expect(fake.requests('SET_PREFERRED_ACCOUNT')).toEqual([]);
  });
});

describe('conformance', () => {
  it('every message the client sent, and every answer, validates against W3mFrameSchema', () => {
    const types = new Set(conformance.filter((c) => c.dir === 'app').map((c) => (c.msg as { type: string }).type.slice('@w3m-app/'.length)));
    for (const t of ['SYNC_DAPP_DATA', 'SYNC_THEME', 'CONNECT_EMAIL', 'CONNECT_OTP', 'CONNECT_DEVICE', 'GET_USER', 'RPC_REQUEST', 'GET_FARCASTER_URI', 'CONNECT_FARCASTER', 'GET_SOCIAL_REDIRECT_URI', 'UPDATE_EMAIL', 'UPDATE_EMAIL_PRIMARY_OTP', 'UPDATE_EMAIL_SECONDARY_OTP', 'SET_PREFERRED_ACCOUNT', 'SIGN_OUT']) {
      expect(types).toContain(t);
    }
    const unique = [...new Map(conformance.map((c) => [JSON.stringify({ ...(c.msg as object), dir: c.dir, id: typeof (c.msg as { id?: unknown }).id }), c])).values()];
    const failures = validateW3m(unique)
      .map((r, i) => ({ ...r, item: unique[i] }))
      .filter((r) => !r.ok);
    expect(failures).toEqual([]);
    console.log(`W3mFrameSchema: ${conformance.length} messages (${unique.length} distinct, ${types.size} request types sent) valid`);
  });
});
