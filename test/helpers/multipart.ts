import { randomBytes } from 'node:crypto';

/** A multipart/form-data body with one file field, for inject(). */
export function multipartFile(filename: string, content: Buffer, field = 'file'): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----dutyroll${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
