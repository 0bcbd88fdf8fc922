import { LoadControls } from './LoadControls';
import { ServerControls } from './ServerControls';
import { ServingControls } from './ServingControls';
import { SloControls } from './SloControls';
import { WorkloadControls } from './WorkloadControls';

/** Every control of the lab, grouped. */
export function Controls() {
  return (
    <div className="space-y-6">
      <WorkloadControls />
      <LoadControls />
      <SloControls />
      <ServerControls />
      <ServingControls />
    </div>
  );
}
