/**
 * The C allocator's settings the server runs with, given as environment variables by everything
 * that starts it: apps/server/package.json's `start` and `dev`, the benchmarks' scripts in the root
 * package.json (which run the server in their own process) and `spawnServer` (src/testing/processes.ts:
 * the browser suite, the fault tests, bench-start). glibc reads them once, as the process starts,
 * so JavaScript cannot set them; other C libraries (macOS, musl) ignore them.
 *
 * - `MALLOC_MMAP_THRESHOLD_=32768`: blocks of 32 KB or more are mapped on their own and given
 *   back to the system when freed. By default glibc raises that threshold to the largest block
 *   freed so far (up to 32 MB), after which the megabyte-sized buffers of an import (the upload,
 *   the worksheet's chunks, the parse worker's transfers) stay in the heap, resident, once freed.
 *   32 KB rather than glibc's starting 128 KB also maps on their own the compiler's blocks of
 *   the start's optimizing compile of PGlite's WebAssembly, which otherwise stay resident for some
 *   seconds after a first start.
 * - `MALLOC_ARENA_MAX=1`: every thread allocates from one arena. The parse worker and libuv's
 *   threads otherwise each get arenas of their own, whose freed memory glibc seldom returns.
 *
 * Without them each import started from where the last had left off; docs/performance.md ("Server
 * memory") gives what they save and `npm run bench:start` and `bench:import` measure it.
 */
export const mallocEnv = { MALLOC_ARENA_MAX: "1", MALLOC_MMAP_THRESHOLD_: "32768" } as const;

/** mallocEnv as the start of a shell command, as the package.json scripts set it. */
export const mallocEnvPrefix = Object.entries(mallocEnv)
  .map(([name, value]) => `${name}=${value}`)
  .join(" ");
