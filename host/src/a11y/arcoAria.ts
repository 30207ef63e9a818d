// Issue 28: Arco Design 2.66 emits ARIA that axe (WCAG 2.0/2.1 A, AA) rejects, in every page
// of every section. It is corrected here, once, on the DOM the components render — the host
// owns the document, so the sections' pages are covered without a change in any of them:
// - inline sub-menus: a focusable header `div` with aria-expanded/aria-controls and no role
//   inside `role=menu` (aria-allowed-attr, aria-required-children) → menuitem in a group;
// - tabs: `role=tab` without a tablist (aria-required-parent), aria-controls naming a pane
//   that destroyOnHide removed (aria-valid-attr-value), hidden panes that keep focusable
//   fields under aria-hidden (aria-hidden-focus) → tablist, no dangling reference, inert;
// - a Progress's name given on the component (`aria-label`) lands on its outer div, not on its
//   `role=progressbar` (aria-progressbar-name) → moved;
// - InputNumber's default bounds as aria-valuemax="Infinity" (aria-valid-attr-value);
// - the pagination's size `div` with an aria-label and no role (aria-prohibited-attr);
// - Form.Item's `<label for>` points at a Select's combobox `div`, which a label cannot name,
//   and never at the input inside (label) → the combobox and its input are labelled by it;
//   a field without a form label takes its placeholder as its name;
// - nameless icon buttons (calendar paging), rate stars, table row selectors, a list item's
//   actions outside a list, a scroll region without anything to focus.
// Only attributes React does not render are added; what React does render is corrected after
// each commit (a MutationObserver), so a re-render that sets it again is corrected again.

export interface AriaLabels {
  previous: string;
  next: string;
  selectRow: string;
  selectAll: string;
}

/** An id inside a double-quoted attribute selector. */
const quoted = (id: string) => id.replace(/["\\]/g, '\\$&');

let uid = 0;
const idOf = (el: Element) => el.id || (el.id = `console-a11y-${++uid}`);

const set = (el: Element, name: string, value: string) => {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
};

function hasName(el: Element): boolean {
  if (el.getAttribute('aria-label')?.trim() || el.getAttribute('aria-labelledby')) return true;
  if (el.closest('label')?.textContent?.trim()) return true;
  if (el.id && el.ownerDocument.querySelector(`label[for="${quoted(el.id)}"]`)) return true;
  return Boolean(el.getAttribute('title')?.trim());
}

/** The `<label for>` of the form item around `el` (Arco gives the control's root the id). */
function formLabelOf(el: Element): HTMLLabelElement | null {
  for (let node: Element | null = el; node; node = node.parentElement) {
    if (node.id) {
      const label = el.ownerDocument.querySelector<HTMLLabelElement>(
        `label[for="${quoted(node.id)}"]`,
      );
      if (label?.textContent?.trim()) return label;
    }
    if (node.classList.contains('arco-form-item')) break;
  }
  return null;
}

function labelControl(control: Element, input: HTMLInputElement | null) {
  const targets = [control, input].filter((e): e is Element => e !== null);
  if (targets.every(hasName)) return;
  // A form item's label, else the text Arco shows before the control (a Select's addBefore).
  const before = control.previousElementSibling;
  const label =
    formLabelOf(control) ??
    (before?.matches('.arco-select-addbefore') && before.textContent?.trim() ? before : null);
  // Not the shown value: a select's view shows its value where the placeholder was. A control
  // Arco renders without a way to name its input (ColorPicker) is named by a wrapper's
  // data-label.
  const placeholder =
    input?.placeholder ||
    control.getAttribute('placeholder') ||
    control.closest('[data-label]')?.getAttribute('data-label') ||
    '';
  // A control named on the component (aria-label, aria-labelledby) names its input the same way;
  // the last resort is the name of a group around it (the pagination's page-size group).
  const labelledBy = control.getAttribute('aria-labelledby');
  const named =
    control.getAttribute('aria-label') ||
    control.parentElement?.closest('[aria-label]')?.getAttribute('aria-label') ||
    '';
  for (const el of targets) {
    if (hasName(el) && el !== control) continue;
    if (label) set(el, 'aria-labelledby', idOf(label));
    else if (placeholder.trim()) set(el, 'aria-label', placeholder.trim());
    else if (el === control) continue;
    else if (labelledBy) set(el, 'aria-labelledby', labelledBy);
    else if (named) set(el, 'aria-label', named);
  }
}

type Fix = [selector: string, fix: (el: HTMLElement, labels: AriaLabels) => void];

const FIXES: Fix[] = [
  // Menus.
  ['.arco-menu-inline', (el) => set(el, 'role', 'none')],
  [
    '.arco-menu-inline-header',
    (el) => {
      set(el, 'role', 'menuitem');
      // A closed section's items stay mounted at height 0: out of the Tab order with it.
      const content = el.nextElementSibling;
      const closed = el.getAttribute('aria-expanded') === 'false';
      if (content && closed !== content.hasAttribute('inert'))
        content.toggleAttribute('inert', closed);
    },
  ],
  ['.arco-menu-inline-content', (el) => set(el, 'role', 'group')],
  ['.arco-menu-pop-header', (el) => set(el, 'role', 'menuitem')],
  // Tabs.
  ['.arco-tabs-header', (el) => set(el, 'role', 'tablist')],
  [
    '[role=tab][aria-controls]',
    (el) => {
      if (!el.ownerDocument.getElementById(el.getAttribute('aria-controls') ?? ''))
        el.removeAttribute('aria-controls');
    },
  ],
  [
    '.arco-tabs-content-item',
    (el) => {
      const hidden = el.getAttribute('aria-hidden') === 'true';
      if (hidden !== el.hasAttribute('inert')) el.toggleAttribute('inert', hidden);
    },
  ],
  // Progress: the name given on the component, onto the progressbar.
  [
    '.arco-progress[aria-label]',
    (el) => {
      const bar = el.querySelector('[role=progressbar]');
      if (!bar) return;
      set(bar, 'aria-label', el.getAttribute('aria-label') ?? '');
      el.removeAttribute('aria-label');
    },
  ],
  [
    '[role=spinbutton]',
    (el) => {
      for (const name of ['aria-valuemax', 'aria-valuemin'])
        if (/Infinity/.test(el.getAttribute(name) ?? '')) el.removeAttribute(name);
    },
  ],
  ['.arco-pagination-option[aria-label]', (el) => set(el, 'role', 'group')],
  // Fields: Selects (the combobox and its input), tag inputs, pickers, plain inputs.
  [
    '.arco-select[role=combobox]',
    (el) => {
      const input = el.querySelector<HTMLInputElement>('input.arco-select-view-input');
      // Its input is kept under aria-hidden while the view shows the value, focusable all the
      // same (a showSearch select's takes the focus): named instead of hidden.
      if (input?.getAttribute('aria-hidden') === 'true') input.removeAttribute('aria-hidden');
      labelControl(el, input);
    },
  ],
  [
    '.arco-input-tag',
    (el) => labelControl(el, el.querySelector<HTMLInputElement>('input.arco-input-tag-input')),
  ],
  [
    '.arco-picker input, input.arco-input, textarea.arco-textarea',
    (el) => {
      if (!hasName(el)) labelControl(el, el as HTMLInputElement);
    },
  ],
  // Nameless controls.
  [
    '.arco-calendar-header-icon[role=button]',
    (el, labels) => {
      if (hasName(el)) return;
      const first = el.parentElement?.querySelector('.arco-calendar-header-icon') === el;
      set(el, 'aria-label', first ? labels.previous : labels.next);
    },
  ],
  [
    '.arco-rate [role=radio][aria-posinset]',
    (el) => {
      if (!hasName(el))
        set(
          el,
          'aria-label',
          `${el.getAttribute('aria-posinset')} / ${el.getAttribute('aria-setsize')}`,
        );
    },
  ],
  [
    '.arco-table-th input[type=checkbox], .arco-table-td input[type=checkbox], .arco-table-td input[type=radio]',
    (el, labels) => {
      if (hasName(el)) return;
      const row = el.closest('tr');
      const header = el.closest('.arco-table-th') !== null;
      const text = header
        ? ''
        : Array.from(row?.querySelectorAll('td') ?? [])
            .map((td) => td.textContent?.trim() ?? '')
            .find((t) => t.length > 0);
      set(el, 'aria-label', header ? labels.selectAll : `${labels.selectRow} ${text ?? ''}`.trim());
    },
  ],
  ['.arco-list-item-action', (el) => set(el, 'role', 'list')],
  [
    // A list's own empty text (noDataElement) is its one item.
    '.arco-list-content[role=list] > :not([role])',
    (el) => set(el, 'role', 'listitem'),
  ],
  [
    '.arco-drawer-content, .arco-modal-content',
    (el) => {
      // Its content may scroll, and what it holds may all be disabled (a read-only form) or
      // come later: focusable itself, the keyboard can always scroll it.
      if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '0');
    },
  ],
];

/** Applies every correction to `root` and what is inside it. */
export function fixArcoAria(root: Element, labels: AriaLabels): void {
  for (const [selector, fix] of FIXES) {
    if (root.matches(selector)) fix(root as HTMLElement, labels);
    root.querySelectorAll<HTMLElement>(selector).forEach((el) => fix(el, labels));
  }
}

/** Components whose correction reads more than the node that changed (its label, its panes). */
const SCOPES =
  '.arco-form-item, .arco-select, .arco-input-tag, .arco-tabs, .arco-menu, .arco-progress, .arco-list, .arco-table';

/** Keeps the document corrected as React renders; returns the function that stops it. */
export function watchArcoAria(labels: () => AriaLabels, doc: Document = document): () => void {
  let pending = new Set<Element>();
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const roots = pending;
    pending = new Set();
    const current = labels();
    // A changed node's form item or tab bar may need its label or tablist again: from its
    // parent up (cheap: the selectors are classes).
    for (const root of roots)
      if (root.isConnected)
        fixArcoAria(root.closest(SCOPES) ?? root.parentElement ?? root, current);
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') pending.add(record.target as Element);
      else
        record.addedNodes.forEach((node) => {
          if (node.nodeType === 1) pending.add(node as Element);
        });
    }
    if (!scheduled && pending.size > 0) {
      scheduled = true;
      queueMicrotask(flush);
    }
  });
  fixArcoAria(doc.body, labels());
  observer.observe(doc.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: [
      'aria-label',
      'aria-controls',
      'aria-expanded',
      'aria-hidden',
      'aria-valuemax',
      'role',
    ],
  });
  return () => observer.disconnect();
}
