import { toast } from './toast.tsx';

/**
 * Copies text to the clipboard and shows the given (translated) success toast. Falls back to a hidden textarea
 * where the Clipboard API is missing or refused (older iOS in-app browsers). Resolves whether it copied.
 */
export async function copyText(text: string, successMessage: string): Promise<boolean> {
  let copied = false;
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      copied = true;
    }
  } catch {
    copied = false;
  }
  if (!copied) copied = copyWithTextarea(text);
  if (copied) toast(successMessage);
  return copied;
}

function copyWithTextarea(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
