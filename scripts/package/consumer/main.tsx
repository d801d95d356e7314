import { createRoot } from 'react-dom/client';
import { App, makeKernel } from './app';
// The stylesheet as a host that passes styles="none" takes it (here only to check the export resolves).
import 'latchkey/styles.css';

createRoot(document.getElementById('root')!).render(<App kernel={makeKernel()} />);
