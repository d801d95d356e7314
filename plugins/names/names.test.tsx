import { act, fireEvent, screen, within } from '@testing-library/react';
import { defineNetwork, type NameRecord } from 'latchkey';
import { NameError } from 'latchkey/errors';
import { ACCOUNT, accountHarness, devnet, fakeApi, mainnet, settle } from '../../tests/support/accountHarness';
import { namesPlugin, AccountNames } from './index';

const record = (name: string): NameRecord => ({ name, addresses: { '60': { address: ACCOUNT } }, attributes: {} });
const wait = (ms: number) => act(() => new Promise<void>((r) => setTimeout(r, ms)));

async function openChooseName(h: ReturnType<typeof accountHarness>) {
  await h.connect();
  const dialog = await h.openAccount();
  fireEvent.click(await within(dialog).findByRole('button', { name: 'Choose name' }));
  expect(await screen.findByRole('heading', { name: 'Choose Name' })).toBeTruthy();
  return screen.findByRole('textbox', { name: 'Name' });
}

describe('names plugin', () => {
  // What the plugin loads lazily (its module and its views): seconds on a busy machine, paid once here rather than inside the first test's time.
  beforeAll(() => Promise.all([import('./module'), import('./views/RegisterAccountName'), import('./views/RegisterAccountNameSuccess')]), 60_000);
  it('Choose Name: the rules as you type, suggestions, the signed message registered, Name Registered, the name on the account button', async () => {
    const now = 1_750_000_000_000;
    const api = fakeApi({
      identity: async () => ({ name: null, avatar: null }),
      suggestNames: async (label) => [
        { name: `${label}.reown.id`, registered: false },
        { name: `${label}1.reown.id`, registered: false },
        { name: `${label}.latchkey.id`, registered: false },
      ],
      registerName: async ({ message }) => record(JSON.parse(message).name),
    });
    const h = accountHarness({ plugins: [namesPlugin()], api, now: () => now });
    const field = await openChooseName(h);
    fireEvent.change(field, { target: { value: 'al' } });
    expect(screen.getByRole('alert').textContent).toBe('At least 4 characters');
    expect((screen.getByRole('button', { name: 'Register' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'al ice' } });
    expect(screen.getByRole('alert').textContent).toBe('Use letters, digits and hyphens only');
    fireEvent.change(field, { target: { value: 'alice' } });
    expect(screen.queryByRole('alert')).toBeNull();
    await wait(350);
    const suggestions = await screen.findByRole('list', { name: 'Name suggestions' });
    // only names of the plugin's zone
    expect(within(suggestions).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['alice.reown.id Available', 'alice1.reown.id Available']);
    expect(api.suggestNames).toHaveBeenCalledWith('alice');
    fireEvent.click(within(suggestions).getByRole('button', { name: 'alice1.reown.id Available' }));
    expect((field as HTMLInputElement).value).toBe('alice1');

    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('heading', { name: 'Name Registered' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'alice1.reown.id' })).toBeTruthy();
    const message = JSON.stringify({ name: 'alice1.reown.id', attributes: {}, timestamp: 1_750_000_000 });
    expect(h.adapter.calls.find((c) => c.method === 'signMessage')?.args).toMatchObject({ message, address: ACCOUNT });
    expect(api.registerName).toHaveBeenCalledWith({ coinType: 60, address: ACCOUNT, message, signature: `signed:${message}` });
    expect(h.kernel.account.get('eip155').profileName).toBe('alice1.reown.id');
    expect(screen.getByRole('button', { name: /alice1\.reown\.id/ })).toBeTruthy(); // the host's account button
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('heading', { name: 'Account' })).toBeTruthy();
  });

  it("a refused registration comes back to Choose Name with the provider's reason", async () => {
    const api = fakeApi({
      identity: async () => ({ name: null, avatar: null }),
      suggestNames: async () => [],
      registerName: async () => {
        throw new NameError('Error registering name alice.reown.id', { body: JSON.stringify({ reasons: [{ description: 'Name is already registered: alice.reown.id' }] }) });
      },
    });
    const h = accountHarness({ plugins: [namesPlugin()], api });
    const field = await openChooseName(h);
    fireEvent.change(field, { target: { value: 'alice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect((await screen.findByTestId('name-error')).textContent).toBe('Name is already registered: alice.reown.id');
    expect(screen.getByRole('heading', { name: 'Choose Name' })).toBeTruthy();
    expect(h.kernel.account.get('eip155').profileName).toBeNull();
  });

  it("a declined signature reads 'Signature declined'; nothing is registered", async () => {
    const api = fakeApi({ identity: async () => ({ name: null, avatar: null }), suggestNames: async () => [] });
    const h = accountHarness({ plugins: [namesPlugin()], api, wallet: { signError: Object.assign(new Error('User rejected the request.'), { code: 4001 }) } });
    const field = await openChooseName(h);
    fireEvent.change(field, { target: { value: 'alice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect((await screen.findByTestId('name-error')).textContent).toBe('Signature declined');
    expect(api.registerName).not.toHaveBeenCalled();
  });

  it("a chain id from 2^31 is 'Invalid chainId' before anything is signed; other chains register with 0x80000000 | chainId", async () => {
    const big = defineNetwork({ id: 2 ** 31, name: 'Huge', chainNamespace: 'eip155', nativeCurrency: { name: 'E', symbol: 'E', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:3'] } } });
    const api = fakeApi({ identity: async () => ({ name: null, avatar: null }), registerName: async ({ message }) => record(JSON.parse(message).name) });
    const h = accountHarness({ plugins: [namesPlugin()], api, networks: [big, devnet], wallet: { chainId: 2 ** 31 }, render: false });
    await h.connect();
    await h.kernel.plugins.load('names');
    const names = h.kernel.get<AccountNames>(AccountNames);
    h.kernel.router.push('RegisterAccountName');
    expect(await names.register('alice')).toBe(false);
    expect(names.state).toMatchObject({ status: 'error', error: 'Invalid chainId' });
    expect(h.adapter.calls.some((c) => c.method === 'signMessage')).toBe(false);
    h.kernel.network.setActiveChainId('eip155', 31337);
    expect(await names.register('alice')).toBe(true);
    expect(api.registerName.mock.calls[0]![0].coinType).toBe(2147514985);
    expect(h.kernel.router.state.view).toBe('RegisterAccountNameSuccess');
  });

  it('the reverse lookup puts the name and avatar on the account (eip155); a testnet identity is skipped and cleared unless testnets is on', async () => {
    const api = fakeApi({ identity: async () => ({ name: 'bob.reown.id', avatar: 'https://avatars.test/bob.png' }) });
    const h = accountHarness({ plugins: [namesPlugin()], api });
    await h.connect();
    await settle();
    expect(api.identity).toHaveBeenCalledWith({ address: ACCOUNT, caipNetworkId: 'eip155:1' });
    expect(h.kernel.account.get('eip155')).toMatchObject({ profileName: 'bob.reown.id', profileImage: 'https://avatars.test/bob.png' });
    const dialog = await h.openAccount();
    expect(within(dialog).getByRole('heading', { name: 'bob.reown.id' })).toBeTruthy();
    // a switch to a testnet: no lookup, the profile cleared
    await act(async () => h.kernel.network.setActiveChainId('eip155', devnet.id));
    await settle();
    expect(api.identity).toHaveBeenCalledTimes(1);
    expect(h.kernel.account.get('eip155')).toMatchObject({ profileName: null, profileImage: null });

    const t = accountHarness({ plugins: [namesPlugin({ testnets: true })], api: fakeApi({ identity: async () => ({ name: 'dev.latchkey.id', avatar: null }) }), wallet: { chainId: 31337 }, networks: [mainnet, devnet], render: false });
    await t.connect();
    await settle();
    expect(t.kernel.account.get('eip155').profileName).toBe('dev.latchkey.id');
  });

  it("an ENS primary name on the account (the evm plugin's) is kept: the API's answer does not replace it", async () => {
    let answer!: (v: { name: string | null; avatar: string | null }) => void;
    const api = fakeApi({ identity: () => new Promise((r) => (answer = r)) });
    const h = accountHarness({ plugins: [namesPlugin()], api, render: false });
    await h.connect();
    await settle();
    expect(api.identity).toHaveBeenCalledTimes(1);
    h.kernel.account.setProfile('eip155', { name: 'alice.eth', image: 'data:image/png;base64,AA==' });
    answer({ name: 'bob.reown.id', avatar: null });
    await settle();
    expect(h.kernel.account.get('eip155')).toMatchObject({ profileName: 'alice.eth', profileImage: 'data:image/png;base64,AA==' });
  });

  it('refuses a zone that is not a domain', () => {
    for (const zone of ['', 'reown', 'Reown.ID', 'a..b', 'x.y/z']) expect(() => namesPlugin({ zone })).toThrow(TypeError);
    expect(namesPlugin({ zone: 'latchkey.id' }).id).toBe('names');
  });

  it('without a blockchain API the module is not loaded on connect', async () => {
    const plugin = namesPlugin();
    const loads = jest.spyOn(plugin, 'load');
    const h = accountHarness({ plugins: [plugin], render: false });
    await h.kernel.start();
    await h.connect();
    expect(loads).not.toHaveBeenCalled();
  });
});

describe("names plugin in the visitor's language", () => {
  it('Choose Name in Spanish: the button, the title, the rules, the suggestions, a declined signature and Register', async () => {
    const api = fakeApi({ identity: async () => ({ name: null, avatar: null }), suggestNames: async (label) => [{ name: `${label}.reown.id`, registered: true }] });
    const h = accountHarness({ plugins: [namesPlugin()], api, options: { locale: 'es' }, wallet: { signError: Object.assign(new Error('User rejected the request.'), { code: 4001 }) } });
    await h.connect();
    const dialog = await h.openAccount('Cuenta');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Elegir nombre' }));
    expect(await screen.findByRole('heading', { name: 'Elegir nombre' })).toBeTruthy();
    const field = await screen.findByRole('textbox', { name: 'Nombre' });
    fireEvent.change(field, { target: { value: 'al' } });
    expect(screen.getByRole('alert').textContent).toBe('Al menos 4 caracteres');
    fireEvent.change(field, { target: { value: 'alice' } });
    await wait(350);
    const suggestions = await screen.findByRole('list', { name: 'Sugerencias de nombres' });
    expect(within(suggestions).getByRole('button', { name: 'alice.reown.id En uso' })).toBeTruthy();
    expect(screen.getByText('alice.reown.id ya está en uso')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'carol' } });
    fireEvent.click(screen.getByRole('button', { name: 'Registrar' }));
    expect((await screen.findByTestId('name-error')).textContent).toBe('Firma rechazada');
  });

  it('Choose Name in Arabic: the intro and the character rule', async () => {
    const api = fakeApi({ identity: async () => ({ name: null, avatar: null }), suggestNames: async () => [] });
    const h = accountHarness({ plugins: [namesPlugin()], api, options: { locale: 'ar' } });
    await h.connect();
    const dialog = await h.openAccount('الحساب');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'اختيار اسم' }));
    expect(await screen.findByText('اسم يمكن للآخرين الإرسال إليه بدلًا من عنوانك.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'الاسم' }), { target: { value: 'a b c d' } });
    expect(screen.getByRole('alert').textContent).toBe('استخدم الحروف والأرقام والشرطات فقط');
  });
});
