/**
 * The startup validator (./schema.ts on ./check.ts) against zod's parse of the same schema
 * (./testing/zodSchema.ts): the same issues, paths and messages, in the same order, for
 * hand-picked edge cases and for generated options (valid fields, wrong types, NaN,
 * Infinity, dates, class instances, null-prototype objects, symbol and unknown keys).
 */
import fc from 'fast-check';
import { OptionsValidationError } from '../errors/kernel';
import { createEnvironment } from '../services/Environment';
import type { LatchkeyOptions } from './types';
import { parseOptions } from './schema';
import { zodIssues } from './testing/zodSchema';
import { array, issuesOf, literal, number, object, optional, record, string, union } from './check';
import { evmNetwork } from '../testing/networks';

const env = createEnvironment({ window: undefined });

function ourIssues(input: unknown): { path: string; message: string }[] {
  try {
    parseOptions(input as LatchkeyOptions, env);
    return [];
  } catch (e) {
    if (!(e instanceof OptionsValidationError)) throw e;
    return [...e.issues];
  }
}

const network = evmNetwork(1, 'Ethereum', 'http://127.0.0.1:8545');

class Thing {
  a = 'x';
}
const nullProto = Object.assign(Object.create(null) as object, { a: 'x' });
const withSymbol = { a: 'x', [Symbol('s')]: 'y' };
const protoKey = JSON.parse('{"__proto__": 5, "a": "x"}') as object;

const cases: unknown[] = [
  undefined,
  null,
  [],
  'options',
  5,
  {},
  { projectId: 'p' },
  { projectId: 5, debug: 'yes', themeMode: 'blue', features: { email: 'x' } },
  { networks: [network, { ...network, id: 'x', caipNetworkId: 'nope' }, { ...network, name: undefined }] },
  { networks: [{ ...network, id: true }] },
  { networks: [{ ...network, id: NaN }] },
  { networks: [{ ...network, nativeCurrency: { name: 'E', symbol: 'E', decimals: Infinity } }] },
  { networks: [{ ...network, rpcUrls: { default: { http: 'x' } } }] },
  { networks: 'mainnet' },
  { defaultNetwork: { ...network, chainNamespace: 'cosmos' } },
  { features: { socials: true } },
  { features: { socials: false, custom: ['a'], other: true, bad: 'x', worse: [1] } },
  { features: { connectorTypeOrder: ['injected', 'nope'] } },
  { features: { walletFeaturesOrder: ['send', 3] } },
  { features: [] },
  { features: new Date(0) },
  { features: protoKey },
  { chainImages: { a: 'x', b: 1 } },
  { chainImages: [] },
  { chainImages: new Thing() },
  { chainImages: nullProto },
  { chainImages: withSymbol },
  { chainImages: protoKey },
  { chainImages: new Date(0) },
  { chainImages: new Map() },
  { customRpcUrls: { 'eip155:1': [{ url: 'x' }, { url: 2 }, 'y'] } },
  { tokens: { 'eip155:1': { address: '0x' }, 'eip155:2': { image: 'i' } } },
  { customWallets: [{ id: 'a', name: 'A' }, { id: 'b' }, null] },
  { defaultAccountTypes: { eip155: 'eoa', cosmos: 'eoa', solana: 'nope' } },
  { defaultAccountTypes: withSymbol },
  { defaultAccountTypes: { eip155: undefined } },
  { themeVariables: { '--x': 1, '--y': 'a', '--z': undefined, '--w': true, '--v': NaN } },
  { metadata: { name: 1, icons: ['a', 2] } },
  { metadata: null },
  { projectId: () => 'p', sdkType: Symbol('x'), sdkVersion: 1n },
  { themeMode: Object.create(null) },
];

describe('the startup options validator gives what zod gives', () => {
  it.each(cases.map((c, i) => [i, c] as const))('case %i', (_i, input) => {
    expect(ourIssues(input)).toEqual(zodIssues(input === undefined ? {} : input));
  });

  it('on generated options', () => {
    const anything = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.boolean(),
      fc.integer(),
      fc.double(),
      fc.string({ maxLength: 6 }),
      fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
      fc.array(fc.integer(), { maxLength: 2 }),
      fc.dictionary(fc.string({ maxLength: 4 }), fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.boolean()), { maxKeys: 3 }),
      fc.date({ noInvalidDate: true }),
      fc.constant(() => 1),
    );
    const str = fc.oneof(fc.string({ maxLength: 8 }), anything);
    const bool = fc.oneof(fc.boolean(), anything);
    const strList = fc.oneof(fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }), anything);
    const caipId = fc.oneof(fc.constantFrom('eip155:1', 'solana:abc', 'bip122:000', 'x:1', 'EIP155:1'), anything);
    const networkArb = fc.oneof(
      fc.record(
        {
          id: fc.oneof(fc.integer(), fc.string({ maxLength: 4 }), anything),
          name: str,
          caipNetworkId: caipId,
          deprecatedCaipNetworkId: caipId,
          chainNamespace: fc.oneof(fc.constantFrom('eip155', 'solana', 'polkadot', 'bip122', 'cosmos'), anything),
          nativeCurrency: fc.oneof(
            fc.record({ name: str, symbol: str, decimals: fc.oneof(fc.integer(), anything) }, { requiredKeys: [] }),
            anything,
          ),
          rpcUrls: fc.oneof(fc.record({ default: fc.oneof(fc.record({ http: strList }), anything) }, { requiredKeys: [] }), anything),
          testnet: bool,
        },
        { requiredKeys: [] },
      ),
      fc.constant(network),
      anything,
    );
    const options = fc.record(
      {
        projectId: str,
        metadata: fc.oneof(fc.record({ name: str, url: str, icons: strList }, { requiredKeys: [] }), anything),
        features: fc.oneof(
          fc.record(
            {
              analytics: bool,
              email: bool,
              socials: fc.oneof(strList, fc.constant(false)),
              walletFeaturesOrder: strList,
              connectorTypeOrder: fc.oneof(fc.array(fc.constantFrom('injected', 'recent', 'nope'), { maxLength: 3 }), anything),
              myFlag: fc.oneof(bool, strList),
            },
            { requiredKeys: [] },
          ),
          anything,
        ),
        networks: fc.oneof(fc.array(networkArb, { maxLength: 3 }), anything),
        defaultNetwork: networkArb,
        chainImages: anything,
        customRpcUrls: fc.oneof(fc.dictionary(fc.string({ maxLength: 4 }), fc.oneof(fc.array(fc.record({ url: str }), { maxLength: 2 }), anything), { maxKeys: 2 }), anything),
        defaultAccountTypes: fc.oneof(
          fc.dictionary(fc.constantFrom('eip155', 'solana', 'cosmos'), fc.oneof(fc.constantFrom('eoa', 'smartAccount', 'x'), anything), { maxKeys: 3 }),
          anything,
        ),
        themeMode: fc.oneof(fc.constantFrom('light', 'dark', 'blue'), anything),
        themeVariables: anything,
        debug: bool,
        enableWallets: bool,
        sdkType: str,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(options, anything), (input) => {
        expect(ourIssues(input)).toEqual(zodIssues(input === undefined ? {} : input));
      }),
      { numRuns: 1500 },
    );
  });
});

describe('check', () => {
  it('words a value String() cannot convert instead of throwing a TypeError', () => {
    expect(ourIssues({ themeMode: Object.create(null) })).toEqual([
      { path: 'themeMode', message: "Invalid enum value. Expected 'light' | 'dark', received '[object Object]'" },
    ]);
  });

  it('reports a union option that fails only by a non-aborting check (as zod does)', () => {
    const s = object({ a: union(string(/^x$/), number) });
    expect(issuesOf(s, { a: 'y' })).toEqual([{ path: 'a', message: 'Invalid input' }]);
    expect(issuesOf(s, { a: true })).toEqual([{ path: 'a', message: 'Invalid input' }]);
    expect(issuesOf(s, { a: 'x' })).toEqual([]);
  });

  it('names paths through arrays, records and optional values', () => {
    const s = object({ list: optional(array(record(literal(1)))) });
    expect(issuesOf(s, { list: [{ a: 1 }, { b: 2 }] })).toEqual([{ path: 'list.1.b', message: 'Invalid input' }]);
    expect(issuesOf(s, {})).toEqual([]);
    expect(issuesOf(s, { list: {} })).toEqual([{ path: 'list', message: 'Expected array, received object' }]);
  });
});
