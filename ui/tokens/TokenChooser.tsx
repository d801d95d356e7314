/**
 * The one token chooser of the modal (Send and Swap share it): a button that shows the chosen
 * token (its mark and symbol, a chevron) and the panel it opens in the view's place: a search
 * field, suggested quick picks, and the list with each token's mark, name and balance.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '../primitives/Button';
import { ListItem } from '../primitives/ListItem';
import { Text } from '../primitives/Text';
import { WalletImage } from '../primitives/WalletImage';
import { Icon } from '../icons/set';
import { tokenMark } from '../icons/tokens';
import { useMessagesOrEnglish } from '../i18n/useMessages';
import { messages } from './messages';

/** What the chooser shows of a token. */
export interface TokenOption {
  /** Unique in the list (an address, or the native currency's own key). */
  readonly key: string;
  readonly symbol: string;
  readonly name?: string | undefined;
  /** An image URL (http(s) or data:image; anything else shows the token's mark). */
  readonly logoUri?: string | undefined;
  /**
   * The token's CAIP-2 network and its contract address (plain or CAIP-10; absent or the
   * namespace's placeholder for the native currency): what its bundled mark is chosen by
   * (a brand's mark only for the brand's own contract, `tokenMark`); without them, its monogram.
   */
  readonly chainId?: string | undefined;
  readonly address?: string | undefined;
  /** The balance as shown ("1,234.5"), when the account holds it. */
  readonly balance?: string | undefined;
}

/** What the chooser's button and rows draw a token's image from. */
export type TokenImageSource = Pick<TokenOption, 'symbol' | 'logoUri' | 'chainId' | 'address'>;

/** A token's image: its logo, else its network's mark (native) or its brand's (a listed contract), else its monogram. */
export function TokenImage({ token, size = 20 }: { readonly token: TokenImageSource; readonly size?: number }) {
  return <WalletImage src={token.logoUri || tokenMark(token)} name={token.symbol} size={size} round />;
}

export interface TokenButtonProps {
  readonly token: TokenImageSource | undefined;
  readonly onClick: () => void;
  readonly disabled?: boolean;
  /** Extra visible text after the symbol (Send's balance); it is part of the name too. */
  readonly detail?: string | undefined;
  /** Names the button with a visible label's id before its own text (`aria-labelledby`), e.g. Send's "Token". */
  readonly labelledBy?: string;
  readonly id?: string;
  /** Extra classes (Send's full-width field: `lk-token-field`). */
  readonly className?: string;
  /** Takes focus when it mounts: the view sets it when the chooser this button opened has closed, so a keyboard user is back where they were. */
  readonly autoFocus?: boolean;
}

/**
 * The button that opens the chooser, named by what it shows: the token's symbol ("ETH"), or
 * "Select token" before one is chosen. The mark and chevron are decorative.
 */
export function TokenButton({ token, onClick, disabled, detail, labelledBy, id, className, autoFocus }: TokenButtonProps) {
  const t = useMessagesOrEnglish(messages);
  return (
    <Button
      id={id}
      variant="secondary"
      className={`lk-token-btn${className ? ` ${className}` : ''}`}
      onClick={onClick}
      disabled={disabled}
      autoFocus={autoFocus}
      aria-haspopup="dialog"
      aria-labelledby={labelledBy && id ? `${labelledBy} ${id}` : undefined}
    >
      {token ? <TokenImage token={token} /> : null}
      <span className="lk-token-sym">{token?.symbol ?? t('selectToken')}</span>
      {detail ? <span className="lk-text-muted">{detail}</span> : null}
      <Icon name="chevronDown" size={16} />
    </Button>
  );
}

export interface TokenChooserProps<T extends TokenOption> {
  /** The tokens listed before a search (and searched by symbol and name when no `search` is given). */
  readonly tokens: readonly T[];
  /** Quick picks shown above the list while the search is empty, named by their symbols. */
  readonly suggested?: readonly T[];
  /** A search of the caller's own (Swap looks a pasted address up on the chain); resolves to the list to show. */
  readonly search?: (query: string) => Promise<readonly T[]>;
  readonly onPick: (token: T) => void;
  readonly onClose: () => void;
  /** Rows after the list (e.g. a note); optional. */
  readonly children?: ReactNode;
}

/** The local search: by symbol or name, or a pasted contract address (a key that starts with it). */
const matches = (t: TokenOption, q: string) =>
  t.symbol.toLowerCase().includes(q) || (t.name ?? '').toLowerCase().includes(q) || (q.startsWith('0x') && q.length > 3 && t.key.toLowerCase().startsWith(q));

/**
 * The chooser's panel: a dialog named "Select a token" (what its button's aria-haspopup says it opens; not modal: it
 * lies in the modal's view) with the search field, suggestions, the list and "Cancel"; Escape closes it (as "Cancel" does).
 */
export function TokenChooser<T extends TokenOption>({ tokens, suggested, search, onPick, onClose, children }: TokenChooserProps<T>) {
  const t = useMessagesOrEnglish(messages);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<readonly T[]>(tokens);
  useEffect(() => {
    const q = query.trim().toLowerCase();
    if (!search) {
      setResults(q ? tokens.filter((x) => matches(x, q)) : tokens);
      return;
    }
    let live = true;
    void search(query).then((r) => live && setResults(r), () => live && setResults([]));
    return () => {
      live = false;
    };
  }, [search, query, tokens]);
  return (
    <div
      className="lk-stack"
      role="dialog"
      aria-label={t('selectAToken')}
      // Escape closes the chooser, the top-most layer, not the modal around it (the view's token button takes focus back)
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        e.preventDefault();
        onClose();
      }}
    >
      <div className="lk-search">
        <Icon name="search" size={18} />
        <input
          className="lk-input"
          aria-label={t('searchTokens')}
          placeholder={t('searchPlaceholder')}
          value={query}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setQuery(e.target.value)}
          autoFocus
        />
      </div>
      {!query && suggested?.length ? (
        <div className="lk-row lk-chips" role="group" aria-label={t('suggestedTokens')}>
          {suggested.map((s) => (
            <Button key={s.key} className="lk-chip-btn" onClick={() => onPick(s)}>
              <TokenImage token={s} />
              {s.symbol}
            </Button>
          ))}
        </div>
      ) : null}
      <ul className="lk-list" aria-label={t('tokens')}>
        {results.map((x) => (
          <li key={x.key}>
            <ListItem
              name={x.symbol}
              // every visible word in the name (WCAG 2.5.3): "LKD Latchkey Dev 1,000"
              label={[x.symbol, x.name, x.balance].filter(Boolean).join(' ')}
              icon={<TokenImage token={x} size={40} />}
              onClick={() => onPick(x)}
            >
              {/* a space before each part: the visible text reads "LKD Latchkey Dev 1,000", as the name does */}
              {x.name && x.name !== x.symbol ? (
                <>
                  {' '}
                  <span className="lk-text lk-text-muted lk-item-sub">{x.name}</span>
                </>
              ) : null}
              {x.balance !== undefined ? (
                <>
                  {' '}
                  <span className="lk-item-end">{x.balance}</span>
                </>
              ) : null}
            </ListItem>
          </li>
        ))}
      </ul>
      {results.length === 0 ? <Text variant="muted">{t('noTokensFound')}</Text> : null}
      {children}
      <Button variant="ghost" onClick={onClose}>
        {t('cancel')}
      </Button>
    </div>
  );
}
