/** The days a service runs, as the platform names them (spec 001 §9), Monday first. */
export const SERVICE_DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type TServiceDay = (typeof SERVICE_DAYS)[number];
