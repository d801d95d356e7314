/** Benchmark page (a): plain React 18, a button that opens a plain dialog. */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <h1>Host app</h1>
      <button type="button" onClick={() => setOpen(true)}>
        Connect Wallet
      </button>
      {open ? (
        <div role="dialog" aria-modal="true" aria-label="Connect Wallet" style={{ position: 'fixed', top: 80, left: 'calc(50% - 180px)', width: 360, padding: 16, background: '#fff', border: '1px solid #ccc', borderRadius: 16 }}>
          <h2>Connect Wallet</h2>
          {/* the option the probe waits for on every page (the Latchkey pages announce a wallet of this name) */}
          <button type="button">Bench Wallet</button>
          <button type="button" onClick={() => setOpen(false)}>
            Close
          </button>
        </div>
      ) : null}
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
