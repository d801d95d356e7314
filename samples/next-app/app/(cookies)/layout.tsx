/**
 * "/" with the connection in a cookie: the server reads it (cookieToInitialState) and renders the
 * visitor's account; the page hydrates from the same initial state.
 */
import type { ReactNode } from 'react';
import { cookies } from 'next/headers';
import { cookieToInitialState } from 'latchkey';
import { Providers } from '../providers';
import { loadAppConfig } from '../stack';
import { NoStack } from '../Wallet';

export const dynamic = 'force-dynamic';

export default async function CookieLayout({ children }: { readonly children: ReactNode }) {
  const loaded = await loadAppConfig();
  if ('error' in loaded) return <NoStack error={loaded.error} />;
  const initialState = cookieToInitialState(await cookies());
  return (
    <Providers config={loaded.config} storage="cookie" initialState={initialState}>
      {children}
    </Providers>
  );
}
