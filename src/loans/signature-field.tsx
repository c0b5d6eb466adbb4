/**
 * The engine's signature pad used on its own (outside a form), fetched only when a borrower must sign: signature_pad
 * stays out of every route's first download.
 */
import { lazy, Suspense } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

const Pad = lazy(() => import('#engine/widgets/signature-pad.tsx').then((m) => ({ default: m.SignaturePad })));

export function SignatureField({
  value,
  onChange,
  disabled,
}: {
  value: string | undefined;
  onChange: (png: string | undefined) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('loan');
  // The widget reads only these of RJSF's widget props.
  const props = {
    id: 'loan-signature',
    value,
    options: { labels: { pad: t('withdraw.signHere'), clear: t('withdraw.clearSignature') } },
    disabled,
    readonly: false,
    label: t('withdraw.signHere'),
    onChange,
  } as unknown as WidgetProps;
  return (
    <Suspense fallback={<div className="ui-widget-loading loan-signature-loading" aria-busy="true" />}>
      <Pad {...props} />
    </Suspense>
  );
}
