// Issue 28 item 3: a dialog or drawer gives the focus back to what opened it. Arco's Drawer and
// Modal keep the focus inside while open, but on close it is left on the hidden dialog (or the
// page's body). Here, for every dialog of every section: the last focused element outside a
// dialog is remembered, and when the focus was inside one that is no longer shown, it returns.

const DIALOG = '.arco-drawer-wrapper, .arco-modal-wrapper';

const shown = (el: Element) =>
  el.isConnected &&
  (typeof (el as HTMLElement).checkVisibility === 'function'
    ? (el as HTMLElement).checkVisibility()
    : (el as HTMLElement).offsetParent !== null);

export function watchDialogFocus(doc: Document = document): () => void {
  let opener: HTMLElement | null = null;
  let dialog: Element | null = null;

  const onFocusIn = (event: FocusEvent) => {
    const target = event.target as HTMLElement;
    const inside = target.closest?.(DIALOG) ?? null;
    if (inside) dialog = inside;
    else {
      opener = target;
      dialog = null;
    }
  };
  const check = () => {
    if (!dialog || shown(dialog)) return;
    dialog = null;
    const active = doc.activeElement;
    const lost = !active || active === doc.body || !shown(active) || active.closest(DIALOG);
    if (lost && opener && shown(opener)) opener.focus();
  };
  const observer = new MutationObserver(check);
  doc.addEventListener('focusin', onFocusIn);
  observer.observe(doc.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['style', 'class'],
  });
  return () => {
    observer.disconnect();
    doc.removeEventListener('focusin', onFocusIn);
  };
}
