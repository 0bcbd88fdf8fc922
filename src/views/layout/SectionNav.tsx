import { useLabStore } from '../../store';
import { useWide } from '../common/useMediaQuery';
import { PAGE_SECTIONS } from './sections';
import { openSettings, SETTINGS_DRAWER_ID } from './settingsDrawer';
import { scrollStep } from './scrollEdges';
import { useScrollEdges } from './useScrollEdges';

/**
 * In-page navigation, kept at the top of the viewport: every part of the lab
 * one click away, with anchors that work in links. When the links do not fit
 * (a phone), they scroll sideways: the cut end fades and an arrow button says
 * there is more. Without the settings column, its first item is the button
 * that opens the settings drawer (always in view, as the nav is).
 */
export function SectionNav() {
  const wide = useWide();
  const { ref, edges } = useScrollEdges<HTMLUListElement>();
  const sections = wide ? PAGE_SECTIONS : PAGE_SECTIONS.filter((s) => s.id !== 'settings');
  const scrollBy = (direction: 1 | -1) => {
    const el = ref.current;
    if (el) el.scrollTo({ left: scrollStep(el.scrollLeft, el.scrollWidth, el.clientWidth, direction), behavior: 'smooth' });
  };
  return (
    <nav aria-label="Sections" className="sticky top-0 z-20 -mx-3 flex items-center gap-1 border-b border-line bg-bg px-3 sm:-mx-6 sm:px-6" data-testid="section-nav">
      {!wide && <SettingsButton />}
      <div className="relative min-w-0 flex-1">
        <ul
          ref={ref}
          className="lab-nav-list flex gap-1 overflow-x-auto py-1 text-sm whitespace-nowrap [scrollbar-width:none]"
          data-more-before={edges.before || undefined}
          data-more-after={edges.after || undefined}
        >
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="block rounded px-2 py-1 font-medium text-accent hover:bg-raised">
                {s.label}
              </a>
            </li>
          ))}
        </ul>
        {/* For a pointer; the keyboard reaches every link with Tab (the list scrolls to the focused one). */}
        {edges.before && <ScrollButton direction={-1} onClick={() => scrollBy(-1)} />}
        {edges.after && <ScrollButton direction={1} onClick={() => scrollBy(1)} />}
      </div>
    </nav>
  );
}

function ScrollButton({ direction, onClick }: { direction: 1 | -1; onClick: () => void }) {
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-hidden="true"
      onClick={onClick}
      className={`absolute inset-y-0 flex w-8 items-center justify-center bg-bg text-lg font-bold text-accent ${direction === 1 ? 'right-0 border-l' : 'left-0 border-r'} border-line`}
      data-testid={direction === 1 ? 'nav-more-after' : 'nav-more-before'}
    >
      {direction === 1 ? '›' : '‹'}
    </button>
  );
}

/** Opens the settings drawer; says it opens a dialog and whether it is open. */
function SettingsButton() {
  const open = useLabStore((s) => s.settingsOpen);
  return (
    <button
      type="button"
      onClick={openSettings}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls={SETTINGS_DRAWER_ID}
      className="my-1 flex shrink-0 items-center gap-1 rounded-md border border-accent px-2 py-0.5 text-sm font-semibold text-accent hover:bg-raised"
      data-testid="settings-open"
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4 fill-none stroke-current" strokeWidth={1.6} strokeLinecap="round">
        <path d="M2 4h7M13 4h1M2 8h2M8 8h6M2 12h9M14 12h0" />
        <circle cx="11" cy="4" r="1.6" />
        <circle cx="6" cy="8" r="1.6" />
        <circle cx="12.5" cy="12" r="1.6" />
      </svg>
      Settings
    </button>
  );
}
