import type { TMobilityGroupNode } from '@mip/shared';

export type TCheckState = 'checked' | 'indeterminate' | 'unchecked';

/** The group and every group below it. */
export function idsWithin(node: TMobilityGroupNode): number[] {
  return [node.id, ...node.subgroups.flatMap(idsWithin)];
}

/** Tri-state of a filter entry: all of it picked, part of it, or none. */
export function checkState(node: TMobilityGroupNode, selected: ReadonlySet<number>): TCheckState {
  const ids = idsWithin(node);
  const picked = ids.filter((id) => selected.has(id)).length;
  if (picked === 0) return 'unchecked';
  return picked === ids.length ? 'checked' : 'indeterminate';
}

/** Ticking an entry picks it with everything below it; unticking a fully picked one drops them all. */
export function toggleGroup(node: TMobilityGroupNode, selected: ReadonlySet<number>): Set<number> {
  const next = new Set(selected);
  const ids = idsWithin(node);
  if (checkState(node, selected) === 'checked') for (const id of ids) next.delete(id);
  else for (const id of ids) next.add(id);
  return next;
}

/**
 * The groups the map draws: those picked; with nothing picked, every group when the configuration says
 * mapShowAllOnEmptyFilter (the default), else none.
 */
export function drawnGroupIds(
  tree: readonly TMobilityGroupNode[],
  selected: ReadonlySet<number>,
  showAllOnEmpty: boolean,
): Set<number> {
  if (selected.size > 0) return new Set(selected);
  return showAllOnEmpty ? new Set(tree.flatMap(idsWithin)) : new Set();
}

/** Every group of the tree by id, flattened. */
export function groupsById(tree: readonly TMobilityGroupNode[]): Map<number, TMobilityGroupNode> {
  const byId = new Map<number, TMobilityGroupNode>();
  const visit = (node: TMobilityGroupNode) => {
    byId.set(node.id, node);
    node.subgroups.forEach(visit);
  };
  tree.forEach(visit);
  return byId;
}
