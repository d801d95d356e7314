/** The browser side: hydrates the server's HTML with the page's own kernel. */
import { version } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App, pageKernel, type PageData } from './App';

const data = JSON.parse(document.getElementById('page-data')!.textContent!) as PageData;
(window as unknown as { __reactVersion: string }).__reactVersion = version;
hydrateRoot(document.getElementById('root')!, <App kernel={pageKernel(data.chains, data.cookie)} initialState={data.initialState} />);
