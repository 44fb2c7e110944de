// The variants view: every variant's rewrite streaming side by side as a diff against the
// original; the keyboard (1–N, Alt+] / Alt+[, Enter, Escape) and the redirect box.
import { variantKeyAction } from '../../src/variants/variantKeys';
import type { FromVariantsView, ToVariantsView } from '../../src/variants/variantsProtocol';
import { CardElement, type CardActions } from './cardView';

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

interface Layout {
  title: HTMLHeadingElement;
  instruction: HTMLDivElement;
  stopAll: HTMLButtonElement;
  redirectBox: HTMLInputElement;
  redirectAll: HTMLButtonElement;
  redirectFocused: HTMLButtonElement;
  notice: HTMLDivElement;
  grid: HTMLDivElement;
}

/** The view's state: the cards, the focused one, whether the first state arrived. */
interface ViewState {
  cards: CardElement[];
  focused: number;
  received: boolean;
}

type Post = (m: FromVariantsView) => void;

function buildLayout(app: HTMLElement): Layout {
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
  return { title, instruction, stopAll, redirectBox, redirectAll, redirectFocused, notice, grid };
}

/** Renders changed cards once per animation frame. */
function frameScheduler(): (card: CardElement) => void {
  const dirty = new Set<CardElement>();
  let framePending = false;
  return (card) => {
    dirty.add(card);
    if (framePending) return;
    framePending = true;
    requestAnimationFrame(() => {
      framePending = false;
      for (const c of dirty) c.render();
      dirty.clear();
    });
  };
}

/** The toolbar: stop all, and the redirect box (Enter redirects all, Alt+Enter the focused one). */
function wireToolbar(ui: Layout, state: ViewState, post: Post): void {
  const redirect = (index?: number) => {
    const text = ui.redirectBox.value.trim();
    if (!text) {
      ui.redirectBox.focus();
      return;
    }
    post({ type: 'redirect', instruction: text, index });
    ui.redirectBox.value = '';
    ui.instruction.textContent = index === undefined ? text : ui.instruction.textContent;
  };
  ui.stopAll.addEventListener('click', () => post({ type: 'stopAll' }));
  ui.redirectAll.addEventListener('click', () => redirect());
  ui.redirectFocused.addEventListener('click', () => redirect(state.focused));
  ui.redirectBox.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      e.stopPropagation();
      redirect(e.altKey ? state.focused : undefined);
    }
  });
}

/** The view's keys: 1–N pick, Alt+] / Alt+[ focus, Enter picks the focused, Escape stops all. */
function keyHandler(ui: Layout, state: ViewState, post: Post, setFocus: (index: number) => void): (e: KeyboardEvent) => void {
  return (e) => {
    const target = e.target as HTMLElement | null;
    const inTextField = !!target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA');
    // A focused button takes Enter itself.
    if (e.key === 'Enter' && target?.tagName === 'BUTTON') return;
    const action = variantKeyAction({ key: e.key, code: e.code, altKey: e.altKey, ctrlKey: e.ctrlKey, metaKey: e.metaKey, inTextField }, state.focused, state.cards.length);
    if (action.kind === 'none') return;
    e.preventDefault();
    if (action.kind === 'stopAll') {
      if (inTextField) ui.redirectBox.blur();
      post({ type: 'stopAll' });
    } else if (action.kind === 'focus') setFocus(action.index);
    else {
      setFocus(action.index);
      post({ type: 'pick', index: action.index });
    }
  };
}

interface MessageContext {
  ui: Layout;
  state: ViewState;
  actions: CardActions;
  setFocus(index: number): void;
  schedule(card: CardElement): void;
}

/** The whole state: title, instruction and every card as far as it got. */
function showInit(m: Extract<ToVariantsView, { type: 'init' }>, { ui, state, actions, setFocus }: MessageContext): void {
  state.received = true;
  ui.title.textContent = m.title;
  ui.instruction.textContent = m.instruction;
  ui.notice.textContent = '';
  const cards = m.cards.map((c) => {
    const card = new CardElement(c, m.original, actions);
    if (m.texts[c.index]) card.push(c.generation, m.texts[c.index]);
    return card;
  });
  state.cards.splice(0, state.cards.length, ...cards);
  ui.grid.replaceChildren(...cards.map((c) => c.element));
  ui.grid.dataset.count = String(cards.length);
  for (const c of cards) c.render();
  setFocus(0);
}

function onMessage(m: ToVariantsView, ctx: MessageContext): void {
  const { ui, state, schedule } = ctx;
  switch (m?.type) {
    case 'init':
      return showInit(m, ctx);
    case 'card': {
      const c = state.cards[m.card.index];
      if (!c) return;
      c.update(m.card);
      return schedule(c);
    }
    case 'delta': {
      const c = state.cards[m.index];
      if (!c) return;
      c.push(m.generation, m.text);
      c.update(m.card);
      return schedule(c);
    }
    case 'picked':
      ui.notice.textContent = `Variant ${m.index + 1} is now the pending edit in the editor.`;
      state.cards.forEach((c, i) => c.element.classList.toggle('picked', i === m.index));
      return;
    case 'notice':
      ui.notice.textContent = m.text;
      return;
    default:
      return;
  }
}

function start(api: WebviewApi): void {
  const post: Post = (m) => api.postMessage(m);
  const ui = buildLayout(document.getElementById('app') ?? document.body);
  const state: ViewState = { cards: [], focused: 0, received: false };
  const setFocus = (index: number) => {
    const { cards } = state;
    if (cards.length === 0) return;
    state.focused = Math.max(0, Math.min(cards.length - 1, index));
    cards.forEach((c, i) => c.setFocused(i === state.focused));
    cards[state.focused].element.scrollIntoView({ block: 'nearest' });
  };
  const actions = {
    pick: (index: number) => post({ type: 'pick', index }),
    retry: (index: number) => post({ type: 'retry', index }),
    focus: setFocus,
  };
  const ctx: MessageContext = { ui, state, actions, setFocus, schedule: frameScheduler() };
  wireToolbar(ui, state, post);
  document.addEventListener('keydown', keyHandler(ui, state, post, setFocus));
  window.addEventListener('message', (event: MessageEvent) => onMessage(event.data as ToVariantsView, ctx));

  // Say hello until the first state arrives: a message sent before the view listens is lost.
  for (let i = 0; i < 40; i++) setTimeout(() => state.received || post({ type: 'ready' }), i * 250);
  post({ type: 'ready' });
}

start(acquireVsCodeApi());
