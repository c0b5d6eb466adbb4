/**
 * The Easy Re-loan API (api-contract/easy-reloan.ts) as the web app reads it: types only (no bytes), the screens call
 * `sessionRequest` themselves so that no shared chunk is added. Paths: GET/PUT/DELETE /easy-reloan, GET
 * /easy-reloan/reloans, POST /easy-reloan/reloans/:id/cancel. Nothing here moves money.
 */
import type { DeepReadonly } from '#api-contract/common.ts';
import type { EasyReloanAnswer, ReloanAnswer, ReloanListAnswer } from '#api-contract/easy-reloan.ts';

export type { EasyReloanInput } from '#api-contract/easy-reloan.ts';
export type EasyReloanView = DeepReadonly<EasyReloanAnswer>;
export type ReloanView = DeepReadonly<ReloanAnswer>;
export type ReloanListView = DeepReadonly<ReloanListAnswer>;
