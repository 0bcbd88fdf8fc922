import { useEffect, type RefObject } from 'react';
import { getLabStore } from '../../store';

/** The element an in-page link (`#id`) names, if it is inside `root`. */
function targetIn(root: HTMLElement, hash: string): HTMLElement | null {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (!id) return null;
  const el = document.getElementById(id);
  return el && root.contains(el) ? el : null;
}

/**
 * Links into the settings (`#settings`, `#server-picker`, a notice's "see the
 * server settings") keep working while the settings are in a closed drawer:
 * a click on one, or a page opened at one, opens the drawer and scrolls the
 * target into view inside it.
 */
export function useDrawerLinks(dialog: RefObject<HTMLDialogElement | null>) {
  useEffect(() => {
    const root = dialog.current;
    if (!root) return;
    const show = (el: HTMLElement) => {
      getLabStore().getState().setSettingsOpen(true);
      // After the dialog is shown (the effect that opens it runs on the next render). Only the drawer's own
      // scroll box moves (scrollIntoView would scroll the dialog and the page behind it as well).
      requestAnimationFrame(() => {
        const box = el.closest<HTMLElement>('[data-drawer-scroll]');
        if (box && box !== el) box.scrollTop += el.getBoundingClientRect().top - box.getBoundingClientRect().top;
      });
    };
    const onClick = (e: globalThis.MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.('a[href^="#"]');
      if (!a || root.contains(a)) return;
      const el = targetIn(root, a.getAttribute('href') ?? '');
      if (!el) return;
      e.preventDefault();
      show(el);
    };
    document.addEventListener('click', onClick);
    const atLoad = targetIn(root, window.location.hash);
    if (atLoad) show(atLoad);
    return () => document.removeEventListener('click', onClick);
  }, [dialog]);
}
