/**
 * The page's sections in reading order, with the anchors a course can link to
 * (`…/#curve`). The ids are a public contract (README, "Links and anchors").
 */
export const PAGE_SECTIONS = [
  { id: 'lab', label: 'Lab' },
  { id: 'try-it', label: 'Try it' },
  { id: 'settings', label: 'Settings' },
  { id: 'diagnose', label: 'Diagnose' },
  { id: 'scenes', label: 'Scenes' },
  { id: 'streaming', label: 'Stream' },
  { id: 'curve', label: 'Curve' },
  { id: 'server', label: 'Server' },
  { id: 'distribution', label: 'Percentiles' },
  { id: 'compare', label: 'Compare' },
  { id: 'trace', label: 'Trace' },
  { id: 'plan', label: 'Plan' },
  { id: 'why', label: 'Why' },
  { id: 'myths', label: 'Myths' },
  { id: 'quiz', label: 'Quiz' },
] as const;

export type SectionId = (typeof PAGE_SECTIONS)[number]['id'];
