// The variants view: every variant's rewrite streaming side by side as a diff against the
// original; the keyboard (1–N, Alt+] / Alt+[, Enter, Escape) and the redirect box.
import { variantKeyAction } from '../../src/variants/variantKeys';
import type { FromVariantsView, ToVariantsView } from '../../src/variants/variantsProtocol';
import { CardElement } from './cardView';

interface WebviewApi {
  postMessage(message: FromVariantsView): void;
}
declare function acquireVsCodeApi(): WebviewApi;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function start(api: WebviewApi): void {
  const post = (m: FromVariantsView) => api.postMessage(m);
  const app = document.getElementById('app') ?? document.body;
  const cards: CardElement[] = [];
  const dirty = new Set<CardElement>();
  let framePending = false;
  let focused = 0;
  let received = false;

  const title = el('h1');
  const instruction = el('div', 'instruction');
  const stopAll = el('button', 'secondary', 'Stop all (Esc)');
  const redirectBox = el('input', 'redirect');
  redirectBox.type = 'text';
  redirectBox.placeholder = 'New instruction: redirects every variant, keeping what each wrote';
  redirectBox.setAttribute('aria-label', 'Redirect instruction');
  const redirectAll = el('button', 'secondary', 'Redirect all');
  const redirectFocused = el('button', 'secondary', 'Redirect focused');
  const notice = el('div', 'notice');
  notice.setAttribute('role', 'status');
  const grid = el('div', 'grid');
  const bar = el('div', 'toolbar');
  bar.append(stopAll, redirectBox, redirectAll, redirectFocused);
  const head = el('header', 'top');
  const keysHelp = el('div', 'keys', '1–9 pick · Alt+] / Alt+[ focus · Enter picks the focused · Esc stops all');
  head.append(title, instruction, bar, keysHelp, notice);
  app.replaceChildren(head, grid);

  const schedule = (card: CardElement) => {
    dirty.add(card);
    if (framePending) return;
    framePending = true;
    requestAnimationFrame(() => {
      framePending = false;
      for (const c of dirty) c.render();
      dirty.clear();
    });
  };

  const setFocus = (index: number) => {
    if (cards.length === 0) return;
    focused = Math.max(0, Math.min(cards.length - 1, index));
    cards.forEach((c, i) => c.setFocused(i === focused));
    cards[focused].element.scrollIntoView({ block: 'nearest' });
  };

  const actions = {
    pick: (index: number) => post({ type: 'pick', index }),
    retry: (index: number) => post({ type: 'retry', index }),
    focus: setFocus,
  };

  const redirect = (index?: number) => {
    const text = redirectBox.value.trim();
    if (!text) {
      redirectBox.focus();
      return;
    }
    post({ type: 'redirect', instruction: text, index });
    redirectBox.value = '';
    instruction.textContent = index === undefined ? text : instruction.textContent;
  };
  stopAll.addEventListener('click', () => post({ type: 'stopAll' }));
  redirectAll.addEventListener('click', () => redirect());
  redirectFocused.addEventListener('click', () => redirect(focused));
  redirectBox.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      e.stopPropagation();
      redirect(e.altKey ? focused : undefined);
    }
  });

  document.addEventListener('keydown', (e) => {
    const target = e.target as HTMLElement | null;
    const inTextField = !!target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA');
    // A focused button takes Enter itself.
    if (e.key === 'Enter' && target?.tagName === 'BUTTON') return;
    const action = variantKeyAction({ key: e.key, code: e.code, altKey: e.altKey, ctrlKey: e.ctrlKey, metaKey: e.metaKey, inTextField }, focused, cards.length);
    if (action.kind === 'none') return;
    e.preventDefault();
    if (action.kind === 'stopAll') {
      if (inTextField) redirectBox.blur();
      post({ type: 'stopAll' });
    } else if (action.kind === 'focus') setFocus(action.index);
    else {
      setFocus(action.index);
      post({ type: 'pick', index: action.index });
    }
  });

  window.addEventListener('message', (event: MessageEvent) => {
    const m = event.data as ToVariantsView;
    switch (m?.type) {
      case 'init': {
        received = true;
        title.textContent = m.title;
        instruction.textContent = m.instruction;
        notice.textContent = '';
        cards.length = 0;
        for (const c of m.cards) {
          const card = new CardElement(c, m.original, actions);
          if (m.texts[c.index]) card.push(c.generation, m.texts[c.index]);
          cards.push(card);
        }
        grid.replaceChildren(...cards.map((c) => c.element));
        grid.dataset.count = String(cards.length);
        for (const c of cards) c.render();
        setFocus(0);
        return;
      }
      case 'card': {
        const c = cards[m.card.index];
        if (!c) return;
        c.update(m.card);
        return schedule(c);
      }
      case 'delta': {
        const c = cards[m.index];
        if (!c) return;
        c.push(m.generation, m.text);
        c.update(m.card);
        return schedule(c);
      }
      case 'picked':
        notice.textContent = `Variant ${m.index + 1} is now the pending edit in the editor.`;
        cards.forEach((c, i) => c.element.classList.toggle('picked', i === m.index));
        return;
      case 'notice':
        notice.textContent = m.text;
        return;
      default:
        return;
    }
  });

  // Say hello until the first state arrives: a message sent before the view listens is lost.
  for (let i = 0; i < 40; i++) setTimeout(() => received || post({ type: 'ready' }), i * 250);
  post({ type: 'ready' });
}

start(acquireVsCodeApi());
