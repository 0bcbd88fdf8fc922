/** The line under a card's number saying how far the lab is sure of it (only when the range is wide). */
export function RangeLine({ metric, lead, text }: { metric: string; /** The statistic the range is of, e.g. "Median 320 ms". */ lead: string; text: string | null }) {
  if (text === null) return null;
  return (
    <p className="text-xs text-ink" data-range={metric}>
      <span className="font-medium">{lead}</span> · {text}
    </p>
  );
}
