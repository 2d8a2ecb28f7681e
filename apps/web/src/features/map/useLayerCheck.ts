import { useEffect, useState } from 'react';
import type { TLayerCheck } from './map-layers';

/** Lets every layer through: should the checker fail to load, MapLibre still refuses a bad layer on its own. */
const acceptAll: TLayerCheck = () => [];

/**
 * The style checker for groups' own layers, loaded the first time a drawn group has some: a visitor of a map
 * without them never downloads the style-spec validator. Null until it is there.
 */
export function useLayerCheck(isNeeded: boolean): TLayerCheck | null {
  const [check, setCheck] = useState<TLayerCheck | null>(null);
  useEffect(() => {
    if (!isNeeded || check) return;
    let isCurrent = true;
    import('./style-check')
      .then((module) => module.checkLayer)
      .catch(() => acceptAll)
      .then((loaded) => {
        if (isCurrent) setCheck(() => loaded);
      });
    return () => {
      isCurrent = false;
    };
  }, [isNeeded, check]);
  return check;
}
