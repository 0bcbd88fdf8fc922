import { MAX_INSTANCES } from '../../engine/levers/config';
import { KV_LINK_IDS, KV_LINKS, namedKvLink, type KvLinkId, type NamedKvLink } from '../../engine/levers/kvLinks';
import { gpuById } from '../../engine/profiles/gpus';
import { useLabStore } from '../../store';
import { NumberField } from '../common/NumberField';
import { tpOptions, type MenuOption } from './server/hardwareOptions';
import { Select } from './server/Select';

const AUTO = 'auto';

/** A link in its menu, short enough to show whole: its name and speed ("InfiniBand NDR (50 GB/s)"); the note under the menu gives the unit. */
const menuLabel = (link: NamedKvLink): string => `${link.label.split(' (')[0]} (${Number((link.bytesPerSecPerGpu / 1e9).toPrecision(3))} GB/s)`;

/** GPUs rounded up to whole instances of `tp`. */
const wholeInstances = (gpus: number, tp: number): number => Math.max(tp, Math.ceil(gpus / tp) * tp);

/** "2 prefill instances of 2 GPUs", or what is wrong with the count. */
function poolText(role: string, gpus: number, tp: number): string {
  const n = gpus / tp;
  if (!Number.isInteger(n)) return `${gpus} ${role} GPUs are not whole instances of ${tp}`;
  return `${n} ${role} instance${n === 1 ? '' : 's'} of ${tp} GPU${tp === 1 ? '' : 's'}`;
}

/**
 * The disaggregated pools, under the split lever: each pool's GPUs and (on
 * hardware) its own tensor-parallel degree, and the link the KV crosses.
 * A TP picked for a pool rounds its GPUs up to whole instances of it, so
 * the change runs rather than being refused.
 */
export function PoolFields() {
  const hardware = useLabStore((s) => s.settings.server === 'hardware');
  const tp = useLabStore((s) => (s.settings.server === 'hardware' ? s.settings.tp : 1));
  const model = useLabStore((s) => s.settings.model);
  const gpu = useLabStore((s) => s.settings.gpu);
  const prefillGpus = useLabStore((s) => s.settings.prefillGpus);
  const decodeGpus = useLabStore((s) => s.settings.decodeGpus);
  const prefillTp = useLabStore((s) => s.settings.prefillTp);
  const decodeTp = useLabStore((s) => s.settings.decodeTp);
  const kvLink = useLabStore((s) => s.settings.kvLink);
  const update = useLabStore((s) => s.updateSettings);
  const ptp = prefillTp ?? tp;
  const dtp = decodeTp ?? tp;
  const tps: MenuOption[] = [{ value: AUTO, label: `Same as TP (${tp})`, unavailable: null }, ...tpOptions(model, gpu)];
  // A link these GPUs or this many GPUs cannot have (NVLink on a PCIe card, or past one server) stays listed with the reason.
  const gpuLink = hardware ? (gpuById(gpu)?.interconnect ?? null) : null;
  const links: MenuOption[] = [
    { value: AUTO, label: 'Auto (the GPUs’ own link)', unavailable: null },
    ...KV_LINK_IDS.map((id) => {
      const named = namedKvLink(id, gpuLink, prefillGpus + decodeGpus);
      return { value: id, label: menuLabel(named.ok ? named.link : KV_LINKS[id]), unavailable: named.ok ? null : named.reason.split(':')[0] };
    }),
  ];
  const tpOf = (v: string): number | null => (v === AUTO ? null : Number(v));
  return (
    <div className="space-y-1.5" data-testid="pool-fields">
      <div className="flex flex-wrap items-end gap-2">
        <NumberField label="Prefill GPUs" value={prefillGpus} min={ptp} max={MAX_INSTANCES * ptp} integer onCommit={(v) => update({ prefillGpus: v })} className="w-28" />
        <NumberField label="Decode GPUs" value={decodeGpus} min={dtp} max={MAX_INSTANCES * dtp} integer onCommit={(v) => update({ decodeGpus: v })} className="w-28" />
      </div>
      {hardware && (
        // Side by side where each select has room for "Same as TP (N)", stacked where it would clip (the desktop sidebar).
        <div className="grid grid-cols-[repeat(auto-fit,minmax(10rem,1fr))] gap-2">
          <Select
            label="Prefill TP"
            value={prefillTp === null ? AUTO : String(prefillTp)}
            options={tps}
            onChange={(v) => update({ prefillTp: tpOf(v), prefillGpus: wholeInstances(prefillGpus, tpOf(v) ?? tp) })}
          />
          <Select label="Decode TP" value={decodeTp === null ? AUTO : String(decodeTp)} options={tps} onChange={(v) => update({ decodeTp: tpOf(v), decodeGpus: wholeInstances(decodeGpus, tpOf(v) ?? tp) })} />
        </div>
      )}
      <Select label="KV link" value={kvLink} options={links} onChange={(v) => update({ kvLink: v as 'auto' | KvLinkId })} note="Bandwidths each way, per GPU." />
      <p className="text-xs text-muted" data-testid="pool-shape">
        {poolText('prefill', prefillGpus, ptp)}, {poolText('decode', decodeGpus, dtp)}.{' '}
        {hardware ? 'Prefill at a higher TP shortens each prompt; decode at a lower TP runs more instances on the same GPUs.' : 'The lesson server counts each instance as one GPU.'}
      </p>
    </div>
  );
}
