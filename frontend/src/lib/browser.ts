/**
 * Full-page browser navigations (e.g. /api/login, /api/logout) and downloads, kept behind one
 * object so tests can observe them: jsdom implements neither.
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
  /** Saves `blob` as a file named `filename` (the browser's download). */
  download(filename: string, blob: Blob): void {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  },
};
