import type { AppContext } from '../../platform/context';
import type { ParamsService } from '../admin/params.service';

/** What the media functions are given: the platform plus the system parameters (the upload limit). */
export interface MediaContext extends AppContext {
  params: ParamsService;
}
