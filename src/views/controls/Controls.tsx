import { LeverControls } from './LeverControls';
import { LoadControls } from './LoadControls';
import { ServerControls } from './ServerControls';
import { ServingControls } from './ServingControls';
import { SloControls } from './SloControls';
import { WorkloadControls } from './WorkloadControls';

/** Every setting beyond the lesson's two (workload, idle or busy), grouped. */
export function Controls() {
  return (
    <div className="space-y-6">
      <WorkloadControls />
      <LoadControls />
      <SloControls />
      <ServerControls />
      <LeverControls />
      <ServingControls />
    </div>
  );
}
