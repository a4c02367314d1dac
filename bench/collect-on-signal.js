// Loaded into the bench's server (node --expose-gc --import ./bench/collect-on-signal.js):
// on SIGUSR2 the server runs a full garbage collection, so the bench reads its resident
// memory without the garbage of earlier requests (bench/scenarios.ts, issue 24). The
// server's own code knows nothing of it.
process.on('SIGUSR2', () => {
  globalThis.gc?.();
});
