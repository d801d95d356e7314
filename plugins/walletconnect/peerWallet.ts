/**
 * The wallet behind a session as it names itself. Its session's peer metadata is input the wallet
 * controls (a hostile wallet can put anything there), and the modal shows it ("Continue in
 * {wallet}", the account's wallet icon): so the name is bounded and cleaned, and the icon kept only
 * when it is an https URL or a data: image.
 */
import { displayText } from 'latchkey/encoding';

/** A wallet names itself: at most this many characters of its name are kept. */
const MAX_PEER_NAME = 64;

/** A wallet-given icon URL only when it is https or a data: image (anything else is dropped). */
function cleanIcon(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 4096) return undefined;
  if (/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(value)) return value;
  try {
    return new URL(value).protocol === 'https:' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Name (cleaned) and icon (when safe) of a session's peer metadata; undefined without a usable name. */
export function peerWallet(metadata: { readonly name?: unknown; readonly icons?: unknown } | undefined): { readonly name: string; readonly icon?: string } | undefined {
  const name = displayText(metadata?.name, MAX_PEER_NAME);
  if (!name) return undefined;
  const icon = Array.isArray(metadata?.icons) ? cleanIcon(metadata.icons[0]) : undefined;
  return icon ? { name, icon } : { name };
}
