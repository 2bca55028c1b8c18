import type { ParamsReader } from './params.service';

declare module '../../platform/context' {
  interface AppContext {
    /** System parameters: the tunables the code reads (pull-rate threshold, free materials, iframe allow-list). */
    params: ParamsReader;
  }
}
