export { TtftCard } from './TtftCard';
export { TpotCard } from './TpotCard';
export { ThroughputCard } from './ThroughputCard';
export { VerdictBanner } from './VerdictBanner';
export { verdictFor } from './verdict';
