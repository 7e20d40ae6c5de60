/** Fetches an image from our API and saves it under `fileName` (an object URL and an <a download>). Throws on failure. */
export async function downloadImage(url: string, fileName: string): Promise<void> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  const blob = await res.blob();
  if (!blob.type.startsWith('image/')) throw new Error(`Unexpected image type: ${blob.type}`);

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
