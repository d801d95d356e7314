/**
 * A snackbar (or an alert) raised by headless code as a catalogue entry (`localText`) shows in the kernel's
 * locale once the bundle's chunk has loaded; its state keeps the English text for hosts without
 * a UI; without a kernel in context, or for a key the bundle lacks, the English text shows.
 */
import { act, render, screen } from '@testing-library/react';
import { defineMessages, localText } from '../../kernel/index';
import { Snackbar } from './Snackbar';
import { AlertBanner } from './AlertBanner';
import { KernelContext } from '../react/context';
import { setLocale } from '../i18n/messages';
import { settle, uiKernel } from '../testing/render';

afterEach(settle);

const bundle = defineMessages(
  'test-snacks',
  { sent: 'Sent {amount} {symbol}' },
  { es: async () => ({ default: { sent: 'Enviado {amount} {symbol}' } }), fr: async () => ({ default: {} }) },
);

function renderSnackbar(locale: string) {
  const { kernel } = uiKernel({ locale });
  render(
    <KernelContext.Provider value={kernel}>
      <Snackbar snackbar={kernel.snackbar} />
    </KernelContext.Provider>,
  );
  return kernel;
}

it('shows the translation, keeps English in the state, and follows setLocale', async () => {
  const kernel = renderSnackbar('es');
  act(() => kernel.snackbar.success(localText(bundle, 'sent', { amount: '1.5', symbol: 'ETH' })));
  expect(kernel.snackbar.state.message).toBe('Sent 1.5 ETH');
  expect(await screen.findByText('Enviado 1.5 ETH')).toBeTruthy();
  act(() => setLocale(kernel, 'en'));
  expect(screen.getByText('Sent 1.5 ETH')).toBeTruthy();
  // a locale whose chunk lacks the key: English
  act(() => setLocale(kernel, 'fr'));
  await settle();
  expect(screen.getByText('Sent 1.5 ETH')).toBeTruthy();
});

it('shows a plain text as it is, and English without a kernel in context', async () => {
  const kernel = renderSnackbar('es');
  act(() => kernel.snackbar.error('Plain words'));
  expect(await screen.findByText('Plain words')).toBeTruthy();
  const other = uiKernel({ locale: 'es' }).kernel;
  render(<Snackbar snackbar={other.snackbar} />);
  act(() => other.snackbar.success(localText(bundle, 'sent', { amount: '2', symbol: 'SOL' })));
  await settle();
  expect(screen.getByText('Sent 2 SOL')).toBeTruthy();
});

it("shows a plugin's alert in the kernel's locale when it carries catalogue entries", async () => {
  const alerts = defineMessages('test-alerts', { short: 'Try later', long: 'The service is busy.' }, { es: async () => ({ default: { short: 'Inténtalo más tarde', long: 'El servicio está ocupado.' } }) });
  const { kernel } = uiKernel({ locale: 'es' });
  render(
    <KernelContext.Provider value={kernel}>
      <AlertBanner alerts={kernel.alerts} />
    </KernelContext.Provider>,
  );
  act(() => {
    kernel.alerts.show({
      key: 'TEST_BUSY',
      shortMessage: 'Try later',
      longMessage: 'The service is busy.',
      variant: 'error',
      text: { short: localText(alerts, 'short'), long: localText(alerts, 'long') },
    });
  });
  expect(await screen.findByText('Inténtalo más tarde')).toBeTruthy();
  expect(screen.getByText('El servicio está ocupado.')).toBeTruthy();
  // a host's own alert without entries: as given
  act(() => kernel.alerts.dismiss());
  act(() => void kernel.alerts.show({ key: 'HOST_OWN', shortMessage: 'Our words', variant: 'info' }));
  expect(screen.getByText('Our words')).toBeTruthy();
});
