import type { RooflineDetails } from '../../engine/profiles';

/**
 * How a mixture-of-experts model's experts sit on the server's GPUs, one line
 * under the server view: split (every expert sharded across the TP group) or,
 * with expert parallelism, whole experts per GPU; null for a dense model.
 */
export function expertsText(d: Pick<RooflineDetails, 'model' | 'tp' | 'cost'>): string | null {
  const m = d.model;
  if (m.experts <= 1) return null;
  const routed = `${m.experts} experts a layer, ${m.expertsPerToken} routed to each token`;
  if (d.cost.expertParallel) {
    return (
      `Experts split across the GPUs (expert parallel): ${routed}; each of the ${d.tp} GPUs holds ${m.experts / d.tp} of them whole and reads only those the batch routes to. ` +
      'The MoE layers send each token to its experts\' GPUs and back (all-to-all) instead of an all-reduce, and every step waits for the GPU with the most experts routed to it.'
    );
  }
  if (d.tp === 1) return `Experts: ${routed}, all on the one GPU; a decode step reads only the experts its batch routes to.`;
  return `Experts sharded (tensor parallel): ${routed}; every GPU holds 1/${d.tp} of each expert and reads its slice of those the batch routes to. Expert parallelism (in the server settings) would place them whole instead.`;
}
