/**
 * The per-model "fitted" flag must follow the calibration data in the
 * repository: a model is measured when measurements*.csv has rows that the
 * calibration's own label mapping assigns to it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCsvRecords } from '../../src/engine/calibration/csv';
import { modelIdFromLabel } from '../../src/engine/calibration/mapping';
import { MEASURED_MODEL_IDS, MODELS, SAME_ARCHITECTURE_AS, modelById, modelFit, modelParams, type ModelConfig } from '../../src/engine/profiles/index';

const csv = (name: string) => parseCsvRecords(readFileSync(new URL(`../../data/calibration/${name}`, import.meta.url), 'utf8'));

describe('which models the calibration has measured', () => {
  it('lists exactly the catalog models with rows in data/calibration', () => {
    const ids = new Set<string>();
    for (const name of ['measurements.csv', 'measurements-load.csv']) {
      for (const row of csv(name)) {
        const id = modelIdFromLabel(row.model ?? '');
        if (id) ids.add(id);
      }
    }
    expect([...MEASURED_MODEL_IDS].sort()).toEqual([...ids].sort());
  });

  it('counts an identical architecture as measured, and nothing else', () => {
    for (const [id, twin] of Object.entries(SAME_ARCHITECTURE_AS)) {
      expect(MEASURED_MODEL_IDS).toContain(twin);
      const arch = (m: ModelConfig) => Object.fromEntries(Object.entries(m).filter(([k]) => !['id', 'label', 'source', 'publishedParams'].includes(k)));
      expect(arch(modelById(id)!)).toEqual(arch(modelById(twin)!));
      expect(modelParams(modelById(id)!)).toEqual(modelParams(modelById(twin)!));
    }
  });

  it('says the figures are unfitted for every model of issue 19', () => {
    for (const id of ['llama-3.2-1b', 'qwen3-30b-a3b', 'gpt-oss-120b', 'deepseek-v3', 'gemma-3-27b']) {
      const f = modelFit(modelById(id)!);
      expect(f.fitted).toBe(false);
      expect(f.note).toMatch(/No published measurements of .* are in data\/calibration/);
    }
    expect(modelFit(modelById('llama-3.1-8b')!)).toEqual({ fitted: true, note: null });
    expect(MODELS.filter((m) => modelFit(m).fitted).length).toBe(MEASURED_MODEL_IDS.length + Object.keys(SAME_ARCHITECTURE_AS).length);
  });
});
