import { readFile } from "node:fs/promises";

/**
 * Linux: a process's peak resident size since its start or the last reset (VmHWM) and its
 * resident size now (VmRSS), in bytes, from /proc/<pid>/status; "self" for this process.
 */
export async function memoryOf(pid: number | "self"): Promise<{ peak: number; resident: number }> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kilobytes = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]) * 1024;
  return { peak: kilobytes("VmHWM"), resident: kilobytes("VmRSS") };
}
