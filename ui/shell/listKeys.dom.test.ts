import { attachListKeys } from './listKeys';

function list(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

const key = (el: Element, k: string) => el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));

afterEach(() => (document.body.innerHTML = ''));

describe('arrow keys in the modal lists', () => {
  it('ArrowDown / ArrowUp move to the next / previous enabled button (wrapping), Home / End to the ends', () => {
    const root = list('<ul class="lk-list"><li><button>A</button></li><li><button disabled>B</button></li><li><button>C</button></li><li><a href="https://d.example">D</a></li></ul>');
    const undo = attachListKeys(root);
    const [a, , c] = root.querySelectorAll('button');
    const d = root.querySelector('a')!;
    a!.focus();
    key(a!, 'ArrowDown');
    expect(document.activeElement).toBe(c); // B is disabled
    key(c!, 'ArrowDown');
    expect(document.activeElement).toBe(d);
    key(d, 'ArrowDown');
    expect(document.activeElement).toBe(a); // wraps
    key(a!, 'ArrowUp');
    expect(document.activeElement).toBe(d);
    key(d, 'Home');
    expect(document.activeElement).toBe(a);
    key(a!, 'End');
    expect(document.activeElement).toBe(d);
    undo();
    key(d, 'Home');
    expect(document.activeElement).toBe(d);
  });

  it('leaves other keys, other elements and windowed lists (their own handling) alone', () => {
    const root = list('<input id="q"><ul class="lk-list lk-vlist"><li><button>A</button></li><li><button>B</button></li></ul>');
    attachListKeys(root);
    const [a] = root.querySelectorAll('button');
    a!.focus();
    expect(key(a!, 'ArrowDown')).toBe(true); // not cancelled
    expect(document.activeElement).toBe(a);
    const q = root.querySelector('input')!;
    q.focus();
    expect(key(q, 'ArrowDown')).toBe(true);
    expect(document.activeElement).toBe(q);
  });
});
