/**
 * Makes a wage-slip PDF in a worker thread (started by slips.ts), so that shaping and
 * drawing hundreds of pages cannot stall the event loop that answers every other request.
 * Runs as plain JavaScript once built, and through tsx from the sources. A failure is
 * thrown: the thread's 'error' event carries it to renderSlips.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { drawSlips } from './slip-pdf.js';
import type { SlipJob, SlipReply } from './slips.js';

const job = (workerData as { slipJob?: SlipJob } | undefined)?.slipJob;
const port = parentPort;

if (port && job) {
  const pdf = await drawSlips(job);
  const reply: SlipReply = { pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength) };
  // the PDF's memory moves to the main thread instead of being copied, when it is the buffer's own
  const whole = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength;
  port.postMessage(reply, whole ? [pdf.buffer as ArrayBuffer] : []);
}
