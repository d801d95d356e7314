/** What the approval surface shows for a request: plain data, computed without the DOM (unit-tested). */

export interface NativeCurrency {
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
}

export interface ApprovalView {
  readonly title: string;
  readonly rows: ReadonlyArray<{ readonly label: string; readonly value: string; readonly mono?: boolean }>;
}

const MAX_SHOWN = 4000;

export function clip(text: string, max = MAX_SHOWN): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
}

/** A personal_sign message: UTF-8 text when the hex decodes to printable text, else the hex itself. */
export function messageText(message: string): string {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(message)) return message;
  const bytes = new Uint8Array((message.length - 2) / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(message.slice(2 + i * 2, 4 + i * 2), 16);
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // control characters other than tab and newlines: show the hex, the text would mislead
    return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) ? message : text;
  } catch {
    return message;
  }
}

/** Formats a wei (or smallest-unit) amount with up to 6 decimals. */
export function formatUnits(value: bigint, decimals: number): string {
  const neg = value < 0n;
  const v = neg ? -value : value;
  const base = 10n ** BigInt(decimals);
  const whole = v / base;
  let frac = (v % base).toString().padStart(decimals, '0').slice(0, 6).replace(/0+$/, '');
  if (frac === '' && v % base !== 0n) frac = '000000'.slice(0, 5) + '1'; // tiny non-zero: show 0.000001
  return `${neg ? '-' : ''}${whole.toString()}${frac ? `.${frac}` : ''}`;
}

function toBig(v: unknown): bigint | undefined {
  try {
    if (typeof v === 'string' && /^(0x[0-9a-fA-F]+|[0-9]+)$/.test(v)) return BigInt(v);
    if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  } catch {
    /* fall through */
  }
  return undefined;
}

export function describeRequest(p: {
  method: string;
  params: readonly unknown[];
  chainName: string;
  currency: NativeCurrency;
  origin: string;
  from: string;
}): ApprovalView {
  const common = [
    { label: 'App', value: p.origin },
    { label: 'Network', value: p.chainName },
  ];
  switch (p.method) {
    case 'personal_sign': {
      const msg = typeof p.params[0] === 'string' ? p.params[0] : '';
      return { title: 'Sign message', rows: [...common, { label: 'Message', value: clip(messageText(msg)) }] };
    }
    case 'eth_signTypedData_v4': {
      let data: { domain?: Record<string, unknown>; primaryType?: unknown; message?: unknown } = {};
      try {
        data = (typeof p.params[1] === 'string' ? JSON.parse(p.params[1]) : p.params[1]) as typeof data;
      } catch {
        /* shown as not readable below */
      }
      const domain = data.domain ?? {};
      return {
        title: 'Sign typed data',
        rows: [
          ...common,
          ...(domain.name !== undefined ? [{ label: 'Domain', value: String(domain.name) }] : []),
          ...(domain.verifyingContract !== undefined ? [{ label: 'Contract', value: String(domain.verifyingContract), mono: true }] : []),
          { label: 'Type', value: String(data.primaryType ?? 'unknown') },
          { label: 'Data', value: clip(JSON.stringify(data.message ?? null, null, 2) ?? 'not readable'), mono: true },
        ],
      };
    }
    case 'eth_sendTransaction': {
      const tx = (p.params[0] ?? {}) as Record<string, unknown>;
      const value = toBig(tx.value) ?? 0n;
      const data = typeof tx.data === 'string' ? tx.data : typeof tx.input === 'string' ? tx.input : '0x';
      return {
        title: 'Send transaction',
        rows: [
          ...common,
          { label: 'From', value: p.from, mono: true },
          { label: 'To', value: typeof tx.to === 'string' ? tx.to : 'New contract', mono: true },
          { label: 'Amount', value: `${formatUnits(value, p.currency.decimals)} ${p.currency.symbol}` },
          ...(data !== '0x' ? [{ label: 'Data', value: clip(`${data} (${(data.length - 2) / 2} bytes)`, 600), mono: true }] : []),
        ],
      };
    }
    case 'wallet_sendCalls': {
      const req = (p.params[0] ?? {}) as { calls?: unknown };
      const calls = Array.isArray(req.calls) ? req.calls : [];
      return {
        title: `Send ${calls.length} ${calls.length === 1 ? 'transaction' : 'transactions'}`,
        rows: [
          ...common,
          ...calls.slice(0, 10).map((c, i) => {
            const call = (c ?? {}) as Record<string, unknown>;
            const value = toBig(call.value) ?? 0n;
            return {
              label: `Call ${i + 1}`,
              value: `to ${String(call.to)}, ${formatUnits(value, p.currency.decimals)} ${p.currency.symbol}${
                typeof call.data === 'string' && call.data !== '0x' ? `, ${(call.data.length - 2) / 2} bytes of data` : ''
              }`,
              mono: true,
            };
          }),
        ],
      };
    }
    default:
      return { title: p.method, rows: common };
  }
}
