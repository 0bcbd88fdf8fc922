/**
 * The names `--kv-link` takes, apart from the links' figures and sources
 * (`kvLinks.ts`): the settings' schema needs only the names, and the page
 * loads the figures when a setting names a link.
 */

/** The links `--kv-link` names. */
export const KV_LINK_IDS = ['nvlink', 'infiniband', 'pcie', 'ethernet'] as const;
/** A named link. */
export type KvLinkId = (typeof KV_LINK_IDS)[number];
