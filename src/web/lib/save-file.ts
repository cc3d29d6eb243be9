/** The parts of the DOM a download needs; tests pass their own. */
export interface DownloadEnvironment {
  createObjectURL(blob: Blob): string;
  revokeObjectURL(url: string): void;
  createElement(tagName: 'a'): Pick<HTMLAnchorElement, 'href' | 'download' | 'click' | 'remove'>;
  append(element: unknown): void;
}

const browserEnvironment = (): DownloadEnvironment => ({
  createObjectURL: (blob) => URL.createObjectURL(blob),
  revokeObjectURL: (url) => URL.revokeObjectURL(url),
  createElement: (tagName) => document.createElement(tagName),
  append: (element) => document.body.append(element as Node),
});

/** Saves a blob under the given name through a temporary object URL and an `<a download>` click. */
export function saveFile(blob: Blob, fileName: string, environment: DownloadEnvironment = browserEnvironment()): void {
  const url = environment.createObjectURL(blob);
  const link = environment.createElement('a');
  link.href = url;
  link.download = fileName;
  // Firefox ignores clicks on links that are not in the document.
  environment.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: revoking at once can abort the download the click just started.
  setTimeout(() => environment.revokeObjectURL(url), 0);
}
