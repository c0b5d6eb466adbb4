// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignaturePad } from './signature-pad.tsx';
import { WidgetHarness } from './widget-harness.tsx';

// jsdom has no canvas: a 2D context that records the calls made on it, and a PNG encoder that names its type.
let calls: string[] = [];
beforeEach(() => {
  calls = [];
  const context = new Proxy({} as Record<string, unknown>, {
    get: (target, key: string) =>
      key in target ? target[key] : (...args: unknown[]) => void calls.push(`${key}(${args.join(',')})`),
    set: (target, key: string, value: unknown) => {
      target[key] = value;
      return true;
    },
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(
    (type?: string) => `data:${type ?? 'image/png'};base64,SIGNED`,
  );
});
afterEach(() => {
  vi.restoreAllMocks();
});

const options = { labels: { pad: 'Sign here', clear: 'Clear' } };

function stroke(canvas: HTMLElement) {
  fireEvent.mouseDown(canvas, { buttons: 1, clientX: 10, clientY: 10 });
  fireEvent.mouseMove(window, { buttons: 1, clientX: 60, clientY: 30 });
  fireEvent.mouseUp(window, { buttons: 0, clientX: 80, clientY: 40 });
}

describe('SignaturePad', () => {
  it('emits a PNG data URL when a stroke ends', () => {
    const onValue = vi.fn();
    render(<WidgetHarness widget={SignaturePad} options={options} onValue={onValue} />);
    expect(onValue).not.toHaveBeenCalled();
    stroke(screen.getByRole('img', { name: 'Sign here' }));
    expect(onValue).toHaveBeenCalledTimes(1);
    expect(onValue).toHaveBeenLastCalledWith('data:image/png;base64,SIGNED');
  });

  it('clears the drawing and the value', () => {
    const onValue = vi.fn();
    render(<WidgetHarness widget={SignaturePad} options={options} onValue={onValue} />);
    const clear = screen.getByRole('button', { name: 'Clear' }) as HTMLButtonElement;
    expect(clear.disabled).toBe(true);
    stroke(screen.getByRole('img', { name: 'Sign here' }));
    expect(clear.disabled).toBe(false);
    calls = [];
    fireEvent.click(clear);
    expect(onValue).toHaveBeenLastCalledWith(undefined);
    expect(calls.some((call) => call.startsWith('clearRect('))).toBe(true);
    expect(clear.disabled).toBe(true);
  });

  it('sizes the canvas to its container and the pixel ratio, redrawing the strokes on resize', () => {
    vi.spyOn(window, 'devicePixelRatio', 'get').mockReturnValue(2);
    render(<WidgetHarness widget={SignaturePad} options={options} onValue={() => undefined} />);
    const canvas = screen.getByRole('img', { name: 'Sign here' }) as HTMLCanvasElement;
    const container = canvas.parentElement as HTMLElement;
    vi.spyOn(container, 'clientWidth', 'get').mockReturnValue(300);
    vi.spyOn(canvas, 'clientHeight', 'get').mockReturnValue(160);
    stroke(canvas);
    calls = [];
    fireEvent(window, new Event('resize'));
    expect([canvas.width, canvas.height]).toEqual([600, 320]);
    const scaled = calls.indexOf('scale(2,2)');
    expect(scaled).toBeGreaterThanOrEqual(0);
    // After the resize cleared the canvas, the stroke is drawn again.
    const cleared = calls.findLastIndex((call) => call.startsWith('clearRect('));
    expect(calls.slice(cleared + 1).some((call) => call.startsWith('arc('))).toBe(true);
  });

  it('does not draw when disabled', () => {
    const onValue = vi.fn();
    render(<WidgetHarness widget={SignaturePad} options={options} onValue={onValue} disabled />);
    stroke(screen.getByRole('img', { name: 'Sign here' }));
    expect(onValue).not.toHaveBeenCalled();
  });
});
