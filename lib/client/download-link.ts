/** Starts the download of a file the server sends with Content-Disposition: attachment (the privacy exports). */
export function downloadFrom(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
