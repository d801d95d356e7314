import { createRoot } from 'react-dom/client';
import { App, makeKernel } from './app';

createRoot(document.getElementById('root')!).render(<App kernel={makeKernel()} />);
