import type { ReplayCard } from './replayModel';

/** Measured against replayed, one card per metric: p50/p90/p99 (or the two throughputs) with the replay's ratio. */
export function ReplayCards({ cards, gapKey }: { cards: readonly ReplayCard[]; gapKey: string | null }) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="replay-cards">
      {cards.map((card) => (
        <article key={card.key} aria-labelledby={`replay-${card.key}-h`} className="rounded-lg border border-line bg-surface p-3" data-testid={`replay-card-${card.key}`}>
          <h4 id={`replay-${card.key}-h`} className="text-sm font-semibold">
            {card.title}
          </h4>
          <table className="mt-1 w-full text-sm tabular">
            <thead>
              <tr className="text-xs text-muted">
                <th scope="col" className="text-left font-normal">
                  <span className="sr-only">Statistic</span>
                </th>
                <th scope="col" className="pl-2 text-right font-normal">Measured</th>
                <th scope="col" className="pl-2 text-right font-normal">Replayed</th>
                <th scope="col" className="pl-2 text-right font-normal">
                  <abbr title="replayed ÷ measured">×</abbr>
                </th>
              </tr>
            </thead>
            <tbody>
              {card.rows.map((r) => (
                <tr key={r.key} className={r.key === gapKey ? 'font-semibold' : undefined} data-row={r.key}>
                  <th scope="row" className="text-left font-normal text-muted">{r.label}</th>
                  <td className="pl-2 text-right whitespace-nowrap" data-side="measured">{r.measuredText}</td>
                  <td className="pl-2 text-right whitespace-nowrap" data-side="replayed">{r.replayedText}</td>
                  <td className="pl-2 text-right whitespace-nowrap">{r.ratioText}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </article>
      ))}
    </div>
  );
}
