// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { SchemaForm } from '#engine/form/schema-form.tsx';
import type { ValidationError } from '#engine/validation/compiled-validator.ts';
import validate from '#forms/staff/compiled/reviewDecision.js';
import schema from '#forms/staff/reviewDecision.schema.json' with { type: 'json' };
import ui from '#forms/staff/reviewDecision.ui.json' with { type: 'json' };
import { withEnum } from './staff-form.tsx';

const t = (key: string) => `[${key}]`;
const errorKey = (error: ValidationError) => `formErrors.${error.keyword}`;
const reasons = ['INCOME_NOT_VERIFIED', 'OTHER'];

function renderDecision(onSubmit = vi.fn()) {
  render(
    <SchemaForm
      schema={withEnum(schema as unknown as RJSFSchema, 'reason', reasons)}
      uiSchema={ui as UiSchema}
      validate={validate}
      errorKey={errorKey}
      t={t}
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
}

const submit = () => fireEvent.submit(document.querySelector('form') as HTMLFormElement);

describe('the review decision form (forms/staff/reviewDecision with its compiled validator)', () => {
  it('asks for a limit on approve and submits it', async () => {
    const onSubmit = renderDecision();
    fireEvent.click(screen.getByLabelText('[reviewDecision.options.decision.approve]'));
    const limit = await screen.findByLabelText(/\[reviewDecision\.limitPesos\]/);
    expect(screen.queryByLabelText(/\[reviewDecision\.reason\]/)).toBeNull();
    submit();
    await waitFor(() => expect(screen.getByText('[formErrors.required]')).toBeTruthy());
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(limit, { target: { value: '5000' } });
    submit();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ decision: 'approve', limitPesos: 5000 })),
    );
  });

  it('asks for a reason from the server options on reject', async () => {
    const onSubmit = renderDecision();
    fireEvent.click(screen.getByLabelText('[reviewDecision.options.decision.reject]'));
    const reason = (await screen.findByLabelText(/\[reviewDecision\.reason\]/)) as HTMLSelectElement;
    expect([...reason.options].map((o) => o.textContent)).toEqual(
      expect.arrayContaining(reasons.map((r) => `[reviewDecision.options.reason.${r}]`)),
    );
    submit();
    await waitFor(() => expect(screen.getByText('[formErrors.required]')).toBeTruthy());
    // RJSF's select holds each option's index as its value.
    const other = [...reason.options].find((o) => o.textContent === '[reviewDecision.options.reason.OTHER]');
    fireEvent.change(reason, { target: { value: other?.value } });
    submit();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ decision: 'reject', reason: 'OTHER' })),
    );
  });
});
