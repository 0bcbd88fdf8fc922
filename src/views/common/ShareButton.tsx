import { lazy, Suspense, useRef, useState } from 'react';

// The panel's code loads when it is first opened, not with the page.
const SharePanel = lazy(() => import('../share/SharePanel'));

/** The one "Share" control: opens the share panel (links, embed code, a preview), and takes focus back when it closes. */
export function ShareButton() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={button} type="button" onClick={() => setOpen(true)} aria-haspopup="dialog" aria-expanded={open} className="rounded-md bg-accent px-3 py-1.5 text-sm font-semibold text-accent-ink hover:opacity-90" data-testid="share-button">
        Share
      </button>
      {open && (
        <Suspense fallback={null}>
          <SharePanel
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
