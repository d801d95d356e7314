/**
 * The sample mobile wallet's pure parts (no WalletConnect client, no DOM): reading a pairing
 * link, choosing what to approve, describing requests for the screen and turning a dapp's
 * transaction into viem's shape. Unit-tested in logic.test.ts.
 */
import { hexToString, isHex, type Hex } from 'viem';

/** Methods this wallet answers. Each needs the visitor's approval. */
export const WALLET_METHODS = [
  'personal_sign',
  'eth_sendTransaction',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
] as const;

/** Events this wallet emits (always approved: the wallet needs chainChanged to switch). */
export const WALLET_EVENTS = ['accountsChanged', 'chainChanged'] as const;

/** EIP-1193 / EIP-3085 error objects the wallet answers with. */
export const RPC_ERRORS = {
  userRejected: { code: 4001, message: 'User rejected the request.' },
  unsupportedMethod: (method: string) => ({ code: 4200, message: `The wallet does not support ${method}.` }),
  unrecognizedChain: (chainId: number | string) => ({ code: 4902, message: `Unrecognized chain ID ${chainId}.` }),
  invalidParams: (message: string) => ({ code: -32602, message }),
  internal: (message: string) => ({ code: -32603, message }),
} as const;

export interface WalletChain {
  readonly chainId: number;
  readonly name: string;
  readonly rpcUrl: string;
}

// ---------------------------------------------------------------- pairing links

export type PairingLinkResult = { ok: true; uri: string } | { ok: false; error: string };

/**
 * Reads what a visitor pasted: a `wc:` link, or any URL that carries one in its `uri`
 * query parameter (a deep link such as `…/wallet/?uri=wc:…` or `somewallet://wc?uri=…`).
 * Checks the parts the wallet needs and the link's expiry.
 */
export function parsePairingLink(input: string, now: number = Date.now()): PairingLinkResult {
  let text = input.trim();
  if (!text) return { ok: false, error: 'Paste a pairing link first.' };
  if (!/^wc:/i.test(text)) {
    const fromUrl = uriParamOf(text);
    if (!fromUrl) return { ok: false, error: 'This is not a WalletConnect pairing link: it should start with "wc:".' };
    text = fromUrl.trim();
  }
  const match = /^wc:([^@?]+)@(\d+)\??(.*)$/i.exec(text);
  if (!match) return { ok: false, error: 'This pairing link is incomplete: it has no topic and version ("wc:TOPIC@2?…").' };
  const [, topic, version, query] = match;
  if (version !== '2') return { ok: false, error: `This pairing link is for WalletConnect v${version}; this wallet speaks v2 only.` };
  if (!/^[0-9a-f]{64}$/i.test(topic!)) return { ok: false, error: 'This pairing link is damaged: its topic is not 64 hex characters.' };
  const params = new URLSearchParams(query);
  const symKey = params.get('symKey');
  if (!symKey || !/^[0-9a-f]{64}$/i.test(symKey)) return { ok: false, error: 'This pairing link is damaged: its symKey is missing or malformed.' };
  const relayProtocol = params.get('relay-protocol');
  if (relayProtocol && relayProtocol !== 'irn') return { ok: false, error: `This pairing link asks for the unknown relay protocol "${relayProtocol}".` };
  const expiry = params.get('expiryTimestamp');
  if (expiry && Number(expiry) * 1000 <= now) return { ok: false, error: 'This pairing link has expired. Ask the dapp for a new one.' };
  return { ok: true, uri: text };
}

function uriParamOf(text: string): string | undefined {
  const q = text.indexOf('?');
  if (q < 0) return undefined;
  const value = new URLSearchParams(text.slice(q + 1).split('#')[0]).get('uri');
  return value && /^wc:/i.test(value) ? value : undefined;
}

/** The pairing link a deep link opened the page with (`?uri=wc:…`), if any. */
export function pairingLinkFromSearch(search: string): string | undefined {
  const value = new URLSearchParams(search).get('uri');
  return value && value.trim() ? value.trim() : undefined;
}

// ---------------------------------------------------------------- proposals

export interface ProposalNamespace {
  chains?: string[];
  methods?: string[];
  events?: string[];
}
export interface ProposalLike {
  proposer: { metadata: { name?: string; url?: string; description?: string; icons?: string[] } };
  requiredNamespaces?: Record<string, ProposalNamespace>;
  optionalNamespaces?: Record<string, ProposalNamespace>;
}

export interface ProposalSummary {
  readonly name: string;
  readonly url: string;
  readonly description: string;
  readonly icon?: string;
  /** CAIP-2 ids, required first. */
  readonly chains: string[];
  readonly requiredChains: string[];
  readonly methods: string[];
  readonly events: string[];
}

/** `eip155` → chains listed under it; `eip155:1` (a chain-keyed namespace) → itself. */
function entries(namespaces: Record<string, ProposalNamespace> | undefined) {
  return Object.entries(namespaces ?? {}).map(([key, ns]) => {
    const [namespace] = key.split(':');
    const chains = key.includes(':') ? [key] : (ns.chains ?? []);
    return { namespace: namespace!, chains, methods: ns.methods ?? [], events: ns.events ?? [] };
  });
}

const union = (...lists: string[][]) => [...new Set(lists.flat())];

/** What the screen shows about a proposal. */
export function summarizeProposal(proposal: ProposalLike): ProposalSummary {
  const required = entries(proposal.requiredNamespaces);
  const optional = entries(proposal.optionalNamespaces);
  const all = [...required, ...optional];
  const meta = proposal.proposer.metadata;
  return {
    name: meta.name?.trim() || 'Unnamed dapp',
    url: meta.url ?? '',
    description: meta.description ?? '',
    icon: meta.icons?.find((i) => /^(https?:|data:image\/)/.test(i)),
    chains: union(...all.map((e) => e.chains)),
    requiredChains: union(...required.map((e) => e.chains)),
    methods: union(...all.map((e) => e.methods)),
    events: union(...all.map((e) => e.events)),
  };
}

export interface SessionNamespaces {
  [namespace: string]: { chains: string[]; methods: string[]; events: string[]; accounts: string[] };
}
export type ApprovalResult = { ok: true; namespaces: SessionNamespaces } | { ok: false; reason: string };

/**
 * The namespaces this wallet approves: its account on every chain it has (eip155 only),
 * the methods the dapp asked for that it supports (all of them when the dapp named none),
 * and both events. Fails when the dapp *requires* something the wallet does not have.
 */
export function approvalNamespaces(
  proposal: ProposalLike,
  wallet: { address: string; chainIds: readonly number[]; methods?: readonly string[] },
): ApprovalResult {
  const supportedMethods = wallet.methods ?? WALLET_METHODS;
  const walletChains = wallet.chainIds.map((id) => `eip155:${id}`);
  for (const req of entries(proposal.requiredNamespaces)) {
    if (req.namespace !== 'eip155') return { ok: false, reason: `The dapp requires "${req.namespace}" accounts; this wallet has only EVM (eip155) accounts.` };
    const missingChains = req.chains.filter((c) => !walletChains.includes(c));
    if (missingChains.length) return { ok: false, reason: `The dapp requires chains this wallet does not have: ${missingChains.join(', ')}.` };
    const missingMethods = req.methods.filter((m) => !supportedMethods.includes(m));
    if (missingMethods.length) return { ok: false, reason: `The dapp requires methods this wallet does not support: ${missingMethods.join(', ')}.` };
  }
  const evm = [...entries(proposal.requiredNamespaces), ...entries(proposal.optionalNamespaces)].filter((e) => e.namespace === 'eip155');
  if (evm.length === 0) return { ok: false, reason: 'The dapp asks for no EVM (eip155) chain.' };
  const requested = union(...evm.map((e) => e.methods));
  const methods = requested.length ? supportedMethods.filter((m) => requested.includes(m)) : [...supportedMethods];
  return {
    ok: true,
    namespaces: {
      eip155: {
        chains: walletChains,
        methods,
        events: [...WALLET_EVENTS],
        accounts: walletChains.map((c) => `${c}:${wallet.address}`),
      },
    },
  };
}

// ---------------------------------------------------------------- requests

/** `eip155:31337` → 31337; `0x7a69` or `31337` → 31337; anything else → undefined. */
export function chainIdOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const raw = value.startsWith('eip155:') ? value.slice('eip155:'.length) : value;
  const n = /^0x[0-9a-f]+$/i.test(raw) ? Number.parseInt(raw, 16) : /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** The readable text of a personal_sign message (hex of UTF-8, or plain text). */
export function messageText(message: unknown): string {
  if (typeof message !== 'string') return String(message);
  if (!isHex(message)) return message;
  try {
    const text = hexToString(message);
    // Show the hex when the bytes are not readable text.
    return /[\u0000-\u0008\u000e-\u001f\ufffd]/.test(text) ? message : text;
  } catch {
    return message;
  }
}

export interface RpcTransaction {
  from?: string;
  to?: string | null;
  value?: string;
  data?: string;
  input?: string;
  gas?: string;
  gasLimit?: string;
  gasPrice?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
  nonce?: string;
}

export interface ViemTransaction {
  to?: Hex;
  value?: bigint;
  data?: Hex;
  gas?: bigint;
  gasPrice?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  nonce?: number;
}

const quantity = (v: unknown, field: string): bigint | undefined => {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string' && typeof v !== 'number') throw new Error(`${field} must be a hex quantity`);
  try {
    return BigInt(v);
  } catch {
    throw new Error(`${field} must be a hex quantity, got ${JSON.stringify(v)}`);
  }
};

/** An eth_sendTransaction parameter (hex quantities) as viem's request (bigints). Throws on bad input. */
export function toViemTransaction(tx: RpcTransaction, expectedFrom: string): ViemTransaction {
  if (!tx || typeof tx !== 'object') throw new Error('eth_sendTransaction expects a transaction object');
  if (tx.from && tx.from.toLowerCase() !== expectedFrom.toLowerCase()) throw new Error(`The transaction is from ${tx.from}, not from this wallet's account ${expectedFrom}`);
  const data = tx.data ?? tx.input;
  if (data !== undefined && !isHex(data)) throw new Error('data must be hex');
  if (tx.to && !/^0x[0-9a-fA-F]{40}$/.test(tx.to)) throw new Error('to must be an address');
  const out: ViemTransaction = {};
  if (tx.to) out.to = tx.to as Hex;
  if (data !== undefined && data !== '0x') out.data = data as Hex;
  const value = quantity(tx.value, 'value');
  if (value !== undefined) out.value = value;
  const gas = quantity(tx.gas ?? tx.gasLimit, 'gas');
  if (gas !== undefined) out.gas = gas;
  const maxFee = quantity(tx.maxFeePerGas, 'maxFeePerGas');
  const maxPriority = quantity(tx.maxPriorityFeePerGas, 'maxPriorityFeePerGas');
  const gasPrice = quantity(tx.gasPrice, 'gasPrice');
  if (maxFee !== undefined || maxPriority !== undefined) {
    if (maxFee !== undefined) out.maxFeePerGas = maxFee;
    if (maxPriority !== undefined) out.maxPriorityFeePerGas = maxPriority;
  } else if (gasPrice !== undefined) out.gasPrice = gasPrice;
  const nonce = quantity(tx.nonce, 'nonce');
  if (nonce !== undefined) out.nonce = Number(nonce);
  return out;
}

/** Wei as ETH text, e.g. 1500000000000000000n → "1.5". */
export function formatEth(wei: bigint): string {
  const negative = wei < 0n;
  const abs = negative ? -wei : wei;
  const whole = abs / 10n ** 18n;
  const frac = (abs % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${frac ? `.${frac.slice(0, 6)}` : ''}`;
}

export interface RequestSummary {
  readonly title: string;
  readonly rows: ReadonlyArray<readonly [label: string, value: string]>;
  /** Set when the wallet cannot carry the request out (only Reject makes sense). */
  readonly problem?: string;
}

/** What the screen shows about a request. */
export function summarizeRequest(
  method: string,
  params: unknown,
  chainId: string,
  chains: readonly WalletChain[],
  address: string,
): RequestSummary {
  const chainName = (id: number | undefined) => chains.find((c) => c.chainId === id)?.name ?? (id ? `chain ${id}` : 'unknown chain');
  const onChain = chainName(chainIdOf(chainId));
  const list = Array.isArray(params) ? params : [];
  switch (method) {
    case 'personal_sign': {
      const [message, signer] = list as [unknown, unknown];
      const rows: [string, string][] = [
        ['Message', messageText(message)],
        ['Account', String(signer ?? address)],
      ];
      const problem = typeof signer === 'string' && signer.toLowerCase() !== address.toLowerCase() ? `It asks ${signer} to sign, not this wallet's account.` : undefined;
      return { title: 'Sign a message', rows, ...(problem ? { problem } : {}) };
    }
    case 'eth_signTypedData_v4': {
      const [, data] = list as [unknown, unknown];
      let parsed: any = data;
      try {
        if (typeof data === 'string') parsed = JSON.parse(data);
      } catch {
        return { title: 'Sign typed data', rows: [], problem: 'The typed data is not valid JSON.' };
      }
      return {
        title: 'Sign typed data',
        rows: [
          ['Type', String(parsed?.primaryType ?? '?')],
          ['Domain', String(parsed?.domain?.name ?? '')],
          ['Message', JSON.stringify(parsed?.message ?? {}, null, 1)],
        ],
      };
    }
    case 'eth_sendTransaction': {
      const tx = (list[0] ?? {}) as RpcTransaction;
      try {
        const v = toViemTransaction(tx, address);
        return {
          title: 'Send a transaction',
          rows: [
            ['Network', onChain],
            ['To', v.to ?? '(new contract)'],
            ['Value', `${formatEth(v.value ?? 0n)} ETH`],
            ...(v.data ? ([['Data', v.data.length > 74 ? `${v.data.slice(0, 74)}…` : v.data]] as [string, string][]) : []),
          ],
        };
      } catch (err) {
        return { title: 'Send a transaction', rows: [['Network', onChain]], problem: (err as Error).message };
      }
    }
    case 'wallet_switchEthereumChain': {
      const target = chainIdOf((list[0] as { chainId?: unknown } | undefined)?.chainId);
      const known = chains.some((c) => c.chainId === target);
      return {
        title: 'Switch network',
        rows: [
          ['From', onChain],
          ['To', chainName(target)],
        ],
        ...(known ? {} : { problem: `This wallet has no chain ${target ?? '(missing chainId)'}.` }),
      };
    }
    default:
      return { title: method, rows: [['Params', JSON.stringify(params)]], problem: `This wallet does not support ${method}.` };
  }
}
