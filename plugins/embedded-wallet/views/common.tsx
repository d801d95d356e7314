/** What the embedded wallet's views share: the service, a countdown, the code field, error text. */
import { useEffect, useId, useRef, useState } from 'react';
import { Text, errorText, useObserved, type UiKernel } from 'latchkey/ui';
import { EmbeddedWallet, type EmbeddedWalletState } from '../types';

/** The service and its state (bound when the plugin's module loaded, before any of its views renders). */
export function useWallet(kernel: UiKernel): [EmbeddedWallet, EmbeddedWalletState] {
  const wallet = kernel.get<EmbeddedWallet>(EmbeddedWallet);
  return [wallet, useObserved(wallet)];
}

/** Seconds left of `read()` (re-read every second while above 0). */
export function useCountdown(read: () => number, deps: readonly unknown[] = []): [number, () => void] {
  const [left, setLeft] = useState(read);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    setLeft(read());
    const timer = setInterval(() => {
      const n = read();
      setLeft(n);
      if (n <= 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tick, ...deps]);
  return [left, () => setTick((t) => t + 1)];
}

/** An error line, announced (role=alert). */
export function ErrorLine({ error, id }: { readonly error: unknown; readonly id?: string }) {
  if (error === undefined || error === null) return null;
  return (
    <Text variant="error" role="alert" id={id}>
      {errorText(error)}
    </Text>
  );
}

const CODE_LENGTH = 6;

/**
 * The six-digit code: one field named "Verification code" (it contains "code"); digits only;
 * the sixth digit submits. `resetKey` clears it (after a wrong code).
 */
export function CodeField({
  onComplete,
  disabled,
  error,
  resetKey,
}: {
  readonly onComplete: (code: string) => void;
  readonly disabled?: boolean;
  readonly error?: unknown;
  readonly resetKey?: number;
}) {
  const [value, setValue] = useState('');
  const errorId = useId();
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setValue('');
    ref.current?.focus();
  }, [resetKey]);
  return (
    <div className="lk-stack">
      <input
        ref={ref}
        className="lk-input lk-code"
        aria-label="Verification code"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={CODE_LENGTH}
        disabled={disabled}
        value={value}
        onChange={(e) => {
          const digits = e.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH);
          setValue(digits);
          if (digits.length === CODE_LENGTH) onComplete(digits);
        }}
      />
      <ErrorLine error={error} id={errorId} />
    </div>
  );
}
