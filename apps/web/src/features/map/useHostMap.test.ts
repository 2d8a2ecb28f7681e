import { describe, expect, it } from 'vitest';
import { selectionMessage } from './useHostMap';

const TRINDADE = { id: 7, name: 'Trindade', parentId: 3, systemType: 'STOP' as const };
const WORKS = { id: 12, title: 'Obras na Rua de Santa Catarina' };

describe('selectionMessage', () => {
  it('names the selected system or incident once its details are in', () => {
    expect(selectionMessage({ kind: 'system', id: 7 }, TRINDADE, undefined)).toEqual({
      messageType: 'SYSTEM_SELECTED',
      payload: { id: 7, name: 'Trindade', groupId: 3, type: 'STOP' },
    });
    expect(selectionMessage({ kind: 'incident', id: 12 }, undefined, WORKS)).toEqual({
      messageType: 'INCIDENT_SELECTED',
      payload: { id: 12, title: 'Obras na Rua de Santa Catarina' },
    });
  });

  it('says nothing while the details load, nor with the details of the one selected before', () => {
    expect(selectionMessage({ kind: 'system', id: 7 }, undefined, undefined)).toBeNull();
    expect(selectionMessage({ kind: 'system', id: 8 }, TRINDADE, undefined)).toBeNull();
    expect(selectionMessage({ kind: 'incident', id: 13 }, TRINDADE, WORKS)).toBeNull();
  });

  it('is a cleared selection with nothing selected, or a traffic segment', () => {
    const cleared = { messageType: 'SELECTION_CLEARED', payload: {} };
    expect(selectionMessage(null, TRINDADE, WORKS)).toEqual(cleared);
    expect(selectionMessage({ kind: 'traffic' }, TRINDADE, WORKS)).toEqual(cleared);
  });
});
