import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

// The folder whose node_modules hold next and react: this one after `npm install` here. The
// repository's tests build this app against the repository's own install (LATCHKEY_NEXT_ROOT),
// once per source state, so Turbopack's build cache would only cost time there; they type-check
// it after the build with tsgo (tests/e2e/support/nextApp.ts: the same tsconfig and files, 1 s of
// CPU where `next build`'s own check (tsc) takes 9 s), so the build skips its own.
const repoBuild = process.env.LATCHKEY_NEXT_ROOT;
const root = repoBuild || dirname(fileURLToPath(import.meta.url));

/** @type {import('next').NextConfig} */
const config = {
  reactStrictMode: true,
  turbopack: { root },
  outputFileTracingRoot: root,
  ...(repoBuild ? { experimental: { turbopackFileSystemCacheForBuild: false }, typescript: { ignoreBuildErrors: true } } : {}),
};

export default config;
