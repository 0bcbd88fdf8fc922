import { useEffect, useRef, useState } from 'react';
import { themeOf, type Theme } from '../../settings/pageKeys';
import { settingsToQuery } from '../../settings/parse';
import { useLabStore } from '../../store';
import { EMBED_VIEWS, type EmbedView } from '../embed/embedMode';
import { CopyField, lowerFirst } from './CopyField';
import { FramePreview } from './FramePreview';
import { useLessonPlace, type LessonPlace } from './lessonPlace';
import { EMBED_DESCRIPTIONS, EMBED_TITLES, embedSrc, FRAME_LIMITS, FRAME_PRESETS, iframeSnippet, lessonLink, pageBase, parseFrameSize } from './shareLinks';

type SizeChoice = (typeof FRAME_PRESETS)[number]['id'] | 'custom';

const placeName = (p: LessonPlace) => `${p.kind === 'question' ? 'question' : 'lever scene'} ${p.id}${p.title ? `, “${p.title}”` : ''}`;

/**
 * Everything an instructor shares, in one dialog: the link to this scenario,
 * to the question and the scene on screen (at their prediction step), and the
 * `<iframe>` code of each embeddable view at a size and theme, each with a
 * Copy button, and a live preview of the frame. Built from the page's own
 * address, so a copy of the lab hosted anywhere shares itself.
 */
export default function SharePanel({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  const settings = useLabStore((s) => s.settings);
  const place = useLessonPlace();
  const [theme, setTheme] = useState<Theme | null>(() => themeOf(window.location.search));
  const [size, setSize] = useState<SizeChoice>('wide');
  const [typed, setTyped] = useState({ width: '640', height: '480' });
  const [preview, setPreview] = useState<EmbedView | null>('timeline');

  const base = pageBase(window.location);
  const query = settingsToQuery(settings);
  const preset = FRAME_PRESETS.find((p) => p.id === size);
  const frame = preset ? ({ ok: true, widthPx: preset.widthPx, heightPx: preset.heightPx } as const) : parseFrameSize(typed.width, typed.height);
  const places = place.last === 'scene' ? [place.scene, place.question] : [place.question, place.scene];

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="share-h"
      className="m-auto max-h-[calc(100dvh-1rem)] w-[min(56rem,calc(100vw-1rem))] overflow-y-auto rounded-lg border border-line bg-surface p-0 text-ink backdrop:bg-black/50"
      data-testid="share-panel"
    >
      <div className="space-y-4 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 id="share-h" className="text-lg font-semibold">
            Share this lab
          </h2>
          <button type="button" onClick={() => dialog.current?.close()} className="rounded-md border border-line px-3 py-1 text-sm font-semibold">
            Close
          </button>
        </div>

        <section aria-labelledby="share-links-h" className="space-y-3">
          <h3 id="share-links-h" className="font-semibold">
            Links
          </h3>
          <CopyField id="share-scenario" label="Link to this scenario" value={window.location.href} testId="share-scenario" />
          {places.map((p) => (
            <CopyField key={p.kind} id={`share-${p.kind}`} label={`Link to ${placeName(p)}, at its prediction`} value={lessonLink(base, p.kind, p.id)} testId={`share-${p.kind}`} />
          ))}
        </section>

        <section aria-labelledby="share-embed-h" className="space-y-3">
          <h3 id="share-embed-h" className="font-semibold">
            Embed a view
          </h3>
          <p className="text-sm text-muted">Each frame names its scenario (the one on screen now) and links to the full lab.</p>
          <div className="flex flex-wrap items-start gap-x-6 gap-y-2 text-sm">
            <fieldset>
              <legend className="font-semibold">Frame size</legend>
              <div className="flex flex-wrap gap-x-4">
                {[...FRAME_PRESETS.map((p) => ({ id: p.id as SizeChoice, label: p.label })), { id: 'custom' as SizeChoice, label: 'Another size' }].map((o) => (
                  <label key={o.id} className="flex items-center gap-1">
                    <input type="radio" name="share-size" value={o.id} checked={size === o.id} onChange={() => setSize(o.id)} />
                    {o.label}
                  </label>
                ))}
              </div>
              {size === 'custom' && (
                <div className="mt-1 flex flex-wrap items-center gap-2">
                  <label className="flex items-center gap-1">
                    Width
                    <input value={typed.width} onChange={(e) => setTyped((t) => ({ ...t, width: e.target.value }))} inputMode="numeric" aria-describedby="share-size-msg" aria-invalid={!frame.ok} className="w-20 rounded border border-line bg-raised px-1" />
                    px
                  </label>
                  <label className="flex items-center gap-1">
                    Height
                    <input value={typed.height} onChange={(e) => setTyped((t) => ({ ...t, height: e.target.value }))} inputMode="numeric" aria-describedby="share-size-msg" aria-invalid={!frame.ok} className="w-20 rounded border border-line bg-raised px-1" />
                    px
                  </label>
                </div>
              )}
              <p id="share-size-msg" role="status" className={`text-xs ${frame.ok ? 'text-muted' : 'font-semibold text-bad'}`} data-testid="share-size-msg">
                {frame.ok ? (size === 'custom' ? `From ${FRAME_LIMITS.minWidthPx} to ${FRAME_LIMITS.maxWidthPx} px wide and ${FRAME_LIMITS.minHeightPx} to ${FRAME_LIMITS.maxHeightPx} px high.` : '') : frame.message}
              </p>
            </fieldset>
            <label className="flex items-center gap-1">
              <span className="font-semibold">Theme</span>
              <select value={theme ?? ''} onChange={(e) => setTheme(e.target.value === '' ? null : (e.target.value as Theme))} className="rounded border border-line bg-raised px-1 py-0.5">
                <option value="">Follow the reader&apos;s system</option>
                <option value="light">Light</option>
                <option value="dark">Dark</option>
              </select>
            </label>
          </div>
          {EMBED_VIEWS.map((view) => {
            const src = embedSrc(base, view, query, theme);
            return (
              <CopyField
                key={view}
                id={`share-embed-${view}`}
                label={`${EMBED_DESCRIPTIONS[view]} (embed=${view})`}
                value={frame.ok ? iframeSnippet(src, frame.widthPx, frame.heightPx, EMBED_TITLES[view]) : 'Fix the frame size above to get the code.'}
                rows={3}
                testId={`share-embed-${view}`}
              >
                <button type="button" aria-pressed={preview === view} onClick={() => setPreview(preview === view ? null : view)} className="rounded-md border border-accent px-2 py-0.5 text-xs font-semibold text-accent">
                  Preview<span className="sr-only"> {lowerFirst(EMBED_DESCRIPTIONS[view])}</span>
                </button>
              </CopyField>
            );
          })}
          {preview && frame.ok && <FramePreview key={`${preview}-${frame.widthPx}-${frame.heightPx}`} src={embedSrc(base, preview, query, theme)} widthPx={frame.widthPx} heightPx={frame.heightPx} title={EMBED_TITLES[preview]} />}
        </section>
      </div>
    </dialog>
  );
}
