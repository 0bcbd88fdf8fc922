import { PAGE_SECTIONS } from './sections';

/**
 * In-page navigation, kept at the top of the viewport: every part of the lab
 * one click away, with anchors that work in links.
 */
export function SectionNav() {
  return (
    <nav aria-label="Sections" className="sticky top-0 z-20 -mx-3 border-b border-line bg-bg px-3 sm:-mx-6 sm:px-6" data-testid="section-nav">
      <ul className="flex gap-1 overflow-x-auto py-1 text-sm whitespace-nowrap [scrollbar-width:none]">
        {PAGE_SECTIONS.map((s) => (
          <li key={s.id}>
            <a href={`#${s.id}`} className="block rounded px-2 py-1 font-medium text-accent hover:bg-raised">
              {s.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
