import { AlertsImpl } from './Alerts';
import { createEnvironment } from './Environment';
import { OptionsImpl } from '../options/Options';
import type { LatchkeyOptions } from '../options/types';
import { DEFAULT_Z_INDEX, ThemeImpl, themeToCssVariables } from './Theme';

const env = createEnvironment({ window: undefined });
const make = (raw: LatchkeyOptions = { projectId: 'p' }) => {
  const options = new OptionsImpl(raw, env, new AlertsImpl());
  return { options, theme: new ThemeImpl(options) };
};

describe('themeToCssVariables', () => {
  it('gives the defaults: z-index 999, mix strength 0%, font, radius, accent', () => {
    const css = themeToCssVariables({ themeMode: 'light', themeVariables: {} });
    expect(DEFAULT_Z_INDEX).toBe(999);
    expect(css['--lk-z-index']).toBe('999');
    expect(css['--lk-color-mix-strength']).toBe('0%');
    expect(css['--lk-font-family']).toMatch(/sans-serif/);
    expect(css['--lk-border-radius-master']).toBe('4px');
    expect(css['--lk-accent']).toMatch(/^#/);
    expect(css['--lk-color-mix']).toBeDefined();
  });

  it('uses given values, mix strength as a percentage', () => {
    const css = themeToCssVariables({
      themeMode: 'dark',
      themeVariables: {
        '--lk-z-index': 5000,
        '--lk-font-family': 'Inter',
        '--lk-accent': 'rebeccapurple',
        '--lk-color-mix': '#00bb7f',
        '--lk-color-mix-strength': 40,
        '--lk-border-radius-master': '8px',
        '--lk-custom-thing': '1px',
      },
    });
    expect(css).toMatchObject({
      '--lk-z-index': '5000',
      '--lk-font-family': 'Inter',
      '--lk-accent': 'rebeccapurple',
      '--lk-color-mix': '#00bb7f',
      '--lk-color-mix-strength': '40%',
      '--lk-border-radius-master': '8px',
      '--lk-custom-thing': '1px',
    });
  });

  it('clamps the strength, rejects junk z-index, and ignores foreign names', () => {
    const css = themeToCssVariables({
      themeMode: 'light',
      themeVariables: { '--lk-color-mix-strength': 140, '--lk-z-index': 'top' as never, ['color' as never]: 'red' },
    });
    expect(css['--lk-color-mix-strength']).toBe('100%');
    expect(css['--lk-z-index']).toBe('999');
    expect(css).not.toHaveProperty('color');
    expect(themeToCssVariables({ themeMode: 'light', themeVariables: { '--lk-color-mix-strength': -3 } })['--lk-color-mix-strength']).toBe('0%');
    expect(themeToCssVariables({ themeMode: 'light', themeVariables: { '--lk-z-index': '12' as never } })['--lk-z-index']).toBe('12');
  });
});

describe('ThemeImpl', () => {
  it('starts light unless the options say otherwise', () => {
    expect(make().theme.state).toEqual({ themeMode: 'light', themeVariables: {} });
    const { theme } = make({ projectId: 'p', themeMode: 'dark', themeVariables: { '--lk-z-index': 10 } });
    expect(theme.state.themeMode).toBe('dark');
    expect(theme.cssVariables()['--lk-z-index']).toBe('10');
  });

  it('setThemeMode and setThemeVariables (merging) emit', () => {
    const { theme } = make({ projectId: 'p', themeVariables: { '--lk-accent': 'red' } });
    const modes: string[] = [];
    theme.state$.subscribe((s) => modes.push(s.themeMode));
    theme.setThemeMode('dark');
    theme.setThemeVariables({ '--lk-color-mix-strength': 20 });
    expect(modes).toEqual(['light', 'dark', 'dark']);
    expect(theme.state.themeVariables).toEqual({ '--lk-accent': 'red', '--lk-color-mix-strength': 20 });
    expect(theme.cssVariables()['--lk-color-mix-strength']).toBe('20%');
  });

  it('follows option updates', () => {
    const { options, theme } = make();
    options.update({ themeMode: 'dark', themeVariables: { '--lk-accent': 'blue' } });
    expect(theme.state.themeMode).toBe('dark');
    expect(theme.cssVariables()['--lk-accent']).toBe('blue');
    theme.setThemeMode('light');
    options.update({ debug: false }); // unrelated change does not reset the mode
    expect(theme.state.themeMode).toBe('light');
  });
});
