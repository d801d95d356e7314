/** Every locale chunk of the token chooser has exactly the English keys, each a non-empty text. */
import { itTranslatesEveryKey } from '../../tests/support/catalogue';
import { messages } from './messages';

itTranslatesEveryKey(messages);
