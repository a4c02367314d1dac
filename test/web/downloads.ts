/**
 * The files the page downloads (issue 28's Export), caught in the test: `download` in
 * src/web/api/call.ts saves a blob through an object URL and a link's click, which jsdom
 * cannot follow. Each caught file is its name and its bytes, read as the browser has them.
 */
import { vi } from 'vitest';

export interface CaughtFile {
  name: string;
  bytes: Buffer;
}

export function catchDownloads(): { files: CaughtFile[]; next: () => Promise<CaughtFile> } {
  const files: CaughtFile[] = [];
  const blobs = new Map<string, Blob>();
  let waiting: ((file: CaughtFile) => void) | null = null;
  let count = 0;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:test/${++count}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (!blob) return;
    const name = this.download;
    void blob.arrayBuffer().then((buffer) => {
      const file = { name, bytes: Buffer.from(buffer) };
      files.push(file);
      waiting?.(file);
      waiting = null;
    });
  });
  return {
    files,
    next: () => new Promise<CaughtFile>((resolve) => (waiting = resolve)),
  };
}

export { sheetCells } from '../xlsx-cells.js';
