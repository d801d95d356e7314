/**
 * A plugin manifest (index.ts) defines its own copy of its service tokens rather than
 * re-exporting them from ./types, which the lazily loaded code imports (a module shared by the
 * entry and lazy chunks becomes a chunk of its own, one more file before the connect button
 * works). Both copies must be the same value, or `kernel.get(Token)` with the host's token
 * would miss the binding the plugin's module makes.
 */
import * as history from './history/index';
import * as historyTypes from './history/types';
import * as names from './names/index';
import * as namesTypes from './names/types';
import * as onramp from './onramp/index';
import * as onrampTypes from './onramp/types';
import * as portfolio from './portfolio/index';
import * as portfolioTypes from './portfolio/types';
import * as send from './send/index';
import * as sendTypes from './send/types';
import * as siwx from './siwx/index';
import * as siwxTypes from './siwx/types';
import * as swaps from './swaps/index';
import * as swapsTypes from './swaps/types';

const pairs: [string, symbol, symbol][] = [
  ['history Activity', history.Activity, historyTypes.Activity],
  ['names AccountNames', names.AccountNames, namesTypes.AccountNames],
  ['onramp Onramp', onramp.Onramp, onrampTypes.Onramp],
  ['portfolio Portfolio', portfolio.Portfolio, portfolioTypes.Portfolio],
  ['send SendForm', send.SendForm, sendTypes.SendForm],
  ['siwx SignIn', siwx.SignIn, siwxTypes.SignIn],
  ['siwx SIWX_ATTACH', siwx.SIWX_ATTACH, siwxTypes.SIWX_ATTACH],
  ['swaps Swaps', swaps.Swaps, swapsTypes.Swaps],
];

it.each(pairs)("the manifest's %s token is the one its lazy code binds", (_name, manifest, lazy) => {
  expect(typeof manifest).toBe('symbol');
  expect(manifest).toBe(lazy);
});
