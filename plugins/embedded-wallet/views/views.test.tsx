/**
 * The email and socials views in the kernel's locale: their texts and accessible names come from
 * the plugin's message bundle, English inline, Spanish or Arabic once the locale's chunk has
 * loaded (against the fake wallet frame, in jsdom). The English names are held by
 * tests/embedded-wallet.dom.test.tsx.
 */
import { TextDecoder, TextEncoder } from 'node:util';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createKernel, type Kernel } from 'latchkey';
import { LatchkeyProvider } from 'latchkey/react';
import { MemoryStorage, testMainnet } from '../../../kernel/testing/fakeAdapter';
import { emailPlugin } from '../email';
import { EmbeddedWalletError, FrameLoadError } from '../errors';
import { socialsPlugin } from '../socials';
import { FakeFrame, SERVICE_URL } from '../testing/fakeFrame';
import { ProviderAdapter, providerChainPlugin } from '../testing/providerAdapter';
import { ErrorLine } from './common';

// the QR code's encoder (qrcode) needs them; jsdom has none
Object.assign(globalThis, { TextEncoder, TextDecoder });

let fake: FakeFrame;
let kernel: Kernel;

beforeEach(() => {
  fake = new FakeFrame();
});

afterEach(async () => {
  await act(() => kernel.stop());
  fake.dispose();
  document.body.innerHTML = '';
});

/** The Connect view (opened by the kernel: the core's button texts are not this plugin's) in `locale`. */
async function openConnect(locale: string) {
  kernel = createKernel({
    options: { projectId: 'p', networks: [testMainnet], walletServiceUrl: SERVICE_URL, enableAuthLogger: false, features: { analytics: false }, locale },
    plugins: [providerChainPlugin(new ProviderAdapter()), emailPlugin(), socialsPlugin()],
    environment: { localStorage: new MemoryStorage(), isMobile: () => false },
  });
  render(<LatchkeyProvider kernel={kernel}>{null}</LatchkeyProvider>);
  await act(async () => kernel.modal.open());
  return screen.findByRole('dialog', undefined, { timeout: 5000 });
}

it("es: the e-mail entry, its error, the code step and the socials list in Spanish once the chunk has loaded", async () => {
  const dialog = await openConnect('es');
  const field = await within(dialog).findByRole('textbox', { name: 'Correo electrónico' }, { timeout: 5000 });
  expect(field.getAttribute('placeholder')).toBe('Correo electrónico');
  expect(within(dialog).getByRole('form', { name: 'Iniciar sesión con correo electrónico' })).toBeTruthy();
  expect(within(dialog).getByRole('group', { name: 'Iniciar sesión con una cuenta social' })).toBeTruthy();
  expect(within(dialog).queryByRole('textbox', { name: 'Email' })).toBeNull();
  // the view's own check, shown in the locale
  fireEvent.change(field, { target: { value: 'ada@example' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
  expect((await within(dialog).findByRole('alert')).textContent).toBe('Correo electrónico no válido');
  expect(fake.requests('CONNECT_EMAIL')).toEqual([]);
  // the code step: the address in bold inside the translated sentence
  fireEvent.change(field, { target: { value: 'ada@example.com' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
  expect(await screen.findByRole('textbox', { name: 'Código de verificación' }, { timeout: 5000 })).toBeTruthy();
  const strong = screen.getByText('ada@example.com', { selector: 'strong' });
  expect(strong.parentElement!.textContent).toBe('Introduce el código que enviamos a ada@example.com');
  expect(screen.getByRole('button', { name: /^Reenviar código en \d+ s$/ })).toBeTruthy();
});

it('es: Farcaster (a socials view): the QR code, the link and the copy button named in Spanish', async () => {
  const dialog = await openConnect('es');
  fake.handlers['CONNECT_FARCASTER'] = () => {
    throw new Error('Not approved yet: ask again');
  };
  fireEvent.click(await within(dialog).findByRole('button', { name: 'Farcaster' }, { timeout: 5000 }));
  const qr = await screen.findByRole('img', { name: 'Código QR de Farcaster' }, { timeout: 5000 });
  expect(qr.getAttribute('data-value')).toBe('http://wallet.test/farcaster/connect?channel=abc');
  expect(screen.getByRole('link', { name: 'Abrir enlace' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Copiar enlace' })).toBeTruthy();
  expect(screen.getByText('Escanea con la cámara de tu teléfono o abre el enlace y luego aprueba en Farcaster.')).toBeTruthy();
});

it('ar: the e-mail entry and the socials list in Arabic', async () => {
  const dialog = await openConnect('ar');
  const field = await within(dialog).findByRole('textbox', { name: 'البريد الإلكتروني' }, { timeout: 5000 });
  expect(field.getAttribute('placeholder')).toBe('البريد الإلكتروني');
  expect(within(dialog).getByRole('button', { name: 'متابعة' })).toBeTruthy();
  const socials = within(dialog).getByRole('group', { name: 'تسجيل الدخول بحساب اجتماعي' });
  // provider names are brands: not translated
  // named by provider: the first with its mark and name, the others mark-only tiles named by aria-label, each with a bundled mark (data: SVG)
  const socialButtons = within(socials).getAllByRole('button');
  expect(socialButtons.map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual(['Google', 'X', 'Discord', 'Farcaster', 'GitHub', 'Apple', 'Facebook']);
  expect(socialButtons[0]!.textContent).toBe('Google');
  expect(socialButtons.map((b) => b.querySelector('img')?.getAttribute('src')?.startsWith('data:image/svg+xml,'))).toEqual(Array(7).fill(true));
});

it("es: an error line translates the frame that did not load (FrameLoadError); the wallet service's own words stay as they are", async () => {
  await openConnect('es');
  await screen.findByRole('textbox', { name: 'Correo electrónico' }, { timeout: 5000 }); // the chunk has loaded
  render(
    <LatchkeyProvider kernel={kernel}>
      <ErrorLine error={new FrameLoadError('the frame did not answer')} />
      <ErrorLine error={new EmbeddedWalletError('Invalid code: 4 attempts left')} />
    </LatchkeyProvider>,
  );
  const lines = screen.getAllByRole('alert').map((a) => a.textContent);
  expect(lines).toContain('No se pudo cargar el inicio de sesión por correo');
  expect(lines).toContain('Invalid code: 4 attempts left');
  expect(lines).not.toContain('Unable to load email login dependency');
});
