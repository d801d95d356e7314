import { useObserved } from '../react/useObserved';
import type { Alerts } from '../../kernel/index';
import { CloseIcon } from '../shell/icons';
import { useMessagesOrEnglish } from '../i18n/useMessages';
import { useLocalText } from '../i18n/useLocalText';
import { messages } from './messages';

type Key = keyof (typeof messages)['en'];

/** The catalogue's key for `text` when it is the kernel's own English text of that key (a host's own alert is shown as given). */
function catalogued(key: string, text: string | undefined): Key | undefined {
  return Object.prototype.hasOwnProperty.call(messages.en, key) && messages.en[key as Key] === text ? (key as Key) : undefined;
}

/** The kernel's current alert (role=alert), with a dismiss button; the kernel's catalogued alerts in its locale. */
export function AlertBanner({ alerts }: { readonly alerts: Alerts }) {
  const current = useObserved(alerts, (s) => s.current);
  const t = useMessagesOrEnglish(messages);
  const shortText = useLocalText(current?.text?.short, current?.shortMessage ?? '');
  const longText = useLocalText(current?.text?.long, current?.longMessage ?? '');
  if (!current) return null;
  const short = catalogued(current.key, current.shortMessage);
  const long = catalogued(`${current.key}_LONG`, current.longMessage);
  return (
    <div className="lk-alert" role="alert" data-variant={current.variant}>
      <div className="lk-alert-text">
        <strong>{short ? t(short) : shortText}</strong>
        {current.longMessage ? <span>{long ? t(long) : longText}</span> : null}
      </div>
      <button type="button" className="lk-btn lk-btn-icon" aria-label={t('dismiss')} onClick={() => alerts.dismiss()}>
        <CloseIcon />
      </button>
    </div>
  );
}
