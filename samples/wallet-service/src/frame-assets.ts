/**
 * Builds the frame page's script, the wallet window's script (frame/popup.ts, the approval window the
 * frame opens where it cannot prove its visibility) and their stylesheet with esbuild at start (in
 * memory; content-hashed names, served immutable) and renders both pages. The build is kept under
 * .cache/esbuild and reused while its sources are unchanged (samples/stack/build-cache.mjs).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { cachedBuild } from '../../stack/build-cache.mjs';

export interface FrameAssets {
  readonly files: ReadonlyMap<string, { body: Buffer; type: string }>;
  readonly jsPath: string;
  readonly cssPath: string;
  readonly jsBytes: number;
  readonly jsGzipBytes: number;
  /** The wallet window's script, gzip -9. */
  readonly windowJsGzipBytes: number;
  html(): string;
  /** The wallet window's page. */
  windowHtml(): string;
}

const hash8 = (b: Buffer) => createHash('sha256').update(b).digest('hex').slice(0, 10);

export async function buildFrameAssets(frameDir: string, version: string): Promise<FrameAssets> {
  const esbuild = await import('esbuild');
  const repoRoot = resolve(frameDir, '../../..');
  const result = await cachedBuild(
    {
      entryPoints: [join(frameDir, 'main.ts'), join(frameDir, 'popup.ts')],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      write: false,
      outdir: join(frameDir, '.out'),
      legalComments: 'none',
      define: { __FRAME_VERSION__: JSON.stringify(version) },
      absWorkingDir: repoRoot,
      // the frame imports the embedded wallet's protocol as a wallet service would, by the package's
      // name (latchkey/plugins/embedded-wallet/protocol); esbuild resolves the package's own name
      // through package.json#exports, and the `source` condition picks the TypeScript file, not dist/
      conditions: ['source'],
      logLevel: 'silent',
    },
    { name: 'wallet-frame' },
  );
  const script = (name: string) => {
    const out = result.outputFiles.find((f) => f.path.endsWith(`${name}.js`));
    if (!out) throw new Error(`frame build produced no ${name}.js`);
    return Buffer.from(out.contents);
  };
  const js = script('main');
  const windowJs = script('popup');
  const cssSource = await readFile(join(frameDir, 'frame.css'), 'utf8');
  const css = Buffer.from((await esbuild.transform(cssSource, { loader: 'css', minify: true })).code);
  const jsPath = `/frame/frame.${hash8(js)}.js`;
  const cssPath = `/frame/frame.${hash8(css)}.css`;
  const windowJsPath = `/frame/window.${hash8(windowJs)}.js`;
  const files = new Map([
    [jsPath, { body: js, type: 'text/javascript; charset=utf-8' }],
    [windowJsPath, { body: windowJs, type: 'text/javascript; charset=utf-8' }],
    [cssPath, { body: css, type: 'text/css; charset=utf-8' }],
  ]);
  const pageOf = (title: string, script: string, bodyClass: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>${title}</title><link rel="stylesheet" href="${cssPath}"><script type="module" src="${script}"></script></head><body${bodyClass}><main id="root"></main></body></html>`;
  const page = pageOf('Wallet', jsPath, '');
  const windowPage = pageOf('Approve a request: Wallet', windowJsPath, ' class="window"');
  return {
    files,
    jsPath,
    cssPath,
    jsBytes: js.length,
    jsGzipBytes: gzipSync(js, { level: 9 }).length,
    windowJsGzipBytes: gzipSync(windowJs, { level: 9 }).length,
    html: () => page,
    windowHtml: () => windowPage,
  };
}
