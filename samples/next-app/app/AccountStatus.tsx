'use client';
/** The account as the hooks give it (a client component in the server-rendered page). */
import { useAccount } from 'latchkey/react';

export function AccountStatus() {
  const { status, address } = useAccount();
  return (
    <p>
      Status: <output data-testid="account-status">{status}</output>
      {address ? (
        <>
          {' '}
          · <output data-testid="account-address">{address}</output>
        </>
      ) : null}
    </p>
  );
}
