/**
 * A personal_sign of a sign-in message (EIP-4361, "Sign-In with Ethereum") for another site is refused
 * before the visitor is asked: otherwise any allowlisted page could collect a signature that logs the
 * visitor in to a site of the page's choosing. The message must name the requesting app: its domain
 * line (with or without a scheme) is the app's host, and every `URI:` line is on the app's origin.
 *
 * The check reads the bytes as a verifier would (UTF-8, lenient: a control character that makes the
 * approval show the message as bytes does not stop a site's parser), and looks at every line that
 * says "wants you to sign in with your … account", not only the first, so a message cannot slip past
 * by a form this check does not expect: a sign-in line it cannot read is refused too.
 */

/** A personal_sign refused because its sign-in message is for another site (the frame answers RPC_REQUEST_ERROR with the message). */
export class SignInRefusedError extends Error {
  readonly code = 'sign_in_for_other_site';
  override readonly name = 'SignInRefusedError';
}

const SIGN_IN = /wants you to sign in with your/i;
const DOMAIN_LINE = /^(?:([a-zA-Z][a-zA-Z0-9+.-]*):\/\/)?(\S*) wants you to sign in with your/i;
/** host[:port] (DNS name, IPv4 or bracketed IPv6): no user info, path or anything else. */
const AUTHORITY = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
const URI_LINE = /^URI:(.*)$/;

/** The message as a verifier reads it: hex is bytes (decoded leniently), anything else text. */
function messageOf(param: string): string {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(param)) return param;
  const bytes = new Uint8Array((param.length - 2) / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(param.slice(2 + i * 2, 4 + i * 2), 16);
  return new TextDecoder('utf-8').decode(bytes);
}

const quoted = (s: string) => JSON.stringify(s.length > 100 ? `${s.slice(0, 100)}…` : s);

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

/** The domain line names `appOrigin` (a domain without a scheme is taken with the app's scheme). */
function domainIsApp(scheme: string | undefined, domain: string, appOrigin: string): boolean {
  if (!AUTHORITY.test(domain)) return false;
  const app = new URL(appOrigin);
  try {
    const u = new URL(`${scheme ?? app.protocol.slice(0, -1)}://${domain}`);
    return u.origin === appOrigin && u.host === app.host;
  } catch {
    return false;
  }
}

/**
 * Why the personal_sign message `param` (its params[0]) must be refused for the app at `appOrigin`,
 * or null when it is not a sign-in message or one for this app.
 */
export function signInRefusal(param: unknown, appOrigin: string): string | null {
  if (typeof param !== 'string') return null;
  const text = messageOf(param);
  if (!SIGN_IN.test(text)) return null;
  const lines = text.split(/\r\n|\r|\n/);
  for (const line of lines) {
    if (!SIGN_IN.test(line)) continue;
    const m = DOMAIN_LINE.exec(line);
    const domain = m ? `${m[1] ? `${m[1]}://` : ''}${m[2]}` : line;
    if (!m || !domainIsApp(m[1], m[2]!, appOrigin)) {
      return `personal_sign: refused: this sign-in message (EIP-4361) is for ${quoted(domain)}, not for this app (${appOrigin})`;
    }
  }
  for (const line of lines) {
    const uri = URI_LINE.exec(line)?.[1]?.trim();
    if (uri !== undefined && !sameOrigin(uri, appOrigin)) {
      return `personal_sign: refused: this sign-in message's URI ${quoted(uri)} is not on this app's origin (${appOrigin})`;
    }
  }
  return null;
}

/** Throws SignInRefusedError when the personal_sign message `param` is a sign-in for another site than `appOrigin`. */
export function assertSignInForApp(param: unknown, appOrigin: string): void {
  const why = signInRefusal(param, appOrigin);
  if (why !== null) throw new SignInRefusedError(why);
}
