/** A `data:<type>;base64,<bytes>` URL (a photo taken or a signature drawn in the browser) as a Blob to upload. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const [head = '', base64 = ''] = dataUrl.split(',');
  const type = /^data:([^;,]+)/u.exec(head)?.[1] ?? 'application/octet-stream';
  return new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type });
}
