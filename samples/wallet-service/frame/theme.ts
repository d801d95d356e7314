/**
 * The host's theme on the wallet's own surface (the approval card in the frame and in the wallet
 * window): the mode, the accent, the font, the master radius and the colour mix the page sends in
 * SYNC_THEME (AppKit's `--w3m-*` names), so an approval looks like part of the app's product.
 *
 * The page is untrusted, so every value is checked and a bad one is ignored (the wallet's own
 * default stays): colours are hex or rgb()/rgba() and opaque, the font is a plain family list, the
 * radius a small px length. The result keeps the card readable whatever the page asks: the mix
 * strength is lowered until every text colour keeps WCAG AA contrast (4.5:1) on the mixed surfaces,
 * the accent's text colour is the one of black or white that reads on it, and the accent used as
 * text (links, "Raw data") is shaded until it reads on the background. What the theme never changes:
 * the card's layout, its texts, and the wallet's origin in its header.
 */

export type Rgb = readonly [number, number, number];

/** What is kept of the page's theme (each field valid, or absent). */
export interface HostTheme {
  readonly mode?: 'light' | 'dark';
  readonly accent?: string;
  readonly font?: string;
  /** px, 0..MAX_RADIUS */
  readonly radius?: number;
  readonly mix?: string;
  /** percent, 0..100 (as asked; lowered for contrast when applied) */
  readonly mixStrength?: number;
}

/** The wallet's palette per mode (the same values as frame.css, which is what shows before any SYNC_THEME). */
export const PALETTE = {
  light: { fg: '#16181d', muted: '#5d6470', bg: '#ffffff', panel: '#f3f4f7', accent: '#3655d4', danger: '#c62e3a' },
  dark: { fg: '#eef0f4', muted: '#a4aab7', bg: '#1b1d22', panel: '#24272e', accent: '#7b93ff', danger: '#ff6b74' },
} as const;

export const MAX_RADIUS = 10;
const AA = 4.5;

/** `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb(…)` or `rgba(…)`: its opaque sRGB channels, else undefined (also when not opaque). */
export function parseColor(value: unknown): Rgb | undefined {
  if (typeof value !== 'string' || value.length > 64) return undefined;
  const v = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(v)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
    const [r, g, b, a] = [0, 2, 4, 6].map((i) => Number.parseInt(full.slice(i, i + 2), 16));
    return a === undefined || Number.isNaN(a) || a === 255 ? [r!, g!, b!] : undefined;
  }
  const fn = /^rgba?\(\s*([^()]*)\)$/.exec(v)?.[1];
  if (!fn) return undefined;
  const parts = fn.split(/\s*[,/]\s*|\s+/).filter(Boolean);
  if (parts.length !== 3 && parts.length !== 4) return undefined;
  const channel = (p: string) => (/^\d+(\.\d+)?%$/.test(p) ? (Number.parseFloat(p) * 255) / 100 : /^\d+(\.\d+)?$/.test(p) ? Number(p) : NaN);
  const rgb = parts.slice(0, 3).map(channel);
  if (rgb.some((c) => !(c >= 0 && c <= 255))) return undefined;
  if (parts[3] !== undefined) {
    const alpha = /%$/.test(parts[3]) ? Number.parseFloat(parts[3]) / 100 : Number(parts[3]);
    if (alpha !== 1) return undefined;
  }
  return rgb.map(Math.round) as unknown as Rgb;
}

export const toHex = (c: Rgb): string => `#${c.map((x) => Math.round(x).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The WCAG contrast ratio of two opaque colours. */
export function contrast(a: Rgb, b: Rgb): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** `color-mix(in srgb, over strength%, base)`, to whole channels (what is shown, and measured). */
export const mix = (base: Rgb, over: Rgb, strength: number): Rgb => base.map((c, i) => Math.round(c + (over[i]! - c) * (strength / 100))) as unknown as Rgb;

/** A font-family list of plain names (letters, digits, spaces, quotes, commas, dots, hyphens). */
export function parseFont(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim();
  return v.length > 0 && v.length <= 256 && /^[A-Za-z0-9 ,'"._-]+$/.test(v) && !/["'][^"']*$/.test(v.replace(/(["'])[^"']*\1/g, '')) ? v : undefined;
}

/** `Npx` or a number of px, within 0..MAX_RADIUS. */
export function parseRadius(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,3}(\.\d{1,3})?(px)?$/.test(value.trim()) ? Number.parseFloat(value) : NaN;
  return Number.isFinite(n) && n >= 0 ? Math.min(n, MAX_RADIUS) : undefined;
}

/** A number of percent or `N%`, within 0..100. */
export function parseStrength(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,3}(\.\d+)?%?$/.test(value.trim()) ? Number.parseFloat(value) : NaN;
  return Number.isFinite(n) && n >= 0 ? Math.min(n, 100) : undefined;
}

/** What a SYNC_THEME payload says: `--w3m-*` in `themeVariables` (or AppKit's `w3mThemeVariables`). */
export interface ThemePayload {
  readonly themeMode?: unknown;
  readonly themeVariables?: Readonly<Record<string, unknown>>;
  readonly w3mThemeVariables?: Readonly<Record<string, unknown>>;
}

/** The theme after `payload`: each valid value replaces the one before; a bad one is ignored. */
export function readTheme(payload: ThemePayload, before: HostTheme = {}): HostTheme {
  const vars = { ...(payload.w3mThemeVariables ?? {}), ...(payload.themeVariables ?? {}) };
  // the value of `name` when `valid` accepts it (a colour kept as written), else what was before
  const pick = <T>(name: string, valid: (v: unknown) => T | undefined, old: T | undefined): T | undefined => (name in vars ? (valid(vars[name]) ?? old) : old);
  const colour = (v: unknown) => (parseColor(v) ? String(v).trim() : undefined);
  const mode = payload.themeMode === 'light' || payload.themeMode === 'dark' ? payload.themeMode : before.mode;
  const out: HostTheme = {
    mode,
    accent: pick('--w3m-accent', colour, before.accent),
    font: pick('--w3m-font-family', parseFont, before.font),
    radius: pick('--w3m-border-radius-master', parseRadius, before.radius),
    mix: pick('--w3m-color-mix', colour, before.mix),
    mixStrength: pick('--w3m-color-mix-strength', parseStrength, before.mixStrength),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as HostTheme;
}

/** A theme that came from the frame to the wallet window: the same checks again. */
export function sanitizeTheme(value: unknown): HostTheme {
  const t = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return readTheme({
    themeMode: t.mode,
    themeVariables: Object.fromEntries(
      [
        ['--w3m-accent', t.accent],
        ['--w3m-font-family', t.font],
        ['--w3m-border-radius-master', t.radius],
        ['--w3m-color-mix', t.mix],
        ['--w3m-color-mix-strength', t.mixStrength],
      ].filter(([, v]) => v !== undefined),
    ),
  });
}

/** `color` shaded toward white (on a dark `bg`) or black until it reads on `bg` (4.5:1). */
function readableOn(color: Rgb, bg: Rgb): Rgb {
  const toward: Rgb = luminance(bg) < 0.2 ? [255, 255, 255] : [0, 0, 0];
  for (let s = 0; s <= 100; s += 5) {
    const c = mix(color, toward, s);
    if (contrast(c, bg) >= AA) return c;
  }
  return toward;
}

/**
 * The CSS custom properties of `theme` on the wallet's palette (pure): --bg and --panel mixed no
 * further than every text keeps 4.5:1 on them, --accent and the text on it (--on-accent), the
 * accent as text (--accent-text), --font and --radius when given.
 */
export function themeVariables(theme: HostTheme): Record<string, string> {
  const p = PALETTE[theme.mode ?? 'light'];
  const [fg, muted, danger, bg0, panel0] = [p.fg, p.muted, p.danger, p.bg, p.panel].map((c) => parseColor(c)!);
  let bg = bg0!;
  let panel = panel0!;
  const over = theme.mix ? parseColor(theme.mix) : undefined;
  if (over && theme.mixStrength) {
    for (let s = Math.round(theme.mixStrength); s > 0; s--) {
      const [b, q] = [mix(bg0!, over, s), mix(panel0!, over, s)];
      if ([fg, muted, danger].every((t) => contrast(t!, b) >= AA && contrast(t!, q) >= AA)) {
        [bg, panel] = [b, q];
        break;
      }
    }
  }
  const accent = (theme.accent && parseColor(theme.accent)) || parseColor(p.accent)!;
  const white: Rgb = [255, 255, 255];
  const black: Rgb = [0, 0, 0];
  const vars: Record<string, string> = {
    '--bg': toHex(bg),
    '--panel': toHex(panel),
    '--accent': toHex(accent),
    '--on-accent': contrast(white, accent) >= AA || contrast(white, accent) >= contrast(black, accent) ? '#ffffff' : '#000000',
    '--accent-text': toHex(readableOn(accent, bg)),
  };
  if (theme.font) vars['--font'] = theme.font;
  if (theme.radius !== undefined) vars['--radius'] = `${theme.radius}px`;
  return vars;
}

const APPLIED = ['--bg', '--panel', '--accent', '--on-accent', '--accent-text', '--font', '--radius'];

let shown: HostTheme = {};

/** The theme this document shows (what the frame hands on to the wallet window). */
export const shownTheme = (): HostTheme => shown;

/** Sets `theme` on the document's root: data-theme and the variables (a font the browser refuses is left out). */
export function applyTheme(root: HTMLElement, theme: HostTheme): void {
  shown = theme;
  if (theme.mode) root.dataset.theme = theme.mode;
  for (const name of APPLIED) root.style.removeProperty(name);
  for (const [name, value] of Object.entries(themeVariables(theme))) {
    if (name === '--font' && !CSS.supports('font-family', value)) continue;
    root.style.setProperty(name, value);
  }
}
