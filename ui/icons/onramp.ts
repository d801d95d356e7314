/**
 * Marks of the on-ramp providers (the Buy view): simple geometric marks drawn for Latchkey in
 * each brand's colour, as SVG data URIs (no network, no third-party host); a host's provider
 * without an icon gets its name's monogram.
 */
import { disc, monogram, svg } from './svg';

/** On-ramp providers (the Buy view), by provider id. */
export const ONRAMP_MARKS: Readonly<Record<string, string>> = {
  coinbase: /* @__PURE__ */ svg(`${disc('#0052FF')}<circle cx="16" cy="16" r="9" fill="#fff"/><rect x="13" y="13" width="6" height="6" rx="1" fill="#0052FF"/>`),
  meld: /* @__PURE__ */ svg(`${disc('#14142B')}<path fill="none" stroke="#B9A6FF" stroke-width="2.6" stroke-linejoin="round" stroke-linecap="round" d="M9 22V10.5l7 7.5 7-7.5V22"/>`),
};

/** The mark of an on-ramp provider: the host's `iconUrl` when it gave one, a known provider's mark, else the name's monogram. */
export function onrampMark(id: string, name: string, iconUrl?: string): string {
  return iconUrl ?? ONRAMP_MARKS[id] ?? monogram(name);
}
