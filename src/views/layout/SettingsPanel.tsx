import { useEffect, useRef, type MouseEvent } from 'react';
import { getLabStore, useLabStore } from '../../store';
import { useSim } from '../../workers';
import { formatMs, formatTokPerSec } from '../common/format';
import { SectionBoundary } from '../common/SectionBoundary';
import { useWide } from '../common/useMediaQuery';
import { Controls } from '../controls';
import { ResultsAnnouncer } from './ResultsAnnouncer';
import { SETTINGS_DRAWER_ID } from './settingsDrawer';
import { useDrawerLinks } from './useDrawerLinks';

function SettingsBody() {
  return (
    <SectionBoundary name="The settings">
      <Controls />
    </SectionBoundary>
  );
}

/**
 * Every setting beyond the lesson's two. Wide: a column beside the lab, in
 * the page's own scroll. Narrower: a drawer (a modal dialog) that the nav's
 * Settings button opens, so a phone's page is not 2,800 px of controls. The
 * controls are the same components either way; `#settings` names them in both.
 */
export function SettingsPanel() {
  const wide = useWide();
  if (wide) {
    return (
      <section id="settings" aria-label="Settings" className="lab-settings" data-current>
        <SettingsBody />
      </section>
    );
  }
  return <SettingsDrawer />;
}

function SettingsDrawer() {
  const open = useLabStore((s) => s.settingsOpen);
  const setOpen = useLabStore((s) => s.setSettingsOpen);
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  useDrawerLinks(dialog);

  useEffect(() => {
    const d = dialog.current;
    if (!d || typeof d.showModal !== 'function') return;
    if (open && !d.open) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      d.showModal();
      // The first stop is the Close button: a phone's keyboard does not pop up, and Escape or Enter leaves.
      close.current?.focus();
    } else if (!open && d.open) {
      d.close();
    }
  }, [open]);
  // A drawer left open when the window widens into the column layout unmounts: nothing stays open.
  useEffect(() => () => getLabStore().getState().setSettingsOpen(false), []);

  const onClose = () => {
    setOpen(false);
    const back = returnTo.current;
    returnTo.current = null;
    if (back?.isConnected) back.focus();
  };
  // A click on the dimmed page beside the drawer (the dialog's own box outside its panel) closes it.
  const onClick = (e: MouseEvent<HTMLDialogElement>) => {
    if (e.target === e.currentTarget) setOpen(false);
  };
  return (
    <dialog ref={dialog} id={SETTINGS_DRAWER_ID} aria-labelledby="settings-drawer-h" className="lab-drawer" data-current data-testid="settings-drawer" onClose={onClose} onClick={onClick}>
      <div className="lab-drawer-panel">
        <header className="border-b border-line px-3 py-2">
          <div className="flex items-center gap-2">
            <h2 id="settings-drawer-h" className="text-base font-semibold">
              Settings
            </h2>
            <button ref={close} type="button" onClick={() => setOpen(false)} className="ml-auto shrink-0 rounded-md border border-line bg-raised px-3 py-1 text-sm font-semibold text-ink hover:border-accent">
              Close
            </button>
          </div>
          <DrawerReadouts />
        </header>
        <section id="settings" aria-label="Settings" className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 pt-3 pb-8" data-drawer-scroll>
          <SettingsBody />
        </section>
        {/* The page behind a modal is inert, so its announcer is silent: this one speaks while the drawer is open. */}
        {open && <ResultsAnnouncer />}
      </div>
    </dialog>
  );
}

/** The drawn request's two clocks, kept in sight while a setting changes them (the cards are behind the drawer). */
function DrawerReadouts() {
  const rep = useSim((s) => s.main?.result.representative?.breakdown ?? null);
  const tokPerSec = useSim((s) => s.main?.result.metrics.outputTokPerSec ?? null);
  const stale = useSim((s) => s.error !== null && s.error.id === s.requestedId);
  if (!rep) return null;
  return (
    <p className="tabular text-xs" data-testid="drawer-readouts">
      <span className="text-muted">{stale ? 'These settings cannot run; the last that could: TTFT ' : 'Drawn request: TTFT '}</span>
      <span className="font-semibold whitespace-nowrap">{formatMs(rep.ttftMs)}</span>
      <span className="text-muted">, TPOT </span>
      <span className="font-semibold whitespace-nowrap">{formatMs(rep.outputTokens > 1 ? rep.tpotMs : null)}</span>
      <span className="text-muted">. Server: </span>
      <span className="font-semibold whitespace-nowrap">{formatTokPerSec(tokPerSec)}</span>
    </p>
  );
}
