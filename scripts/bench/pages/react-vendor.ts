/**
 * Reaches exactly the React modules the pages use. Built next to the pages with
 * code splitting, it makes esbuild put React in chunks of its own, so the
 * benchmark can leave React out of the JS it counts.
 */
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as JSXRuntime from 'react/jsx-runtime';

export { React, ReactDOM, ReactDOMClient, JSXRuntime };
