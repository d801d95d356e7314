import type { Plugin } from 'esbuild';
export function latchkeySources(root?: string): Map<string, string>;
export function latchkeySourcePlugin(root?: string): Plugin;
