/**
 * A snackbar raised by headless code as a catalogue entry (`localText`) shows in the kernel's
 * locale once the bundle's chunk has loaded; its state keeps the English text for hosts without
 * a UI; without a kernel in context, or for a key the bundle lacks, the English text shows.
 */
import { act, render, screen } from '@testing-library/react';
import { defineMessages, localText } from '../../kernel/index';
import { Snackbar } from './Snackbar';
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
