import { useObserved } from '../react/useObserved';
import type { Alerts } from '../../kernel/index';
import { CloseIcon } from '../shell/icons';

/** The kernel's current alert (role=alert), with a dismiss button. */
export function AlertBanner({ alerts }: { readonly alerts: Alerts }) {
  const current = useObserved(alerts, (s) => s.current);
  if (!current) return null;
  return (
    <div className="lk-alert" role="alert" data-variant={current.variant}>
      <div className="lk-alert-text">
        <strong>{current.shortMessage}</strong>
        {current.longMessage ? <span>{current.longMessage}</span> : null}
      </div>
      <button type="button" className="lk-btn lk-btn-icon" aria-label="Dismiss" onClick={() => alerts.dismiss()}>
        <CloseIcon />
      </button>
    </div>
  );
}
