/** What the embedded wallet's views share: the service, a countdown, the code field, error text, "Try again". */
import { useEffect, useId, useRef, useState } from 'react';
import { LatchkeyError } from 'latchkey';
import { Button, Text, errorText, useMessages, useObserved, type UiKernel } from 'latchkey/ui';
import { emailError } from '../protocol/email';
import { messages } from '../messages';
import { EmbeddedWallet, type EmbeddedWalletState } from '../types';

type Key = keyof (typeof messages)['en'];

/** An error a view finds itself (a malformed address, …): its text is the bundle's `key`, English in `.message`. */
export class InputError extends LatchkeyError {
  override name = 'InputError';
  constructor(readonly key: Key) {
    super(messages.en[key], { code: key });
  }
}

/** The field's address checked before the wallet is asked: 'Invalid email' (zod 3's words) as an InputError, or undefined. */
export function emailInputError(address: string): Error | undefined {
  const invalid = emailError(address);
  if (invalid === undefined) return undefined;
  return invalid === messages.en.invalidEmail ? new InputError('invalidEmail') : new Error(invalid);
}

/** `text` (a message holding `{email}` once) with the address in bold: "…<strong>ada@example.com</strong>…". */
export function WithEmail({ text, email }: { readonly text: string; readonly email: string }) {
  const at = text.indexOf('{email}');
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <strong>{email}</strong>
      {text.slice(at + '{email}'.length)}
    </>
  );
}

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

/**
 * An error line, announced (role=alert), in the kernel's locale where the error is one the views
 * know: their own InputErrors, and the frame that did not load (FrameLoadError); any other error
 * shows its own text (the wallet service's words).
 */
export function ErrorLine({ error, id }: { readonly error: unknown; readonly id?: string }) {
  const t = useMessages(messages);
  if (error === undefined || error === null) return null;
  const text =
    error instanceof InputError ? t(error.key) : (error as { name?: unknown }).name === 'FrameLoadError' ? t('frameFailed') : errorText(error);
  return (
    <Text variant="error" role="alert" id={id}>
      {text}
    </Text>
  );
}

/** An error with a way out: `retry` clears it and bumps `round` (an effect that lists `round` runs again). */
export function useRetry(): { error: unknown; setError: (error: unknown) => void; round: number; retry: () => void } {
  const [error, setError] = useState<unknown>();
  const [round, setRound] = useState(0);
  const retry = () => {
    setError(undefined);
    setRound((r) => r + 1);
  };
  return { error, setError, round, retry };
}

/** The error line, then "Try again" (primary), which calls `onRetry`. */
export function RetryError({ error, onRetry }: { readonly error: unknown; readonly onRetry: () => void }) {
  const t = useMessages(messages);
  return (
    <>
      <ErrorLine error={error} />
      <Button variant="primary" onClick={onRetry}>
        {t('tryAgain')}
      </Button>
    </>
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
  const t = useMessages(messages);
  useEffect(() => {
    setValue('');
    ref.current?.focus();
  }, [resetKey]);
  return (
    <div className="lk-stack">
      <input
        ref={ref}
        className="lk-input lk-code"
        aria-label={t('codeLabel')}
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
