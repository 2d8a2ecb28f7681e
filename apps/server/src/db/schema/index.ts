export * from './identity.ts';
export * from './places.ts';
export * from './platform.ts';
