import { act, render, screen } from '@testing-library/react';
import { Store } from '../../kernel/index';
import { KernelContext } from '../react/context';
import { defineMessages, loadMessages, localeState, setLocale } from './messages';
import { useLocale, useMessages } from './useMessages';
import type { UiKernel } from '../kernel';

const loads: string[] = [];
const bundle = defineMessages(
  'test',
  { hello: 'Hello {name}', bye: 'Goodbye' },
  {
    es: async () => {
      loads.push('es');
      return { default: { hello: 'Hola {name}' } };
    },
    fr: async () => {
      loads.push('fr');
      // a hostile or broken chunk: unknown keys and non-strings are dropped
      return { default: { hello: 'Bonjour {name}', extra: 'x', bye: 42 } as never };
    },
    de: async () => {
      throw new Error('chunk failed');
    },
  },
);

function kernelWith(locale?: string): UiKernel {
  return { options: new Store<{ locale?: string }>(locale ? { locale } : {}) } as unknown as UiKernel;
}

function View() {
  const t = useMessages(bundle);
  const { locale, dir } = useLocale();
  return (
    <p data-testid="out" dir={dir} lang={locale}>
      {t('hello', { name: 'Ada' })} / {t('bye')}
    </p>
  );
}

const renderWith = (kernel: UiKernel) =>
  render(
    <KernelContext.Provider value={kernel}>
      <View />
    </KernelContext.Provider>,
  );

beforeEach(() => {
  loads.length = 0;
});

it('renders English without loading anything', async () => {
  renderWith(kernelWith('en'));
  expect(screen.getByTestId('out').textContent).toBe('Hello Ada / Goodbye');
  await act(async () => {});
  expect(loads).toEqual([]);
});

it("loads the locale's chunk once and falls back to English for missing keys", async () => {
  const kernel = kernelWith('es-MX');
  renderWith(kernel);
  await act(async () => {});
  expect(screen.getByTestId('out').textContent).toBe('Hola Ada / Goodbye');
  expect(screen.getByTestId('out').getAttribute('lang')).toBe('es');
  await loadMessages(kernel, bundle);
  expect(loads).toEqual(['es']);
});

it('keeps only strings for known keys from a chunk', async () => {
  const kernel = kernelWith('fr');
  renderWith(kernel);
  await act(async () => {});
  expect(screen.getByTestId('out').textContent).toBe('Bonjour Ada / Goodbye');
  expect(Object.keys(localeState(kernel).state.loaded['test:fr']!)).toEqual(['hello']);
});

it('stays in English when a chunk fails, and follows setLocale', async () => {
  const kernel = kernelWith('de');
  renderWith(kernel);
  await act(async () => {});
  expect(screen.getByTestId('out').textContent).toBe('Hello Ada / Goodbye');
  await act(async () => setLocale(kernel, 'ar'));
  expect(screen.getByTestId('out').getAttribute('dir')).toBe('rtl');
  await act(async () => setLocale(kernel, 'es'));
  expect(screen.getByTestId('out').textContent).toBe('Hola Ada / Goodbye');
  expect(screen.getByTestId('out').getAttribute('dir')).toBe('ltr');
});
