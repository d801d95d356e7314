import { Spinner } from './Spinner';
import { useMessagesOrEnglish } from '../i18n/useMessages';
import { messages } from '../shell/messages';

/** A visible, announced loading state: role=status, aria-busy, 'Loading…' (in the kernel's locale) by default. */
export function LoadingState({ label }: { readonly label?: string | undefined }) {
  const t = useMessagesOrEnglish(messages);
  return (
    <div className="lk-loading" role="status" aria-busy="true" aria-live="polite">
      <Spinner size={28} />
      <span>{label ?? t('loading')}</span>
    </div>
  );
}
