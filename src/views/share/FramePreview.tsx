import { useElementWidth } from '../common/useElementWidth';

/**
 * The frame as the snippet makes it: the real size inside (so the view lays
 * out as it will on the course page), scaled down to fit the panel when the
 * panel is narrower.
 */
export function FramePreview({ src, widthPx, heightPx, title }: { src: string; widthPx: number; heightPx: number; title: string }) {
  const { ref, width } = useElementWidth<HTMLDivElement>(widthPx);
  const scale = Math.min(1, width > 0 ? width / widthPx : 1);
  return (
    <div ref={ref} className="w-full" data-testid="share-preview">
      <p className="mb-1 text-xs text-muted">
        Preview at {widthPx} × {heightPx}
        {scale < 1 ? `, shown at ${Math.round(scale * 100)}%` : ''}
      </p>
      <div className="overflow-hidden rounded border border-line" style={{ width: widthPx * scale, height: heightPx * scale }}>
        <iframe src={src} width={widthPx} height={heightPx} title={`Preview: ${title}`} style={{ border: 0, transform: `scale(${scale})`, transformOrigin: '0 0' }} data-testid="share-preview-frame" />
      </div>
    </div>
  );
}
