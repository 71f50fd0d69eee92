import { describe, expect, it } from 'vitest';
import { CALL_POLICY, narratorState } from '../../../src/narration/llm/narrator-states.js';

describe('the narrator’s states and what a call may do in each', () => {
  it('refuses a text-only or cloud model whatever else holds, outage or not', () => {
    for (const down of [false, true]) {
      expect(CALL_POLICY[narratorState('cloud', down)]).toMatchObject({ call: 'refuse', cause: 'cloud_model' });
      expect(CALL_POLICY[narratorState('no_vision', down)]).toMatchObject({ call: 'refuse', cause: 'no_vision' });
    }
  });

  it('says a model that loads, is missing or failed to load, before an outage', () => {
    expect(narratorState('loading', true)).toBe('loading');
    expect(narratorState('model_missing', true)).toBe('model_missing');
    expect(narratorState('load_failed', false)).toBe('load_failed');
    expect(CALL_POLICY.model_missing).toMatchObject({ call: 'fail', cause: 'model_not_found' });
  });

  it('fails calls during an outage, and tries one after it without the pipeline waiting on it', () => {
    for (const probed of [undefined, 'ok', 'unreachable'] as const) expect(narratorState(probed, true)).toBe('down');
    expect(CALL_POLICY.down).toMatchObject({ call: 'fail', cause: 'network', available: false });
    expect(CALL_POLICY[narratorState('unreachable', false)]).toEqual({ call: 'try', available: false });
    expect(CALL_POLICY[narratorState(undefined, false)]).toEqual({ call: 'try', available: true });
    expect(CALL_POLICY[narratorState('ok', false)]).toEqual({ call: 'try', available: true });
  });
});
