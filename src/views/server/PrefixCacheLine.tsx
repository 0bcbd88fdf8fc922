import type { MainResult } from '../../workers/protocol';
import { formatCount, formatShare } from '../common/format';
import { prefixCacheText } from './prefixCacheText';

/** One line under the server view: how much of the prompts the prefix cache held, and what it evicted. */
export function PrefixCacheLine({ result }: { result: Pick<MainResult, 'metrics' | 'prefixCache' | 'instances'> }) {
  const text = prefixCacheText(result, formatShare, formatCount);
  if (text === null) return null;
  return (
    <p className="text-sm" data-testid="server-prefix-cache">
      {text}
    </p>
  );
}
