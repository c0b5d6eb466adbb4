/**
 * The Easy Re-loan API (api-schema/easy-reloan.ts) as the web app reads it: types only (no bytes), the screens call
 * `sessionRequest` themselves so that no shared chunk is added. Paths: GET/PUT/DELETE /easy-reloan, GET
 * /easy-reloan/reloans, POST /easy-reloan/reloans/:id/cancel. Nothing here moves money.
 */
import type { DeepReadonly } from '#api-schema/common.ts';
import type { EasyReloanAnswer, ReloanAnswer, ReloanListAnswer } from '#api-schema/easy-reloan.ts';

export type { EasyReloanInput } from '#api-schema/easy-reloan.ts';
export type EasyReloanView = DeepReadonly<EasyReloanAnswer>;
export type ReloanView = DeepReadonly<ReloanAnswer>;
export type ReloanListView = DeepReadonly<ReloanListAnswer>;
