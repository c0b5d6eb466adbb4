/**
 * The published forms for browsers (server/forms/published.ts): the manifest under /api/v1 (public: it holds
 * no one's data; revalidated on every read with its ETag, so a published version shows on the next step opened), and
 * the content-hashed files under /forms/ (immutable: a new version is a new file name) of published and replaced
 * versions only; a draft's validator is served to the studio's preview at a signed URL (`previewUrl`), to staff only.
 */
import { formAssetParams, formPreviewParams, formPreviewQuery, formsManifest } from '#api-contract/forms.ts';
import { errorBody } from '../errors.ts';
import type { PublishedForms } from '../forms/published.ts';
import { routeGroup } from './route-group.ts';

export const formsManifestRoutes = routeGroup<{ forms: PublishedForms }>(
  { access: 'public', noStore: false },
  async (app, { forms }) => {
    app.get(
      '/forms/manifest',
      {
        schema: {
          tags: ['forms'],
          operationId: 'getFormsManifest',
          summary: 'The published step order, step forms and themes',
          response: { 200: formsManifest, 304: { type: 'null', description: 'Not modified (If-None-Match)' } },
        },
      },
      async (request, reply) => {
        const { json, etag } = await forms.manifest();
        void reply.header('cache-control', 'no-cache').header('etag', etag);
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply
          .type('application/json; charset=utf-8')
          .serializer((payload) => payload as string)
          .send(json);
      },
    );
  },
);

const IMMUTABLE = 'public, max-age=31536000, immutable';

export const formsAssetRoutes = routeGroup<{ forms: PublishedForms }>(
  { access: 'public', noStore: false },
  async (app, { forms }) => {
    app.get(
      '/forms/:file',
      {
        schema: { hide: true, params: formAssetParams },
      },
      async (request, reply) => {
        const { file } = request.params as { file: string };
        const [hash, type] = file.split('.') as [string, 'json' | 'js'];
        const body = await forms.asset(hash, type);
        if (body === undefined) return reply.code(404).header('cache-control', 'no-store').send(errorBody('NOT_FOUND'));
        return reply
          .header('cache-control', IMMUTABLE)
          .header('x-content-type-options', 'nosniff')
          .type(type === 'js' ? 'text/javascript; charset=utf-8' : 'application/json; charset=utf-8')
          .send(body);
      },
    );

    app.get(
      '/forms/preview/:file',
      {
        schema: { hide: true, params: formPreviewParams, querystring: formPreviewQuery },
      },
      async (request, reply) => {
        const { file } = request.params as { file: string };
        const { until, sig } = request.query as { until: string; sig: string };
        const body = await forms.previewAsset(file.slice(0, -'.js'.length), Number(until), sig);
        if (body === undefined) return reply.code(404).header('cache-control', 'no-store').send(errorBody('NOT_FOUND'));
        return reply
          .header('cache-control', 'private, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          .type('text/javascript; charset=utf-8')
          .send(body);
      },
    );
  },
);
