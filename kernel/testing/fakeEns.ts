/**
 * A scripted ENS for unit tests: a JSON-RPC `request` that answers `eth_call`s to a registry
 * (`resolver(node)`) and one public resolver (`addr`, `name`, `text`), from plain records. The
 * real contracts are exercised in samples/contracts/ens.int.test.ts; this fake only lets unit
 * tests reach each rule without a chain.
 */
import { decodeFunctionData, encodeFunctionResult, namehash, parseAbi, zeroAddress, type Hex } from 'viem';

export const FAKE_ENS_REGISTRY = '0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e' as const;
export const FAKE_ENS_RESOLVER = '0x4976fb03C32e5B8cfe2b6cCB31c09Ba78EBaBa41' as const;

const ABI = parseAbi([
  'function resolver(bytes32 node) view returns (address)',
  'function addr(bytes32 node) view returns (address)',
  'function name(bytes32 node) view returns (string)',
  'function text(bytes32 node, string key) view returns (string)',
]);

export interface FakeEnsRecords {
  /** Forward records: name → address and avatar text. */
  readonly names?: Readonly<Record<string, { readonly address: string; readonly avatar?: string }>>;
  /** Reverse records: address → the name its reverse record claims. */
  readonly reverse?: Readonly<Record<string, string>>;
}

/** A JSON-RPC handler for the records; `calls` counts the eth_calls answered. */
export function fakeEnsRpc(records: FakeEnsRecords): { request(args: { method: string; params?: unknown }): Promise<unknown>; calls: number } {
  const nodes = new Map<string, { address?: string; avatar?: string; name?: string }>();
  for (const [name, r] of Object.entries(records.names ?? {})) nodes.set(namehash(name), { address: r.address, ...(r.avatar ? { avatar: r.avatar } : {}) });
  for (const [address, name] of Object.entries(records.reverse ?? {})) nodes.set(namehash(`${address.slice(2).toLowerCase()}.addr.reverse`), { name });
  const out = {
    calls: 0,
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      if (method !== 'eth_call') throw new Error(`fake ENS: unexpected ${method}`);
      out.calls++;
      const [{ to, data }] = params as [{ to: string; data: Hex }];
      const call = decodeFunctionData({ abi: ABI, data });
      const record = nodes.get(call.args[0] as string);
      const answer = (functionName: string, result: unknown) => encodeFunctionResult({ abi: ABI, functionName, result } as never);
      if (to.toLowerCase() === FAKE_ENS_REGISTRY.toLowerCase() && call.functionName === 'resolver') return answer('resolver', record ? FAKE_ENS_RESOLVER : zeroAddress);
      if (to.toLowerCase() !== FAKE_ENS_RESOLVER.toLowerCase()) return '0x';
      if (call.functionName === 'addr') return answer('addr', record?.address ?? zeroAddress);
      if (call.functionName === 'name') return answer('name', record?.name ?? '');
      if (call.functionName === 'text') return answer('text', call.args[1] === 'avatar' ? record?.avatar ?? '' : '');
      return '0x';
    },
  };
  return out;
}
