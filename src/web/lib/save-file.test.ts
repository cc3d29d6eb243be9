import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveFile, type DownloadEnvironment } from './save-file';

function fakeEnvironment() {
  const events: string[] = [];
  const link = {
    href: '',
    download: '',
    click: () => events.push(`click ${link.download} ${link.href}`),
    remove: () => events.push('remove'),
  };
  const environment: DownloadEnvironment = {
    createObjectURL: () => 'blob:http://localhost/1234',
    revokeObjectURL: (url) => events.push(`revoke ${url}`),
    createElement: () => link,
    append: (element) => events.push(element === link ? 'append' : 'append other'),
  };
  return { environment, events };
}

afterEach(() => vi.useRealTimers());

describe('saveFile', () => {
  it('clicks a download link for the blob, then releases the object URL', () => {
    vi.useFakeTimers();
    const { environment, events } = fakeEnvironment();

    saveFile(new Blob(['Email\n']), 'subscribers-2025-03-01.csv', environment);

    expect(events).toEqual(['append', 'click subscribers-2025-03-01.csv blob:http://localhost/1234', 'remove']);
    vi.runAllTimers();
    expect(events.at(-1)).toBe('revoke blob:http://localhost/1234');
  });
});
