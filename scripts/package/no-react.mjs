// Node loader hook for the consumer test: any import of React fails, so a run that
// finishes proves that nothing it loaded needs React.
import { register } from 'node:module';

register(
  'data:text/javascript,' +
    encodeURIComponent(`
export async function resolve(specifier, context, next) {
  if (/^(react|react-dom)(\\/|$)/.test(specifier)) throw new Error('React is absent here, yet something imported ' + specifier + ' from ' + context.parentURL);
  return next(specifier, context);
}`),
);
