// archiver 8 exports its formats as classes (ESM); @types/archiver still describes version 7's factory.
declare module 'archiver' {
  import type { Readable, Transform } from 'node:stream';

  export class ZipArchive extends Transform {
    constructor(options?: { zlib?: { level?: number }; store?: boolean; comment?: string });
    append(source: Readable | Buffer | string, data: { name: string; date?: Date }): this;
    finalize(): Promise<void>;
    abort(): this;
    pointer(): number;
  }
}
