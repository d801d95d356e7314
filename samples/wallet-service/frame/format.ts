/**
 * What the approval shows for a prepared request (/v1/wallet/prepare's answer): plain data, computed
 * without the DOM (unit-tested), rendered by render.ts. The transaction fields come from the prepared
 * params themselves, the very object the frame sends to /v1/wallet/sign; the service's findings
 * (decoded calls, token units, fees, the simulation) add sections and warnings. Every text, the
 * chain's token symbols and the page's messages included, goes through one filter that makes
 * invisible and direction-changing characters visible.
 */
import { preparedTxs, preparedUserOperation, type Intent, type Prepared, type PreparedCall, type Simulation } from '../shared/prepared';
import type { TypedDataJson } from '../shared/typed-data';
import { intentView, Tokens, type Row } from './intent-view';
import { clip, formatUnits, messageText, Shown } from './text';

export type { Row };

export interface NativeCurrency {
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
}

/** Rows shown only when the visitor opens them ("Raw data", "Fee details"): never a warning or what only they say. */
export interface Disclosure {
  readonly summary: string;
  readonly rows: readonly Row[];
}

export interface Section {
  readonly heading?: string;
  readonly rows: readonly Row[];
  /** Technical detail behind the summary above it: the calldata of a decoded call, the fee's parts. */
  readonly more?: Disclosure;
}

/**
 * What the approval shows. Compact for common requests (the modal gives the frame 360 to 520 px): the
 * decoded action, the counterparty, the amounts, the fee and total, the simulation and every warning
 * are rows; the calldata of a call the service decoded and the fee's parts are behind a disclosure.
 * Calldata nobody decoded is a row (with its warning), never folded away.
 */
export interface ApprovalView {
  readonly title: string;
  /** Shown first, each on its own line. */
  readonly warnings: readonly string[];
  readonly sections: readonly Section[];
}

export interface ViewContext {
  readonly chainName: string;
  readonly currency: NativeCurrency;
  /** The app's origin. */
  readonly origin: string;
  /** The wallet's address. */
  readonly from: string;
}

export const HIDDEN_WARNING = 'Some text contains invisible or direction-changing characters: they are shown as ⟨U+…⟩.';
/** A maximum fee above this share of the balance is warned about. */
const FEE_SHARE_WARNED = 10n;
const MAX_FIELDS = 60;

function native(wei: bigint, c: NativeCurrency): string {
  return `${formatUnits(wei, c.decimals)} ${c.symbol}`;
}

function messageView(p: Prepared): Omit<ApprovalView, 'sections'> & { rows: Row[] } {
  const hex = String(p.params[0]);
  const text = messageText(hex);
  return {
    title: 'Sign message',
    warnings: text === null ? ['This message is not text: check that you trust this app before you sign its bytes.'] : [],
    rows: [text === null ? { label: 'Message (bytes)', value: clip(hex, 2000), mono: true, block: true } : { label: 'Message', value: clip(text), block: true }],
  };
}

/** The message's fields as rows ("details.token" for nested ones); a very large message as one block. */
function fieldRows(value: unknown, path: string, out: Row[]): void {
  if (Array.isArray(value)) value.forEach((v, i) => fieldRows(v, `${path}[${i}]`, out));
  else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) fieldRows(v, path ? `${path}.${k}` : k, out);
  else out.push({ label: path, value: String(value), mono: typeof value === 'string' && value.startsWith('0x') });
}

function typedDataView(p: Prepared, tokens: Tokens): { warnings: string[]; sections: Section[] } {
  const t = p.params[1] as TypedDataJson;
  const d = t.domain;
  const domain: Row[] = [
    ...(d.name !== undefined ? [{ label: 'Name', value: d.name }] : []),
    ...(d.version !== undefined ? [{ label: 'Version', value: d.version }] : []),
    ...(d.chainId !== undefined ? [{ label: 'Chain ID', value: String(d.chainId) }] : []),
    ...(d.verifyingContract !== undefined ? [{ label: 'Contract', value: d.verifyingContract, mono: true }] : []),
    ...(d.salt !== undefined ? [{ label: 'Salt', value: d.salt, mono: true }] : []),
  ];
  const fields: Row[] = [];
  fieldRows(t.message, '', fields);
  const message = fields.length <= MAX_FIELDS ? fields : [{ label: 'Fields', value: clip(JSON.stringify(t.message, null, 2)), mono: true, block: true }];
  const intent = p.details.kind === 'typedData' ? p.details.intent : null;
  const iv = intent ? intentView(intent, tokens) : null;
  return {
    warnings: iv ? [...iv.warnings] : [],
    sections: [
      ...(iv ? [{ heading: iv.action, rows: iv.rows }] : []),
      { heading: 'Domain', rows: domain.length ? domain : [{ label: 'Domain', value: 'None (the signature is valid for any app and chain)', warn: true }] },
      { heading: `Message: ${t.primaryType}`, rows: message },
    ],
  };
}

function simulationRows(s: Simulation, ctx: ViewContext, tokens: Tokens, many: boolean): { rows: Row[]; warnings: string[] } {
  if (s.status === 'unavailable') {
    return { rows: [{ label: 'Result', value: `Not available: ${s.note ?? 'the network did not simulate it'}`, warn: true }], warnings: ['The transaction could not be simulated: what it does on the chain is not known.'] };
  }
  const failed = s.calls.map((r, i) => ({ r, i })).filter((x) => !x.r.ok);
  const rows: Row[] = failed.length
    ? failed.map(({ r, i }) => ({ label: many ? `Result of call ${i + 1}` : 'Result', value: `Fails: ${r.revert ?? 'reverted'}`, warn: true }))
    : [{ label: 'Result', value: 'Succeeds' }];
  const warnings = failed.map(({ r, i }) => `${many ? `Call ${i + 1}` : 'The transaction'} fails in the simulation (${r.revert ?? 'reverted'}): the network fee is paid even so.`);
  if (!s.traced) return { rows: [...rows, { label: 'Balance changes', value: s.note ?? 'Not traced on this network' }], warnings };
  const change = BigInt(s.nativeChange ?? '0');
  rows.push({ label: `Your ${ctx.currency.symbol}`, value: `${change > 0n ? '+' : ''}${native(change, ctx.currency)} (without the network fee)` });
  const own = ctx.from.toLowerCase();
  for (const t of s.transfers) {
    const token = t.token ?? '';
    const what = t.standard === 'erc20' ? tokens.amount(token, t.amount) : `#${t.tokenId}${t.standard === 'erc1155' ? ` × ${t.amount}` : ''} of ${tokens.name(token)}`;
    const out = t.from.toLowerCase() === own;
    const label = t.standard === 'erc20' ? `Your ${tokens.symbol(token) ?? 'tokens'}` : 'Your NFTs';
    rows.push({ label, value: out ? `-${what} to ${t.to}` : `+${what} from ${t.from}` });
  }
  return { rows, warnings };
}

/** Every part of the call was decoded (a multicall's steps included). */
function fullyDecoded(intent: Intent): boolean {
  if (intent.kind === 'unknown') return false;
  return intent.kind !== 'multicall' || intent.calls.every((c) => fullyDecoded(c.intent));
}

function transactionsView(p: Prepared, ctx: ViewContext, tokens: Tokens): { title: string; warnings: string[]; sections: Section[] } {
  if (p.details.kind !== 'transactions' && p.details.kind !== 'userOperation') throw new Error('not a transaction');
  const { intents, fees, simulation } = p.details;
  // a smart account's calls are one user operation: the same call sections, its own fee details
  const op = preparedUserOperation(p);
  const calls: readonly PreparedCall[] = op ? op.calls : preparedTxs(p);
  const many = p.method === 'wallet_sendCalls';
  const warnings: string[] = [];
  const sections: Section[] = calls.map((tx, i) => {
    const intent: Intent = intents[i] ?? { kind: 'unknown', selector: tx.data.slice(0, 10) as `0x${string}`, size: (tx.data.length - 2) / 2 };
    const iv = intentView(intent, tokens, many ? `Call ${i + 1}: ` : '');
    warnings.push(...iv.warnings);
    const size = (tx.data.length - 2) / 2;
    const data: Row = { label: 'Data', value: clip(`${tx.data} (${size} bytes)`, 600), mono: true, block: true };
    // the rows above say what decoded calldata does; calldata nobody decoded (or with a step nobody decoded) stays in view
    const decoded = fullyDecoded(intent);
    return {
      heading: many ? `Call ${i + 1} of ${calls.length}: ${iv.action}` : iv.action,
      rows: [
        { label: 'To', value: tx.to ?? 'New contract', mono: true },
        { label: 'Amount', value: native(BigInt(tx.value), ctx.currency) },
        ...iv.rows,
        ...(tx.data !== '0x' && !decoded ? [data] : []),
      ],
      ...(tx.data !== '0x' && decoded ? { more: { summary: `Raw data (${size} bytes)`, rows: [data] } } : {}),
    };
  });
  const maxFee = BigInt(fees.maxNetworkFee);
  const balance = BigInt(fees.balance);
  const gwei = (v: string) => `${formatUnits(BigInt(v), 9, 9)} gwei`;
  let feeRows: Row[];
  if (op && p.details.kind === 'userOperation') {
    const u = op.userOperation;
    const gas = [u.callGasLimit, u.verificationGasLimit, u.preVerificationGas].map((g) => BigInt(g).toString());
    feeRows = [
      { label: 'Max fee per gas', value: `${gwei(u.maxFeePerGas)} (priority ${gwei(u.maxPriorityFeePerGas)})` },
      { label: 'Gas limit', value: `${gas.join(' + ')} (calls + verification + bundler)` },
      { label: 'Nonce', value: BigInt(u.nonce).toString() },
      { label: 'EntryPoint', value: p.details.account.entryPoint, mono: true },
    ];
    sections.unshift({
      heading: 'Smart account',
      rows: [
        { label: 'Sent as', value: calls.length > 1 ? `One user operation: all ${calls.length} calls happen, or none` : 'One user operation' },
        ...(p.details.account.deployed ? [] : [{ label: 'Account', value: 'Created by this operation (its first)' }]),
      ],
    });
  } else {
    const txs = preparedTxs(p);
    const first = txs[0]!;
    const nonces = txs.map((t) => BigInt(t.nonce).toString());
    feeRows = [
      fees.legacy
        ? { label: 'Gas price', value: gwei(first.gasPrice!) }
        : { label: 'Max fee per gas', value: `${gwei(first.maxFeePerGas!)} (priority ${gwei(first.maxPriorityFeePerGas!)})` },
      { label: 'Gas limit', value: txs.map((t) => BigInt(t.gas).toString()).join(' + ') },
      { label: 'Nonce', value: nonces.length > 1 ? `${nonces[0]} to ${nonces.at(-1)}` : nonces[0]! },
    ];
  }
  sections.push({
    heading: 'Network fee',
    rows: [
      { label: 'Max network fee', value: native(maxFee, ctx.currency) },
      { label: 'Total', value: `${native(BigInt(fees.total), ctx.currency)} (amount + max network fee)` },
    ],
    more: { summary: 'Fee details', rows: feeRows },
  });
  if (BigInt(fees.total) > balance) warnings.push(`Your balance (${native(balance, ctx.currency)}) does not cover the amount and the maximum network fee (${native(BigInt(fees.total), ctx.currency)}).`);
  else if (maxFee * FEE_SHARE_WARNED > balance) warnings.push(`The maximum network fee (${native(maxFee, ctx.currency)}) is more than a tenth of your balance.`);
  const sim = simulationRows(simulation, ctx, tokens, many);
  warnings.push(...sim.warnings);
  sections.push({ heading: 'Simulation', rows: sim.rows });
  const title = op
    ? `Send ${calls.length} ${calls.length === 1 ? 'call' : 'calls'} from your smart account`
    : many
      ? `Send ${calls.length} ${calls.length === 1 ? 'transaction' : 'transactions'}`
      : 'Send transaction';
  return { title, warnings, sections };
}

/** Makes every text of the view safe to read: long texts cut (and said so), hidden characters written out (a warning says so). */
function shownSafely(view: ApprovalView): ApprovalView {
  const shown = new Shown();
  const rows = (list: readonly Row[]) => list.map((r) => ({ ...r, label: shown.text(clip(r.label, 200)), value: shown.text(clip(r.value), r.block === true) }));
  const sections = view.sections.map((s) => ({
    ...(s.heading !== undefined ? { heading: shown.text(s.heading) } : {}),
    rows: rows(s.rows),
    ...(s.more ? { more: { summary: shown.text(s.more.summary), rows: rows(s.more.rows) } } : {}),
  }));
  const warnings = view.warnings.map((w) => shown.text(w));
  return { title: view.title, warnings: shown.hidden ? [HIDDEN_WARNING, ...warnings] : warnings, sections };
}

/** The approval of a prepared request, from the app `ctx.origin` for the wallet `ctx.from`. */
export function describePrepared(p: Prepared, ctx: ViewContext): ApprovalView {
  const tokens = new Tokens(p.details.kind === 'message' ? {} : p.details.tokens);
  const header: Section = { rows: [{ label: 'App', value: ctx.origin }, { label: 'Network', value: ctx.chainName }, { label: 'Account', value: ctx.from, mono: true }] };
  switch (p.method) {
    case 'personal_sign': {
      const m = messageView(p);
      return shownSafely({ title: m.title, warnings: m.warnings, sections: [{ rows: [...header.rows, ...m.rows] }] });
    }
    case 'eth_signTypedData_v4': {
      const t = typedDataView(p, tokens);
      return shownSafely({ title: 'Sign typed data', warnings: t.warnings, sections: [header, ...t.sections] });
    }
    default: {
      const t = transactionsView(p, ctx, tokens);
      return shownSafely({ title: t.title, warnings: t.warnings, sections: [header, ...t.sections] });
    }
  }
}
