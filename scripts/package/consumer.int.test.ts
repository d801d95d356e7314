/**
 * The package as a consumer installs it: `npm pack`, the tarball unpacked into a fresh
 * project whose dependencies are latchkey's own (linked from this repository's install).
 * - publint and are-the-types-wrong (@arethetypeswrong/core) find nothing wrong with the tarball (ESM-only profile:
 *   node16 from ESM and bundler resolution; ./styles.css is a stylesheet, not checked for types);
 * - `import 'latchkey/styles.css'` resolves to the stylesheet in esbuild and Vite;
 * - a host app (consumer/app.tsx, with the evm, walletconnect, email and socials plugins and the
 *   email plugin's `walletServiceUrl` option) type-checks, and so does a page
 *   without React (consumer/element.ts, latchkey/element), against the declarations, TypeScript strict,
 *   skipLibCheck off, under moduleResolution bundler and node16; it bundles with esbuild and
 *   with Vite; a server render in plain Node (consumer/ssr.mjs) gives the connect button;
 *   latchkey/element imports in plain Node and defines nothing there;
 * - the contacts plugin (tests/fixtures/contacts-plugin), written against the public
 *   entries, type-checks with it (moduleResolution bundler);
 * - with React absent (a loader hook makes any import of it fail), createKernel with the evm,
 *   walletconnect, solana and bitcoin plugins and the account plugins (portfolio, history,
 *   receive, names) loads their modules and connects through a fake
 *   EIP-1193 provider and a fake wallet-standard Solana wallet.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { installTarball } from '../../tests/support/tarball';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
let dir: string;
let tarball: string;
const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);
const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lk-consumer-'));
  tarball = await installTarball(dir, ['react', 'react-dom', '@types/react', '@types/react-dom', 'scheduler', 'js-tokens', 'loose-envify']);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  cpSync(join(__dirname, 'consumer'), join(dir, 'app'), { recursive: true });
}, 180_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('ships built entries and no source of the tests', () => {
  const shipped = join(dir, 'node_modules', 'latchkey');
  expect(existsSync(join(shipped, 'dist/esm/kernel.js'))).toBe(true);
  expect(existsSync(join(shipped, 'dist/esm/plugins/walletconnect.js'))).toBe(true);
  expect(existsSync(join(shipped, 'kernel/testing'))).toBe(false);
});

it('publint reports nothing on the tarball', () => {
  const r = spawnSync(bin('publint'), ['run', tarball, '--strict'], { encoding: 'utf8' });
  expect(r.status).toBe(0);
  expect(r.stdout).toContain('All good!');
}, 60_000);

it('are-the-types-wrong reports no problem for ESM and bundler resolution', () => {
  // ESM-only: node10 and node16 from CommonJS are out of scope (scripts/package/types-check.mjs, also `npm run check:package`)
  const r = spawnSync(process.execPath, [join(__dirname, 'types-check.mjs'), tarball, '--json'], { encoding: 'utf8' });
  const line = r.stdout.split('\n').find((l) => l.startsWith('{'));
  if (!line) throw new Error(`types-check printed no report (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  const { entrypoints, problems } = JSON.parse(line) as { entrypoints: string[]; problems: unknown[] };
  expect(entrypoints).toEqual(expect.arrayContaining(['.', './react', './element', './plugins/evm', './plugins/email', './plugins/socials', './plugins/swaps', './errors', './wagmi']));
  expect(problems).toEqual([]);
}, 120_000);

// Two compilers: TypeScript 5 (tsc, what most hosts run today) with bundler resolution, and its
// native port (tsgo, TypeScript 7) with node16. With skipLibCheck off, tsc spends 11 s checking
// viem's and React's declarations per program; tsgo checks the same in 2 s.
const tsgo = join(ROOT, 'node_modules/@typescript/native-preview/bin/tsgo');
it.each([
  // bundler resolution also checks the contacts plugin (extensionless relative imports, as bundler users write them)
  ['bundler', 'tsc', { module: 'ESNext', moduleResolution: 'Bundler' }, ['app/app.tsx', 'app/element.ts', 'src/index.ts', 'src/module.ts']],
  ['node16', 'tsgo', { module: 'Node16', moduleResolution: 'Node16' }, ['app/app.tsx', 'app/element.ts']],
] as const)('a host app type-checks against the declarations (strict, skipLibCheck off, moduleResolution %s, %s)', (name, compiler, resolution, files) => {
  if (!existsSync(join(dir, 'src'))) cpSync(join(ROOT, 'tests/fixtures/contacts-plugin'), join(dir, 'src'), { recursive: true });
  const project = join(dir, `tsconfig.${name}.json`);
  writeFileSync(
    project,
    JSON.stringify({
      compilerOptions: { target: 'ES2022', ...resolution, jsx: 'react-jsx', strict: true, noEmit: true, lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: [] },
      files,
    }),
  );
  // tsgo on one thread: its parallel checkers redo the libraries' types each (more CPU, the run's cores are busy)
  const r = spawnSync(process.execPath, compiler === 'tsc' ? [tsc, '-p', project] : [tsgo, '--singleThreaded', '-p', project], { encoding: 'utf8' });
  expect(`${r.stdout}${r.stderr}`.trim()).toBe('');
  expect(r.status).toBe(0);
}, 180_000);

it('bundles with esbuild', () => {
  const r = spawnSync(
    bin('esbuild'),
    ['app/main.tsx', '--bundle', '--format=esm', '--jsx=automatic', '--minify', '--splitting', '--outdir=esbuild-dist', '--log-level=error'],
    { cwd: dir, encoding: 'utf8' },
  );
  expect(`${r.stderr}`.trim()).toBe('');
  expect(r.status).toBe(0);
  // the button's English text ships with the entry (main.js or a chunk it imports statically; the
  // core message catalogue is shared with the lazy views, so the bundler may split it out)
  const js = readdirSync(join(dir, 'esbuild-dist')).filter((f) => f.endsWith('.js'));
  const entry = readFileSync(join(dir, 'esbuild-dist/main.js'), 'utf8');
  const staticImports = [...entry.matchAll(/import(?:[^"'()]*from)?\s*["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]!);
  expect(staticImports.every((f) => js.includes(f))).toBe(true);
  expect([entry, ...staticImports.map((f) => readFileSync(join(dir, 'esbuild-dist', f), 'utf8'))].some((c) => c.includes('Connect Wallet'))).toBe(true);
  // `import 'latchkey/styles.css'` (a host with styles="none") resolves through the exports map to the stylesheet
  expect(readFileSync(join(dir, 'esbuild-dist/main.css'), 'utf8')).toMatch(/\[data-lk\]\.lk-root\{/);
}, 120_000);

it('bundles with Vite', () => {
  const r = spawnSync(process.execPath, ['vite.build.mjs', pathToFileURL(require.resolve('vite', { paths: [ROOT] })).href], { cwd: join(dir, 'app'), encoding: 'utf8', timeout: 120_000 });
  expect(`${r.stdout}${r.stderr}`).toContain('VITE ok');
  expect(r.status).toBe(0);
  const assets = readdirSync(join(dir, 'app/vite-dist/assets'));
  const css = assets.filter((f) => f.endsWith('.css')).map((f) => readFileSync(join(dir, 'app/vite-dist/assets', f), 'utf8'));
  expect(css.join('\n')).toMatch(/\[data-lk\]\.lk-root\{/);
}, 150_000);

it('renders on a server in plain Node', () => {
  const r = spawnSync(process.execPath, ['app/ssr.mjs'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  const line = `${r.stdout}`.split('\n').find((l) => l.startsWith('SSR '));
  if (!line) throw new Error(`no result (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  const { html, status } = JSON.parse(line.slice(4)) as { html: string; status: string | null };
  expect(html).toMatch(/<button[^>]*>.*Connect Wallet.*<\/button>/);
  expect(status).toBe('disconnected');
}, 90_000);

it('imports latchkey/element on a server in plain Node: no element defined, a headless kernel', () => {
  const code = [
    "import { createLatchkey, defineLatchkeyElements, defineNetwork } from 'latchkey/element';",
    "if (typeof window !== 'undefined' || typeof document !== 'undefined' || typeof customElements !== 'undefined') throw new Error('not a server');",
    "const devnet = defineNetwork({ id: 31337, name: 'Dev chain', chainNamespace: 'eip155', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } });",
    "const lk = createLatchkey({ options: { projectId: 'consumer-element', networks: [devnet], features: { analytics: false } } });",
    "console.log('ELEMENT ' + JSON.stringify({ defined: defineLatchkeyElements(), network: lk.kernel.network.state.activeNetwork?.name }));",
    'await lk.destroy();',
  ].join('\n');
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  const line = `${r.stdout}`.split('\n').find((l) => l.startsWith('ELEMENT '));
  if (!line) throw new Error(`no result (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  expect(JSON.parse(line.slice('ELEMENT '.length))).toEqual({ defined: false, network: 'Dev chain' });
}, 60_000);

it('runs headless with React absent: the evm, walletconnect, solana, bitcoin and account plugins\' modules load and wallets connect', () => {
  cpSync(join(__dirname, 'headless-consumer.mjs'), join(dir, 'headless-consumer.mjs'));
  cpSync(join(__dirname, 'no-react.mjs'), join(dir, 'no-react.mjs'));
  const r = spawnSync(process.execPath, ['--import', './no-react.mjs', 'headless-consumer.mjs'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  const line = `${r.stdout}`.split('\n').find((l) => l.startsWith('CONSUMER '));
  if (!line) throw new Error(`no result (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  const result = JSON.parse(line.slice('CONSUMER '.length));
  expect(result.loaded).toEqual(
    ['evm', 'walletconnect', 'solana', 'bitcoin', 'portfolio', 'history', 'receive', 'names'].map((id) => [id, 'loaded']),
  );
  expect(result.status).toBe('connected');
  expect(result.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  expect(result.signature).toMatch(/^0x(ab){65}$/);
  expect(result.calls).toEqual(expect.arrayContaining(['eth_requestAccounts', 'eth_chainId', 'personal_sign', 'standard:connect', 'solana:signMessage']));
  // base58 of 64 bytes of 0x01
  expect(result.solana).toEqual({ status: 'connected', address: '11111111111111111111111111111111', signature: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/) });
}, 90_000);
