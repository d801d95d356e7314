/**
 * A server component: the buttons of `latchkey/react` are client components, rendered here
 * like any other (their HTML comes from the server; they hydrate in the browser).
 */
import { AccountButton, ConnectButton, NetworkButton } from 'latchkey/react';
import { AccountStatus } from './AccountStatus';

export function Wallet({ storage }: { readonly storage: 'cookie' | 'local' }) {
  return (
    <main>
      <h1>Latchkey on Next.js</h1>
      <p>
        {storage === 'cookie'
          ? 'The connection is kept in a cookie: reload, and the server renders your account.'
          : 'The connection is kept in localStorage: the server renders "Connect Wallet", the page shows your account right after it hydrates.'}
      </p>
      <nav>
        <ConnectButton />
        <NetworkButton />
      </nav>
      <AccountStatus />
      <section aria-label="Account button">
        <AccountButton />
      </section>
      <p>
        <a href={storage === 'cookie' ? '/local' : '/'}>{storage === 'cookie' ? 'The same with localStorage' : 'The same with the cookie'}</a>
        {' · '}
        <a href="/plain">A page without Latchkey</a>
      </p>
    </main>
  );
}

/** What the page says when the stack's configuration is missing. */
export function NoStack({ error }: { readonly error: string }) {
  return (
    <main>
      <h1>Latchkey on Next.js</h1>
      <p role="alert">
        {error}. Start the local stack first (<code>npm start</code> at the repository's root), or set LATCHKEY_CONFIG_URL.
      </p>
    </main>
  );
}
