/**
 * The form studio (contract: api-contract/staff-forms.ts; service: server/forms/studio.ts). Product staff read
 * and edit; approving is a second product staff member's (never the author: the service refuses SAME_PERSON).
 */
import {
  approveInput,
  diffAnswer,
  diffQuery,
  documentList,
  documentParams,
  draftInput,
  formParams,
  personaAnswer,
  personaInput,
  personaList,
  rejectInput,
  rollbackInput,
  saveInput,
  submitInput,
  versionDetail,
  versionList,
  versionParams,
  withdrawInput,
} from '#api-contract/staff-forms.ts';
import type { ContentKind } from '#domain/form-content.ts';
import { staffOf } from '#server/plugins/staff-auth.ts';
import { createStudioService } from '#server/forms/studio.ts';
import type { StaffApiDeps } from './index.ts';
import { staffRouteGroup } from './group.ts';

const tags = ['staff'];
type Doc = { kind: ContentKind; name: string };

export const staffFormRoutes = staffRouteGroup<StaffApiDeps>(async (app, deps) => {
  const studio = createStudioService(deps);

  app.get(
    '/forms',
    {
      config: { permission: 'forms.read' },
      schema: {
        tags,
        operationId: 'staffListForms',
        summary: 'Forms, the step order and themes, with their published and open versions',
        response: { 200: documentList },
      },
    },
    async () => studio.list(),
  );

  app.get(
    '/forms/:kind/:name/versions',
    {
      config: { permission: 'forms.read' },
      schema: {
        tags,
        operationId: 'staffListFormVersions',
        summary: "A document's versions, newest first",
        params: documentParams,
        response: { 200: versionList },
      },
    },
    async (request) => {
      const { kind, name } = request.params as Doc;
      return studio.versions(kind, name);
    },
  );

  app.post(
    '/forms/:kind/:name/drafts',
    {
      config: { permission: 'forms.edit' },
      schema: {
        tags,
        operationId: 'staffCreateFormDraft',
        summary: 'Open a draft from a version (default: the published one); one open version per document',
        params: documentParams,
        body: draftInput,
        response: { 201: versionDetail },
      },
    },
    async (request, reply) => {
      const { kind, name } = request.params as Doc;
      const { from } = (request.body ?? {}) as { from?: number };
      return reply.code(201).send(await studio.createDraft(staffOf(request), kind, name, from, request.ip));
    },
  );

  app.post(
    '/forms/:kind/:name/rollback',
    {
      config: { permission: 'forms.edit' },
      schema: {
        tags,
        operationId: 'staffRollbackForm',
        summary:
          'Bring an earlier version back: the one just replaced goes live at once (with a reason), an older one goes to review',
        params: documentParams,
        body: rollbackInput,
        response: { 200: versionDetail },
      },
    },
    async (request) => {
      const { kind, name } = request.params as Doc;
      const {
        version,
        acknowledge = [],
        reason,
      } = request.body as { version: number; acknowledge?: string[]; reason?: string };
      return studio.rollback(staffOf(request), kind, name, version, acknowledge, reason, request.ip);
    },
  );

  app.get(
    '/form-versions/:id',
    {
      config: { permission: 'forms.read' },
      schema: {
        tags,
        operationId: 'staffGetFormVersion',
        summary: 'One version with its content, checks, breaking changes and preview validator',
        params: versionParams,
        response: { 200: versionDetail },
      },
    },
    async (request) => studio.get((request.params as { id: string }).id),
  );

  app.put(
    '/form-versions/:id',
    {
      config: { permission: 'forms.edit' },
      bodyLimit: 512 * 1024,
      schema: {
        tags,
        operationId: 'staffSaveFormDraft',
        summary: 'Save a draft over the state it was read in (else FORM_STALE)',
        params: versionParams,
        body: saveInput,
        response: { 200: versionDetail },
      },
    },
    async (request) => {
      const { content, updatedAt } = request.body as { content: unknown; updatedAt: string };
      return studio.save(staffOf(request), (request.params as { id: string }).id, content, updatedAt, request.ip);
    },
  );

  app.post(
    '/form-versions/:id/submit',
    {
      config: { permission: 'forms.edit' },
      schema: {
        tags,
        operationId: 'staffSubmitFormVersion',
        summary: 'Submit a draft for review: checks pass, breaking changes acknowledged',
        params: versionParams,
        body: submitInput,
        response: { 200: versionDetail },
      },
    },
    async (request) => {
      const { acknowledge = [] } = (request.body ?? {}) as { acknowledge?: string[] };
      return studio.submit(staffOf(request), (request.params as { id: string }).id, acknowledge, request.ip);
    },
  );

  app.post(
    '/form-versions/:id/approve',
    {
      config: { permission: 'forms.approve' },
      schema: {
        tags,
        operationId: 'staffApproveFormVersion',
        summary:
          'Approve the state of a version in review the reviewer read (never by anyone who opened, changed or submitted it): it goes live at once',
        params: versionParams,
        body: approveInput,
        response: { 200: versionDetail },
      },
    },
    async (request) =>
      studio.approve(
        staffOf(request),
        (request.params as { id: string }).id,
        (request.body as { updatedAt: string }).updatedAt,
        request.ip,
      ),
  );

  app.post(
    '/form-versions/:id/discard',
    {
      config: { permission: 'forms.edit' },
      schema: {
        tags,
        operationId: 'staffDiscardFormVersion',
        summary:
          'Discard an open (draft or review) version, whatever it holds; its files go once no version names them',
        params: versionParams,
        response: { 204: { type: 'null' } },
      },
    },
    async (request, reply) => {
      await studio.discard(staffOf(request), (request.params as { id: string }).id, request.ip);
      return reply.code(204).send();
    },
  );

  app.post(
    '/form-versions/:id/withdraw',
    {
      config: { permission: 'forms.approve' },
      schema: {
        tags,
        operationId: 'staffWithdrawFormVersion',
        summary: 'Withdraw a replaced version for cause: never published again, no grace period for borrowers',
        params: versionParams,
        body: withdrawInput,
        response: { 200: versionDetail },
      },
    },
    async (request) =>
      studio.withdraw(
        staffOf(request),
        (request.params as { id: string }).id,
        (request.body as { reason: string }).reason,
        request.ip,
      ),
  );

  app.post(
    '/form-versions/:id/reject',
    {
      config: { permission: 'forms.approve' },
      schema: {
        tags,
        operationId: 'staffRejectFormVersion',
        summary: 'Send a version in review back to its author with a note',
        params: versionParams,
        body: rejectInput,
        response: { 200: versionDetail },
      },
    },
    async (request) =>
      studio.reject(
        staffOf(request),
        (request.params as { id: string }).id,
        (request.body as { note: string }).note,
        request.ip,
      ),
  );

  app.get(
    '/form-versions/:id/diff',
    {
      config: { permission: 'forms.read' },
      schema: {
        tags,
        operationId: 'staffDiffFormVersions',
        summary: 'What changed from version `against` to this one',
        params: versionParams,
        querystring: diffQuery,
        response: { 200: diffAnswer },
      },
    },
    async (request) =>
      studio.diff((request.params as { id: string }).id, (request.query as { against: string }).against),
  );

  app.get(
    '/forms/form/:name/personas',
    {
      config: { permission: 'forms.read' },
      schema: {
        tags,
        operationId: 'staffListPersonas',
        summary: "A form's test personas (sample data for the preview)",
        params: formParams,
        response: { 200: personaList },
      },
    },
    async (request) => studio.personas((request.params as { name: string }).name),
  );

  app.post(
    '/forms/form/:name/personas',
    {
      config: { permission: 'forms.edit' },
      bodyLimit: 64 * 1024,
      schema: {
        tags,
        operationId: 'staffAddPersona',
        summary: 'Save a test persona',
        params: formParams,
        body: personaInput,
        response: { 201: personaAnswer },
      },
    },
    async (request, reply) => {
      const { label, data } = request.body as { label: string; data: unknown };
      return reply
        .code(201)
        .send(
          await studio.addPersona(staffOf(request), (request.params as { name: string }).name, label, data, request.ip),
        );
    },
  );

  app.delete(
    '/form-personas/:id',
    {
      config: { permission: 'forms.edit' },
      schema: {
        tags,
        operationId: 'staffDeletePersona',
        summary: 'Delete a test persona',
        params: versionParams,
        response: { 204: { type: 'null' } },
      },
    },
    async (request, reply) => {
      await studio.deletePersona(staffOf(request), (request.params as { id: string }).id, request.ip);
      return reply.code(204).send();
    },
  );
});
