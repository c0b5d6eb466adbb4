import { useCallback, useLayoutEffect, useState } from 'react';
import type { ComponentType } from 'react';
import { formChanged, harnessCommitted } from './probe.ts';

/** What each benchmarked form component takes: controlled data, like a screen holding the step's data in state. */
export interface BenchFormProps {
  readonly formData: unknown;
  readonly onChange: (formData: unknown) => void;
}

/** Holds the form's data in state (as a screen does) and tells the probe when a new `formData` is committed. */
export function Harness({ Form }: { readonly Form: ComponentType<BenchFormProps> }) {
  const [formData, setFormData] = useState<unknown>(undefined);
  const onChange = useCallback((data: unknown) => {
    formChanged();
    setFormData(data);
  }, []);
  useLayoutEffect(() => {
    harnessCommitted();
  }, [formData]);
  return <Form formData={formData} onChange={onChange} />;
}
