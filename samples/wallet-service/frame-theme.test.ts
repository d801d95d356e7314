/**
 * The page's theme on the wallet's approval card (frame/theme.ts): what is kept of a SYNC_THEME
 * payload (bad values ignored, the value before kept), and the CSS variables it gives, readable
 * whatever the page asks (every text at 4.5:1 or more on the mixed surfaces).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contrast, MAX_RADIUS, PALETTE, parseColor, parseFont, readTheme, sanitizeTheme, themeVariables, type HostTheme } from './frame/theme';

const rgb = (c: string) => parseColor(c)!;

describe('the values the frame accepts from the page', () => {
  it('colours: opaque hex and rgb()/rgba(); nothing else', () => {
    expect(parseColor('#0a6fd1')).toEqual([10, 111, 209]);
    expect(parseColor('#FFF')).toEqual([255, 255, 255]);
    expect(parseColor('#0a6fd1ff')).toEqual([10, 111, 209]);
    expect(parseColor('rgb(10, 20, 30)')).toEqual([10, 20, 30]);
    expect(parseColor('rgb(10 20 30 / 1)')).toEqual([10, 20, 30]);
    expect(parseColor('rgba(100%, 0%, 0%, 1)')).toEqual([255, 0, 0]);
    for (const bad of ['transparent', '#0a6fd180', 'rgba(0,0,0,0.5)', 'var(--x)', 'red', 'url(x)', 'rgb(300,0,0)', '#12', 'rgb(1,2)', `#${'a'.repeat(70)}`, 12, null]) {
      expect(parseColor(bad)).toBeUndefined();
    }
  });

  it('fonts: a plain family list; no declarations, functions or unbalanced quotes', () => {
    const stack = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
    expect(parseFont(stack)).toBe(stack);
    expect(parseFont('"Inter", sans-serif')).toBe('"Inter", sans-serif');
    for (const bad of ['x; color: red', 'a}body{display:none', 'url(https://evil/font)', "'Inter", '', 'a'.repeat(300), 5]) expect(parseFont(bad)).toBeUndefined();
  });

  it('a payload: each valid value kept, a bad one leaves the value before; the radius capped', () => {
    const before = readTheme({ themeMode: 'dark', themeVariables: { '--w3m-accent': '#ff5500', '--w3m-font-family': 'Inter, sans-serif', '--w3m-border-radius-master': '6px', '--w3m-color-mix': '#00ff00', '--w3m-color-mix-strength': 20 } });
    expect(before).toEqual({ mode: 'dark', accent: '#ff5500', font: 'Inter, sans-serif', radius: 6, mix: '#00ff00', mixStrength: 20 });
    const after = readTheme({ themeMode: 'sepia', themeVariables: { '--w3m-accent': 'transparent', '--w3m-font-family': 'x;}', '--w3m-border-radius-master': '-3px', '--w3m-color-mix': 'var(--a)', '--w3m-color-mix-strength': 'lots' } }, before);
    expect(after).toEqual(before);
    expect(readTheme({ themeVariables: { '--w3m-border-radius-master': '999px' } }).radius).toBe(MAX_RADIUS);
    expect(readTheme({ w3mThemeVariables: { '--w3m-color-mix-strength': '30%' } }).mixStrength).toBe(30);
    // what the frame hands to the wallet window is checked the same way there
    expect(sanitizeTheme({ ...before, accent: 'javascript:alert(1)', font: '}' })).toEqual({ ...before, accent: undefined, font: undefined } as HostTheme extends infer T ? Partial<T> : never);
  });
});

describe('the variables the card gets: the page themes it, it stays readable', () => {
  const textOn = (vars: Record<string, string>, mode: 'light' | 'dark') => {
    const p = PALETTE[mode];
    return [p.fg, p.muted, p.danger].flatMap((t) => [contrast(rgb(t), rgb(vars['--bg']!)), contrast(rgb(t), rgb(vars['--panel']!))]);
  };

  it('no theme: the wallet palette, white on the accent', () => {
    expect(themeVariables({})).toEqual({ '--bg': '#ffffff', '--panel': '#f3f4f7', '--accent': '#3655d4', '--on-accent': '#ffffff', '--accent-text': '#3655d4' });
  });

  it('the font and the radius pass through; the accent is the page\'s', () => {
    const v = themeVariables({ accent: '#0a6fd1', font: 'Inter, sans-serif', radius: 8 });
    expect(v).toMatchObject({ '--accent': '#0a6fd1', '--on-accent': '#ffffff', '--font': 'Inter, sans-serif', '--radius': '8px' });
  });

  it('a light accent gets black text on it, and is darkened where it is text', () => {
    const v = themeVariables({ accent: '#ffe600' });
    expect(v['--on-accent']).toBe('#000000');
    expect(contrast(rgb(v['--accent-text']!), rgb('#ffffff'))).toBeGreaterThanOrEqual(4.5);
    const dark = themeVariables({ mode: 'dark', accent: '#1a237e' });
    expect(contrast(rgb(dark['--accent-text']!), rgb(dark['--bg']!))).toBeGreaterThanOrEqual(4.5);
  });

  it('a colour mix tints the surfaces, lowered until every text keeps 4.5:1 (a page cannot wash the card out)', () => {
    for (const mode of ['light', 'dark'] as const) {
      for (const over of ['#000000', '#ffffff', '#ff0000', '#7f7f7f']) {
        const v = themeVariables({ mode, mix: over, mixStrength: 100 });
        expect(Math.min(...textOn(v, mode))).toBeGreaterThanOrEqual(4.5);
      }
    }
    // a light tint is taken as asked
    const v = themeVariables({ mix: '#0000ff', mixStrength: 3 });
    expect(v['--bg']).toBe('#f7f7ff');
  });

  it('the palette is frame.css\'s (what shows before the page sends a theme)', () => {
    const css = readFileSync(join(__dirname, 'frame', 'frame.css'), 'utf8');
    for (const mode of ['light', 'dark'] as const) {
      const block = mode === 'light' ? css.slice(css.indexOf(':root {'), css.indexOf('}')) : css.slice(css.indexOf(":root[data-theme='dark']"), css.indexOf('}', css.indexOf(":root[data-theme='dark']")));
      for (const [name, value] of Object.entries(PALETTE[mode])) {
        if (mode === 'dark' && name === 'danger' && !block.includes('--danger')) throw new Error('dark --danger missing');
        expect(block).toContain(`--${name === 'fg' ? 'fg' : name}: ${value};`);
      }
    }
  });
});
