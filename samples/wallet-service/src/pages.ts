/**
 * The service's own HTML pages (no script, one stylesheet): device approval, the Farcaster dev
 * stand-in, the social-login landing page, the dev mailbox and error pages. Every value is escaped.
 */
import type { MailboxEntry } from './mail';

export function escapeHtml(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const PAGE_CSS = `
:root { color-scheme: light dark; --fg: #111; --bg: #f6f7f9; --card: #fff; --muted: #5b6270; --accent: #3655d4; --border: #d9dde5; }
@media (prefers-color-scheme: dark) { :root { --fg: #eef0f4; --bg: #121317; --card: #1c1e24; --muted: #a3a9b6; --accent: #7b93ff; --border: #30343d; } }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
main { max-width: 560px; margin: 48px auto; padding: 24px; background: var(--card); border: 1px solid var(--border); border-radius: 16px; }
main.wide { max-width: 960px; }
h1 { font-size: 20px; margin: 0 0 12px; }
p, dl { margin: 0 0 12px; }
dt { color: var(--muted); font-size: 13px; }
dd { margin: 0 0 8px; word-break: break-all; }
.muted { color: var(--muted); }
label { display: block; margin: 12px 0 4px; }
input[type=text] { width: 100%; padding: 10px 12px; font: inherit; border: 1px solid var(--border); border-radius: 10px; background: var(--bg); color: var(--fg); }
button { margin-top: 16px; padding: 10px 18px; font: inherit; font-weight: 600; color: #fff; background: var(--accent); border: 0; border-radius: 10px; cursor: pointer; }
button.secondary { background: transparent; color: var(--fg); border: 1px solid var(--border); }
table { width: 100%; border-collapse: collapse; font-size: 14px; }
th, td { text-align: left; padding: 8px; border-bottom: 1px solid var(--border); vertical-align: top; }
td pre { margin: 0; white-space: pre-wrap; word-break: break-word; font: 12px/1.4 ui-monospace, monospace; }
.code { font: 600 20px ui-monospace, monospace; letter-spacing: 2px; }
`;

function page(title: string, body: string, wide = false): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="/assets/page.css"></head><body><main${wide ? ' class="wide"' : ''}>${body}</main></body></html>`;
}

export function messagePage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}

export function deviceApprovePage(p: { token: string; origin: string; email: string; approved: boolean }): string {
  if (p.approved) return messagePage('Device approved', 'This device is approved. Go back to the app and enter the code we sent you.');
  return page(
    'Approve a new device',
    `<h1>Approve a new device?</h1>
<p>A device your wallet has not seen before asks to log in.</p>
<dl><dt>Wallet</dt><dd>${escapeHtml(p.email)}</dd><dt>App</dt><dd>${escapeHtml(p.origin)}</dd></dl>
<p class="muted">Approve only if you are logging in on that app right now. After the approval you still need the code we send next.</p>
<form method="post" action="/device/approve"><input type="hidden" name="token" value="${escapeHtml(p.token)}"><button type="submit">Approve this device</button></form>`,
  );
}

export function farcasterPage(p: { channel: string; origin: string }): string {
  return page(
    'Sign in with Farcaster (local stand-in)',
    `<h1>Sign in with Farcaster</h1>
<p class="muted">Local stand-in for the Farcaster app: it signs you in under the name you choose. It exists only in the dev stack.</p>
<dl><dt>App</dt><dd>${escapeHtml(p.origin)}</dd></dl>
<form method="post" action="/farcaster/connect"><input type="hidden" name="channel" value="${escapeHtml(p.channel)}">
<label for="username">Farcaster name</label><input id="username" name="username" type="text" value="alice" autocomplete="off" pattern="[a-z0-9][a-z0-9\\-]{0,15}(\\.eth)?" required>
<button type="submit">Approve</button></form>`,
  );
}

export function socialResultPage(error: string | null): string {
  return error
    ? messagePage('Login cancelled', 'The login was cancelled or refused. Close this window and try again in the app.')
    : messagePage('Login complete', 'You can close this window and return to the app.');
}

export function mailboxPage(entries: readonly MailboxEntry[]): string {
  const rows = entries
    .slice()
    .reverse()
    .map(
      (m) =>
        `<tr><td>${escapeHtml(new Date(m.sentAt).toLocaleString('en-GB'))}</td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.subject)}${
          m.code ? `<div class="code">${escapeHtml(m.code)}</div>` : ''
        }</td><td><pre>${escapeHtml(m.text)}</pre></td></tr>`,
    )
    .join('');
  return page(
    'Dev mailbox',
    `<h1>Dev mailbox</h1><p class="muted">Every e-mail the wallet service sent in dev mode, newest first. The same list as JSON: <code>curl -H 'accept: application/json' …/dev/mailbox</code>. Reload for new mail.</p>
<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th><th>Text</th></tr></thead><tbody>${rows || '<tr><td colspan="4" class="muted">No mail yet.</td></tr>'}</tbody></table>`,
    true,
  );
}

export function homePage(version: string): string {
  return page(
    'Latchkey wallet service',
    `<h1>Latchkey wallet service ${escapeHtml(version)}</h1><p>The embedded wallet's frame is at <code>/frame?projectId=…&amp;chainId=…</code>; its API is under <code>/v1/</code>. See samples/wallet-service/README.md.</p>`,
  );
}
