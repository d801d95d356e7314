/**
 * The core UI in the kernel's locale: the host buttons and the modal (its header, the Connect
 * view, the lazy views, the alert banner) switch to the translation once its chunk has loaded;
 * the modal root carries `lang` and `dir` ('rtl' for Arabic) and follows setLocale at run time.
 * English stays exactly as it is (the other tests of these components check it).
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { LatchkeyProvider } from './LatchkeyProvider';
import { ConnectButton, NetworkButton } from './buttons';
import { setLocale } from '../i18n/messages';
import { settle, uiKernel } from '../testing/render';
import type { UiKernel } from '../kernel';
import { Tabs } from '../primitives/Tabs';
import { messages as alertMessages } from '../primitives/messages';
import { ALERTS } from '../../kernel/alerts';

afterEach(settle);

function renderApp(kernel: UiKernel) {
  return render(
    <LatchkeyProvider kernel={kernel}>
      <ConnectButton />
    </LatchkeyProvider>,
  );
}

/** The modal root (LatchkeyProvider portals it to <body>). */
const modalRoot = () => screen.getByRole('dialog').closest('[data-lk]')!;

describe('host buttons', () => {
  it('read Spanish once the chunk has loaded, and English again after setLocale', async () => {
    const { kernel } = uiKernel({ locale: 'es', networks: [] });
    render(
      <LatchkeyProvider kernel={kernel}>
        <ConnectButton />
        <NetworkButton />
      </LatchkeyProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Conectar billetera' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Seleccionar red' })).toBeTruthy();
    act(() => setLocale(kernel, 'en-GB'));
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Select network' })).toBeTruthy();
  });

  it("keep a host's own label in every locale", async () => {
    const { kernel } = uiKernel({ locale: 'es' });
    render(
      <LatchkeyProvider kernel={kernel}>
        <ConnectButton label="Sign in" />
      </LatchkeyProvider>,
    );
    await settle();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('the modal', () => {
  it('shows the Connect view in Spanish, lang="es" dir="ltr" on its root', async () => {
    const { kernel } = uiKernel({ locale: 'es', termsConditionsUrl: 'https://app.test/terms', privacyPolicyUrl: 'https://app.test/privacy' });
    renderApp(kernel);
    act(() => void kernel.modal.open());
    expect(await screen.findByRole('dialog', { name: 'Conectar billetera' })).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toBeTruthy();
    expect(within(dialog).getByRole('list', { name: 'Billeteras' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /^Todas las billeteras/ })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Obtener una billetera' }).parentElement!.textContent).toBe('¿Nuevo en billeteras? Obtener una billetera');
    expect(within(dialog).getByRole('link', { name: 'Términos del servicio' }).parentElement!.textContent).toBe(
      'Al conectar tu billetera, aceptas: Términos del servicio y Política de privacidad',
    );
    expect(modalRoot().getAttribute('lang')).toBe('es');
    expect(modalRoot().getAttribute('dir')).toBe('ltr');
  });

  it('shows the lazy views and the alert banner in Spanish', async () => {
    const { kernel } = uiKernel({ locale: 'es' });
    renderApp(kernel);
    act(() => void kernel.modal.open({ view: 'AllWallets' }));
    expect(await screen.findByRole('searchbox', { name: 'Buscar billetera' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Todas las billeteras' })).toBeTruthy();
    act(() => void kernel.router.push('Networks'));
    expect(await screen.findByRole('list', { name: 'Redes' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Atrás' })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Elegir red' })).toBeTruthy();
    act(() => void kernel.alerts.showKey('NETWORK_NOT_FOUND'));
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    await act(async () => {}); // the banner's bundle loads with the modal chunk
    expect(await within(alert).findByText('Red no encontrada')).toBeTruthy();
    expect(within(alert).getByText("Asegúrate de que la red esté en el array 'networks' de las opciones.")).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Descartar' })).toBeTruthy();
  });

  it('is right to left in Arabic (dir="rtl", lang="ar") and follows setLocale at run time', async () => {
    const { kernel } = uiKernel({ locale: 'ar' });
    renderApp(kernel);
    expect(await screen.findByRole('button', { name: 'ربط المحفظة' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ربط المحفظة' }));
    expect(await screen.findByRole('dialog', { name: 'ربط المحفظة' })).toBeTruthy();
    expect(within(screen.getByRole('dialog')).getByRole('list', { name: 'المحافظ' })).toBeTruthy();
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'إغلاق' })).toBeTruthy();
    expect(modalRoot().getAttribute('dir')).toBe('rtl');
    expect(modalRoot().getAttribute('lang')).toBe('ar');
    act(() => setLocale(kernel, 'fr'));
    expect(await screen.findByRole('dialog', { name: 'Connecter un portefeuille' })).toBeTruthy();
    expect(modalRoot().getAttribute('dir')).toBe('ltr');
    expect(modalRoot().getAttribute('lang')).toBe('fr');
  });

  it('keeps English texts exactly in English (no chunk loaded)', async () => {
    const { kernel } = uiKernel({ locale: 'en' });
    renderApp(kernel);
    act(() => void kernel.modal.open());
    expect(screen.getByRole('dialog', { name: 'Connect Wallet' })).toBeTruthy();
    expect(screen.getByText('New to wallets?', { exact: false }).textContent).toBe('New to wallets? Get a wallet');
    expect(modalRoot().getAttribute('lang')).toBe('en');
    expect(modalRoot().getAttribute('dir')).toBe('ltr');
  });
});

describe('alert texts and right-to-left keys', () => {
  it("the alert bundle's English is the kernel's catalogue, word for word (so every catalogued alert is translated)", () => {
    for (const a of Object.values(ALERTS)) {
      expect(alertMessages.en[a.key as keyof typeof alertMessages.en]).toBe(a.shortMessage);
      if ('longMessage' in a) expect(alertMessages.en[`${a.key}_LONG` as keyof typeof alertMessages.en]).toBe(a.longMessage);
    }
  });

  it('tabs move with the arrow keys mirrored in a right-to-left modal', () => {
    const chosen: number[] = [];
    render(
      <div dir="rtl">
        <Tabs label="Account" tabs={['A', 'B', 'C']} selected={0} onSelect={(i) => chosen.push(i)}>
          <p>panel</p>
        </Tabs>
      </div>,
    );
    fireEvent.keyDown(screen.getByRole('tab', { name: 'A' }), { key: 'ArrowLeft' });
    fireEvent.keyDown(screen.getByRole('tab', { name: 'A' }), { key: 'ArrowRight' });
    expect(chosen).toEqual([1, 2]);
  });
});
