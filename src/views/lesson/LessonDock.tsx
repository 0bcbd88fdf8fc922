import type { ReactNode } from 'react';

/**
 * A bar docked at the bottom of the window while a lesson step is under way,
 * so the lab above stays in view (nothing is pushed down) and the step's
 * controls stay at hand wherever the student scrolls.
 */
export function LessonDock({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <aside
      aria-label={label}
      className="fixed inset-x-0 bottom-0 z-30 border-t-2 border-accent bg-raised px-3 py-1.5 text-sm shadow-[0_-4px_16px_rgba(0,0,0,0.15)] sm:px-6"
      data-testid={testId}
    >
      <div className="mx-auto flex max-w-[1400px] flex-wrap items-center gap-x-4 gap-y-1">{children}</div>
    </aside>
  );
}

/** The dock's one primary action (the next step, or "I've looked"): waits for the run of the current step. */
export function DockAction({ onClick, ready, testId, children }: { onClick: () => void; ready: boolean; testId: string; children: ReactNode }) {
  return (
    <button type="button" onClick={onClick} disabled={!ready} className="rounded-md bg-accent px-3 py-1.5 font-semibold text-accent-ink disabled:cursor-wait disabled:opacity-60" data-testid={testId}>
      {children}
    </button>
  );
}
