import { useEffect, useRef, type ReactNode } from 'react';
import { focusAndShow } from './focusLab';

/**
 * The box an explanation appears in, for a question and a lever scene alike:
 * "What the lab shows" as its heading, which takes focus (and scrolls into
 * view) when `takeFocus` turns on, so the student lands on what to read.
 */
export function ExplanationBox({ testId, takeFocus, children }: { testId: string; takeFocus: boolean; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) focusAndShow(heading.current);
  }, [takeFocus]);
  return (
    <div aria-live="polite" className="rounded-md border-l-4 border-accent bg-raised p-3 text-sm" data-testid={testId}>
      <h4 ref={heading} tabIndex={-1} className="mb-1 font-semibold outline-none">
        What the lab shows
      </h4>
      {children}
    </div>
  );
}

/** The answer in one line, after the explanation. */
export function OneLine({ answer }: { answer: ReactNode }) {
  return (
    <p className="text-sm">
      <span className="font-semibold">In one line: </span>
      {answer}
    </p>
  );
}
