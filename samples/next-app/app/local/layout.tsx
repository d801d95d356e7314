/** "/local": the connection in localStorage (the default storage); the server knows nothing of it. */
import type { ReactNode } from 'react';
import { Providers } from '../providers';
import { loadAppConfig } from '../stack';
import { NoStack } from '../Wallet';

export const dynamic = 'force-dynamic';

export default async function LocalLayout({ children }: { readonly children: ReactNode }) {
  const loaded = await loadAppConfig();
  if ('error' in loaded) return <NoStack error={loaded.error} />;
  return (
    <Providers config={loaded.config} storage="local">
      {children}
    </Providers>
  );
}
