/**
 * The dev wallet's wallet-call capabilities, on the anvil chains it knows:
 *
 * - `wallet_getCapabilities` (EIP-5792): per chain, `atomic.status` ('supported' on the chains
 *   given at install, 'unsupported' on chains added later unless configured) and `permissions`.
 * - `wallet_sendCalls` / `wallet_getCallsStatus` (EIP-5792, version 2.0.0): the calls are sent
 *   one by one from the authorised account with `eth_sendTransaction` (anvil signs). An atomic
 *   bundle runs between `evm_snapshot` and, when any call fails, `evm_revert`: all or nothing,
 *   which anvil allows and a real chain would need a smart account for. Status 100 while it
 *   runs, then 200 (all succeeded), 500 (reverted completely) or 600 (partly, non-atomic).
 * - `wallet_grantPermissions` / `wallet_revokePermissions` (ERC-7715): a permission store.
 *   A grant is recorded as asked (chain, account, expiry, signer, permissions) under a random
 *   `permissionsContext`, listed by `wallet_getGrantedPermissions`, and revoked by context.
 *   Nothing is enforced on chain: the dev wallet has no session keys. (`wallet_revokePermissions`
 *   with `{ eth_accounts: {} }` stays EIP-2255's revoke of the connection, in ./index.)
 * - `wallet_getAssets` (EIP-7811's shape): `{ [chainIdHex]: [{ address, balance (hex),
 *   type: 'NATIVE' | 'ERC20', metadata }] }` for the native currency and the configured tokens.
 *
 * Errors carry EIP-5792's codes, so a dapp maps them as it would a real wallet's: 5700
 * unsupported non-optional capability, 5710 unsupported chain id, 5720 duplicate id, 5730
 * unknown bundle id, 5740 bundle too large, 5750 atomic upgrade rejected, 5760 atomicity not
 * supported; -32602 for malformed parameters, 4100 for another account, 4001 when declined.
 */

export type AtomicStatus = 'supported' | 'ready' | 'unsupported';

export interface CapabilityChain {
  readonly chainId: number;
  /** Default: 'supported' for the chains given at install, 'unsupported' for chains added later. */
  readonly atomic?: AtomicStatus;
}

export interface DevWalletToken {
  readonly chainId: number;
  readonly address: string;
  readonly symbol: string;
  readonly decimals: number;
  readonly name?: string;
}

export interface CapabilityHost {
  /** JSON-RPC on the node of `chainId`. */
  rpc(chainId: number, method: string, params: unknown): Promise<unknown>;
  chain(chainId: number): CapabilityChain | undefined;
  chainIds(): readonly number[];
  readonly chainId: number;
  /** The authorised account (throws 4100 when none or when `claimed` is another). */
  requireAccount(claimed?: unknown): string;
  /** Asks for approval (rejects with 4001 when the wallet is told to decline). */
  approve(): void;
  error(code: number, message: string, data?: unknown): Error;
  readonly tokens: readonly DevWalletToken[];
}

/** Most calls in one bundle (beyond: 5740), bundles kept for status (oldest dropped), permissions kept. */
export const MAX_CALLS = 16;
export const MAX_BUNDLES = 100;
export const MAX_PERMISSIONS = 100;

type Hex = `0x${string}`;

interface Receipt {
  readonly logs: readonly unknown[];
  readonly status: Hex;
  readonly blockHash: Hex;
  readonly blockNumber: Hex;
  readonly gasUsed: Hex;
  readonly transactionHash: Hex;
}

interface Bundle {
  readonly id: string;
  readonly chainId: number;
  readonly atomic: boolean;
  status: 100 | 200 | 400 | 500 | 600;
  receipts: Receipt[];
}

interface Permission {
  readonly permissionsContext: Hex;
  readonly chainId: Hex;
  readonly address: string;
  readonly expiry: number;
  readonly signer: unknown;
  readonly permissions: readonly unknown[];
}

const toHex = (n: number | bigint) => `0x${n.toString(16)}` as Hex;
const HEX = /^0x[0-9a-fA-F]*$/;

function randomHex(bytes: number): Hex {
  const b = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(b);
  return `0x${Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')}` as Hex;
}

function chainIdOf(host: CapabilityHost, value: unknown): number {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(value)) throw host.error(-32602, `Invalid chainId: ${String(value).slice(0, 32)}`);
  return Number.parseInt(value, 16);
}

export function atomicStatus(host: CapabilityHost, chainId: number): AtomicStatus {
  return host.chain(chainId)?.atomic ?? 'unsupported';
}

export function createCapabilities(host: CapabilityHost) {
  const bundles = new Map<string, Bundle>();
  const permissions = new Map<string, Permission>();
  const upgraded = new Set<number>();

  const capabilitiesOf = (chainId: number) => ({
    atomic: { status: upgraded.has(chainId) ? 'supported' : atomicStatus(host, chainId) },
    permissions: { supported: true, signerTypes: ['keys', 'account'], permissionTypes: ['native-token-recurring-allowance', 'erc20-token-recurring-allowance', 'contract-call'] },
  });

  const waitReceipt = async (chainId: number, hash: string): Promise<Receipt> => {
    for (let i = 0; i < 200; i++) {
      const r = (await host.rpc(chainId, 'eth_getTransactionReceipt', [hash])) as Receipt | null;
      if (r) return { logs: r.logs, status: r.status, blockHash: r.blockHash, blockNumber: r.blockNumber, gasUsed: r.gasUsed, transactionHash: r.transactionHash };
      await new Promise((res) => setTimeout(res, 25));
    }
    throw host.error(-32603, `No receipt for ${hash}`);
  };

  /** Sends the calls; atomic bundles are undone with evm_revert when a call fails. */
  const execute = async (bundle: Bundle, from: string, calls: readonly { to: string; data?: string; value?: string }[]): Promise<void> => {
    const snapshot = bundle.atomic ? ((await host.rpc(bundle.chainId, 'evm_snapshot', [])) as string) : undefined;
    let failed = 0;
    for (const call of calls) {
      let receipt: Receipt | undefined;
      try {
        const hash = (await host.rpc(bundle.chainId, 'eth_sendTransaction', [{ from, to: call.to, ...(call.data ? { data: call.data } : {}), ...(call.value ? { value: call.value } : {}) }])) as string;
        receipt = await waitReceipt(bundle.chainId, hash);
      } catch {
        receipt = undefined;
      }
      if (receipt) bundle.receipts.push(receipt);
      if (!receipt || receipt.status !== '0x1') {
        failed++;
        if (bundle.atomic) break;
      }
    }
    if (failed === 0) {
      bundle.status = 200;
      return;
    }
    if (snapshot !== undefined) {
      await host.rpc(bundle.chainId, 'evm_revert', [snapshot]);
      bundle.receipts = [];
      bundle.status = 500;
      return;
    }
    bundle.status = failed === calls.length ? 500 : 600;
  };

  const sendCalls = async (params: unknown): Promise<{ id: string }> => {
    const p = Array.isArray(params) ? params[0] : undefined;
    if (!p || typeof p !== 'object') throw host.error(-32602, 'wallet_sendCalls expects [{ version, chainId, calls, atomicRequired }]');
    const chainId = chainIdOf(host, p.chainId);
    if (!host.chain(chainId)) throw host.error(5710, `Unsupported chain id ${p.chainId}`);
    const from = host.requireAccount(p.from);
    const calls = p.calls;
    if (!Array.isArray(calls) || calls.length === 0) throw host.error(-32602, 'calls must be a non-empty list');
    if (calls.length > MAX_CALLS) throw host.error(5740, `Bundle too large: at most ${MAX_CALLS} calls`);
    for (const c of calls) {
      if (!c || typeof c !== 'object' || typeof c.to !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(c.to)) throw host.error(-32602, "Each call's 'to' must start with 0x (an address)");
      if (c.data !== undefined && (typeof c.data !== 'string' || !HEX.test(c.data))) throw host.error(-32602, "A call's 'data' must start with 0x");
      if (c.value !== undefined && (typeof c.value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(c.value))) throw host.error(-32602, "A call's 'value' must be a hex quantity");
    }
    const requested = p.capabilities && typeof p.capabilities === 'object' ? (p.capabilities as Record<string, { optional?: boolean }>) : {};
    for (const [name, cap] of Object.entries(requested)) {
      if (name !== 'atomic' && name !== 'permissions' && cap?.optional !== true) throw host.error(5700, `Unsupported non-optional capability: ${name}`);
    }
    const id = p.id === undefined ? randomHex(32) : String(p.id);
    if (id.length > 4096) throw host.error(-32602, 'id is too long');
    if (bundles.has(id)) throw host.error(5720, `Duplicate ID ${id.slice(0, 80)}`);
    const atomicRequired = p.atomicRequired === true;
    if (atomicRequired) {
      const status = upgraded.has(chainId) ? 'supported' : atomicStatus(host, chainId);
      if (status === 'unsupported') throw host.error(5760, `Atomicity not supported on chain ${p.chainId}`);
      if (status === 'ready') {
        try {
          host.approve(); // the upgrade to an atomic-capable account
        } catch {
          throw host.error(5750, 'The wallet rejected the upgrade to atomic execution');
        }
        upgraded.add(chainId);
      }
    }
    host.approve();
    const bundle: Bundle = { id, chainId, atomic: atomicRequired, status: 100, receipts: [] };
    bundles.set(id, bundle);
    while (bundles.size > MAX_BUNDLES) bundles.delete(bundles.keys().next().value!);
    void execute(bundle, from, calls).catch(() => {
      bundle.status = 400;
    });
    return { id };
  };

  const getCallsStatus = (params: unknown) => {
    const id = Array.isArray(params) ? params[0] : undefined;
    const bundle = typeof id === 'string' ? bundles.get(id) : undefined;
    if (!bundle) throw host.error(5730, `Unknown bundle id ${String(id).slice(0, 80)}`);
    return { version: '2.0.0', id: bundle.id, chainId: toHex(bundle.chainId), status: bundle.status, atomic: bundle.atomic, receipts: [...bundle.receipts] };
  };

  const grantPermissions = (params: unknown) => {
    const p = Array.isArray(params) ? params[0] : undefined;
    if (!p || typeof p !== 'object') throw host.error(-32602, 'wallet_grantPermissions expects [{ chainId, expiry, signer, permissions }]');
    const chainId = chainIdOf(host, p.chainId);
    if (!host.chain(chainId)) throw host.error(5710, `Unsupported chain id ${p.chainId}`);
    const address = host.requireAccount(p.address);
    if (!Number.isInteger(p.expiry) || p.expiry <= Math.floor(Date.now() / 1000)) throw host.error(-32602, 'expiry must be a future UNIX time in seconds');
    if (!p.signer || typeof p.signer !== 'object' || typeof p.signer.type !== 'string') throw host.error(-32602, 'signer must be { type, data }');
    const list = p.permissions;
    if (!Array.isArray(list) || list.length === 0 || list.length > 16 || list.some((x: any) => !x || typeof x.type !== 'string' || typeof x.data !== 'object')) {
      throw host.error(-32602, 'permissions must list 1 to 16 { type, data, policies }');
    }
    if (JSON.stringify(p).length > 16_384) throw host.error(-32602, 'The request is too large');
    host.approve();
    if (permissions.size >= MAX_PERMISSIONS) permissions.delete(permissions.keys().next().value!);
    const permissionsContext = randomHex(32);
    const granted: Permission = { permissionsContext, chainId: toHex(chainId), address, expiry: p.expiry, signer: p.signer, permissions: list };
    permissions.set(permissionsContext, granted);
    return { ...granted, grantedPermissions: list };
  };

  const revokePermissions = (params: unknown) => {
    const p = Array.isArray(params) ? params[0] : undefined;
    const context = p?.permissionsContext;
    if (typeof context !== 'string' || !permissions.has(context)) throw host.error(-32602, 'Unknown permissionsContext');
    host.requireAccount(permissions.get(context)!.address);
    permissions.delete(context);
    return null;
  };

  const getAssets = async (params: unknown) => {
    const p = Array.isArray(params) ? params[0] : undefined;
    if (!p || typeof p !== 'object') throw host.error(-32602, 'wallet_getAssets expects [{ account, chainFilter?, assetTypeFilter? }]');
    const account = host.requireAccount(p.account);
    const filter: number[] | undefined = Array.isArray(p.chainFilter) ? p.chainFilter.map((c: unknown) => chainIdOf(host, c)) : undefined;
    const types: string[] | undefined = Array.isArray(p.assetTypeFilter) ? p.assetTypeFilter.map((t: unknown) => String(t).toUpperCase()) : undefined;
    const out: Record<string, unknown[]> = {};
    for (const chainId of host.chainIds()) {
      if (filter && !filter.includes(chainId)) continue;
      const assets: unknown[] = [];
      if (!types || types.includes('NATIVE')) {
        const balance = (await host.rpc(chainId, 'eth_getBalance', [account, 'latest'])) as string;
        assets.push({ address: 'native', balance: toHex(BigInt(balance)), type: 'NATIVE', metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 } });
      }
      if (!types || types.includes('ERC20')) {
        for (const t of host.tokens.filter((x) => x.chainId === chainId)) {
          const data = `0x70a08231${account.slice(2).toLowerCase().padStart(64, '0')}`; // balanceOf(account)
          const raw = (await host.rpc(chainId, 'eth_call', [{ to: t.address, data }, 'latest'])) as string;
          const balance = HEX.test(raw) && raw.length > 2 ? BigInt(raw) : 0n;
          assets.push({ address: t.address, balance: toHex(balance), type: 'ERC20', metadata: { name: t.name ?? t.symbol, symbol: t.symbol, decimals: t.decimals } });
        }
      }
      out[toHex(chainId)] = assets;
    }
    return out;
  };

  return {
    /** Answers `method` when it is one of these capabilities; undefined otherwise. */
    handle(method: string, params: unknown): Promise<unknown> | undefined {
      switch (method) {
        case 'wallet_getCapabilities': {
          const [address, chainIds] = Array.isArray(params) ? params : [];
          host.requireAccount(address);
          const ids = Array.isArray(chainIds) ? chainIds.map((c: unknown) => chainIdOf(host, c)) : host.chainIds();
          return Promise.resolve(Object.fromEntries(ids.filter((id) => host.chain(id)).map((id) => [toHex(id), capabilitiesOf(id)])));
        }
        case 'wallet_sendCalls':
          return sendCalls(params);
        case 'wallet_getCallsStatus':
          return Promise.resolve().then(() => getCallsStatus(params));
        case 'wallet_grantPermissions':
          return Promise.resolve().then(() => grantPermissions(params));
        case 'wallet_getGrantedPermissions':
          return Promise.resolve([...permissions.values()]);
        case 'wallet_revokePermissions':
          return Promise.resolve().then(() => revokePermissions(params));
        case 'wallet_getAssets':
          return getAssets(params);
        default:
          return undefined;
      }
    },
  };
}
