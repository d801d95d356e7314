import { useEffect, useId, useState } from 'react';
import { BlockchainApi } from 'latchkey';
import { Button, LoadingState, Text, defineView, useMessages, useObserved, type Translate } from 'latchkey/ui';
import { NAME_FAILURE_TEXT, NAME_MAX_LENGTH, NAME_MIN_LENGTH, NAME_RULE_TEXT, nameIssue, nameLabel } from '../rules';
import { messages } from '../messages';
import { AccountNames, type NameSuggestion } from '../types';

/** Suggestions wait this long after the last keystroke. */
const SUGGEST_DELAY_MS = 300;

type T = Translate<(typeof messages)['en']>;

/** A name rule (docs/account-features.md#names) or one of the service's own failures, in the visitor's language; a server's reason as it came. */
function shown(text: string, t: T): string {
  if (text === NAME_RULE_TEXT.characters) return t('ruleCharacters');
  if (text === NAME_RULE_TEXT.tooShort) return t('ruleTooShort', { min: NAME_MIN_LENGTH });
  if (text === NAME_RULE_TEXT.tooLong) return t('ruleTooLong', { max: NAME_MAX_LENGTH });
  if (text === NAME_FAILURE_TEXT.signatureDeclined) return t('signatureDeclined');
  if (text === NAME_FAILURE_TEXT.connectEvm) return t('connectEvm');
  return text;
}

/**
 * RegisterAccountName ('Choose Name'): the name field (letters, digits and hyphens, at least 4;
 * docs/account-features.md#names) with the zone after it, suggestions as you type, and "Register", which has
 * the wallet sign the registration message. A failure comes back here with its reason.
 */
export default defineView<'RegisterAccountName'>(function RegisterAccountName({ kernel }) {
  const names = kernel.get<AccountNames>(AccountNames);
  const t = useMessages(messages);
  const s = useObserved(names);
  const evm = useObserved(kernel.account, (a) => a.namespaces.eip155.status === 'connected');
  const [input, setInput] = useState('');
  const [touched, setTouched] = useState(false);
  const [suggestions, setSuggestions] = useState<readonly NameSuggestion[]>([]);
  const ids = useId();
  const label = nameLabel(input, names.zone);
  const issue = nameIssue(label);
  const busy = s.status === 'signing' || s.status === 'registering';

  // The outcome of this visit is forgotten when the form goes (not a registration under way).
  useEffect(() => () => names.reset(), [names]);
  // The success view's code, fetched while the visitor types, so it shows at once.
  useEffect(() => void import('./RegisterAccountNameSuccess').catch(() => undefined), []);

  useEffect(() => {
    setSuggestions([]);
    if (issue) return;
    let live = true;
    const timer = setTimeout(() => {
      names.suggest(label).then(
        (list) => live && setSuggestions(list),
        () => live && setSuggestions([]),
      );
    }, SUGGEST_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [names, label, issue]);

  if (!kernel.get<BlockchainApi>(BlockchainApi).configured) return <Text variant="muted">{t('needsApi')}</Text>;
  if (!evm) return <Text variant="muted">{t('evmOnly')}</Text>;
  if (busy) {
    return <LoadingState label={s.status === 'signing' ? t('signing') : t('registering', { name: s.name ?? '' })} />;
  }
  const shownIssue = touched && input !== '' ? issue : undefined;
  const exact = suggestions.find((x) => x.name === `${label.toLowerCase()}.${names.zone}`);
  return (
    <form
      className="lk-stack"
      aria-label={t('formLabel')}
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!issue) void names.register(label);
      }}
    >
      <Text variant="muted">{t('intro')}</Text>
      <div className="lk-row" style={{ flexWrap: 'nowrap', alignItems: 'center' }}>
        <input
          className="lk-input"
          aria-label={t('name')}
          aria-invalid={shownIssue ? true : undefined}
          aria-describedby={`${ids}zone ${ids}issue`}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={80}
          value={input}
          onChange={(e) => {
            setInput(e.target.value);
            setTouched(true);
          }}
          style={{ flex: 1, minWidth: 0 }}
        />
        <span id={`${ids}zone`} className="lk-text-muted">{`.${names.zone}`}</span>
      </div>
      <Text variant="error" id={`${ids}issue`} role={shownIssue ? 'alert' : undefined}>
        {shownIssue ? shown(shownIssue, t) : ''}
      </Text>
      {exact?.registered ? <Text variant="error">{t('isTaken', { name: exact.name })}</Text> : null}
      {suggestions.length ? (
        <ul className="lk-list" aria-label={t('suggestions')}>
          {suggestions.map((x) => (
            <li key={x.name}>
              <button
                type="button"
                className="lk-item"
                disabled={x.registered}
                aria-label={t(x.registered ? 'suggestionTaken' : 'suggestionAvailable', { name: x.name })}
                onClick={() => setInput(x.name.slice(0, -(names.zone.length + 1)))}
              >
                <span className="lk-item-name">{x.name}</span>{' '}
                <span className="lk-tag">{x.registered ? t('taken') : t('available')}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {s.status === 'error' && s.error ? (
        <Text variant="error" role="alert" data-testid="name-error">
          {shown(s.error, t)}
        </Text>
      ) : null}
      <Button type="submit" variant="primary" className="lk-wide" disabled={Boolean(issue) || exact?.registered === true}>
        {t('register')}
      </Button>
    </form>
  );
});
