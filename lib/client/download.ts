/** Fetches an image from our API and saves it under `fileName` (an object URL and an <a download>). Throws on failure. */
export async function downloadImage(url: string, fileName: string): Promise<void> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  const blob = await res.blob();
  if (!blob.type.startsWith('image/')) throw new Error(`Unexpected image type: ${blob.type}`);
  saveBlob(blob, fileName);
}

/** Saves text made in the browser (a CSV of what a screen shows) under `fileName`. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  saveBlob(new Blob([text], { type }), fileName);
}

/** An object URL and an <a download>, clicked. */
function saveBlob(blob: Blob, fileName: string): void {
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  link.hidden = true;
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers start the download after click() returns.
    window.setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
  }
}
