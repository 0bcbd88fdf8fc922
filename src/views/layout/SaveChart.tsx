import { useState, type RefObject } from 'react';
import { downloadBlob, svgToPngBlob, svgToSvgBlob } from '../../export/chart-image';

/**
 * Saves the charts inside `target` as SVG or PNG files (one file per <svg>,
 * numbered when a card holds several). Everything happens in the page: no
 * request leaves it.
 */
export function SaveChart({ target, fileStem, label }: { target: RefObject<HTMLElement | null>; fileStem: string; label: string }) {
  const [problem, setProblem] = useState<string | null>(null);
  const save = async (kind: 'svg' | 'png') => {
    // Charts draw small icons as <svg> too; keep the ones that are charts (role="img" or sizeable).
    const svgs = [...(target.current?.querySelectorAll<SVGSVGElement>('svg') ?? [])].filter((s) => s.getAttribute('role') === 'img' || s.clientWidth >= 120);
    if (svgs.length === 0) {
      setProblem('There is no chart to save yet.');
      return;
    }
    try {
      setProblem(null);
      for (let i = 0; i < svgs.length; i++) {
        const name = svgs.length === 1 ? `${fileStem}.${kind}` : `${fileStem}-${i + 1}.${kind}`;
        downloadBlob(kind === 'svg' ? svgToSvgBlob(svgs[i]) : await svgToPngBlob(svgs[i]), name);
      }
    } catch (e) {
      setProblem(`Could not save the chart: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  const button = 'rounded border border-line bg-raised px-2 py-0.5 text-xs text-ink hover:border-accent focus-visible:outline-2 focus-visible:outline-accent';
  return (
    <div className="flex flex-wrap items-center justify-end gap-1.5">
      <button type="button" className={button} onClick={() => void save('svg')} aria-label={`Save ${label} as SVG`}>
        SVG
      </button>
      <button type="button" className={button} onClick={() => void save('png')} aria-label={`Save ${label} as PNG`}>
        PNG
      </button>
      {problem && (
        <p role="alert" className="w-full text-right text-xs text-bad">
          {problem}
        </p>
      )}
    </div>
  );
}
