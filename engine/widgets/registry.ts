import type { RegistryWidgetsType } from '@rjsf/utils';
import { AddressPicker } from './address-picker.tsx';
import { ChipSelect } from './chip-select.tsx';
import { ContactPicker } from './contact-picker.tsx';
import { OtpInput } from './otp-input.tsx';
import { PhotoCapture } from './photo-capture.tsx';
import { RadioSelect } from './radio-select.tsx';
import { SignaturePad } from './signature-pad.tsx';

/**
 * The engine's own widgets by the name a uiSchema gives in `ui:widget`; the lowest layer of the widget registry
 * (engine defaults < product < call site). Adding a widget is one file, one line here and one test (README.md).
 */
export const engineWidgets = {
  otp: OtpInput,
  chips: ChipSelect,
  radios: RadioSelect,
  signature: SignaturePad,
  photo: PhotoCapture,
  contactPicker: ContactPicker,
  address: AddressPicker,
} satisfies RegistryWidgetsType;
