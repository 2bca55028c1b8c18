/*
 * The publishing module's service, split along its seams: commands (publishing.commands.ts), reads
 * (publishing.reads.ts) and the device side (publishing.device-side.ts). Callers import from here.
 */
export * from './publishing.commands';
export * from './publishing.device-side';
export * from './publishing.reads';
