import type { Observed } from '../store';
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
