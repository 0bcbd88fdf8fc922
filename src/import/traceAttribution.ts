/** Credit for the built-in traces (data/traces/README.md), kept apart from the catalog so the page's first chunk does not carry it. */

/** The attribution data/traces/README.md gives (CC-BY 4.0 asks for it wherever the data is used). */
export const TRACE_ATTRIBUTION = {
  license: 'CC-BY 4.0',
  licenseUrl: 'https://creativecommons.org/licenses/by/4.0/',
  authors: 'Pratyush Patel, Esha Choukse, Chaojie Zhang, Aashaka Shah, Íñigo Goiri, Saeed Maleki, Ricardo Bianchini',
  work: 'Splitwise: Efficient generative LLM inference using phase splitting',
  venue: 'ISCA 2024',
  dataset: 'Azure LLM inference trace 2023, AzurePublicDataset (commit b469a113)',
} as const;
