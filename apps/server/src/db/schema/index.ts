export * from './gtfs.ts';
export * from './identity.ts';
export * from './map-layers.ts';
export * from './mobility.ts';
export * from './places.ts';
export * from './platform.ts';
export * from './statistics.ts';
export * from './traffic.ts';
