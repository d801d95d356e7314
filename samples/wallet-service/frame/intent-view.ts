/**
 * What a decoded call or signature (an Intent, decoded by the service) says in the approval: rows in
 * plain words, amounts in the token's units, and a warning for what can take more than the visitor
 * reads (an unlimited or all-tokens approval, calldata nobody decoded). Plain data, unit-tested.
 */
import type { Intent, TokenBook } from '../shared/prepared';
import { formatTime, formatUnits } from './text';

export interface Row {
  readonly label: string;
  readonly value: string;
  /** Monospace (addresses, hex). */
  readonly mono?: boolean;
  /** A block of text (a message, calldata). */
  readonly block?: boolean;
  /** Shown as a warning (the value is what is dangerous). */
  readonly warn?: boolean;
}

export interface IntentView {
  readonly action: string;
  readonly rows: readonly Row[];
  readonly warnings: readonly string[];
}

/**
 * Token names and amounts as shown: the symbol and decimals the chain gave, else the raw figures.
 * (Symbols are the chain's text: format.ts makes their hidden characters visible with every other text.)
 */
export class Tokens {
  constructor(private readonly book: TokenBook) {}

  symbol(token: string): string | undefined {
    return this.book[token.toLowerCase()]?.symbol;
  }

  /** "LKD (0x…)", or the address alone when the token has no symbol. */
  name(token: string): string {
    const s = this.symbol(token);
    return s ? `${s} (${token})` : `${token} (symbol unknown)`;
  }

  amount(token: string, amount: string, unlimited = false): string {
    if (unlimited) return `Unlimited ${this.symbol(token) ?? 'tokens'}`;
    const decimals = this.book[token.toLowerCase()]?.decimals;
    if (decimals === undefined) return `${amount} (smallest units; the token's decimals are unknown)`;
    return `${formatUnits(BigInt(amount), decimals)} ${this.symbol(token) ?? 'tokens'}`;
  }
}

const mono = (label: string, value: string): Row => ({ label, value, mono: true });

function unlimitedWarning(kind: string, spender: string, t: Tokens, token: string): string {
  return `${kind}: ${spender} can spend all your ${t.symbol(token) ?? 'tokens'} (${token}), now and later.`;
}

/** Rows and warnings of one intent; `prefix` names the call or step in its warnings. */
export function intentView(intent: Intent, t: Tokens, prefix = ''): IntentView {
  switch (intent.kind) {
    case 'send':
      return { action: 'Send', rows: [], warnings: [] };
    case 'deploy':
      return { action: `Deploy a contract (${intent.size} bytes of code)`, rows: [], warnings: [] };
    case 'approve': {
      const action = intent.fn === 'approve' ? `Allow spending of ${t.symbol(intent.token) ?? 'a token'}` : `Increase the allowance of ${t.symbol(intent.token) ?? 'a token'}`;
      return {
        action,
        rows: [mono('Token', t.name(intent.token)), mono('Spender', intent.spender), { label: intent.fn === 'approve' ? 'Allowance' : 'Allowance increase', value: t.amount(intent.token, intent.amount, intent.unlimited), warn: intent.unlimited }],
        warnings: intent.unlimited ? [prefix + unlimitedWarning('Unlimited approval', intent.spender, t, intent.token)] : [],
      };
    }
    case 'transfer':
      return {
        action: `Send ${t.symbol(intent.token) ?? 'tokens'}`,
        rows: [mono('Token', t.name(intent.token)), ...(intent.from ? [mono('From', intent.from)] : []), mono('Recipient', intent.to), { label: 'Amount', value: t.amount(intent.token, intent.amount) }],
        warnings: [],
      };
    case 'permit':
      return {
        action: `Permit spending of ${t.symbol(intent.token) ?? 'a token'}${intent.via === 'signature' ? ' (a signature that works as an approval)' : ''}`,
        rows: [
          mono('Token', t.name(intent.token)),
          mono('Owner', intent.owner),
          mono('Spender', intent.spender),
          { label: 'Allowance', value: t.amount(intent.token, intent.amount, intent.unlimited), warn: intent.unlimited },
          { label: 'Valid until', value: formatTime(intent.deadline) },
        ],
        warnings: intent.unlimited ? [prefix + unlimitedWarning('Unlimited permit', intent.spender, t, intent.token)] : [],
      };
    case 'approveAll':
      return intent.approved
        ? {
            action: `Allow access to all your tokens in ${t.symbol(intent.collection) ?? 'a collection'}`,
            rows: [mono('Collection', t.name(intent.collection)), { label: 'Operator', value: intent.operator, mono: true, warn: true }],
            warnings: [`${prefix}All-tokens approval: ${intent.operator} can move every token you hold in ${t.symbol(intent.collection) ?? 'the collection'} (${intent.collection}), now and later.`],
          }
        : { action: `Revoke access to your tokens in ${t.symbol(intent.collection) ?? 'a collection'}`, rows: [mono('Collection', t.name(intent.collection)), mono('Operator', intent.operator)], warnings: [] };
    case 'nftTransfer':
      return {
        action: `Send ${intent.ids.length === 1 ? 'a token' : `${intent.ids.length} tokens`} of ${t.symbol(intent.collection) ?? 'a collection'}`,
        rows: [
          mono('Collection', t.name(intent.collection)),
          mono('From', intent.from),
          mono('Recipient', intent.to),
          { label: 'Token IDs', value: intent.ids.map((id, i) => (intent.amounts ? `#${id} × ${intent.amounts[i]}` : `#${id}`)).join(', ') },
        ],
        warnings: [],
      };
    case 'permit2': {
      const via = intent.via === 'approve' ? 'Permit2 allowance' : intent.via === 'permit' ? 'Permit2 permit' : 'Permit2 signature (works as an approval)';
      return {
        action: via,
        rows: [
          mono('Spender', intent.spender),
          ...intent.tokens.flatMap((x, i) => [
            mono(intent.tokens.length > 1 ? `Token ${i + 1}` : 'Token', t.name(x.token)),
            { label: 'Amount', value: t.amount(x.token, x.amount, x.unlimited), warn: x.unlimited },
            ...(x.expiration !== null ? [{ label: 'Allowance expires', value: x.expiration === '0' ? 'At the end of this block' : formatTime(x.expiration) }] : []),
          ]),
          ...(intent.deadline !== null || intent.via !== 'approve' ? [{ label: 'Signature valid until', value: formatTime(intent.deadline) }] : []),
        ],
        warnings: intent.tokens.filter((x) => x.unlimited).map((x) => prefix + unlimitedWarning('Unlimited Permit2 approval', intent.spender, t, x.token)),
      };
    }
    case 'multicall': {
      const inner = intent.calls.map((c, i) => ({ c, v: intentView(c.intent, t, `${prefix}Step ${i + 1}: `) }));
      return {
        action: `${intent.calls.length} steps in one call`,
        rows: inner.flatMap(({ c, v }, i) => [{ label: `Step ${i + 1}`, value: `${v.action} — at ${c.target}` }, ...v.rows.map((r) => ({ ...r, label: `Step ${i + 1} · ${r.label}` }))]),
        warnings: inner.flatMap(({ v }) => v.warnings),
      };
    }
    case 'unknown':
      return {
        action: 'Contract call (not recognised)',
        rows: [{ label: 'Function', value: `selector ${intent.selector}, ${intent.size} bytes of data`, mono: true, warn: true }],
        warnings: [`${prefix}Unrecognised contract call (function ${intent.selector}, ${intent.size} bytes): its effect is not known. Approve only if you trust this app.`],
      };
  }
}
