import { z } from 'zod';

/** 24-character lowercase hex id, time-ordered. */
export const ID_PATTERN = /^[0-9a-f]{24}$/;
export const idSchema = z.string().regex(ID_PATTERN, 'invalid id');
export const idParams = z.object({ id: idSchema });

export { newId } from './new-id';
