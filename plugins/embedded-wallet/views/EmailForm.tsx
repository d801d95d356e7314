/**
 * The e-mail form of the login and of the e-mail update: one field named "Email", its error line
 * and "Continue". The address is trimmed and checked (emailInputError, then `check`) before
 * `onSubmit` runs; "Continue" is busy while it runs, and what it throws shows under the field.
 */
import { useId, useState, type ReactNode } from 'react';
import { Button, useMessages } from 'latchkey/ui';
import { messages } from '../messages';
import { ErrorLine, emailInputError } from './common';

export function EmailForm({
  label,
  placeholder,
  onSubmit,
  check,
  onFocus,
  clearErrorOnEdit,
  fallbackError,
  children,
}: {
  /** The form's accessible name. */
  readonly label: string;
  readonly placeholder: string;
  readonly onSubmit: (address: string) => Promise<void>;
  /** A further check of the trimmed address: the error to show, or undefined. */
  readonly check?: (address: string) => Error | undefined;
  readonly onFocus?: () => void;
  /** Typing clears the error shown. */
  readonly clearErrorOnEdit?: boolean;
  /** What the error line shows while there is no error of the form's own. */
  readonly fallbackError?: unknown;
  /** Shown above the field. */
  readonly children?: ReactNode;
}) {
  const t = useMessages(messages);
  const [value, setValue] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  const submit = async () => {
    const address = value.trim();
    const invalid = emailInputError(address) ?? check?.(address);
    if (invalid) return setError(invalid);
    setError(undefined);
    setBusy(true);
    try {
      await onSubmit(address);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="lk-stack"
      aria-label={label}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) void submit();
      }}
    >
      {children}
      <input
        className="lk-input"
        type="email"
        aria-label={t('email')}
        placeholder={placeholder}
        autoComplete="email"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onFocus={onFocus}
        onChange={(e) => {
          setValue(e.target.value);
          if (clearErrorOnEdit && error) setError(undefined);
        }}
      />
      <ErrorLine error={error ?? fallbackError} id={errorId} />
      <Button type="submit" variant="primary" className="lk-wide" busy={busy} disabled={busy || value.trim() === ''}>
        {t('continue')}
      </Button>
    </form>
  );
}
