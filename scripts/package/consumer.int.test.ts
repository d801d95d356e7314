/**
 * The package as a consumer installs it: `npm pack`, the tarball unpacked into a fresh
 * project whose dependencies are latchkey's own (linked from this repository's install).
 * - the contacts plugin (tests/fixtures/contacts-plugin), written against the public
 *   entries, type-checks against the tarball (TypeScript strict, moduleResolution bundler);
 * - with React absent (a loader hook makes any import of it fail), createKernel with the evm,
 *   walletconnect, solana and bitcoin plugins loads their modules and connects through a fake
 *   EIP-1193 provider and a fake wallet-standard Solana wallet.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
let dir: string;

function link(name: string): void {
  const target = join(ROOT, 'node_modules', name);
  const at = join(dir, 'node_modules', name);
  if (!existsSync(target) || existsSync(at)) return;
  mkdirSync(dirname(at), { recursive: true });
  symlinkSync(target, at, 'dir');
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lk-consumer-'));
  const out = execFileSync('npm', ['pack', '--pack-destination', dir, '--json'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
  const tarball = join(dir, JSON.parse(out.slice(out.indexOf('[')))[0].filename);
  const into = join(dir, 'node_modules', 'latchkey');
  mkdirSync(into, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', into, '--strip-components=1']);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  for (const name of Object.keys(pkg.dependencies)) link(name);
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

it('type-checks a plugin written against the public entries (strict, moduleResolution bundler)', () => {
  cpSync(join(ROOT, 'tests/fixtures/contacts-plugin'), join(dir, 'src'), { recursive: true });
  for (const name of ['react', '@types/react', 'inversify', '@types/node']) link(name);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx', strict: true, noEmit: true,
        // the package's types are its TypeScript sources for now: they use decorators and need the DOM lib
        experimentalDecorators: true, useDefineForClassFields: false, lib: ['ES2022', 'DOM', 'DOM.Iterable'], skipLibCheck: true, types: [],
      },
      include: ['src'],
    }),
  );
  const r = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8' });
  expect(`${r.stdout}${r.stderr}`.trim()).toBe('');
  expect(r.status).toBe(0);
}, 180_000);

it('runs headless with React absent: the evm, walletconnect, solana and bitcoin modules load and wallets connect', () => {
  cpSync(join(__dirname, 'headless-consumer.mjs'), join(dir, 'headless-consumer.mjs'));
  cpSync(join(__dirname, 'no-react.mjs'), join(dir, 'no-react.mjs'));
  const r = spawnSync(process.execPath, ['--import', './no-react.mjs', 'headless-consumer.mjs'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  const line = `${r.stdout}`.split('\n').find((l) => l.startsWith('CONSUMER '));
  if (!line) throw new Error(`no result (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  const result = JSON.parse(line.slice('CONSUMER '.length));
  expect(result.loaded).toEqual([['evm', 'loaded'], ['walletconnect', 'loaded'], ['solana', 'loaded'], ['bitcoin', 'loaded']]);
  expect(result.status).toBe('connected');
  expect(result.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  expect(result.signature).toMatch(/^0x(ab){65}$/);
  expect(result.calls).toEqual(expect.arrayContaining(['eth_requestAccounts', 'eth_chainId', 'personal_sign', 'standard:connect', 'solana:signMessage']));
  // base58 of 64 bytes of 0x01
  expect(result.solana).toEqual({ status: 'connected', address: '11111111111111111111111111111111', signature: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/) });
}, 90_000);
