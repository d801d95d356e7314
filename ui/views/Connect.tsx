import { useId, useState } from 'react';
import { useObserved } from '../react/useObserved';
import { ViewSlot } from '../outlet/RouterOutlet';
import { Link } from '../primitives/Link';
import { sanitizeUrl } from '../url';
import { connectMethodSlot } from './slots';
import { useMessagesFor } from '../i18n/useMessages';
import { interpolate } from '../i18n/interpolate';
import { messages } from '../shell/messages';
import type { ViewProps } from './types';

/**
 * The first view: the contributed connect methods (the core wallet list, a plugin's e-mail
 * or social login, …) in the kernel's order (docs/modal.md#connect-view-order: email, social, wallet; wallet
 * first once a browser wallet is usable; or the host's `connectMethodsOrder`), each
 * rendered inline. A method whose feature flag is off is left out.
 *
 * Legal: with `termsConditionsUrl` / `privacyPolicyUrl` a footer links them; with
 * `features.legalCheckbox` too, every method (plugins' included) stays disabled until the
 * visitor ticks the box.
 */
export default function Connect({ kernel }: ViewProps) {
  useObserved(kernel.connectors);
  const options = useObserved(kernel.options);
  useObserved(kernel.plugins);
  const terms = sanitizeUrl(options.termsConditionsUrl, 'link');
  const privacy = sanitizeUrl(options.privacyPolicyUrl, 'link');
  const legal = terms !== undefined || privacy !== undefined;
  const needsConsent = legal && options.features.legalCheckbox === true;
  const [accepted, setAccepted] = useState(false);
  const checkboxId = useId();
  const t = useMessagesFor(kernel, messages);
  const termsLink = terms ? <Link href={terms}>{t('termsOfService')}</Link> : null;
  const privacyLink = privacy ? <Link href={privacy}>{t('privacyPolicy')}</Link> : null;
  const links = termsLink && privacyLink ? interpolate(t('links'), { terms: termsLink, privacy: privacyLink }) : (termsLink ?? privacyLink);
  return (
    <div className="lk-stack">
      {needsConsent ? (
        <div className="lk-row lk-legal">
          <input id={checkboxId} type="checkbox" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />
          <label htmlFor={checkboxId} className="lk-text lk-text-small">
            {interpolate(t('agree'), { links })}
          </label>
        </div>
      ) : null}
      {/* A disabled fieldset disables every control inside, the plugins' views included. */}
      <fieldset className="lk-fieldset lk-stack" disabled={needsConsent && !accepted}>
        <legend className="lk-sr-only">{t('waysToConnect')}</legend>
        {connectMethodSlot(kernel).map((m) => (
          <ViewSlot key={`${m.plugin}/${m.id}`} kernel={kernel} view={m.view} />
        ))}
      </fieldset>
      {legal && !needsConsent ? <p className="lk-text lk-text-small lk-center">{interpolate(t('notice'), { links })}</p> : null}
    </div>
  );
}
