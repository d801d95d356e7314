import { type Observed, Store } from '../store';
import { Options } from '../options/Options';
import type { ThemeMode, ThemeVariables } from '../types';

export const Theme = Symbol('Theme');

export const DEFAULT_Z_INDEX = 999;

export interface ThemeState {
  readonly themeMode: ThemeMode;
  readonly themeVariables: ThemeVariables;
}

export interface Theme extends Observed<ThemeState> {
  setThemeMode(mode: ThemeMode): void;
  setThemeVariables(vars: ThemeVariables): void;
  /** CSS custom properties for the current theme, ready to set on the modal root. */
  cssVariables(): Readonly<Record<string, string>>;
}

/** Defaults of the custom properties the modal reads (font stack, radius, accent, colour mix). */
const THEME_DEFAULTS = {
  '--lk-font-family': "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  '--lk-border-radius-master': '4px',
  '--lk-accent': '#0a6fd1',
  '--lk-color-mix': '#000000',
} as const;

/** An integer z-index (number or integer text), else the default 999. */
function zIndex(value: string | number | undefined): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(Math.trunc(value));
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return value.trim();
  return String(DEFAULT_Z_INDEX);
}

function mixStrength(value: string | number | undefined): string {
  if (typeof value === 'number' && Number.isFinite(value)) return `${Math.min(100, Math.max(0, value))}%`;
  if (typeof value === 'string' && /^\d+(\.\d+)?%$/.test(value.trim())) return value.trim();
  return '0%';
}

/**
 * CSS custom properties for a theme state. Every `--lk-*` variable given is passed
 * through (numbers as text); the known ones get defaults: z-index 999, a system font
 * stack, 4px master radius, an accent colour, and a colour mix of strength '0%'
 * (i.e. off). The strength is a number of percent, clamped to 0..100. Pure.
 */
export function themeToCssVariables(state: ThemeState): Readonly<Record<string, string>> {
  const vars = state.themeVariables ?? {};
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(vars)) {
    if (!name.startsWith('--lk-') || value === undefined || value === null) continue;
    out[name] = String(value);
  }
  for (const [name, fallback] of Object.entries(THEME_DEFAULTS)) {
    if (out[name] === undefined || out[name] === '') out[name] = fallback;
  }
  out['--lk-z-index'] = zIndex(vars['--lk-z-index']);
  out['--lk-color-mix-strength'] = mixStrength(vars['--lk-color-mix-strength']);
  return out;
}

/**
 * Theme service. Starts from the options (themeMode, else 'light'; the UI may
 * follow `prefers-color-scheme` itself by calling setThemeMode) and follows later
 * option updates of themeMode / themeVariables (variables merge over the current
 * ones). setThemeVariables merges.
 */
export class ThemeImpl implements Theme {
  private readonly store: Store<ThemeState>;

  constructor(options: Options) {
    const initial = options.state;
    this.store = new Store<ThemeState>({
      themeMode: initial.themeMode ?? 'light',
      themeVariables: { ...(initial.themeVariables ?? {}) },
    });
    let lastMode = initial.themeMode;
    let lastVars = initial.themeVariables;
    options.state$.subscribe((o) => {
      if (o.themeMode !== lastMode) {
        lastMode = o.themeMode;
        if (o.themeMode) this.setThemeMode(o.themeMode);
      }
      if (o.themeVariables !== lastVars) {
        lastVars = o.themeVariables;
        this.setThemeVariables(o.themeVariables ?? {});
      }
    });
  }

  get state$() {
    return this.store.state$;
  }

  get state(): ThemeState {
    return this.store.state;
  }

  setThemeMode(mode: ThemeMode): void {
    this.store.patch({ themeMode: mode });
  }

  setThemeVariables(vars: ThemeVariables): void {
    this.store.patch((s) => ({ themeVariables: { ...s.themeVariables, ...vars } }));
  }

  cssVariables(): Readonly<Record<string, string>> {
    return themeToCssVariables(this.store.state);
  }
}
