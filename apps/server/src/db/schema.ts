// Every table of every module, re-exported so that Drizzle and drizzle-kit see one schema.
export * from '../modules/system/system.table';
