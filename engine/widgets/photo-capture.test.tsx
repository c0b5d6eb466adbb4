// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PhotoCapture } from './photo-capture.tsx';
import { WidgetHarness } from './widget-harness.tsx';

const labels = {
  take: 'Take photo',
  retake: 'Retake',
  preview: 'Your ID photo',
  processing: 'Preparing…',
  failed: 'Could not read this photo',
};
const options = { labels, guidance: 'Clear, four corners visible, no reflection' };

let drawn: unknown[][] = [];
let encoded: unknown[][] = [];
beforeEach(() => {
  drawn = [];
  encoded = [];
  const context = { drawImage: (...args: unknown[]) => void drawn.push(args) };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(function (
    this: HTMLCanvasElement,
    ...args: unknown[]
  ) {
    encoded.push([this.width, this.height, ...args]);
    return 'data:image/jpeg;base64,SMALL';
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

/** jsdom has no object URLs; returns the revoke spy. */
function stubObjectUrls() {
  const revoke = vi.fn();
  Object.defineProperty(URL, 'createObjectURL', { value: () => 'blob:photo', configurable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: revoke, configurable: true });
  return revoke;
}

const photo = () => new File(['raw'], 'id.jpg', { type: 'image/jpeg' });

describe('PhotoCapture', () => {
  it('opens the camera given by the options and shows the guidance', () => {
    render(<WidgetHarness widget={PhotoCapture} options={{ ...options, capture: 'user' }} onValue={() => undefined} />);
    const input = screen.getByLabelText('Take photo') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('user');
    expect(screen.getByText('Clear, four corners visible, no reflection').id).toBe('root_field__guidance');
    expect(input.getAttribute('aria-describedby')).toContain('root_field__guidance');
  });

  it('downscales a large photo to a 1600 px JPEG, previews it and offers a retake', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    const close = vi.fn();
    const bitmap = { width: 4032, height: 3024, close };
    const decode = vi.fn(async () => bitmap);
    vi.stubGlobal('createImageBitmap', decode);
    render(<WidgetHarness widget={PhotoCapture} options={options} onValue={onValue} />);
    expect(screen.getByLabelText('Take photo').getAttribute('capture')).toBe('environment');
    await user.upload(screen.getByLabelText('Take photo'), photo());
    await waitFor(() => expect(onValue).toHaveBeenCalledWith('data:image/jpeg;base64,SMALL'));
    expect(drawn).toEqual([[bitmap, 0, 0, 1600, 1200]]);
    expect(encoded).toEqual([[1600, 1200, 'image/jpeg', 0.85]]);
    expect(close).toHaveBeenCalled();
    expect((screen.getByRole('img', { name: 'Your ID photo' }) as HTMLImageElement).src).toBe(
      'data:image/jpeg;base64,SMALL',
    );
    expect(screen.getByLabelText('Retake')).toBeTruthy();
    expect(screen.queryByLabelText('Take photo')).toBeNull();
  });

  it('falls back to an <img> decoder and uses the quality from the options', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    vi.stubGlobal('createImageBitmap', undefined);
    const revoke = stubObjectUrls();
    class LoadedImage {
      naturalWidth = 1000;
      naturalHeight = 3000;
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      set src(_url: string) {
        queueMicrotask(() => this.onload?.());
      }
    }
    vi.stubGlobal('Image', LoadedImage);
    render(<WidgetHarness widget={PhotoCapture} options={{ ...options, quality: 0.7 }} onValue={onValue} />);
    await user.upload(screen.getByLabelText('Take photo'), photo());
    await waitFor(() => expect(onValue).toHaveBeenCalledTimes(1));
    expect(encoded).toEqual([[533, 1600, 'image/jpeg', 0.7]]);
    expect(revoke).toHaveBeenCalledWith('blob:photo');
  });

  it('says so when the file cannot be read, keeping the value', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    vi.stubGlobal('createImageBitmap', undefined);
    stubObjectUrls();
    class BrokenImage {
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      set src(_url: string) {
        queueMicrotask(() => this.onerror?.());
      }
    }
    vi.stubGlobal('Image', BrokenImage);
    render(<WidgetHarness widget={PhotoCapture} options={options} onValue={onValue} />);
    await user.upload(screen.getByLabelText('Take photo'), photo());
    expect((await screen.findByRole('alert')).textContent).toBe('Could not read this photo');
    expect(onValue).not.toHaveBeenCalled();
  });
});
