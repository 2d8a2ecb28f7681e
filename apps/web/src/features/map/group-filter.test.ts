import type { TMobilityGroupNode } from '@mip/shared';
import { describe, expect, it } from 'vitest';
import { checkState, drawnGroupIds, groupsById, toggleGroup } from './group-filter';
import { groupNode } from './group-node.fixture';

const node = (id: number, subgroups: TMobilityGroupNode[] = []) => groupNode(id, { subgroups });

// Metro (1) with its lines (2) and stops (3); buses (4) alone.
const metro = node(1, [node(2), node(3)]);
const tree = [metro, node(4)];

describe('the filter panel', () => {
  it('ticks a group with everything below it and shows a parent half-ticked when part of it is', () => {
    const picked = toggleGroup(metro, new Set());
    expect([...picked].sort()).toEqual([1, 2, 3]);
    expect(checkState(metro, picked)).toBe('checked');
    const lines = metro.subgroups[0];
    const withoutLines = toggleGroup(lines, picked);
    expect(checkState(metro, withoutLines)).toBe('indeterminate');
    expect(checkState(lines, withoutLines)).toBe('unchecked');
    // Ticking the half-ticked parent picks it whole again; ticking it once more drops it all.
    expect(checkState(metro, toggleGroup(metro, withoutLines))).toBe('checked');
    expect(toggleGroup(metro, picked).size).toBe(0);
  });

  it('draws the picked groups, or with none picked every group unless the configuration says otherwise', () => {
    expect([...drawnGroupIds(tree, new Set([4]), true)]).toEqual([4]);
    expect([...drawnGroupIds(tree, new Set(), true)].sort()).toEqual([1, 2, 3, 4]);
    expect(drawnGroupIds(tree, new Set(), false).size).toBe(0);
  });

  it('finds nested groups by id', () => {
    expect(groupsById(tree).get(3)?.name).toBe('Grupo 3');
    expect(groupsById(tree).size).toBe(4);
  });
});
