import * as z from 'zod/mini';
import { OptionsValidationError, SiwxConflictError } from '../errors/kernel';
import { LatchkeyError } from '../errors/base';
import type { CaipNetwork } from '../types';
import { SDK_VERSION } from '../version';
import { DEFAULT_ACCOUNT_TYPES } from '../namespaces';
import { AlertsImpl } from '../services/Alerts';
import { createEnvironment } from '../services/Environment';
import { OptionsImpl } from './Options';
import { DEFAULT_FEATURES, mergeOptions, pageMetadata, parseOptions } from './schema';
import { formatIssue, zod3TypeName, zodErrorMap } from './zodMessages';
import { toIssues } from './testing/zodSchema';
import type { LatchkeyOptions } from './types';
import { evmNetwork } from '../testing/networks';

function fakeDocument(opts: { title?: string; og?: string; icon?: string } = {}): any {
  return {
    title: opts.title ?? '',
    baseURI: 'https://app.example/deep/page.html',
    querySelector(sel: string) {
      if (sel === 'meta[property="og:description"]' && opts.og !== undefined) {
        return { getAttribute: (n: string) => (n === 'content' ? opts.og : null) };
      }
      if (sel === 'link[rel~="icon"]' && opts.icon !== undefined) {
        return { getAttribute: (n: string) => (n === 'href' ? opts.icon : null) };
      }
      return null;
    },
  };
}

function pageEnv(doc: any = fakeDocument()) {
  return createEnvironment({
    window: { document: doc, location: { origin: 'https://app.example', href: 'https://app.example/deep/page.html' } },
  });
}
const serverEnv = createEnvironment({ window: undefined });

const mainnet = evmNetwork(1, 'Ethereum', 'http://127.0.0.1:8545');

function issuesOf(input: unknown): { path: string; message: string }[] {
  try {
    parseOptions(input as LatchkeyOptions, serverEnv);
  } catch (e) {
    expect(e).toBeInstanceOf(OptionsValidationError);
    return [...(e as OptionsValidationError).issues];
  }
  throw new Error('expected a validation error');
}

describe('zod-3 messages (formatIssue / zodErrorMap)', () => {
  const messages = (schema: z.ZodMiniType, data: unknown) => {
    const r = schema.safeParse(data, { error: zodErrorMap });
    return r.success ? [] : toIssues(r.error);
  };

  it('says Required for a missing value', () => {
    expect(messages(z.object({ a: z.string() }), {})).toEqual([{ path: 'a', message: 'Required' }]);
    expect(messages(z.object({ a: z.object({ b: z.number() }) }), { a: {} })).toEqual([
      { path: 'a.b', message: 'Required' },
    ]);
  });

  it('says Expected X, received Y with zod 3 type names', () => {
    const s = z.object({ a: z.string() });
    const cases: [unknown, string][] = [
      [1, 'Expected string, received number'],
      [null, 'Expected string, received null'],
      [[], 'Expected string, received array'],
      [{}, 'Expected string, received object'],
      [true, 'Expected string, received boolean'],
      [() => 1, 'Expected string, received function'],
      [NaN, 'Expected string, received nan'],
      [new Date(0), 'Expected string, received date'],
    ];
    for (const [value, text] of cases) expect(messages(s, { a: value })[0]?.message).toBe(text);
    expect(messages(z.number(), NaN)[0]?.message).toBe('Expected number, received nan');
    expect(messages(z.record(z.string(), z.string()), [])[0]?.message).toBe('Expected object, received array');
    expect(messages(z.array(z.string()), 'x')[0]?.message).toBe('Expected array, received string');
    expect(messages(z.int(), 1.5)[0]?.message).toBe('Expected integer, received float');
  });

  it('says Invalid email', () => {
    expect(messages(z.object({ email: z.email() }), { email: 'nope' })).toEqual([
      { path: 'email', message: 'Invalid email' },
    ]);
    expect(messages(z.email(), 'a@b.co')).toEqual([]);
  });

  it('says Invalid enum value with the options and the value', () => {
    expect(messages(z.enum(['x', 'y']), 'q')[0]?.message).toBe("Invalid enum value. Expected 'x' | 'y', received 'q'");
  });

  it('says Invalid input otherwise, and keeps messages set on a schema', () => {
    expect(messages(z.union([z.string(), z.number()]), true)[0]?.message).toBe('Invalid input');
    expect(messages(z.literal('a'), 'b')[0]?.message).toBe('Invalid input');
    expect(messages(z.string().check(z.minLength(4)), 'ab')[0]?.message).toBe('Invalid input');
    expect(messages(z.string().check(z.minLength(4, 'Too short')), 'ab')[0]?.message).toBe('Too short');
    expect(formatIssue({ code: 'custom', input: 1 })).toBe('Invalid input');
  });

  it('names types like zod 3', () => {
    expect([undefined, 'a', 1, NaN, true, null, [], {}, new Map(), new Set(), Promise.resolve(), 1n].map(zod3TypeName)).toEqual([
      'undefined', 'string', 'number', 'nan', 'boolean', 'null', 'array', 'object', 'map', 'set', 'promise', 'bigint',
    ]);
  });
});

describe('parseOptions', () => {
  it('fills every default', () => {
    const { options, projectIdMissing } = parseOptions({ projectId: 'abc' }, serverEnv);
    expect(projectIdMissing).toBe(false);
    expect(options.projectId).toBe('abc');
    expect(options.features).toEqual(DEFAULT_FEATURES);
    expect(options.features).toEqual({
      analytics: true,
      allWallets: true,
      legalCheckbox: false,
      collapseWallets: false,
      walletFeaturesOrder: ['onramp', 'swaps', 'receive', 'send'],
    });
    // a plugin's flag has no default: unset means its contribution shows
    expect(options.features.send).toBeUndefined();
    expect(options).toMatchObject({
      debug: true,
      enableWalletGuide: true,
      enableWallets: true,
      enableNetworkSwitch: true,
      allowUnsupportedChain: false,
      disableAppend: false,
      enableEmbedded: false,
      sdkType: 'latchkey',
      sdkVersion: SDK_VERSION,
      networks: [],
      defaultAccountTypes: { eip155: 'smartAccount', solana: 'eoa', polkadot: 'eoa', bip122: 'payment' },
    });
    expect(options.defaultAccountTypes).toEqual(DEFAULT_ACCOUNT_TYPES);
    expect(SDK_VERSION).toBe('0.1.0');
  });

  it('turns a default-on flag off only with false, and default-off flags on only with true', () => {
    const { options } = parseOptions(
      { projectId: 'p', debug: false, enableWallets: false, allowUnsupportedChain: true, enableEmbedded: true },
      serverEnv,
    );
    expect(options).toMatchObject({
      debug: false,
      enableWallets: false,
      enableWalletGuide: true,
      allowUnsupportedChain: true,
      enableEmbedded: true,
      disableAppend: false,
    });
  });

  it('merges given features and account types over the defaults, ignoring undefined', () => {
    const { options } = parseOptions(
      {
        projectId: 'p',
        features: { email: true, analytics: undefined, socials: ['google', 'x'] },
        defaultAccountTypes: { eip155: 'eoa' },
      },
      serverEnv,
    );
    expect(options.features.email).toBe(true);
    expect(options.features.analytics).toBe(true);
    expect(options.features.socials).toEqual(['google', 'x']);
    expect(options.features.allWallets).toBe(true);
    expect(options.defaultAccountTypes).toEqual({ eip155: 'eoa', solana: 'eoa', polkadot: 'eoa', bip122: 'payment' });
  });

  it('keeps the host objects (networks, siwx, provider) by identity', () => {
    const provider = { request: () => 1 };
    const net = { ...mainnet, extra: 'kept' } as CaipNetwork;
    const { options } = parseOptions({ projectId: 'p', networks: [net], universalProvider: provider }, serverEnv);
    expect(options.networks[0]).toBe(net);
    expect(options.universalProvider).toBe(provider);
  });

  it('reports a missing or blank projectId without throwing', () => {
    expect(parseOptions({}, serverEnv).projectIdMissing).toBe(true);
    expect(parseOptions(undefined, serverEnv).projectIdMissing).toBe(true);
    expect(parseOptions({ projectId: '  ' }, serverEnv)).toMatchObject({ projectIdMissing: true, options: { projectId: '' } });
  });

  it('throws OptionsValidationError with zod-3 messages and paths', () => {
    expect(issuesOf({ projectId: 'p', features: { email: 'yes' } })).toEqual([
      { path: 'features.email', message: 'Expected boolean, received string' },
    ]);
    expect(issuesOf({ projectId: 5 })).toEqual([{ path: 'projectId', message: 'Expected string, received number' }]);
    expect(issuesOf({ themeMode: 'blue' })).toEqual([
      { path: 'themeMode', message: "Invalid enum value. Expected 'light' | 'dark', received 'blue'" },
    ]);
    expect(issuesOf({ networks: [{ ...mainnet, name: undefined }] })).toEqual([{ path: 'networks.0.name', message: 'Required' }]);
    expect(issuesOf({ networks: [{ ...mainnet, caipNetworkId: 'nope' }] })).toEqual([
      { path: 'networks.0.caipNetworkId', message: 'Invalid input' },
    ]);
    expect(issuesOf({ features: { socials: true } })).toEqual([{ path: 'features.socials', message: 'Invalid input' }]);
    expect(issuesOf(null)).toEqual([{ path: '', message: 'Expected object, received null' }]);
  });

  it('formats the error message from every issue', () => {
    let err: unknown;
    try {
      parseOptions({ features: { email: 'x' as never }, debug: 1 as never }, serverEnv);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(LatchkeyError);
    expect((err as Error).name).toBe('OptionsValidationError');
    expect((err as Error).message).toBe(
      'Invalid options: features.email: Expected boolean, received string; debug: Expected boolean, received number',
    );
  });

  it('refuses siweConfig together with siwx', () => {
    const siwx = {
      createMessage: async () => ({ toString: () => 'm' }),
      getSessions: async () => [],
      addSession: async () => {},
      setSessions: async () => {},
    };
    expect(() => parseOptions({ projectId: 'p', siwx, siweConfig: {} }, serverEnv)).toThrow(SiwxConflictError);
    expect(() => parseOptions({ projectId: 'p', siwx, siweConfig: {} }, serverEnv)).toThrow(
      'Cannot set both `siweConfig` and `siwx` options',
    );
    expect(parseOptions({ projectId: 'p', siwx }, serverEnv).options.siwx).toBe(siwx);
  });
});

describe('metadata defaults', () => {
  it('reads title, og:description, origin and the absolute icon URL', () => {
    const env = pageEnv(fakeDocument({ title: 'My dApp', og: 'Swap things', icon: '/favicon.png' }));
    expect(pageMetadata(env)).toEqual({
      name: 'My dApp',
      description: 'Swap things',
      url: 'https://app.example',
      icons: ['https://app.example/favicon.png'],
    });
  });

  it('gives empty strings and no icons when the page has nothing, or on a server', () => {
    const empty = { name: '', description: '', url: 'https://app.example', icons: [] };
    expect(pageMetadata(pageEnv())).toEqual(empty);
    expect(pageMetadata(serverEnv)).toEqual({ name: '', description: '', url: '', icons: [] });
  });

  it('lets given fields win, field by field', () => {
    const env = pageEnv(fakeDocument({ title: 'Page', og: 'Page desc' }));
    const { options } = parseOptions({ projectId: 'p', metadata: { name: 'Given', icons: ['https://i/x.png'] } }, env);
    expect(options.metadata).toEqual({
      name: 'Given',
      description: 'Page desc',
      url: 'https://app.example',
      icons: ['https://i/x.png'],
    });
  });
});

describe('OptionsImpl', () => {
  it('parses at construction and shows the project-id alert when missing', () => {
    const alerts = new AlertsImpl();
    const o = new OptionsImpl({ themeMode: 'dark' }, serverEnv, alerts);
    expect(o.state.themeMode).toBe('dark');
    expect(alerts.state.current?.key).toBe('PROJECT_ID_NOT_CONFIGURED');
    const ok = new OptionsImpl({ projectId: 'p' }, serverEnv, new AlertsImpl());
    expect(ok.state.projectId).toBe('p');
  });

  it('throws at construction on invalid options', () => {
    expect(() => new OptionsImpl({ debug: 'no' as never }, serverEnv, new AlertsImpl())).toThrow(OptionsValidationError);
  });

  it('update merges nested features and emits', () => {
    const o = new OptionsImpl({ projectId: 'p', features: { email: true } }, serverEnv, new AlertsImpl());
    const seen: boolean[] = [];
    o.state$.subscribe((s) => seen.push(s.features.analytics));
    o.update({ features: { analytics: false } });
    expect(o.state.features.email).toBe(true);
    expect(o.state.features.analytics).toBe(false);
    expect(seen).toEqual([true, false]);
  });

  it('an invalid update throws and keeps the previous options', () => {
    const o = new OptionsImpl({ projectId: 'p', themeMode: 'dark' }, serverEnv, new AlertsImpl());
    const before = o.state;
    expect(() => o.update({ themeMode: 'pink' as never })).toThrow(OptionsValidationError);
    expect(o.state).toBe(before);
    // the rejected patch is not kept either: a later valid patch builds on the old raw options
    o.update({ debug: false });
    expect(o.state.themeMode).toBe('dark');
    expect(o.state.debug).toBe(false);
  });
});

describe('mergeOptions', () => {
  it('replaces top-level keys and merges the nested objects', () => {
    const merged = mergeOptions(
      { projectId: 'a', features: { email: true }, themeVariables: { '--lk-accent': 'red' }, networks: [mainnet] },
      { projectId: 'b', features: { send: true }, themeVariables: { '--lk-z-index': 5 }, networks: [] },
    );
    expect(merged).toEqual({
      projectId: 'b',
      features: { email: true, send: true },
      themeVariables: { '--lk-accent': 'red', '--lk-z-index': 5 },
      networks: [],
    });
  });
});

describe('createKernel with bad or missing options', () => {
  // Imported here: the kernel pulls every service in.
  const { createKernel } = require('../createKernel') as typeof import('../createKernel');
  const server = { window: undefined, document: undefined, localStorage: undefined };

  it('refuses no arguments and null options with typed errors', () => {
    expect(() => (createKernel as unknown as () => void)()).toThrow(OptionsValidationError);
    expect(() => createKernel({ options: null as never, environment: server })).toThrow('Invalid options: Expected object, received null');
    expect(() => createKernel({ options: 'p' as never, environment: server })).toThrow(OptionsValidationError);
  });

  it.each([[{}], [{ projectId: '' }], [{ projectId: '   ' }]])("shows 'Project ID Not Configured' for %p, and says so in the console unless debug is false", (options) => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const kernel = createKernel({ options, environment: server });
      expect(kernel.alerts.state.current?.shortMessage).toBe('Project ID Not Configured');
      expect(warn).toHaveBeenCalledWith('[latchkey] Project ID Not Configured');
      warn.mockClear();
      const quiet = createKernel({ options: { ...options, debug: false }, environment: server });
      expect(quiet.alerts.state.current?.shortMessage).toBe('Project ID Not Configured');
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('takes a long network list in linear time (100,000 networks; duplicates dropped)', () => {
    const networks = Array.from({ length: 100_000 }, (_, i) => ({ ...mainnet, id: (i % 99_999) + 1, caipNetworkId: `eip155:${(i % 99_999) + 1}` as const }));
    const started = Date.now();
    const kernel = createKernel({ options: { projectId: 'p', networks }, environment: server });
    // printed, not asserted: the figure is what a benchmark reads
    console.log(`createKernel with ${networks.length} networks: ${Date.now() - started} ms`);
    expect(kernel.network.state.namespaces.eip155.requestedCaipNetworks).toHaveLength(99_999);
  }, 60_000);
});
